import type { CustomerDetail, CustomerRow } from '@storedesk/shared/customers/schemas';
import type { OrderSummary } from '@storedesk/shared/orders/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { listOf, ownerSession } from '@/testing/fixtures.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { apiError, json, mockApi, sessionHandler } from '@/testing/mock-api.ts';
import { LOADING_SCREENS_MS, loadScreensOf, renderApp } from '@/testing/render-app.tsx';
import { setViewportWidth } from '@/testing/viewport.ts';

const ashaId = 'c0000000-0000-4000-8000-000000000001';
const raviId = 'c0000000-0000-4000-8000-000000000002';

const asha: CustomerRow = {
  id: ashaId,
  name: 'Asha Rao',
  phone: '9876543210',
  ordersCount: 12,
  totalSpentPaise: 1_234_550,
  // 23:30 UTC is 05:00 the next day in Kolkata, the business's time zone.
  lastOrderAt: '2026-11-20T23:30:00.000Z',
  blockedAt: null,
  createdAt: '2026-01-05T04:30:00.000Z',
};
const ravi: CustomerRow = {
  id: raviId,
  name: 'Ravi Kumar',
  phone: '9123456789',
  ordersCount: 0,
  totalSpentPaise: 0,
  lastOrderAt: null,
  blockedAt: '2026-11-01T06:30:00.000Z',
  createdAt: '2026-02-01T04:30:00.000Z',
};

const detailOf = (row: CustomerRow, changes: Partial<CustomerDetail> = {}): CustomerDetail => ({
  ...row,
  blockedByName: row.blockedAt ? 'Owner One' : null,
  addresses: [
    {
      id: 'a1',
      label: 'Home',
      text: '12, 4th Cross, Koramangala',
      landmark: 'Opposite the park',
      lat: 12.94,
      lng: 77.62,
      createdAt: '2026-01-05T04:30:00.000Z',
    },
  ],
  ...changes,
});

// Cast: the orders list's rows may carry more than these fields.
const order = {
  id: 'o0000000-0000-4000-8000-000000000001',
  number: 1042,
  zoneId: 'z1',
  storeId: 's1',
  storeName: 'Fresh Mart Koramangala',
  customerName: 'Asha Rao',
  placedAt: '2026-11-20T23:30:00.000Z',
  status: -2,
  state: 0,
  billAmountPaise: 45_000,
  dexId: null,
  dexName: null,
  version: 4,
  closedAt: '2026-11-21T01:00:00.000Z',
} as OrderSummary;

function customersServer(overrides: Record<string, Handler> = {}, entry = '/customers') {
  let current = detailOf(asha);
  const api = mockApi({
    'GET /api/auth/session': sessionHandler(ownerSession),
    'GET /api/customers': (call) => {
      const q = call.query.get('q') ?? '';
      const rows = [{ ...asha, blockedAt: current.blockedAt }, ravi].filter((c) =>
        c.name.toLowerCase().includes(q.toLowerCase()),
      );
      return json(200, listOf(rows));
    },
    [`GET /api/customers/${ashaId}`]: () => json(200, current),
    [`GET /api/customers/${ashaId}/orders`]: () => json(200, listOf([order])),
    [`PATCH /api/customers/${ashaId}`]: (call) => {
      const { blocked } = call.body as { blocked: boolean };
      current = {
        ...current,
        blockedAt: blocked ? '2026-11-27T06:30:00.000Z' : null,
        blockedByName: blocked ? 'Owner One' : null,
      };
      return json(200, current);
    },
    ...overrides,
  });
  return { ...renderApp(entry), api };
}

beforeAll(() => loadScreensOf('/customers', `/customers/${ashaId}`), LOADING_SCREENS_MS);

describe('customers list', () => {
  it('shows each customer with phone, orders, total spent in rupees and last order in the business time zone', async () => {
    customersServer();
    const table = await screen.findByRole('table', { name: 'Customers' });
    await within(table).findByText('Asha Rao');
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'NamePhoneOrdersTotal spentLast order',
      'Asha Rao987654321012₹12,345.5021/11/2026 05:00 AM',
      'Ravi KumarBlocked91234567890₹0.00Never',
    ]);
    expect(within(table).getByRole('link', { name: 'Asha Rao' })).toHaveAttribute(
      'href',
      `/customers/${ashaId}`,
    );
  });

  it('searches by what is typed, keeps it in the URL, and says when nothing matches', async () => {
    const { user, router, api } = customersServer();
    await screen.findByText('Asha Rao');
    await user.type(screen.getByRole('searchbox', { name: 'Search by name or phone' }), 'zz{Enter}');
    expect(await screen.findByText('No customers match “zz”')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=zz');
    expect(api.callsTo('GET /api/customers').at(-1)?.query.get('q')).toBe('zz');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByText('Asha Rao')).toBeInTheDocument();
  });

  it('says what failed and retries', async () => {
    let fail = true;
    const { user } = customersServer({
      'GET /api/customers': () =>
        fail ? apiError(500, 'internal', 'Something went wrong on our side.') : json(200, listOf([asha])),
    });
    expect(await screen.findByText('Could not load the customers')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Asha Rao')).toBeInTheDocument();
  });

  it('on a phone, each customer is one cell with their figures beneath', async () => {
    setViewportWidth(375);
    customersServer();
    const table = await screen.findByRole('table', { name: 'Customers' });
    await within(table).findByText('Asha Rao');
    expect(within(table).getByText('12 orders · ₹12,345.50 spent')).toBeInTheDocument();
    expect(within(table).getByText('Last order 21/11/2026 05:00 AM')).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Customer']);
  });
});

