/**
 * Orders' live events carry the change (ADR 0051): an open list and an open order take it in
 * place without asking the server; a page whose membership it changes is asked once; a change
 * this tab made is not fetched again when its event comes.
 */
import type { LiveEvent } from '@storedesk/shared/events/schemas';
import { orderChangeOf } from '@storedesk/shared/orders/changes';
import { OrderStatus } from '@storedesk/shared/orders';
import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyLiveEvent, REFETCH_SOON_MS } from '@/lib/live-events.ts';
import { adminSession } from '@/testing/fixtures.ts';
import { mockApi } from '@/testing/mock-api.ts';
import {
  jayanagar,
  meena,
  minutesAgo,
  orderFixture,
  ordersServer,
  ravi,
} from '@/testing/orders-test-server.ts';
import { LOADING_SCREENS_MS, loadScreensOf, renderApp } from '@/testing/render-app.tsx';

const placed = orderFixture({ number: 2001, customerName: 'Asha Rao', placedAt: minutesAgo(12) });
const placedToo = orderFixture({ number: 2002, customerName: 'Bharat Shah', placedAt: minutesAgo(20) });
const confirmed = orderFixture({
  number: 2003,
  customerName: 'Chitra Iyer',
  status: OrderStatus.Confirmed,
  dexId: ravi.id,
  dexName: ravi.name,
  version: 2,
});
const elsewhere = orderFixture({
  number: 2004,
  customerName: 'Dev Menon',
  storeId: jayanagar.id,
  storeName: jayanagar.name,
});

beforeAll(() => loadScreensOf('/orders', '/orders/any'), LOADING_SCREENS_MS);

function render(entry: string, orders = [placed, placedToo, confirmed, elsewhere]) {
  const server = ordersServer(orders, adminSession);
  const api = mockApi(server.handlers);
  return { ...renderApp(entry), api, server };
}

type Server = ReturnType<typeof render>['server'];
let eventId = 500;

/** Someone else changes an order on the server; answers its live event, carrying the change. */
function changedElsewhere(
  server: Server,
  orderId: string,
  changes: Partial<OrderDetail> & { note?: string },
): LiveEvent {
  const before = server.order(orderId)!;
  const { note = null, ...fields } = changes;
  const status = fields.status ?? before.status;
  const after: OrderDetail = {
    ...before,
    ...fields,
    version: before.version + 1,
    timeline: [
      ...before.timeline,
      {
        id: ++eventId,
        fromStatus: before.status,
        toStatus: status === before.status ? null : status,
        dexName: fields.dexName ?? null,
        note,
        reason: null,
        kind: null,
        actorName: 'Kiran Rao',
        at: new Date().toISOString(),
      },
    ],
  };
  server.replace(orderId, after);
  return {
    id: String(eventId),
    topic: 'orders',
    action: 'status',
    recordId: orderId,
    zoneId: after.zoneId,
    at: new Date().toISOString(),
    change: orderChangeOf(after),
  };
}

const rowOf = (number: number) => {
  const row = screen.getByText(`#${number}`).closest('tr');
  if (!row) throw new Error(`no row for #${number}`);
  return row;
};

/**
 * Past any read the event just applied put off by the once-a-second limit: that read's timer was set
 * before this one, for no later (REFETCH_SOON_MS at most), and asks in its own turn, so it has been
 * asked by the time this one fires, however slow the machine.
 */
const pastRefetchSoon = () => new Promise((resolve) => setTimeout(resolve, REFETCH_SOON_MS + 200));

