import { messages } from '@storedesk/shared/messages';
import { businessMessages } from '@storedesk/shared/settings/business';
import { themes } from '@storedesk/shared/themes';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyLiveEvent } from '@/lib/live-events.ts';
import { listOf } from '@/testing/fixtures.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { apiError, json, mockApi } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { businessChanged, businessRecord, businessServer } from '@/testing/business-test-server.ts';

const stores = [
  { id: 'a0000000-0000-4000-8000-000000000001', name: 'Fresh Mart Indiranagar' },
  { id: 'a0000000-0000-4000-8000-000000000002', name: 'Fresh Mart Koramangala' },
];

const colours = (name: string) => {
  const { primaryColor, accentColor, textPrimary } = themes.find((theme) => theme.name === name)!;
  return { primaryColor, accentColor, textPrimary };
};

function renderOthers(overrides: Record<string, Handler> = {}, record = businessRecord) {
  const server = businessServer(record);
  const api = mockApi({
    ...server.handlers,
    'GET /api/stores': (call) => {
      const q = (call.query.get('q') ?? '').toLowerCase();
      return json(200, listOf(stores.filter((store) => store.name.toLowerCase().includes(q))));
    },
    ...overrides,
  });
  return { ...renderApp('/settings?tab=others'), api, server };
}

const multipleSwitch = () => screen.findByRole('switch', { name: 'Multiple stores' });
const mainStore = () => screen.getByRole('combobox', { name: /^Main store/ });
const save = () => screen.getByRole('button', { name: 'Save' });