describe('a customer’s page', () => {
  it('shows details, addresses and orders linking to each order', async () => {
    customersServer({}, `/customers/${ashaId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Asha Rao' })).toBeInTheDocument();
    expect(screen.getByText('Opposite the park', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('₹12,345.50')).toBeInTheDocument();
    const orders = await screen.findByRole('table', { name: 'Orders of the customer' });
    const link = await within(orders).findByRole('link', { name: '#1042' });
    expect(link).toHaveAttribute('href', `/orders/${order.id}`);
    expect(within(orders).getByText('Delivered')).toBeInTheDocument();
  });

  it('blocks after a confirmation naming the customer, then unblocks, with a snackbar each time', async () => {
    const { user, api } = customersServer({}, `/customers/${ashaId}`);
    await screen.findByRole('heading', { level: 1, name: 'Asha Rao' });
    await user.click(screen.getByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Asha Rao?' });
    // Cancel has the focus: Esc or Enter there changes nothing.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(`PATCH /api/customers/${ashaId}`)).toHaveLength(0);
    expect(dialog).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Block' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Block Asha Rao?' })).getByRole('button', {
        name: 'Block',
      }),
    );
    expect(await screen.findByText('Asha Rao is blocked')).toBeInTheDocument();
    expect(api.callsTo(`PATCH /api/customers/${ashaId}`).map((c) => c.body)).toEqual([{ blocked: true }]);
    expect(await screen.findByText(/Blocked 27\/11\/2026 12:00 PM by Owner One/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Unblock' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Unblock Asha Rao?' })).getByRole('button', {
        name: 'Unblock',
      }),
    );
    expect(await screen.findByText('Asha Rao can order again')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Block' })).toBeInTheDocument();
  });

  it('shows the refusal when blocking fails', async () => {
    const { user } = customersServer(
      { [`PATCH /api/customers/${ashaId}`]: () => apiError(404, 'not_found', 'Not found') },
      `/customers/${ashaId}`,
    );
    await screen.findByRole('heading', { level: 1, name: 'Asha Rao' });
    await user.click(screen.getByRole('button', { name: 'Block' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Block Asha Rao?' })).getByRole('button', {
        name: 'Block',
      }),
    );
    const refusal = await screen.findByRole('dialog', { name: 'Asha Rao was not blocked' });
    expect(within(refusal).getByText('Not found')).toBeInTheDocument();
  });

  it('says so for a customer that is not the business’s', async () => {
    customersServer({}, `/customers/${raviId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Customer not found' })).toBeInTheDocument();
  });
});

describe('customers in the language chosen', () => {
  it('speaks Hindi: the list’s title, search, columns, figures and a blocked customer', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    customersServer();

    expect(await screen.findByRole('heading', { level: 1, name: 'ग्राहक' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'ग्राहक' });
    await within(table).findByText('Asha Rao');
    expect(screen.getByRole('region', { name: 'ग्राहक, तालिका' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'नामफ़ोनऑर्डरकुल खर्चआख़िरी ऑर्डर',
      'Asha Rao987654321012₹12,345.5021/11/2026, 05:00 am',
      'Ravi Kumarब्लॉक91234567890₹0.00कभी नहीं',
    ]);
    expect(screen.getByRole('searchbox', { name: 'नाम या फ़ोन से खोजें' })).toBeInTheDocument();
  });

  it('speaks Hindi: a phone’s figures beneath each customer', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    setViewportWidth(375);
    customersServer();
    const table = await screen.findByRole('table', { name: 'ग्राहक' });
    await within(table).findByText('Asha Rao');
    expect(within(table).getByText('12 ऑर्डर · ₹12,345.50 खर्च')).toBeInTheDocument();
    expect(within(table).getByText('आख़िरी ऑर्डर 21/11/2026, 05:00 am')).toBeInTheDocument();
  });

  it('speaks Hindi: an empty list', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    customersServer({ 'GET /api/customers': () => json(200, listOf([])) });
    expect(await screen.findByText('अभी तक कोई ग्राहक नहीं')).toBeInTheDocument();
    expect(screen.getByText('ग्राहक ऐप से साइन इन या ऑर्डर करने पर ग्राहक यहाँ दिखते हैं।')).toBeInTheDocument();
  });

  it('speaks Hindi: a customer’s page, its orders and Block', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    const { user } = customersServer({}, `/customers/${ashaId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Asha Rao' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'जानकारी' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'सेव किए पते' })).toBeInTheDocument();
    expect(screen.getByText('Opposite the park के पास')).toBeInTheDocument();
    expect(screen.getByText('कुल खर्च')).toBeInTheDocument();
    const orders = await screen.findByRole('table', { name: 'ग्राहक के ऑर्डर' });
    await within(orders).findByRole('link', { name: '#1042' });
    expect(within(orders).getByText('डिलीवर हो गया')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'ब्लॉक करें' }));
    const dialog = await screen.findByRole('dialog', { name: 'Asha Rao को ब्लॉक करें?' });
    await user.click(within(dialog).getByRole('button', { name: 'ब्लॉक करें' }));
    expect(await screen.findByText('Asha Rao ब्लॉक हो गया')).toBeInTheDocument();
    expect(
      await screen.findByText(
        '27/11/2026, 12:00 pm को Owner One ने ब्लॉक किया। जब तक आप अनब्लॉक नहीं करते, इनके ऑर्डर नहीं लिए जाएँगे।',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'अनब्लॉक करें' })).toBeInTheDocument();
  });
});
