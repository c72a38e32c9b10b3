import { couponCodeAlphabet, couponMessages } from '@storedesk/shared/coupons/schemas';
import type { Coupon } from '@storedesk/shared/coupons/schemas';
import { businessDay, formatDay } from '@storedesk/shared/dates';
import { messages } from '@storedesk/shared/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listOf, ownerSession, storeFixture } from '@/testing/fixtures.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { apiError, json, sessionHandler, mockApi } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { setViewportWidth } from '@/testing/viewport.ts';

function coupon(changes: Partial<Coupon> = {}): Coupon {
  return {
    code: 'FRESH10',
    name: '10% off fresh produce',
    validFrom: '2025-01-01',
    expiresAt: '2030-01-31',
    type: 'DISCOUNT',
    discountPercent: 10,
    maxDiscountPaise: 5_000,
    minOrderValuePaise: 19_900,
    availStartTime: '00:00',
    availEndTime: '23:59',
    usageLimit: 500,
    usedCount: 12,
    newUsersOnly: false,
    usageType: 'OPEN',
    storeIds: [],
    customerIds: [],
    version: 3,
    updatedAt: '2025-01-02T00:00:00.000Z',
    expired: false,
    ...changes,
  };
}

const fresh = coupon();
const freeDelivery = coupon({
  code: 'FREEDEL',
  name: 'Free delivery weekend',
  type: 'FREE_DELIVERY',
  discountPercent: 0,
  maxDiscountPaise: 0,
  minOrderValuePaise: 0,
  validFrom: '2024-12-01',
  expiresAt: '2024-12-31',
  availStartTime: '18:00',
  availEndTime: '21:30',
  usageLimit: 2000,
  usedCount: 1500,
  expired: true,
});

const store = storeFixture();
const customer = { id: 'c0000000-0000-4000-8000-000000000001', name: 'Asha Rao', phone: '9876543210' };

/** The coupons as a small server: creating adds, closing removes. */
function couponsServer(overrides: Record<string, Handler> = {}, entry = '/coupons') {
  let coupons = [fresh, freeDelivery];
  const api = mockApi({
    'GET /api/auth/session': sessionHandler(ownerSession),
    'GET /api/coupons': () => json(200, listOf(coupons)),
    'POST /api/coupons': (call) => {
      const created = coupon({ ...(call.body as Partial<Coupon>), usedCount: 0, version: 1 });
      coupons = [created, ...coupons];
      return json(201, created);
    },
    'PATCH /api/coupons/FRESH10': () => {
      coupons = coupons.filter((each) => each.code !== 'FRESH10');
      return json(200, { ...fresh, usageType: 'CLOSE', version: fresh.version + 1 });
    },
    'GET /api/stores': () => json(200, listOf([store])),
    'GET /api/customers': () => json(200, listOf([customer])),
    ...overrides,
  });
  return { ...renderApp(entry), api };
}

/** A field of the dialog by the start of its label (required ones end with " *"); quicker than by role. */
const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(new RegExp(`^${label}`), { selector: 'input' });

const today = businessDay(new Date(), ownerSession.business.timeZone);

async function openCreateDialog(user: ReturnType<typeof renderApp>['user']) {
  await screen.findByText('FRESH10');
  await user.click(screen.getAllByRole('button', { name: 'Create new coupon' })[0]!);
  return screen.findByRole('dialog', { name: 'Create new coupon' });
}

/** Fills every required field of the dialog but the code, which stays as generated. */
async function fillRequired(user: ReturnType<typeof renderApp>['user'], dialog: HTMLElement) {
  const fill = async (name: string, text: string) => {
    await user.click(field(dialog, name));
    await user.paste(text);
  };
  await fill('Name', 'Monsoon sale');
  fireEvent.change(within(dialog).getByLabelText(/Expires at/), { target: { value: '31/12/2099' } });
  await fill('Discount percent', '15');
  await fill('Max discount', '75.50');
  await fill('Min order value', '299');
  await fill('Usage limit', '1000');
}

