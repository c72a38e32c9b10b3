import { messages } from '@storedesk/shared/messages';
import type { Store } from '@storedesk/shared/stores/schemas';
import { act, screen, waitFor, within } from '@testing-library/react';
import { businessDay, formatDay } from '@storedesk/shared/dates';
import { addDays } from '@storedesk/shared/delivery/dispatch';
import { describe, expect, it } from 'vitest';
import { adminSession, listOf, storeFixture } from '@/testing/fixtures.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { apiError, json, sessionHandler, mockApi } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

const store = storeFixture({ imageUrl: '/files/stores/front.jpg' });
const storePath = `/api/stores/${store.id}`;

function renderEdit(handlers: Record<string, Handler>, entry = `/stores/${store.id}/edit`) {
  const api = mockApi({
    'GET /api/auth/session': sessionHandler(adminSession),
    'GET /api/stores': () => json(200, listOf([store])),
    ...handlers,
  });
  return { ...renderApp(entry), api };
}

describe('edit store', () => {
  it('sends the unknown store back to the stores list', async () => {
    const { router } = renderEdit(
      {
        'GET /api/stores/a0000000-0000-4000-8000-000000000999': () =>
          apiError(404, 'not_found', messages.notFound),
      },
      '/stores/a0000000-0000-4000-8000-000000000999/edit',
    );

    await waitFor(() => expect(router.state.location.pathname).toBe('/stores'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Stores' })).toBeInTheDocument();
  });

  it('fills the form with the store, times shown as hh:mm A, and saves with its version', async () => {
    const { user, api } = renderEdit({
      [`GET ${storePath}`]: () => json(200, store),
      [`PATCH ${storePath}`]: (call) => json(200, { ...store, ...(call.body as Partial<Store>), version: 5 }),
    });

    const name = await screen.findByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue(store.name);
    expect(screen.getByRole('combobox', { name: /^Open time/ })).toHaveTextContent('09:00 AM');
    expect(screen.getByRole('combobox', { name: /^Close time/ })).toHaveTextContent('09:30 PM');
    expect(screen.getByText('Location: 12.97160, 77.64120')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Store image' })).toHaveAttribute('src', store.imageUrl);

    await user.clear(name);
    await user.type(name, 'Fresh Mart HAL{Enter}');

    expect(await screen.findByText('Store saved')).toBeInTheDocument();
    expect(api.callsTo(`PATCH ${storePath}`)[0]?.body).toEqual({
      name: 'Fresh Mart HAL',
      featured: 2,
      location: store.location,
      description: store.description,
      descriptionHi: null,
      descriptionKn: null,
      phone: store.phone,
      openTime: '09:00',
      closeTime: '21:30',
      latitude: store.latitude,
      longitude: store.longitude,
      deliveryRadiusKm: 5,
      deliverySlots: null,
      specialDays: [],
      deliveryRule: null,
      version: 4,
    });
  });

  it("saves with the version its edits started from, so a colleague's save in between is refused (D9)", async () => {
    let saved = store;
    const { user, api, queryClient } = renderEdit({
      [`GET ${storePath}`]: () => json(200, saved),
      [`PATCH ${storePath}`]: (call) => {
        const { version, ...changes } = call.body as Partial<Store>;
        if (version !== saved.version)
          return apiError(409, 'conflict', messages.staleRecord, { current: saved });
        saved = { ...saved, ...changes, version: saved.version + 1 };
        return json(200, saved);
      },
    });
    const phone = await screen.findByRole('textbox', { name: /^Phone/ });
    await user.clear(phone);
    await user.type(phone, '+91-9000000009');

    // A colleague saves a new name and close time; the live event brings their store.
    saved = { ...store, name: 'Fresh Mart HAL', closeTime: '22:00', version: 5 };
    act(() => queryClient.setQueryData(['stores', 'detail', store.id], saved));
    expect(phone).toHaveValue('+91-9000000009');
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue(store.name);

    await user.click(screen.getByRole('button', { name: 'Save store' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Someone else saved this store while you were editing: Name and Close time changed. The form now shows their version; make your changes again.',
    );
    expect(api.callsTo(`PATCH ${storePath}`)[0]?.body).toMatchObject({ phone: '+91-9000000009', version: 4 });
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Fresh Mart HAL');
    expect(phone).toHaveValue(store.phone);
    expect(screen.getByRole('combobox', { name: /^Close time/ })).toHaveTextContent('10:00 PM');
    expect(screen.queryByText('Store saved')).not.toBeInTheDocument();

    // Their version is now the base: making the change again saves it.
    await user.clear(phone);
    await user.type(phone, '+91-9000000009');
    await user.click(screen.getByRole('button', { name: 'Save store' }));
    expect(await screen.findByText('Store saved')).toBeInTheDocument();
    expect(api.callsTo(`PATCH ${storePath}`)[1]?.body).toMatchObject({
      name: 'Fresh Mart HAL',
      phone: '+91-9000000009',
      version: 5,
    });
  });

  it("follows a colleague's save while untouched, and then saves with their version", async () => {
    const { user, api, queryClient } = renderEdit({
      [`GET ${storePath}`]: () => json(200, store),
      [`PATCH ${storePath}`]: (call) => json(200, { ...store, ...(call.body as Partial<Store>), version: 7 }),
    });
    const name = await screen.findByRole('textbox', { name: /^Name/ });

    act(() =>
      queryClient.setQueryData(['stores', 'detail', store.id], {
        ...store,
        name: 'Fresh Mart HAL',
        version: 6,
      }),
    );

    await waitFor(() => expect(name).toHaveValue('Fresh Mart HAL'));
    await user.click(screen.getByRole('button', { name: 'Save store' }));
    expect(await screen.findByText('Store saved')).toBeInTheDocument();
    expect(api.callsTo(`PATCH ${storePath}`)[0]?.body).toMatchObject({ name: 'Fresh Mart HAL', version: 6 });
  });

  it("shows the server's refusal of an image in the Error dialog", async () => {
    const { user } = renderEdit({
      [`GET ${storePath}`]: () => json(200, store),
      [`PATCH ${storePath}`]: () => json(200, { ...store, version: 5 }),
      [`PUT ${storePath}/image`]: () => apiError(413, 'too_large', messages.imageTooLarge),
    });

    await screen.findByRole('textbox', { name: /^Name/ });
    await user.upload(
      screen.getByLabelText('Change store image'),
      new File([new Uint8Array(2_000)], 'front.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save store' }));

    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent(messages.imageTooLarge);
  });

  it('is disabled and says so while saving', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { user } = renderEdit({
      [`GET ${storePath}`]: () => json(200, store),
      [`PATCH ${storePath}`]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });

    await screen.findByRole('textbox', { name: /^Name/ });
    await user.click(screen.getByRole('button', { name: 'Save store' }));
    expect(await screen.findByRole('button', { name: /Saving/ })).toBeDisabled();
    answer(json(200, { ...store, version: 5 }));
    expect(await screen.findByText('Store saved')).toBeInTheDocument();
  });
});

describe('edit store in the language chosen', () => {
  it('speaks Hindi: the fields, the slots, the minimum order and fee, and the special days', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    const diwali = addDays(businessDay(new Date(), adminSession.business.timeZone), 3);
    const full = storeFixture({
      deliverySlots: { lengthMinutes: 60, capacity: 5, daysAhead: 0, cutoffMinutes: 0 },
      deliveryRule: {
        minimumOrderPaise: 19900,
        feeBands: [
          { fromKm: 0, feePaise: 2000 },
          { fromKm: 2, feePaise: 4000 },
        ],
        freeFromPaise: 49900,
      },
      specialDays: [{ day: diwali, closed: true, openTime: null, closeTime: null, reason: 'Diwali' }],
    });
    renderEdit({ [`GET ${storePath}`]: () => json(200, full) });

    expect(await screen.findByRole('heading', { level: 1, name: 'स्टोर बदलें' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: /^नाम/ })).toHaveValue(full.name);
    expect(screen.getByRole('textbox', { name: /^फ़ोन/ })).toHaveValue(full.phone);
    expect(screen.getByRole('combobox', { name: /^खुलने का समय/ })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^पता/ })).toHaveAccessibleDescription(
      'पता, जैसा ग्राहकों को दिखना चाहिए।',
    );
    expect(screen.getByText('जगह: 12.97160, 77.64120')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'मैप का बीच का हिस्सा चुनें' })).toBeInTheDocument();

    // Delivery slots: each number said in plain words.
    expect(screen.getByRole('heading', { name: 'डिलीवरी स्लॉट' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'स्लॉट में डिलीवरी करें' })).toBeChecked();
    expect(screen.getByRole('spinbutton', { name: /^स्लॉट की अवधि \(मिनट\)/ })).toHaveAccessibleDescription(
      'ग्राहक स्टोर के समय के अंदर 60 मिनट का स्लॉट चुनते हैं।',
    );
    expect(screen.getByRole('spinbutton', { name: /^हर स्लॉट में ऑर्डर/ })).toHaveAccessibleDescription(
      'एक स्लॉट में ज़्यादा से ज़्यादा 5 ऑर्डर आते हैं; भरा हुआ स्लॉट नहीं दिखाया जाता।',
    );
    expect(screen.getByRole('spinbutton', { name: /^कितने दिन आगे तक/ })).toHaveAccessibleDescription(
      'ग्राहक सिर्फ़ आज के लिए बुक कर सकते हैं।',
    );

    // The store's own minimum order and delivery fee, and what customers read of it.
    const rule = screen.getByRole('heading', { name: 'न्यूनतम ऑर्डर और डिलीवरी शुल्क' }).closest('section')!;
    expect(
      within(rule).getByRole('switch', { name: 'इस स्टोर का अपना न्यूनतम ऑर्डर और डिलीवरी शुल्क' }),
    ).toBeChecked();
    expect(
      within(rule).getByRole('textbox', { name: /^इतने से मुफ़्त डिलीवरी \(₹\)/ }),
    ).toHaveAccessibleDescription('जिन ऑर्डर का सामान ₹499.00 या उससे ज़्यादा का हो, उनकी डिलीवरी मुफ़्त है।');
    const second = within(rule).getByRole('group', { name: 'स्लैब 2' });
    expect(within(second).getByRole('spinbutton', { name: /^से \(कि.मी.\)/ })).toHaveAccessibleDescription(
      '2 कि.मी. से आगे',
    );
    expect(within(second).getByRole('button', { name: 'स्लैब 2 हटाएँ' })).toHaveTextContent('हटाएँ');
    expect(within(rule).getByRole('button', { name: 'स्लैब जोड़ें' })).toBeInTheDocument();
    expect(rule).toHaveTextContent(
      'ग्राहक पढ़ते हैं: न्यूनतम ऑर्डर ₹199.00 · डिलीवरी ₹20.00–₹40.00, दूरी के अनुसार · ₹499.00 से मुफ़्त',
    );

    // A holiday, with what customers read on the day (the server's words, as they send them).
    const day = screen.getByRole('group', { name: `खास दिन ${formatDay(diwali)}` });
    expect(within(day).getByRole('checkbox', { name: 'पूरे दिन बंद' })).toBeChecked();
    expect(within(day).getByRole('textbox', { name: /^कारण/ })).toHaveAccessibleDescription(
      'ग्राहक पढ़ते हैं: “This store is closed today (Diwali)”',
    );
    expect(screen.getByRole('button', { name: 'दिन जोड़ें' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'स्टोर सेव करें' })).toBeEnabled();
  });

  it('saves in Kannada, and says so', async () => {
    localStorage.setItem('storedesk:console:language', '"kn"');
    const { user } = renderEdit({
      [`GET ${storePath}`]: () => json(200, store),
      [`PATCH ${storePath}`]: (call) => json(200, { ...store, ...(call.body as Partial<Store>), version: 5 }),
    });
    await screen.findByRole('textbox', { name: /^ಹೆಸರು/ });
    await user.click(screen.getByRole('button', { name: 'ಅಂಗಡಿ ಉಳಿಸಿ' }));
    expect(await screen.findByText('ಅಂಗಡಿ ಉಳಿಸಲಾಗಿದೆ')).toBeInTheDocument();
  });
});