describe('orders follow live events in place', () => {
  it('a status change made elsewhere updates the open list, its row and its tab counts, without a request', async () => {
    const { api, server, queryClient } = render('/orders');
    await screen.findByText('#2001');
    expect(screen.getByRole('tab', { name: 'Placed 3' })).toBeInTheDocument();
    const reads = api.calls.length;

    const event = changedElsewhere(server, placed.id, {
      status: OrderStatus.Confirmed,
      state: 1,
      dexId: meena.id,
      dexName: meena.name,
    });
    act(() => applyLiveEvent(queryClient, event));

    await waitFor(() => expect(within(rowOf(2001)).getByText('Confirmed')).toBeInTheDocument());
    expect(screen.getByRole('tab', { name: 'All 4' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Placed 2' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Confirmed 2' })).toBeInTheDocument();
    await pastRefetchSoon();
    expect(api.calls.slice(reads)).toEqual([]);
  });

  it('an open order page takes the change and its timeline entry without a request', async () => {
    const { api, server, queryClient } = render(`/orders/${placed.id}`);
    const timeline = await screen.findByRole('list', { name: 'Timeline' });
    const reads = api.calls.length;

    const event = changedElsewhere(server, placed.id, {
      status: OrderStatus.Confirmed,
      state: 1,
      dexId: ravi.id,
      dexName: ravi.name,
      note: 'Customer asked for the back door',
    });
    act(() => applyLiveEvent(queryClient, event));

    expect(await within(timeline).findByText('Customer asked for the back door')).toBeInTheDocument();
    expect(within(timeline).getByText(/Kiran Rao/)).toBeInTheDocument();
    expect(screen.getByText(ravi.name, { selector: 'dd' })).toBeInTheDocument();
    // The same event again (a replay after a reconnect) adds nothing.
    act(() => applyLiveEvent(queryClient, event));
    await pastRefetchSoon();
    expect(within(timeline).getAllByText('Customer asked for the back door')).toHaveLength(1);
    expect(api.calls.slice(reads)).toEqual([]);
  });

  it('a tab the change takes the order out of is asked again once, and shows it gone', async () => {
    const { api, server, queryClient } = render(`/orders?status=${OrderStatus.Placed}`);
    await screen.findByText('#2001');
    const listReads = () => api.callsTo('GET /api/orders').length;
    const before = listReads();

    const event = changedElsewhere(server, placed.id, {
      status: OrderStatus.Confirmed,
      state: 1,
      dexId: ravi.id,
      dexName: ravi.name,
    });
    act(() => applyLiveEvent(queryClient, event));
    await waitFor(() => expect(screen.queryByText('#2001')).not.toBeInTheDocument());
    // Delivered twice (a replay), it is still one read.
    act(() => applyLiveEvent(queryClient, event));
    await pastRefetchSoon();
    expect(listReads()).toBe(before + 1);
    expect(screen.getByText('#2002')).toBeInTheDocument();
  });

  it('a list filtered to another store asks for no orders when an order of this one is cancelled', async () => {
    const { api, server, queryClient } = render(`/orders?storeId=${jayanagar.id}`);
    await screen.findByText('#2004');
    const reads = api.calls.length;

    act(() =>
      applyLiveEvent(
        queryClient,
        changedElsewhere(server, placed.id, {
          status: OrderStatus.Cancelled,
          state: 0,
          closedAt: minutesAgo(0),
        }),
      ),
    );
    await pastRefetchSoon();
    // Only the Low stock badge asks again: a cancel gives the order's stock back.
    expect(api.calls.slice(reads).map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/stock/low',
    ]);
  });

  it('many changes of orders the page does not show make at most one read a second', async () => {
    // Five orders fill the first page; #2002 is on the second.
    const firstPage = [2011, 2012, 2013, 2014, 2015].map((number) => orderFixture({ number }));
    const { api, server, queryClient } = render('/orders?pageSize=5', [...firstPage, placedToo]);
    await screen.findByText('#2011');
    expect(screen.queryByText('#2002')).not.toBeInTheDocument();
    const before = api.callsTo('GET /api/orders').length;

    // Each move changes the tab counts, which this page cannot know.
    const moves = [OrderStatus.Confirmed, OrderStatus.PickedUp, OrderStatus.Confirmed, OrderStatus.PickedUp];
    for (const status of moves) {
      act(() =>
        applyLiveEvent(
          queryClient,
          changedElsewhere(server, placedToo.id, { status, state: 1, dexId: ravi.id, dexName: ravi.name }),
        ),
      );
    }
    // One read at once, and one more at the end of the second for what came meanwhile.
    await waitFor(() => expect(api.callsTo('GET /api/orders').length).toBe(before + 1));
    await pastRefetchSoon();
    expect(api.callsTo('GET /api/orders').length).toBe(before + 2);
    expect(screen.getByRole('tab', { name: 'Picked Up 1' })).toBeInTheDocument();
  });

  it('a change made here is shown from the answer, and its event brings no request', async () => {
    const { api, server, queryClient, user } = render(`/orders/${confirmed.id}`);
    const note = await screen.findByRole('textbox', { name: 'Add note' });
    await user.type(note, 'Left at the gate{Enter}');
    expect(await screen.findByText('Note added')).toBeInTheDocument();
    const reads = api.calls.length;

    const saved = server.order(confirmed.id)!;
    act(() =>
      applyLiveEvent(queryClient, {
        id: '900',
        topic: 'orders',
        action: 'status',
        recordId: saved.id,
        zoneId: saved.zoneId,
        at: new Date().toISOString(),
        change: orderChangeOf(saved),
      }),
    );
    await pastRefetchSoon();
    expect(api.calls.slice(reads)).toEqual([]);
    expect(
      within(screen.getByRole('list', { name: 'Timeline' })).getAllByText('Left at the gate'),
    ).toHaveLength(1);
  });
});