describe('coupons list', () => {
  it('shows each open coupon with its type, discount, validity, daily window and uses', async () => {
    couponsServer();

    const table = await screen.findByRole('table', { name: 'Coupons' });
    await within(table).findByText('FRESH10');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Code', 'Name', 'Type', 'Discount', 'Validity', 'Uses', 'Action']);
    const row = within(table).getByText('FRESH10').closest('tr')!;
    expect(row).toHaveTextContent('10% off fresh produce');
    expect(row).toHaveTextContent('Discount');
    expect(row).toHaveTextContent('10% up to ₹50.00');
    expect(row).toHaveTextContent('Min order ₹199.00');
    expect(row).toHaveTextContent('01/01/2025 – 31/01/2030');
    expect(row).toHaveTextContent('Daily 00:00 – 23:59');
    expect(row).toHaveTextContent('12 / 500');
    expect(within(row).queryByText('Expired')).not.toBeInTheDocument();

    const free = within(table).getByText('FREEDEL').closest('tr')!;
    expect(free).toHaveTextContent('Free delivery');
    expect(free).toHaveTextContent('Delivery charges waived');
    expect(free).toHaveTextContent('01/12/2024 – 31/12/2024');
    expect(free).toHaveTextContent('Daily 18:00 – 21:30');
    expect(free).toHaveTextContent('1,500 / 2,000');
    expect(within(free).getByText('Expired')).toBeInTheDocument();
    expect(within(free).getByRole('button', { name: 'Close coupon FREEDEL' })).toBeInTheDocument();
  });

  it('searches with q and pages, keeping both in the address', async () => {
    const { user, api, router } = couponsServer({
      'GET /api/coupons': () => json(200, listOf([fresh], 30)),
    });
    await screen.findByText('FRESH10');

    await user.type(screen.getByRole('searchbox', { name: 'Search coupons' }), 'fresh{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=fresh'));
    await waitFor(() => expect(api.callsTo('GET /api/coupons').at(-1)?.query.get('q')).toBe('fresh'));

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=fresh&page=1'));
    expect(api.callsTo('GET /api/coupons').at(-1)?.query.get('page')).toBe('1');
  });

  it('shows each coupon as one compact row on a phone', async () => {
    setViewportWidth(375);
    couponsServer();

    const table = await screen.findByRole('table', { name: 'Coupons' });
    await within(table).findByText('FRESH10');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Coupon', 'Action']);
    const row = within(table).getByText('FREEDEL').closest('tr')!;
    expect(row).toHaveTextContent(
      'FREEDELExpiredFree delivery weekendFree delivery · Delivery charges waived01/12/2024 – 31/12/2024 · 18:00 – 21:30Used 1,500 / 2,000',
    );
  });

  it('says there are no coupons yet and offers to create one', async () => {
    mockApi({
      'GET /api/auth/session': sessionHandler(ownerSession),
      'GET /api/coupons': () => json(200, listOf([])),
    });
    const { user } = renderApp('/coupons');

    expect(await screen.findByText('No coupons yet')).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: 'Create new coupon' });
    expect(buttons).toHaveLength(2);
    await user.click(buttons[1]!);
    expect(await screen.findByRole('dialog', { name: 'Create new coupon' })).toBeInTheDocument();
  });

  it('says what failed and retries', async () => {
    let fail = true;
    mockApi({
      'GET /api/auth/session': sessionHandler(ownerSession),
      'GET /api/coupons': () =>
        fail ? apiError(500, 'internal', messages.internal) : json(200, listOf([fresh])),
    });
    const { user } = renderApp('/coupons');

    expect(await screen.findByText('Could not load the coupons')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('FRESH10')).toBeInTheDocument();
  });
});

