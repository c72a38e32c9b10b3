import { formatDateTime } from '@storedesk/shared/dates';
import { messages } from '@storedesk/shared/messages';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ownerSession, zones } from '@/testing/fixtures.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { apiError, json, mockApi } from '@/testing/mock-api.ts';
import { applyLiveEvent } from '@/lib/live-events.ts';
import { LOADING_SCREENS_MS, loadScreensOf, renderApp } from '@/testing/render-app.tsx';
import { setViewportWidth } from '@/testing/viewport.ts';
import {
  jayanagar,
  meena,
  minutesAgo,
  orderFixture,
  ordersServer,
  ravi,
  suresh,
} from '@/testing/orders-test-server.ts';

const placed = orderFixture({ number: 1001, placedAt: minutesAgo(12), billAmountPaise: 123_450 });
const placedEarlier = orderFixture({
  number: 1002,
  customerName: 'Bharat Shah',
  storeId: jayanagar.id,
  storeName: jayanagar.name,
  placedAt: minutesAgo(3 * 60 + 5),
});
const confirmed = orderFixture({
  number: 1003,
  customerName: 'Chitra Iyer',
  status: 1,
  dexId: ravi.id,
  dexName: ravi.name,
  placedAt: minutesAgo(2 * 24 * 60 + 30),
});
const pickedUp = orderFixture({
  number: 1004,
  customerName: 'Dev Menon',
  status: 2,
  dexId: meena.id,
  dexName: meena.name,
});
const delivered = orderFixture({ number: 1005, customerName: 'Esha Gupta', status: -2 });
const cancelled = orderFixture({ number: 1006, customerName: 'Farah Khan', status: -1 });
const all = [placed, placedEarlier, confirmed, pickedUp, delivered, cancelled];

function renderOrders(entry: string, overrides: Record<string, Handler> = {}, session = ownerSession) {
  const server = ordersServer(all, session);
  const api = mockApi({
    ...server.handlers,
    'GET /api/zones': () => json(200, { items: zones, total: zones.length }),
    // The top bar names a remembered zone by its id.
    ...Object.fromEntries(zones.map((zone) => [`GET /api/zones/${zone.id}`, () => json(200, zone)])),
    ...overrides,
  });
  return { ...renderApp(entry), api, server };
}

/** The whole console's first render in a test file can take a few seconds on a slow machine. */
beforeAll(() => loadScreensOf('/orders', '/orders/completed', '/orders/any'), LOADING_SCREENS_MS);

function rowOf(text: string) {
  const found = screen.getByText(text).closest('tr');
  if (!found) throw new Error(`no row for ${text}`);
  return found;
}