describe('Settings > Others', () => {
  it('shows the stores switch, theme, live flag, customer app and key; the main store is off for multiple stores', async () => {
    renderOthers();
    expect(await multipleSwitch()).toBeChecked();
    expect(mainStore()).toBeDisabled();
    expect(screen.getByText('With multiple stores there is no main store to choose.')).toBeInTheDocument();
    const themeGroup = screen.getByRole('radiogroup', { name: 'Theme' });
    expect(
      within(themeGroup)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(themes.map((theme) => theme.name));
    expect(within(themeGroup).getByRole('radio', { name: 'Indigo' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Live' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Live' })).toHaveAccessibleDescription(
      'When off, the customer app cannot place orders: the server refuses them.',
    );
    expect(screen.getByRole('textbox', { name: 'Customer app address' })).toHaveValue(
      'https://shop.example.com/',
    );
    expect(screen.getByRole('textbox', { name: 'Storefront key' })).toHaveValue('pk_live_0123456789abcdef');
  });

  it('shows a skeleton while loading and the failure with Try again', async () => {
    let fail = true;
    const { user } = renderOthers({
      'GET /api/settings/business': () =>
        fail ? apiError(500, 'internal', 'Something went wrong') : json(200, businessRecord),
    });
    expect(await screen.findByText('Could not load the settings')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await multipleSwitch()).toBeChecked();
  });

  it('a single store business needs its main store, searched by name', async () => {
    const { user, api } = renderOthers();
    await user.click(await multipleSwitch());
    expect(mainStore()).toBeEnabled();
    await user.click(save());
    expect(await screen.findByText(businessMessages.mainStoreRequired)).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/settings/business')).toHaveLength(0);

    await user.type(mainStore(), 'kora');
    // The stores are searched on the server as the owner types.
    await waitFor(() =>
      expect(api.callsTo('GET /api/stores').some((call) => call.query.get('q') === 'kora')).toBe(true),
    );
    await waitFor(() =>
      expect(
        within(screen.getByRole('listbox'))
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Fresh Mart Koramangala']),
    );
    await user.click(screen.getByRole('option', { name: 'Fresh Mart Koramangala' }));
    await user.click(save());

    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/settings/business')[0]?.body).toEqual({
      type: 'single',
      mainStoreId: stores[1]!.id,
      theme: colours('Indigo'),
      live: true,
      customerAppUrl: 'https://shop.example.com/',
      slug: 'fresh-mart',
      shopDomain: null,
      smsDailyLimit: 500,
      version: 4,
    });
  });

  it('picks a theme with the keyboard, turns live off and sets the customer app; an empty address clears it', async () => {
    const { user, api } = renderOthers();
    const indigo = await screen.findByRole('radio', { name: 'Indigo' });
    act(() => indigo.focus());
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Cyan' })).toBeChecked();
    await user.click(screen.getByRole('switch', { name: 'Live' }));
    const address = screen.getByRole('textbox', { name: 'Customer app address' });
    await user.clear(address);
    await user.type(address, 'https://order.fresh-mart.example');
    await user.click(save());

    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/settings/business')[0]?.body).toMatchObject({
      theme: colours('Cyan'),
      live: false,
      customerAppUrl: 'https://order.fresh-mart.example',
      version: 4,
    });
    // Open App in the top bar follows the saved address.
    await waitFor(() =>
      expect(screen.getAllByRole('link', { name: 'Open App' })[0]).toHaveAttribute(
        'href',
        'https://order.fresh-mart.example/',
      ),
    );

    await user.clear(address);
    await user.click(save());
    await waitFor(() => expect(api.callsTo('PATCH /api/settings/business')).toHaveLength(2));
    expect(api.callsTo('PATCH /api/settings/business')[1]?.body).toMatchObject({
      customerAppUrl: null,
      version: 5,
    });
  });

  it('refuses an address that is not http(s) without calling the server', async () => {
    const { user, api } = renderOthers();
    const address = await screen.findByRole('textbox', { name: 'Customer app address' });
    await user.clear(address);
    await user.type(address, 'javascript:alert(1)');
    await user.click(save());
    expect(await screen.findByText(businessMessages.customerAppUrl)).toBeInTheDocument();
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PATCH /api/settings/business')).toHaveLength(0);
  });

  it('changes the shop address in lower case, refuses a malformed one here and a taken one from the server', async () => {
    const { user, api } = renderOthers({
      'PATCH /api/settings/business': (call) =>
        (call.body as { slug: string }).slug === 'taken-mart'
          ? apiError(409, 'conflict', businessMessages.slugTaken, {
              fields: { slug: businessMessages.slugTaken },
            })
          : json(200, { ...businessRecord, slug: (call.body as { slug: string }).slug, version: 5 }),
    });
    const slug = await screen.findByRole('textbox', { name: /^Shop name in its address/ });
    expect(slug).toHaveValue('fresh-mart');

    await user.clear(slug);
    await user.type(slug, 'fresh mart');
    await user.click(save());
    expect(await screen.findByText(businessMessages.slug)).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/settings/business')).toHaveLength(0);

    await user.clear(slug);
    await user.type(slug, 'Taken-Mart');
    await user.click(save());
    expect(await screen.findByText(businessMessages.slugTaken)).toBeInTheDocument();
    expect(slug).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PATCH /api/settings/business')[0]?.body).toMatchObject({ slug: 'taken-mart' });
  });

  it('shows where customers open the shop, sets a domain of its own and the texts a day, with the server’s refusals', async () => {
    const { user, api } = renderOthers({
      'PATCH /api/settings/business': (call) => {
        const body = call.body as { shopDomain?: string; smsDailyLimit?: number };
        if (body.shopDomain === 'shop.taken.in')
          return apiError(409, 'conflict', businessMessages.shopDomainTaken, {
            fields: { shopDomain: businessMessages.shopDomainTaken },
          });
        return json(200, {
          ...businessRecord,
          shopDomain: body.shopDomain,
          shopUrl: `http://${body.shopDomain}:3000`,
          smsDailyLimit: body.smsDailyLimit,
          version: 5,
        });
      },
    });
    expect(await screen.findByRole('link', { name: 'http://fresh-mart.localhost:3000' })).toHaveAttribute(
      'href',
      'http://fresh-mart.localhost:3000/',
    );
    const limit = screen.getByRole('spinbutton', { name: /^Texts a day/ });
    expect(limit).toHaveValue(500);
    await waitFor(() => expect(limit).toHaveAccessibleDescription(/Sent today: 12 of 500\.$/));

    const domain = screen.getByRole('textbox', { name: 'Your own domain' });
    await user.type(domain, 'https://shop.freshmart.in/');
    await user.click(save());
    expect(await screen.findByText(businessMessages.shopDomain)).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/settings/business')).toHaveLength(0);

    await user.clear(domain);
    await user.type(domain, 'Shop.Taken.in');
    await user.click(save());
    expect(await screen.findByText(businessMessages.shopDomainTaken)).toBeInTheDocument();
    expect(domain).toHaveAttribute('aria-invalid', 'true');

    await user.clear(domain);
    await user.type(domain, 'shop.freshmart.in');
    await user.clear(limit);
    await user.type(limit, '-1');
    await user.click(save());
    expect(await screen.findByText(businessMessages.smsDailyLimit)).toBeInTheDocument();
    await user.clear(limit);
    await user.type(limit, '2000');
    await user.click(save());
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/settings/business').at(-1)?.body).toMatchObject({
      shopDomain: 'shop.freshmart.in',
      smsDailyLimit: 2000,
    });
    expect(await screen.findByRole('link', { name: 'http://shop.freshmart.in:3000' })).toBeInTheDocument();
  });

  it('puts the server’s reason on the main store when the store is gone', async () => {
    const { user } = renderOthers(
      {
        'PATCH /api/settings/business': () =>
          apiError(400, 'invalid_input', messages.invalidInput, {
            fields: { mainStoreId: businessMessages.mainStoreUnknown },
          }),
      },
      { ...businessRecord, type: 'single', mainStoreId: stores[0]!.id, mainStoreName: stores[0]!.name },
    );
    expect(await screen.findByRole('combobox', { name: /^Main store/ })).toHaveValue(
      'Fresh Mart Indiranagar',
    );
    await user.click(screen.getByRole('switch', { name: 'Live' }));
    await user.click(save());
    expect(await screen.findByText(businessMessages.mainStoreUnknown)).toBeInTheDocument();
    expect(mainStore()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a stale save shows the colleague’s version and what changed (D9)', async () => {
    const { user, server, queryClient, api } = renderOthers();
    await user.click(await screen.findByRole('radio', { name: 'Lime' }));
    server.state.record = { ...businessRecord, live: false, version: 5 };
    act(() => applyLiveEvent(queryClient, businessChanged));
    await waitFor(() => expect(api.callsTo('GET /api/settings/business')).toHaveLength(2));
    expect(screen.getByRole('radio', { name: 'Lime' })).toBeChecked();

    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Someone else saved this business’s settings while you were editing: Live changed.',
    );
    expect(screen.getByRole('switch', { name: 'Live' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Indigo' })).toBeChecked();
  });

  it('copies the storefront key', async () => {
    const { user } = renderOthers();
    await user.click(await screen.findByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Storefront key copied')).toBeInTheDocument();
    // user-event stands in for the browser's clipboard.
    expect(await navigator.clipboard.readText()).toBe('pk_live_0123456789abcdef');
  });

  it('rotates the key only after asking; unsaved edits still save on top of the rotation', async () => {
    const { user, api } = renderOthers();
    await user.click(await screen.findByRole('radio', { name: 'Orange' }));

    await user.click(screen.getByRole('button', { name: 'Rotate key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate the storefront key?' });
    expect(dialog).toHaveTextContent(
      'The customer app stops working with the current key at once: every order it sends with the old key is refused until it uses the new one. Rotate the key?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /api/settings/business/storefront-key')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Rotate key' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Rotate key' }));
    expect(
      await screen.findByText('Storefront key rotated: give the customer app the new key'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /api/settings/business/storefront-key')[0]?.body).toEqual({ version: 4 });
    expect(screen.getByRole('textbox', { name: 'Storefront key' })).toHaveValue('pk_live_rotated_4');
    expect(screen.getByRole('radio', { name: 'Orange' })).toBeChecked();

    await user.click(save());
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/settings/business')[0]?.body).toMatchObject({
      theme: colours('Orange'),
      version: 5,
    });
    expect(screen.queryByText(/Someone else saved/)).not.toBeInTheDocument();
  });
});

