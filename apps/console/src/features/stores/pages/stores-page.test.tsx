import { businessDay, formatDay } from '@storedesk/shared/dates';
import { addDays } from '@storedesk/shared/delivery/dispatch';
import { messages } from '@storedesk/shared/messages';
import type { Store } from '@storedesk/shared/stores/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminSession, listOf, ownerSession, storeFixture, zoneSouth } from '@/testing/fixtures.ts';
import type { ApiCall, Handler } from '@/testing/mock-api.ts';
import { apiError, json, sessionHandler, mockApi, noContent } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

const mango = storeFixture();
const basket = storeFixture({
  id: 'a0000000-0000-4000-8000-000000000002',
  name: 'Green Basket',
  status: 0,
  zoneId: zoneSouth.id,
  zoneName: zoneSouth.name,
  version: 9,
});
const corner = storeFixture({
  id: 'a0000000-0000-4000-8000-000000000003',
  name: 'Corner Kirana',
  status: -1,
});

/** A small server: the list, status changes, delete and restore all act on the same stores. */
function storesServer(initial: Store[]) {
  let stores = [...initial];
  const deleted = new Map<string, Store>();
  const handlers: Record<string, Handler> = {
    'GET /api/stores': (call) => {
      const q = call.query.get('q')?.toLowerCase() ?? '';
      const page = Number(call.query.get('page') ?? 0);
      const pageSize = Number(call.query.get('pageSize') ?? 10);
      const matching = stores.filter((store) => store.name.toLowerCase().includes(q));
      return json(200, listOf(matching.slice(page * pageSize, (page + 1) * pageSize), matching.length));
    },
    'POST /api/stores/status': (call: ApiCall) => {
      const { storeIds, status } = call.body as { storeIds: string[]; status: number };
      stores = stores.map((store) =>
        storeIds.includes(store.id) ? { ...store, status, version: store.version + 1 } : store,
      );
      return json(200, { items: stores.filter((store) => storeIds.includes(store.id)) });
    },
  };
  for (const store of initial) {
    handlers[`DELETE /api/stores/${store.id}`] = () => {
      deleted.set(store.id, store);
      stores = stores.filter((each) => each.id !== store.id);
      return noContent();
    };
    handlers[`POST /api/trash/stores/${store.id}/restore`] = () => {
      stores = [...stores, store];
      return json(200, { kind: 'stores', id: store.id });
    };
  }
  return handlers;
}

function renderStores(
  session = adminSession,
  entry = '/stores',
  initial = [mango, basket, corner],
  overrides: Record<string, Handler> = {},
) {
  const api = mockApi({
    'GET /api/auth/session': sessionHandler(session),
    ...storesServer(initial),
    ...overrides,
  });
  const view = renderApp(entry);
  return { ...view, api };
}

function row(name: string) {
  const cell = screen.getByRole('link', { name });
  const found = cell.closest('tr');
  if (!found) throw new Error(`no row for ${name}`);
  return found;
}