describe('closing a coupon', () => {
  it('asks first, naming the coupon, then closes it with the version the row showed', async () => {
    const { user, api } = couponsServer();

    await user.click(await screen.findByRole('button', { name: 'Close coupon FRESH10' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close coupon' });
    expect(dialog).toHaveTextContent('Close coupon FRESH10? Customers will not be able to use it any more.');
    await user.click(within(dialog).getByRole('button', { name: 'Close coupon' }));

    expect(await screen.findByText('Coupon FRESH10 closed')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/coupons/FRESH10')[0]?.body).toEqual({ usageType: 'CLOSE', version: 3 });
    await waitFor(() => expect(screen.queryByText('FRESH10')).not.toBeInTheDocument());
    expect(screen.getByText('FREEDEL')).toBeInTheDocument();
  });

  it('does nothing when the question is cancelled', async () => {
    const { user, api } = couponsServer();

    await user.click(await screen.findByRole('button', { name: 'Close coupon FRESH10' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('PATCH /api/coupons/FRESH10')).toHaveLength(0);
    expect(screen.getByText('FRESH10')).toBeInTheDocument();
  });

  it('shows a refused close in a dialog naming the coupon, and the list as the server has it', async () => {
    const { user, api } = couponsServer({
      'PATCH /api/coupons/FRESH10': () =>
        apiError(409, 'conflict', couponMessages.alreadyClosed, {
          current: { ...fresh, usageType: 'CLOSE', version: 4 },
        }),
    });
    await screen.findByText('FRESH10');
    const listCalls = api.callsTo('GET /api/coupons').length;

    await user.click(screen.getByRole('button', { name: 'Close coupon FRESH10' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close coupon' }));

    const refusal = await screen.findByRole('dialog', { name: 'Coupon FRESH10 was not closed' });
    expect(refusal).toHaveTextContent(couponMessages.alreadyClosed);
    await waitFor(() => expect(api.callsTo('GET /api/coupons').length).toBeGreaterThan(listCalls));
  });
});

describe('Create new coupon', () => {
  it('starts with a generated 8-character code, today, and the whole day; the code can be regenerated', async () => {
    const { user } = couponsServer();
    const dialog = await openCreateDialog(user);

    const code = field(dialog, 'Code');
    const first = (code as HTMLInputElement).value;
    expect(first).toMatch(new RegExp(`^[${couponCodeAlphabet}]{8}$`));
    await user.click(within(dialog).getByRole('button', { name: 'Generate another code' }));
    expect((code as HTMLInputElement).value).toMatch(new RegExp(`^[${couponCodeAlphabet}]{8}$`));
    expect((code as HTMLInputElement).value).not.toBe(first);

    expect(within(dialog).getByLabelText(/Valid from/)).toHaveValue(formatDay(today));
    expect(within(dialog).getByLabelText(/Expires at/)).toHaveValue('');
    expect(within(dialog).getByLabelText(/Start time/)).toHaveValue('00:00');
    expect(within(dialog).getByLabelText(/End time/)).toHaveValue('23:59');
    expect(within(dialog).getByRole('switch', { name: 'New users only' })).not.toBeChecked();
  });

  it('sends every field as the API takes it, with the chosen store and customer, and says so', async () => {
    const { user, api } = couponsServer();
    const dialog = await openCreateDialog(user);
    const code = (field(dialog, 'Code') as HTMLInputElement).value;

    await fillRequired(user, dialog);
    fireEvent.change(within(dialog).getByLabelText(/Start time/), { target: { value: '09:00' } });
    fireEvent.change(within(dialog).getByLabelText(/End time/), { target: { value: '21:30' } });
    await user.click(within(dialog).getByRole('switch', { name: 'New users only' }));

    await user.click(within(dialog).getByRole('combobox', { name: 'Stores' }));
    await user.paste('Indira');
    await waitFor(() => expect(api.callsTo('GET /api/stores').at(-1)?.query.get('q')).toBe('Indira'));
    await user.click(await screen.findByRole('option', { name: store.name }));

    await user.click(within(dialog).getByRole('combobox', { name: 'Customers' }));
    await user.paste('98765');
    await waitFor(() => expect(api.callsTo('GET /api/customers').at(-1)?.query.get('q')).toBe('98765'));
    await user.click(await screen.findByRole('option', { name: 'Asha Rao · 9876543210' }));

    await user.click(within(dialog).getByRole('button', { name: 'Create coupon' }));

    expect(await screen.findByText(`Coupon ${code} created`)).toBeInTheDocument();
    expect(api.callsTo('POST /api/coupons')[0]?.body).toEqual({
      code,
      name: 'Monsoon sale',
      validFrom: today,
      expiresAt: '2099-12-31',
      type: 'DISCOUNT',
      discountPercent: 15,
      maxDiscountPaise: 7_550,
      minOrderValuePaise: 29_900,
      availStartTime: '09:00',
      availEndTime: '21:30',
      usageLimit: 1000,
      newUsersOnly: true,
      storeIds: [store.id],
      customerIds: [customer.id],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(code)).toBeInTheDocument();
  });

  it('checks the fields with the server’s rules before sending anything', async () => {
    const { user, api } = couponsServer();
    const dialog = await openCreateDialog(user);

    await user.clear(field(dialog, 'Code'));
    await user.type(field(dialog, 'Code'), 'SAVE-20');
    fireEvent.change(within(dialog).getByLabelText(/Expires at/), { target: { value: '01/01/2020' } });
    fireEvent.change(within(dialog).getByLabelText(/End time/), { target: { value: '00:00' } });
    await user.type(field(dialog, 'Discount percent'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Create coupon' }));

    expect(await within(dialog).findByText(couponMessages.codeAlphabet)).toBeInTheDocument();
    expect(within(dialog).getByText(couponMessages.expiresBeforeValidFrom)).toBeInTheDocument();
    expect(within(dialog).getByText(couponMessages.endNotAfterStart)).toBeInTheDocument();
    expect(within(dialog).getByText(couponMessages.discountPercent)).toBeInTheDocument();
    // Name, max discount, min order value and usage limit.
    expect(within(dialog).getAllByText('is required')).toHaveLength(4);
    expect(api.callsTo('POST /api/coupons')).toHaveLength(0);
  });

  it('names an empty expiry in the field’s own words, and takes one typed without slashes', async () => {
    const { user, api } = couponsServer();
    const dialog = await openCreateDialog(user);
    await fillRequired(user, dialog);
    const expires = within(dialog).getByLabelText(/Expires at/);
    await user.clear(expires);
    await user.click(within(dialog).getByRole('button', { name: 'Create coupon' }));
    expect(await within(dialog).findByText(couponMessages.expiresAtEmpty)).toBeInTheDocument();
    expect(within(dialog).queryByText(couponMessages.date)).not.toBeInTheDocument();

    // 31122099, as a phone's number pad types it.
    await user.type(expires, '31122099');
    await user.click(within(dialog).getByRole('button', { name: 'Create coupon' }));
    await waitFor(() => expect(api.callsTo('POST /api/coupons')).toHaveLength(1));
    expect(api.callsTo('POST /api/coupons')[0]!.body).toMatchObject({ expiresAt: '2099-12-31' });
  });

  it('sends 0 percent and maximum for free delivery, and shows them as not used', async () => {
    const { user, api } = couponsServer();
    const dialog = await openCreateDialog(user);

    await fillRequired(user, dialog);
    await user.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Free delivery' }));
    expect(field(dialog, 'Discount percent')).toHaveValue('0');
    expect(field(dialog, 'Max discount')).toHaveAttribute('readonly');
    expect(within(dialog).getAllByText('Not used for free delivery.')).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: 'Create coupon' }));

    await waitFor(() => expect(api.callsTo('POST /api/coupons')).toHaveLength(1));
    expect(api.callsTo('POST /api/coupons')[0]?.body).toMatchObject({
      type: 'FREE_DELIVERY',
      discountPercent: 0,
      maxDiscountPaise: 0,
    });
  });

  it('puts a taken code on the Code field and keeps the dialog open', async () => {
    const { user } = couponsServer({
      'POST /api/coupons': () =>
        apiError(409, 'conflict', couponMessages.codeTaken, { fields: { code: couponMessages.codeTaken } }),
    });
    const dialog = await openCreateDialog(user);
    await fillRequired(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Create coupon' }));

    expect(await within(dialog).findByText(couponMessages.codeTaken)).toBeInTheDocument();
    expect(field(dialog, 'Code')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('puts the server’s reasons on their fields: stores and the expiry', async () => {
    const { user } = couponsServer({
      'POST /api/coupons': () =>
        apiError(400, 'invalid_input', messages.invalidInput, {
          fields: { storeIds: couponMessages.unknownStores, expiresAt: couponMessages.expiresInPast },
        }),
    });
    const dialog = await openCreateDialog(user);
    await fillRequired(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Create coupon' }));

    expect(await within(dialog).findByText(couponMessages.unknownStores)).toBeInTheDocument();
    expect(within(dialog).getByText(couponMessages.expiresInPast)).toBeInTheDocument();
  });

  it('shows a refusal that names no field above the fields', async () => {
    const { user } = couponsServer({
      'POST /api/coupons': () => apiError(403, 'forbidden', messages.forbidden),
    });
    const dialog = await openCreateDialog(user);
    await fillRequired(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Create coupon' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(messages.forbidden);
  });

  it('starts afresh each time it opens', async () => {
    const { user } = couponsServer();
    let dialog = await openCreateDialog(user);
    const first = (field(dialog, 'Code') as HTMLInputElement).value;
    await user.type(field(dialog, 'Name'), 'Half typed');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getAllByRole('button', { name: 'Create new coupon' })[0]!);
    dialog = await screen.findByRole('dialog', { name: 'Create new coupon' });
    expect(field(dialog, 'Name')).toHaveValue('');
    expect(field(dialog, 'Code')).not.toHaveValue(first);
  });
});

describe('coupons in the language chosen', () => {
  it('speaks Hindi: the title, columns, each coupon’s terms, and Close with its question', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    const { user } = couponsServer();

    expect(await screen.findByRole('heading', { level: 1, name: 'कूपन' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'कूपन' });
    await within(table).findByText('FRESH10');
    expect(screen.getByRole('region', { name: 'कूपन, तालिका' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['कोड', 'नाम', 'प्रकार', 'छूट', 'वैधता', 'इस्तेमाल', 'कार्रवाई']);
    const row = within(table).getByText('FRESH10').closest('tr')!;
    expect(row).toHaveTextContent('10%, ₹50.00 तक');
    expect(row).toHaveTextContent('कम से कम ऑर्डर ₹199.00');
    expect(row).toHaveTextContent('रोज़ 00:00 – 23:59');
    const free = within(table).getByText('FREEDEL').closest('tr')!;
    expect(free).toHaveTextContent('फ़्री डिलीवरी');
    expect(free).toHaveTextContent('डिलीवरी चार्ज माफ़');
    expect(within(free).getByText('समाप्त')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'कूपन खोजें' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'कूपन FRESH10 बंद करें' }));
    const dialog = await screen.findByRole('dialog', { name: 'कूपन बंद करें' });
    expect(dialog).toHaveTextContent('कूपन FRESH10 बंद करें? ग्राहक इसे फिर इस्तेमाल नहीं कर पाएँगे।');
    await user.click(within(dialog).getByRole('button', { name: 'कूपन बंद करें' }));
    expect(await screen.findByText('कूपन FRESH10 बंद हो गया')).toBeInTheDocument();
  });

  it('speaks Hindi: no coupons yet, and the new coupon dialog', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    mockApi({
      'GET /api/auth/session': sessionHandler(ownerSession),
      'GET /api/coupons': () => json(200, listOf([])),
    });
    const { user } = renderApp('/coupons');

    expect(await screen.findByText('अभी तक कोई कूपन नहीं')).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: 'नया कूपन बनाएँ' });
    await user.click(buttons[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'नया कूपन बनाएँ' });
    expect(field(dialog, 'कोड')).toBeInTheDocument();
    expect(within(dialog).getByText('4 से 20 अक्षर और अंक।')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'दूसरा कोड बनाएँ' })).toBeInTheDocument();
    expect(field(dialog, 'छूट प्रतिशत')).toBeInTheDocument();
    expect(within(dialog).getByRole('switch', { name: 'सिर्फ़ नए ग्राहकों के लिए' })).not.toBeChecked();
    expect(within(dialog).getByRole('combobox', { name: 'स्टोर' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'कूपन बनाएँ' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'रद्द करें' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
