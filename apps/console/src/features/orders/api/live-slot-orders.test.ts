import type { LiveEvent } from '@storedesk/shared/events/schemas';
import { OrderStatus } from '@storedesk/shared/orders';
import { orderChangeOf } from '@storedesk/shared/orders/changes';
import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import { describe, expect, it } from 'vitest';
import type { LiveOutcome } from '@/lib/live-events.ts';
import { jayanagar, orderFixture, summaryOf } from '@/testing/orders-test-server.ts';
import { kolkataSlot } from '@/features/orders/testing/slot-orders-server.ts';
import type { SlotOrders, SlotOrdersScope } from './live-slot-orders.ts';
import { followSlotOrders } from './live-slot-orders.ts';

const nine = kolkataSlot('2026-12-01', '09:00', '10:00');
const eight = kolkataSlot('2026-12-01', '08:00', '09:00');
const scope: SlotOrdersScope = {
  days: ['2026-12-01'],
  storeId: undefined,
  zoneId: undefined,
  keeps: (status) => status !== OrderStatus.Cancelled,
};
const follow = followSlotOrders(scope, 'Asia/Kolkata');

const asha = orderFixture({ number: 5001, slot: nine });
const board: SlotOrders = { items: [summaryOf(asha)] };

/** The event of `order` after `changes`, one version on. */
function eventOf(order: OrderDetail, changes: Partial<OrderDetail>, action = 'status'): LiveEvent {
  const after = { ...order, ...changes, version: order.version + (action === 'created' ? 0 : 1) };
  return {
    id: '1',
    topic: 'orders',
    action,
    recordId: order.id,
    zoneId: order.zoneId,
    at: new Date().toISOString(),
    change: orderChangeOf(after),
  };
}

/** What a board shows after an outcome taken in place: each order's number, status and version. */
function shown(outcome: LiveOutcome) {
  if (typeof outcome === 'string') throw new Error(`not taken in place: ${outcome}`);
  return (outcome.data as SlotOrders).items.map((order) => [order.number, order.status, order.version]);
}

describe('followSlotOrders', () => {
  it('takes a change of an order it holds in place, and lets a cancelled one go', () => {
    expect(shown(follow(eventOf(asha, { status: OrderStatus.Confirmed }), board))).toEqual([
      [5001, OrderStatus.Confirmed, 2],
    ]);
    expect(shown(follow(eventOf(asha, { status: OrderStatus.Cancelled, state: 0 }), board))).toEqual([]);
    // A change it has seen already.
    expect(follow(eventOf(asha, {}, 'created'), board)).toBe('unchanged');
  });

  it('adds a new booking of its day in slot order, and passes over one of another day or store', () => {
    const early = orderFixture({ number: 5002, slot: eight });
    expect(shown(follow(eventOf(early, {}, 'created'), board))).toEqual([
      [5002, OrderStatus.Placed, 1],
      [5001, OrderStatus.Placed, 1],
    ]);
    const tomorrow = orderFixture({ number: 5003, slot: kolkataSlot('2026-12-02', '09:00', '10:00') });
    expect(follow(eventOf(tomorrow, {}, 'created'), board)).toBe('unchanged');
    const asap = orderFixture({ number: 5004 });
    expect(follow(eventOf(asap, {}, 'created'), board)).toBe('unchanged');
    const elsewhere = orderFixture({ number: 5005, slot: nine, storeId: jayanagar.id });
    const oneStore = followSlotOrders({ ...scope, storeId: asha.storeId }, 'Asia/Kolkata');
    expect(oneStore(eventOf(elsewhere, {}, 'created'), board)).toBe('unchanged');
  });

  it('asks again for an order that enters its days by a change, and for an event without the change', () => {
    const unseen = orderFixture({ number: 5006, slot: nine });
    expect(follow(eventOf(unseen, { status: OrderStatus.Confirmed }), board)).toBe('refetch-soon');
    const { change: _change, ...bare } = eventOf(asha, { status: OrderStatus.Confirmed });
    expect(follow(bare, board)).toBe('refetch-soon');
  });
});