describe('Settings > Others in Hindi', () => {
  it('speaks Hindi: the switches and their help, the theme and its swatches, the shop’s address, the texts a day, the keys and the saved message', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    try {
      const { user } = renderOthers();
      expect(await screen.findByRole('switch', { name: 'कई स्टोर' })).toBeChecked();
      expect(screen.getByText('कई स्टोर होने पर मुख्य स्टोर चुनना नहीं होता।')).toBeInTheDocument();
      expect(screen.getByRole('combobox', { name: /^मुख्य स्टोर/ })).toBeDisabled();
      expect(screen.getByRole('switch', { name: 'लाइव' })).toHaveAccessibleDescription(
        'बंद होने पर ग्राहक ऐप ऑर्डर नहीं दे सकता: सर्वर उन्हें मना कर देता है।',
      );
      const themeGroup = screen.getByRole('radiogroup', { name: 'थीम' });
      expect(themeGroup).toHaveAccessibleDescription('कंसोल और ग्राहक ऐप ये रंग लेते हैं।');
      const indigo = within(themeGroup).getByRole('radio', { name: 'Indigo' }).closest('label')!;
      expect(
        Array.from(
          indigo.querySelectorAll('[title]'),
          (swatch) => swatch.getAttribute('title')!.split(' ')[0],
        ),
      ).toEqual(['मुख्य', 'सहायक', 'टेक्स्ट']);
      expect(screen.getByRole('textbox', { name: 'ग्राहक ऐप का पता' })).toHaveValue(
        'https://shop.example.com/',
      );
      expect(
        screen.getByText(
          (_, element) =>
            element?.tagName === 'P' &&
            element.textContent === 'ग्राहक आपकी दुकान यहाँ खोलते हैं: http://fresh-mart.localhost:3000',
        ),
      ).toBeInTheDocument();
      expect(await screen.findByText(/आज भेजे गए: 500 में से 12।/)).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'स्टोरफ़्रंट की' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'की बदलें' })).toBeInTheDocument();
      expect(
        await screen.findByText('अभी कोई की नहीं है। ऑर्डर देने वाले हर सिस्टम के लिए एक बनाएँ।'),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'की बनाएँ' })).toBeInTheDocument();

      await user.click(screen.getByRole('switch', { name: 'लाइव' }));
      await user.click(screen.getByRole('button', { name: 'सेव करें' }));
      expect(await screen.findByText('सेटिंग्स सेव हो गईं')).toBeInTheDocument();
    } finally {
      localStorage.removeItem('storedesk:console:language');
    }
  });
});
