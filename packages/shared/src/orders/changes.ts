/*
 * Kept apart from events/schemas.ts (zod): the console's shell follows orders' events with it,
 * and zod stays out of the shell's chunk (ADR 0028).
 */
import type { OrderChange } from '../events/schemas.ts';
import type { OrderDetail } from './schemas.ts';

/** An order's change as its event carries it, from the order as its page shows it after the change. */
export function orderChangeOf(order: OrderDetail): OrderChange {
  const entry = order.timeline.at(-1);
  if (!entry) throw new Error(`order ${order.id} has no timeline`);
  return {
    order: {
      id: order.id,
      number: order.number,
      zoneId: order.zoneId,
      storeId: order.storeId,
      storeName: order.storeName,
      customerName: order.customerName,
      placedAt: order.placedAt,
      status: order.status,
      state: order.state,
      billAmountPaise: order.billAmountPaise,
      dexId: order.dexId,
      dexName: order.dexName,
      version: order.version,
      closedAt: order.closedAt,
      slot: order.slot,
      paidAt: order.paidAt,
      paidByName: order.paidByName,
      paidPaise: order.paidPaise,
      refundedPaise: order.refundedPaise,
      rating: order.rating,
    },
    timelineEntry: entry,
  };
}
