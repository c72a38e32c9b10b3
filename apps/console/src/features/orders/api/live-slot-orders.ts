import { businessDay } from '@storedesk/shared/dates';
import type { OrderStatus } from '@storedesk/shared/orders';
import type { OrderSummary } from '@storedesk/shared/orders/schemas';
import type { LiveFollower } from '@/lib/live-events.ts';
import { bySlot } from './get-slot-orders.ts';
import { rowOf } from './live-orders.ts';

/** Every order booked for the slots of some days that a board or the alert holds, earliest slot first. */
export type SlotOrders = { items: OrderSummary[] };

/** Which booked orders a query holds: of these days, this store and zone, at these statuses. */
export type SlotOrdersScope = {
  days: readonly string[];
  storeId: string | undefined;
  zoneId: string | undefined;
  keeps: (status: OrderStatus) => boolean;
};

function holds(order: OrderSummary, scope: SlotOrdersScope, timeZone: string): boolean {
  return (
    order.slot !== null &&
    scope.days.includes(businessDay(order.slot.startsAt, timeZone)) &&
    (!scope.zoneId || order.zoneId === scope.zoneId) &&
    (!scope.storeId || order.storeId === scope.storeId) &&
    scope.keeps(order.status)
  );
}

/**
 * How a query of whole days of booked orders follows orders' events (ADR 0051). It holds every
 * order of its days, not a page, so an event that carries the change is taken in place whatever it
 * does: an order booked, moved on, or leaving the board. One without the change, or one entering
 * the days by a change, is asked again.
 */
export function followSlotOrders(scope: SlotOrdersScope, timeZone: string): LiveFollower {
  return (event, data) => {
    const list = data as SlotOrders;
    const change = event.change;
    if (!change) return 'refetch-soon';
    const after = rowOf(change.order);
    const shown = list.items.find((row) => row.id === after.id);
    if (shown && shown.version >= after.version) return 'unchanged';
    const belongs = holds(after, scope, timeZone);
    if (!shown && !belongs) return 'unchanged';
    // A change to an order this read did not hold, but should now: what came before is not known
    // here (it may have left since, by a change this tab missed), so the server says.
    if (!shown && event.action !== 'created') return 'refetch-soon';
    const others = list.items.filter((row) => row.id !== after.id);
    return { data: { items: belongs ? [...others, after].sort(bySlot) : others } satisfies SlotOrders };
  };
}