describe('stores list', () => {
  it('lists the stores with their zone (owner), phone, featured and status', async () => {
    renderStores(ownerSession);

    const table = await screen.findByRole('table', { name: 'Stores' });
    await within(table).findByText('Green Basket');
    expect(within(table).getByRole('columnheader', { name: 'Zone' })).toBeInTheDocument();
    expect(within(row('Green Basket')).getByText('South')).toBeInTheDocument();
    expect(
      within(row('Green Basket')).getByRole('combobox', { name: 'Status of Green Basket' }),
    ).toHaveTextContent('Closed');
    expect(within(row('Corner Kirana')).getByRole('combobox')).toHaveTextContent('Unserviceable');
    expect(within(row(mango.name)).getByText(mango.phone)).toBeInTheDocument();
    expect(row(mango.name)).toHaveTextContent('Open');
  });

  it('shows each store’s hours under its name, and its delivery slots’ rule when it delivers in slots', async () => {
    const slotted = storeFixture({
      ...basket,
      deliverySlots: { lengthMinutes: 60, capacity: 5, daysAhead: 2, cutoffMinutes: 60 },
    });
    renderStores(adminSession, '/stores', [mango, slotted]);
    await screen.findByText('Green Basket');

    expect(within(row('Green Basket')).getByText('09:00 AM – 09:30 PM')).toBeInTheDocument();
    expect(
      within(row('Green Basket')).getByText('Slots of 60 min, 5 orders each, 2 days ahead'),
    ).toBeInTheDocument();
    expect(within(row(mango.name)).getByText('09:00 AM – 09:30 PM')).toBeInTheDocument();
    expect(within(row(mango.name)).queryByText(/Slots of/)).not.toBeInTheDocument();
  });

  it('shows a store’s next holiday or special hours under its name, with how many more follow', async () => {
    const today = businessDay(new Date(), adminSession.business.timeZone);
    const holidays = storeFixture({
      ...basket,
      specialDays: [
        { day: addDays(today, -1), closed: true, openTime: null, closeTime: null, reason: 'Bandh' },
        { day: addDays(today, 2), closed: true, openTime: null, closeTime: null, reason: 'Diwali' },
        { day: addDays(today, 9), closed: false, openTime: '10:00', closeTime: '14:00', reason: 'Half day' },
      ],
    });
    renderStores(adminSession, '/stores', [mango, holidays]);
    await screen.findByText('Green Basket');

    expect(
      within(row('Green Basket')).getByText(
        `Closed on ${formatDay(addDays(today, 2))} (Diwali), and 1 more special day`,
      ),
    ).toBeInTheDocument();
    expect(within(row(mango.name)).queryByText(/special day|Closed on/)).not.toBeInTheDocument();
  });

  it('shows a store’s own minimum order and delivery fee under its name', async () => {
    const ruled = storeFixture({
      ...basket,
      deliveryRule: {
        minimumOrderPaise: 19900,
        feeBands: [
          { fromKm: 0, feePaise: 2000 },
          { fromKm: 2, feePaise: 4000 },
          { fromKm: 5, feePaise: 6000 },
        ],
        freeFromPaise: 49900,
      },
    });
    renderStores(adminSession, '/stores', [mango, ruled]);
    await screen.findByText('Green Basket');

    expect(
      within(row('Green Basket')).getByText(
        'Minimum ₹199.00 · Delivery ₹20.00–₹60.00 by distance · free from ₹499.00',
      ),
    ).toBeInTheDocument();
    // A store without its own rule follows the business's order settings, and says nothing here.
    expect(within(row(mango.name)).queryByText(/Minimum|Delivery/)).not.toBeInTheDocument();
  });

  it('imports and exports every store’s catalogue in one spreadsheet, from one menu', async () => {
    const { user } = renderStores(adminSession);
    await screen.findByText('Green Basket');
    await user.click(screen.getByRole('button', { name: 'All catalogues' }));
    const menu = await screen.findByRole('menu', { name: 'All catalogues' });
    expect(within(menu).getByRole('menuitem', { name: 'Import for all stores' })).toHaveAttribute(
      'href',
      '/stores/import',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Export all stores (CSV)' })).toHaveAttribute(
      'href',
      '/api/catalogue/export.csv',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Export all stores (Excel)' })).toHaveAttribute(
      'href',
      '/api/catalogue/export.xlsx',
    );
  });

  it('shows no zone column to an admin', async () => {
    renderStores(adminSession);
    await screen.findByText('Green Basket');
    expect(screen.queryByRole('columnheader', { name: 'Zone' })).not.toBeInTheDocument();
  });

  it('saves a status chosen in a row at once', async () => {
    const { user, api } = renderStores();
    await screen.findByText('Green Basket');

    await user.click(screen.getByRole('combobox', { name: 'Status of Green Basket' }));
    await user.click(await screen.findByRole('option', { name: 'Open' }));

    expect(await screen.findByText('Green Basket saved')).toBeInTheDocument();
    expect(api.callsTo('POST /api/stores/status')[0]?.body).toEqual({ storeIds: [basket.id], status: 1 });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Status of Green Basket' })).toHaveTextContent('Open'),
    );
  });

  it('opens and closes the checked stores in bulk, then clears the selection', async () => {
    const { user, api } = renderStores();
    await screen.findByText('Green Basket');
    expect(screen.queryByRole('button', { name: 'Open Selected' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select Green Basket' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Corner Kirana' }));
    expect(screen.getByText('2 stores selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open Selected' }));

    expect(await screen.findByText('2 stores opened')).toBeInTheDocument();
    expect(api.callsTo('POST /api/stores/status')[0]?.body).toEqual({
      storeIds: [basket.id, corner.id],
      status: 1,
    });
    expect(screen.getByRole('checkbox', { name: 'Select Green Basket' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Corner Kirana' })).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Open Selected' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select all stores on this page' }));
    await user.click(screen.getByRole('button', { name: 'Close Selected' }));
    expect(await screen.findByText('3 stores closed')).toBeInTheDocument();
    expect(api.callsTo('POST /api/stores/status')[1]?.body).toEqual({
      storeIds: [mango.id, basket.id, corner.id],
      status: 0,
    });
    expect(screen.getByRole('checkbox', { name: 'Select all stores on this page' })).not.toBeChecked();
  });

  it('asks before deleting, and Undo restores the store', async () => {
    const { user, api } = renderStores();
    await screen.findByText('Green Basket');

    await user.click(screen.getByRole('button', { name: 'Delete Green Basket' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete store “Green Basket”?' });
    expect(dialog).toHaveTextContent('Are you sure? You want to delete this store');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Green Basket deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(`DELETE /api/stores/${basket.id}`)[0]?.query.get('version')).toBe('9');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Green Basket' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Green Basket restored')).toBeInTheDocument();
    expect(api.callsTo(`POST /api/trash/stores/${basket.id}/restore`)).toHaveLength(1);
    expect(await screen.findByRole('link', { name: 'Green Basket' })).toBeInTheDocument();
  });

  it('deletes nothing when the question is cancelled', async () => {
    const { user, api } = renderStores();
    await screen.findByText('Green Basket');

    await user.click(screen.getByRole('button', { name: 'Delete Green Basket' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(`DELETE /api/stores/${basket.id}`)).toHaveLength(0);
  });

  it('keeps the search, page and page size in the URL', async () => {
    const many = Array.from({ length: 12 }, (_, index) =>
      storeFixture({
        id: `a0000000-0000-4000-8000-0000000001${String(index).padStart(2, '0')}`,
        name: `Store ${index + 1}`,
      }),
    );
    const { user, api, router } = renderStores(adminSession, '/stores?page=1', many);

    expect(await screen.findByText('Store 11')).toBeInTheDocument();
    expect(screen.queryByText('Store 1')).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/stores').at(-1)?.query.get('page')).toBe('1');

    await user.click(screen.getByRole('button', { name: 'Go to previous page' }));
    expect(await screen.findByText('Store 1')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');

    await user.type(screen.getByRole('searchbox', { name: 'Search stores' }), 'Store 12');
    await waitFor(() => expect(router.state.location.search).toBe('?q=Store+12'));
    expect(await screen.findByText('Store 12')).toBeInTheDocument();
    expect(api.callsTo('GET /api/stores').at(-1)?.query.get('q')).toBe('Store 12');
  });

  it('says what is missing when there are no stores, and offers to add one', async () => {
    renderStores(adminSession, '/stores', []);

    expect(await screen.findByText('No stores yet')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getByRole('link', { name: 'Add store' })).toHaveAttribute(
      'href',
      '/stores/add',
    );
  });

  it('shows the error of a refused status change', async () => {
    const { user } = renderStores(adminSession, '/stores', [mango, basket], {
      'POST /api/stores/status': () => apiError(403, 'forbidden', messages.forbidden),
    });
    await screen.findByText('Green Basket');

    await user.click(screen.getByRole('combobox', { name: 'Status of Green Basket' }));
    await user.click(await screen.findByRole('option', { name: 'Open' }));

    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent(messages.forbidden);
  });
});

describe('the stores list in the language chosen', () => {
  it('speaks Hindi: the title, the columns, a store’s hours, rule and status, and the bulk buttons', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    const slotted = storeFixture({
      ...basket,
      deliverySlots: { lengthMinutes: 60, capacity: 5, daysAhead: 2, cutoffMinutes: 60 },
      deliveryRule: {
        minimumOrderPaise: 19900,
        feeBands: [{ fromKm: 0, feePaise: 2000 }],
        freeFromPaise: null,
      },
    });
    const { user } = renderStores(ownerSession, '/stores', [mango, slotted]);

    expect(await screen.findByRole('heading', { level: 1, name: 'स्टोर' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'स्टोर जोड़ें' })).toHaveAttribute('href', '/stores/add');
    expect(screen.getByRole('button', { name: 'सभी कैटलॉग' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'स्टोर खोजें' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'स्टोर' });
    await within(table).findByText('Green Basket');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['', 'नाम', 'ज़ोन', 'पता', 'फ़ोन', 'फ़ीचर्ड', 'स्थिति', 'कार्रवाई']);
    expect(
      within(row('Green Basket')).getByText('60 मिनट के स्लॉट, हर स्लॉट में 5 ऑर्डर, 2 दिन आगे तक'),
    ).toBeInTheDocument();
    expect(within(row('Green Basket')).getByText('न्यूनतम ऑर्डर ₹199.00 · डिलीवरी ₹20.00')).toBeInTheDocument();
    expect(
      within(row('Green Basket')).getByRole('combobox', { name: 'Green Basket की स्थिति' }),
    ).toHaveTextContent('बंद');

    await user.click(screen.getByRole('checkbox', { name: 'Green Basket चुनें' }));
    expect(screen.getByText('1 स्टोर चुना गया')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'चुने हुए खोलें' }));
    expect(await screen.findByText('1 स्टोर खोला गया')).toBeInTheDocument();
  });

  it('says in Kannada that there are no stores yet, and offers to add one', async () => {
    localStorage.setItem('storedesk:console:language', '"kn"');
    renderStores(adminSession, '/stores', []);

    expect(await screen.findByText('ಇನ್ನೂ ಯಾವುದೇ ಅಂಗಡಿಗಳು ಇಲ್ಲ')).toBeInTheDocument();
    expect(screen.getByText('ಆರ್ಡರ್ ತೆಗೆದುಕೊಳ್ಳಲು ಶುರು ಮಾಡಲು ಮೊದಲ ಅಂಗಡಿ ಸೇರಿಸಿ.')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getByRole('link', { name: 'ಅಂಗಡಿ ಸೇರಿಸಿ' })).toHaveAttribute(
      'href',
      '/stores/add',
    );
  });
});