/** Checks order #1003, chooses Cancelled in Change status and saves: the question it then asks. */
async function askToCancel1003(user: ReturnType<typeof renderOrders>['user']) {
  await user.click(await screen.findByRole('checkbox', { name: 'Select order #1003' }));
  await user.click(screen.getByRole('button', { name: 'Change status' }));
  const dialog = await screen.findByRole('dialog', { name: 'Change status' });
  await user.click(within(dialog).getByRole('combobox', { name: 'New status' }));
  await user.click(await screen.findByRole('option', { name: 'Cancelled' }));
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  return screen.findByRole('dialog', { name: 'Cancel order #1003?' });
}
describe('orders', () => {
  it('lists the active orders with the title count, tab counts, amounts and time since placed', async () => {
    const { api } = renderOrders('/orders');

    expect(await screen.findByRole('heading', { level: 1, name: 'Orders (4)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All 4' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Placed 2' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Confirmed 1' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Picked Up 1' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Completed orders' })).toHaveAttribute(
      'href',
      '/orders/completed',
    );

    const row = rowOf('#1001');
    expect(within(row).getByText(placed.storeName)).toBeInTheDocument();
    expect(within(row).getByText('Asha Rao')).toBeInTheDocument();
    // The date with the time of day, in the business's time zone.
    const placedText = formatDateTime(placed.placedAt, 'Asia/Kolkata');
    expect(placedText).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d [AP]M$/);
    expect(within(row).getByText(placedText)).toBeInTheDocument();
    expect(within(row).getByText('Placed')).toHaveClass('MuiChip-label');
    expect(within(row).getByText('₹1,234.50')).toBeInTheDocument();
    expect(within(row).getByText('12 min')).toBeInTheDocument();
    expect(within(rowOf('#1002')).getByText('3 h')).toBeInTheDocument();
    expect(within(rowOf('#1003')).getByText('2 d')).toBeInTheDocument();
    expect(within(rowOf('#1003')).getByText('Confirmed')).toBeInTheDocument();
    expect(within(rowOf('#1004')).getByText('Picked Up')).toBeInTheDocument();
    expect(screen.queryByText('#1005')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '#1001' })).toHaveAttribute('href', `/orders/${placed.id}`);

    const request = api.callsTo('GET /api/orders')[0]?.query;
    expect(request?.get('view')).toBe('active');
    expect(request?.get('sort')).toBe('newest');
    expect(request?.get('pageSize')).toBe('10');
    expect(request?.has('zoneId')).toBe(false);
    expect(request?.has('status')).toBe(false);
  });

  it('puts the tab, sort and search in the URL and the request', async () => {
    const { user, router, api } = renderOrders('/orders');
    await screen.findByText('#1001', {});
    const lastRequest = () => api.callsTo('GET /api/orders').at(-1)?.query;

    await user.click(screen.getByRole('tab', { name: 'Confirmed 1' }));
    expect(router.state.location.search).toBe('?status=1');
    await waitFor(() => expect(lastRequest()?.get('status')).toBe('1'));
    await waitFor(() => expect(screen.queryByText('#1001')).not.toBeInTheDocument());
    expect(screen.getByText('#1003')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'All 4' }));
    expect(router.state.location.search).toBe('');

    await user.click(screen.getByRole('button', { name: 'Date' }));
    expect(router.state.location.search).toBe('?sort=oldest');
    await waitFor(() => expect(lastRequest()?.get('sort')).toBe('oldest'));
    await user.click(screen.getByRole('button', { name: 'Status' }));
    expect(router.state.location.search).toBe('?sort=status');
    await waitFor(() => expect(lastRequest()?.get('sort')).toBe('status'));
    await user.click(screen.getByRole('button', { name: 'Status' }));
    expect(router.state.location.search).toBe('?sort=-status');

    await user.type(screen.getByRole('searchbox', { name: 'Search order or customer' }), 'chitra{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=-status&q=chitra'));
    await waitFor(() => expect(lastRequest()?.get('q')).toBe('chitra'));
    await waitFor(() => expect(screen.queryByText('#1001')).not.toBeInTheDocument());
  });

  it('sorts by date or by status on a phone too, where one column holds each order', async () => {
    setViewportWidth(375);
    const { user, router } = renderOrders('/orders');
    const table = await screen.findByRole('table', { name: 'Orders' });
    const header = within(table).getByRole('columnheader', { name: /Sort by/ });
    expect(header).toHaveAttribute('aria-sort', 'descending');

    await user.click(within(header).getByRole('button', { name: 'Status' }));
    expect(router.state.location.search).toBe('?sort=status');
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    // Newest first is the default, which the address leaves out.
    await user.click(within(header).getByRole('button', { name: 'Date' }));
    expect(router.state.location.search).toBe('');
    expect(header).toHaveAttribute('aria-sort', 'descending');
  });

  it('offers the list as filtered, every page of it, as a CSV download', async () => {
    renderOrders(`/orders?status=1&q=chitra&storeId=${jayanagar.id}&page=2&pageSize=5`);
    const link = await screen.findByRole('link', { name: 'Export CSV' });
    const href = new URL(link.getAttribute('href')!, 'http://console.test');
    expect(href.pathname).toBe('/api/orders/export.csv');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      view: 'active',
      status: '1',
      storeId: jayanagar.id,
      q: 'chitra',
      sort: 'newest',
    });
    expect(link).toHaveAttribute('download');
  });

  it('filters by store and days, and clears the filters', async () => {
    const { user, router, api } = renderOrders('/orders?page=1');
    await screen.findByRole('heading', { level: 1, name: 'Orders (4)' });
    const lastRequest = () => api.callsTo('GET /api/orders').at(-1)?.query;

    await user.click(screen.getByRole('combobox', { name: 'Store' }));
    await user.click(await screen.findByRole('option', { name: jayanagar.name }));
    expect(router.state.location.search).toBe(`?storeId=${jayanagar.id}`);
    await waitFor(() => expect(lastRequest()?.get('storeId')).toBe(jayanagar.id));
    expect(await screen.findByText('#1002')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('#1001')).not.toBeInTheDocument());

    // Days are typed as the console shows them, DD/MM/YYYY.
    await user.type(screen.getByLabelText('From'), '01/03/2025');
    await user.type(screen.getByLabelText('To'), '7/3/2025');
    expect(screen.getByLabelText('From')).toHaveValue('01/03/2025');
    await waitFor(() => expect(lastRequest()?.get('to')).toBe('2025-03-07'));
    expect(lastRequest()?.get('from')).toBe('2025-03-01');
    expect(router.state.location.search).toBe(`?storeId=${jayanagar.id}&from=2025-03-01&to=2025-03-07`);

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('#1001')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Store' })).toHaveValue('');
  });

  it('names the store of a filter opened from a link', async () => {
    renderOrders(`/orders?storeId=${jayanagar.id}`);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Store' })).toHaveValue(jayanagar.name));
  });

  it("passes the owner's zone to the list", async () => {
    localStorage.setItem(`storedesk:zone:${ownerSession.user.id}`, 'z2');
    const { api } = renderOrders('/orders');

    await screen.findByText('#1001', {});
    await waitFor(() =>
      expect(api.callsTo('GET /api/orders').some((call) => call.query.get('zoneId') === 'z2')).toBe(true),
    );
  });

  it('shows a change made elsewhere when the orders live event arrives', async () => {
    const { server, queryClient } = renderOrders('/orders');
    await screen.findByText('#1001', {});

    server.replace(placed.id, { status: 1, dexId: ravi.id, dexName: ravi.name, version: 2 });
    act(() =>
      applyLiveEvent(queryClient, {
        id: '7',
        topic: 'orders',
        action: 'status',
        recordId: placed.id,
        zoneId: placed.zoneId,
        at: new Date().toISOString(),
      }),
    );

    await waitFor(() => expect(within(rowOf('#1001')).getByText('Confirmed')).toBeInTheDocument());
    expect(screen.getByRole('tab', { name: 'Confirmed 2' })).toBeInTheDocument();
  });

  it('pages through the list with the page and page size in the URL', async () => {
    const { user, router, api } = renderOrders('/orders?pageSize=5');
    await screen.findByText('#1001', {});
    expect(api.callsTo('GET /api/orders')[0]?.query.get('pageSize')).toBe('5');

    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    await user.click(await screen.findByRole('option', { name: '25' }));
    expect(router.state.location.search).toBe('?pageSize=25');
  });

  it('opens an order from More, or its Update Order dialog', async () => {
    const { user, router } = renderOrders('/orders');

    await user.click(await screen.findByRole('button', { name: 'More for order #1003' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Update Order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Order #1003' });
    expect(within(dialog).getByRole('button', { name: /^Placed/ })).toBeInTheDocument();
    expect(
      within(dialog).getAllByRole('button', { name: /^(Placed|Confirmed|Picked Up|Delivered|Cancelled)/ }),
    ).toHaveLength(5);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'More for order #1003' }));
    await user.click(await screen.findByRole('menuitem', { name: 'View Order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/orders/${confirmed.id}`));
  });

  it('changes the status of the checked orders together, then clears the selection', async () => {
    const { user, api } = renderOrders('/orders');
    await screen.findByText('#1001', {});

    await user.click(screen.getByRole('checkbox', { name: 'Select order #1001' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select order #1002' }));
    expect(screen.getByRole('status')).toHaveTextContent('2 orders selected');
    await user.click(screen.getByRole('button', { name: 'Change status' }));

    const dialog = await screen.findByRole('dialog', { name: 'Change status' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'New status' }));
    await user.click(await screen.findByRole('option', { name: 'Confirmed' }));
    // Confirmed needs a delivery executive of the orders' zone.
    expect(save).toBeDisabled();
    await user.click(await within(dialog).findByRole('radio', { name: /Meena Das/ }));
    expect(within(dialog).queryByRole('radio', { name: new RegExp(suresh.name) })).not.toBeInTheDocument();
    await user.click(save);

    expect(await screen.findByText('2 orders are Confirmed')).toBeInTheDocument();
    expect(api.callsTo('POST /api/orders/status')[0]?.body).toEqual({
      orders: [
        { id: placed.id, version: placed.version },
        { id: placedEarlier.id, version: placedEarlier.version },
      ],
      status: 1,
      dexId: meena.id,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('2 orders selected')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Confirmed 3' })).toBeInTheDocument());
    expect(screen.getByRole('checkbox', { name: 'Select order #1001' })).not.toBeChecked();
  });

  it('moves checked orders that all have an executive to Picked Up without choosing one', async () => {
    const { user, api } = renderOrders('/orders');
    await user.click(await screen.findByRole('checkbox', { name: 'Select order #1003' }));
    await user.click(screen.getByRole('button', { name: 'Change status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change status' });

    await user.click(within(dialog).getByRole('combobox', { name: 'New status' }));
    await user.click(await screen.findByRole('option', { name: 'Picked Up' }));
    await user.click(await within(dialog).findByRole('radio', { name: 'Keep each order’s executive' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('1 order is Picked Up')).toBeInTheDocument();
    expect(api.callsTo('POST /api/orders/status')[0]?.body).toEqual({
      orders: [{ id: confirmed.id, version: confirmed.version }],
      status: 2,
    });
  });

  it('asks before cancelling checked orders, naming them; Back keeps them as they are', async () => {
    const { user, api } = renderOrders('/orders');
    const ask = await askToCancel1003(user);
    expect(ask).toHaveTextContent(
      "Order #1003 will be Cancelled. It is then closed for good: this can't be undone.",
    );
    expect(within(ask).getByRole('button', { name: 'Back' })).toHaveFocus();
    expect(within(ask).getByRole('button', { name: 'Yes, cancel order #1003' })).toBeInTheDocument();
    await user.click(within(ask).getByRole('button', { name: 'Back' }));

    expect(await screen.findByRole('dialog', { name: 'Change status' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/orders/status')).toHaveLength(0);
  });

  it('cancels checked orders only with a reason, sent with the change', async () => {
    const { user, api } = renderOrders('/orders');
    const ask = await askToCancel1003(user);
    await user.click(within(ask).getByRole('button', { name: 'Yes, cancel order #1003' }));
    expect(await within(ask).findByText('Choose why the order is cancelled')).toBeInTheDocument();
    expect(api.callsTo('POST /api/orders/status')).toHaveLength(0);
    await user.click(within(ask).getByRole('combobox', { name: /^Reason/ }));
    await user.click(await screen.findByRole('option', { name: 'No delivery executive free' }));
    await user.click(within(ask).getByRole('button', { name: 'Yes, cancel order #1003' }));

    expect(await screen.findByText('1 order is Cancelled')).toBeInTheDocument();
    expect(api.callsTo('POST /api/orders/status')[0]?.body).toEqual({
      orders: [{ id: confirmed.id, version: confirmed.version }],
      status: -1,
      reason: 'NO_EXECUTIVE',
    });
  });

  it('names the orders that changed since they were chosen, and changes none', async () => {
    const { user, server, queryClient, api } = renderOrders('/orders');
    await user.click(await screen.findByRole('checkbox', { name: 'Select order #1001' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select order #1002' }));
    await user.click(screen.getByRole('button', { name: 'Change status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change status' });
    // Meanwhile a colleague cancels #1002.
    const path = `/api/orders/${placedEarlier.id}/status`;
    await server.handlers[`POST ${path}`]!({
      method: 'POST',
      path,
      query: new URLSearchParams(),
      body: { status: -1, version: placedEarlier.version },
    });
    // The list behind the dialog follows live; the dialog keeps the orders as chosen.
    const listReads = api.callsTo('GET /api/orders').length;
    act(() =>
      applyLiveEvent(queryClient, {
        id: '8',
        topic: 'orders',
        action: 'status',
        recordId: placedEarlier.id,
        zoneId: placedEarlier.zoneId,
        at: new Date().toISOString(),
      }),
    );
    await waitFor(() => expect(api.callsTo('GET /api/orders').length).toBeGreaterThan(listReads));

    await user.click(within(dialog).getByRole('combobox', { name: 'New status' }));
    await user.click(await screen.findByRole('option', { name: 'Delivered' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const ask = await screen.findByRole('dialog', { name: 'Mark 2 orders delivered?' });
    expect(ask).toHaveTextContent(
      "Orders #1001 and #1002 will be Delivered. They are then closed for good: this can't be undone.",
    );
    await user.click(within(ask).getByRole('button', { name: 'Yes, mark 2 orders delivered' }));

    expect(
      await within(dialog).findByText(
        'Order #1002 has changed since you chose it. Nothing was changed: check the orders again.',
      ),
    ).toBeInTheDocument();
    expect(server.order(placed.id)).toMatchObject({ status: placed.status, version: placed.version });
  });

  it('says why the bulk change was refused and keeps the selection', async () => {
    const { user } = renderOrders('/orders', {
      'POST /api/orders/status': () => apiError(409, 'conflict', messages.orderClosed),
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select order #1001' }));
    await user.click(screen.getByRole('button', { name: 'Change status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change status' });
    await user.click(within(dialog).getByRole('combobox', { name: 'New status' }));
    await user.click(await screen.findByRole('option', { name: 'Delivered' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await user.click(within(dialog).getByRole('button', { name: 'Yes, mark #1001 delivered' }));

    expect(await within(dialog).findByText(messages.orderClosed)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('checkbox', { name: 'Select order #1001' })).toBeChecked();
  });

  it('says when there are no active orders, and when none match', async () => {
    const { user } = renderOrders('/orders', {
      'GET /api/orders': () =>
        json(200, { items: [], total: 0, counts: { all: 0, placed: 0, confirmed: 0, pickedUp: 0 } }),
    });
    expect(await screen.findByText('No active orders', {})).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Orders (0)' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Placed 0' }));
    expect(await screen.findByText('No orders match these filters')).toBeInTheDocument();
  });

  it('says what failed when the orders cannot be loaded, and retries', async () => {
    let fail = true;
    const server = ordersServer(all, ownerSession);
    const { user } = renderOrders('/orders', {
      'GET /api/orders': (call) =>
        fail ? apiError(500, 'internal', messages.internal) : server.handlers['GET /api/orders']!(call),
    });

    expect(await screen.findByText('Could not load the orders', {})).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('#1001')).toBeInTheDocument();
  });
});

describe('completed orders', () => {
  it('lists closed orders with when they closed, without checkboxes or Update Order, with Back and the same filters', async () => {
    const { user, router, api } = renderOrders('/orders/completed');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Completed orders (2)' }),
    ).toBeInTheDocument();
    expect(within(rowOf('#1005')).getByText('Delivered')).toBeInTheDocument();
    expect(within(rowOf('#1006')).getByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByText('#1001')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    // A closed order shows when it closed, not the time since it was placed.
    expect(screen.getByRole('columnheader', { name: 'Closed' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Since placed' })).not.toBeInTheDocument();
    // Its More offers the order and its printouts, not Update Order.
    await user.click(within(rowOf('#1005')).getByRole('button', { name: 'More for order #1005' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['View Order', 'Print kitchen ticket', 'Print bill']);
    expect(within(menu).getByRole('menuitem', { name: 'Print bill' })).toHaveAttribute(
      'href',
      `/orders/${rowOf('#1005').querySelector('a')!.getAttribute('href')!.split('/')[2]}/print/bill?print=1`,
    );
    await user.keyboard('{Escape}');
    expect(api.callsTo('GET /api/orders')[0]?.query.get('view')).toBe('completed');

    await user.click(screen.getByRole('button', { name: 'Date' }));
    expect(router.state.location.search).toBe('?sort=oldest');
    await waitFor(() => expect(api.callsTo('GET /api/orders').at(-1)?.query.get('sort')).toBe('oldest'));
    expect(api.callsTo('GET /api/orders').at(-1)?.query.get('view')).toBe('completed');

    await user.click(screen.getByRole('link', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
  });
});

describe('the orders in the language chosen', () => {
  it('speaks Hindi on a computer, in the list and in changing a status', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    const { user } = renderOrders('/orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'ऑर्डर (4)' })).toBeInTheDocument();
    expect(screen.getByRole('tablist', { name: 'ऑर्डर की स्थिति' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'सभी 4' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'ऑर्डर आया 2' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'पिकअप हो गया 1' })).toBeInTheDocument();
    // The table's scrolling box is named in the language too.
    expect(screen.getByRole('region', { name: 'ऑर्डर, तालिका' })).toContainElement(
      screen.getByRole('table', { name: 'ऑर्डर' }),
    );
    expect(
      within(screen.getByRole('table', { name: 'ऑर्डर' }))
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['', 'ऑर्डर ID', 'स्टोर', 'ग्राहक', 'तारीख', 'स्थिति', 'बिल राशि', 'ऑर्डर के बाद से', 'और']);
    const row = rowOf('#1001');
    expect(within(row).getByText('ऑर्डर आया')).toHaveClass('MuiChip-label');
    expect(within(row).getByText('₹1,234.50')).toBeInTheDocument();
    // Placed 12 minutes before the file began: more by now on a slow machine.
    expect(within(row).getByText(/^\d+ मिनट$/)).toBeInTheDocument();
    expect(within(rowOf('#1002')).getByText('3 घंटे')).toBeInTheDocument();
    expect(within(rowOf('#1003')).getByText('2 दिन')).toBeInTheDocument();
    // The date and time in Hindi's words for the time of day, still DD/MM/YYYY in the business's zone.
    expect(within(row).getByText(/^\d\d\/\d\d\/\d{4}, \d\d:\d\d \S+$/)).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'ऑर्डर या ग्राहक खोजें' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'से' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'आज' })).toBeInTheDocument();
    expect(screen.getByText('प्रति पेज पंक्तियाँ:')).toBeInTheDocument();
    expect(screen.getByText('4 में से 1–4')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'ऑर्डर #1001 चुनें' })).toBeInTheDocument();

    // Changing a status, up to the question before a cancel.
    await user.click(screen.getByRole('checkbox', { name: 'ऑर्डर #1003 चुनें' }));
    expect(screen.getByRole('status')).toHaveTextContent('1 ऑर्डर चुना गया');
    await user.click(screen.getByRole('button', { name: 'स्थिति बदलें' }));
    const dialog = await screen.findByRole('dialog', { name: 'स्थिति बदलें' });
    expect(dialog).toHaveTextContent('1 ऑर्डर की नई स्थिति। या तो सब बदलेंगे या कोई नहीं।');
    await user.click(within(dialog).getByRole('combobox', { name: 'नई स्थिति' }));
    await user.click(await screen.findByRole('option', { name: 'रद्द' }));
    await user.click(within(dialog).getByRole('button', { name: 'सेव करें' }));
    const question = await screen.findByRole('dialog', { name: 'ऑर्डर #1003 रद्द करें?' });
    expect(question).toHaveTextContent(
      'ऑर्डर #1003 रद्द हो जाएगा। फिर यह हमेशा के लिए बंद हो जाएगा: इसे वापस नहीं किया जा सकता।',
    );
    await user.click(within(question).getByRole('combobox', { name: 'कारण' }));
    expect(await screen.findByRole('option', { name: 'सामान स्टॉक में नहीं' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(within(question).getByRole('button', { name: 'वापस' }));
  });

  it('speaks Kannada on a phone', async () => {
    localStorage.setItem('storedesk:console:language', '"kn"');
    setViewportWidth(375);
    renderOrders('/orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'ಆರ್ಡರ್‌ಗಳು (4)' })).toBeInTheDocument();
    const compact = rowOf('#1001');
    expect(within(compact).getByText('ಆರ್ಡರ್ ಆಗಿದೆ')).toBeInTheDocument();
    expect(compact).toHaveTextContent(/\d+ ನಿಮಿಷದ ಹಿಂದೆ/);
    expect(screen.getByText('ವಿಂಗಡಣೆ')).toBeInTheDocument();
  });
});
