import type { LiveEvent } from '@storedesk/shared/events/schemas';
import { orderChangeOf } from '@storedesk/shared/orders/changes';
import { OrderStatus } from '@storedesk/shared/orders';
import type { OrderDetail, OrderListResponse } from '@storedesk/shared/orders/schemas';
import { describe, expect, it } from 'vitest';
import { followDashboard } from '@/features/dashboard/api/get-dashboard.ts';
import { jayanagar, orderFixture, ravi, summaryOf } from '@/testing/orders-test-server.ts';
import type { OrdersQuery } from './get-orders.ts';
import { followOrder, followOrdersList, matchesOrderFilters } from './live-orders.ts';

const query: OrdersQuery = {
  view: 'active',
  status: undefined,
  storeId: undefined,
  from: undefined,
  to: undefined,
  q: '',
  sort: 'newest',
  page: 0,
  pageSize: 10,
  zoneId: undefined,
};

/** The event of `order` moved to `changes`, with the entry the move added. */
function moved(order: OrderDetail, changes: Partial<OrderDetail>, action = 'status'): LiveEvent {
  const status = changes.status ?? order.status;
  const after: OrderDetail = {
    ...order,
    ...changes,
    version: order.version + 1,
    timeline: [
      ...order.timeline,
      {
        id: 99,
        fromStatus: action === 'created' ? null : order.status,
        toStatus: status === order.status && action !== 'created' ? null : status,
        dexName: null,
        note: null,
        reason: null,
        kind: null,
        actorName: 'Kiran Rao',
        at: '2026-11-27T06:00:00.000Z',
      },
    ],
  };
  return {
    id: '1',
    topic: 'orders',
    action,
    recordId: order.id,
    zoneId: order.zoneId,
    at: '2026-11-27T06:00:00.000Z',
    change: orderChangeOf(after),
  };
}

const listOf = (orders: OrderDetail[], total = orders.length): OrderListResponse => ({
  items: orders.map(summaryOf),
  total,
  counts: { all: total, placed: total, confirmed: 0, pickedUp: 0 },
});

describe('an orders list follows events', () => {
  const shown = orderFixture({ number: 3001 });
  const other = orderFixture({ number: 3002 });

  it('ignores what it already shows, and asks again for an event without the change', () => {
    const follow = followOrdersList(query, 'Asia/Kolkata');
    const event = moved(shown, { status: OrderStatus.Confirmed, dexId: ravi.id, dexName: ravi.name });
    const list = listOf([{ ...shown, version: 2 }]);
    expect(follow(event, list)).toBe('unchanged');
    expect(follow({ ...event, change: undefined }, list)).toBe('refetch-soon');
  });

  it('asks again when a list sorted by status would move the row', () => {
    const follow = followOrdersList({ ...query, sort: 'status' }, 'Asia/Kolkata');
    const event = moved(shown, { status: OrderStatus.Confirmed, dexId: ravi.id, dexName: ravi.name });
    expect(follow(event, listOf([shown]))).toBe('refetch-soon');
  });

  it('a new order: the tabs of an active list count it, so they are asked again; a completed list has nothing to do', () => {
    const event = moved(other, {}, 'created');
    expect(followOrdersList(query, 'UTC')(event, listOf([shown]))).toBe('refetch-soon');
    const completed = { items: [], total: 0 };
    expect(followOrdersList({ ...query, view: 'completed' }, 'UTC')(event, completed)).toBe('unchanged');
  });

  it('a payment or a note of an order on another page changes nothing this page shows', () => {
    const event = moved(other, { paidAt: '2026-11-27T06:00:00.000Z', paidByName: 'Kiran Rao' }, 'updated');
    expect(followOrdersList(query, 'UTC')(event, listOf([shown], 2))).toBe('unchanged');
  });

  it('a delivery entering the completed list asks for it again', () => {
    const event = moved(other, { status: OrderStatus.Delivered, state: 0 });
    expect(followOrdersList({ ...query, view: 'completed' }, 'UTC')(event, { items: [], total: 0 })).toBe(
      'refetch-soon',
    );
  });
});

describe('whether an order matches a list’s filters', () => {
  // 23:50 in Kolkata on the 26th is 18:20 UTC: the business's day, not UTC's, decides.
  const late = summaryOf(orderFixture({ number: 3003, placedAt: '2026-11-26T18:20:00.000Z' }));

  it('takes the days in the business’s time zone', () => {
    expect(
      matchesOrderFilters(late, { ...query, from: '2026-11-26', to: '2026-11-26' }, 'Asia/Kolkata'),
    ).toBe(true);
    expect(matchesOrderFilters(late, { ...query, from: '2026-11-27' }, 'Asia/Kolkata')).toBe(false);
    expect(matchesOrderFilters(late, { ...query, from: '2026-11-27' }, 'Pacific/Kiritimati')).toBe(true);
  });

  it('by store and zone; a search by name or number, and cannot tell for one that may be a phone', () => {
    expect(matchesOrderFilters(late, { ...query, storeId: jayanagar.id }, 'UTC')).toBe(false);
    expect(matchesOrderFilters(late, { ...query, zoneId: 'another-zone' }, 'UTC')).toBe(false);
    expect(matchesOrderFilters(late, { ...query, q: 'asha' }, 'UTC')).toBe(true);
    expect(matchesOrderFilters(late, { ...query, q: '#3003' }, 'UTC')).toBe(true);
    expect(matchesOrderFilters(late, { ...query, q: '98123' }, 'UTC')).toBe('unknown');
  });
});

describe('an order page follows events', () => {
  const order = orderFixture({ number: 3004 });
  const follow = followOrder(order.id);

  it('takes its own next change, and nothing of another order', () => {
    const event = moved(order, { status: OrderStatus.Confirmed, dexId: ravi.id, dexName: ravi.name });
    const outcome = follow(event, order);
    expect(outcome).toEqual({
      data: {
        ...order,
        status: OrderStatus.Confirmed,
        dexId: ravi.id,
        dexName: ravi.name,
        version: 2,
        timeline: [...order.timeline, event.change!.timelineEntry],
      },
    });
    expect(followOrder('another')(event, order)).toBe('unchanged');
  });

  it('asks again when a change in between was missed', () => {
    const event = moved({ ...order, version: 2 }, { status: OrderStatus.PickedUp });
    expect(follow(event, order)).toBe('refetch');
  });
});

describe('the dashboard follows events', () => {
  const order = orderFixture({ number: 3005, status: OrderStatus.Confirmed, dexId: ravi.id });
  const follow = followDashboard({ zoneId: undefined });

  it('asks again for new and closed orders only', () => {
    expect(follow(moved(order, {}, 'created'), {})).toBe('refetch-soon');
    expect(follow(moved(order, { status: OrderStatus.Delivered, state: 0 }), {})).toBe('refetch-soon');
    expect(follow(moved(order, { status: OrderStatus.PickedUp }), {})).toBe('unchanged');
    expect(follow(moved(order, { note: 'x' }), {})).toBe('unchanged');
  });

  it('leaves another zone’s figures alone', () => {
    const event = moved(order, { status: OrderStatus.Cancelled, state: 0 });
    expect(followDashboard({ zoneId: 'z-other' })(event, {})).toBe('unchanged');
    expect(followDashboard({ zoneId: order.zoneId })(event, {})).toBe('refetch-soon');
  });
});
