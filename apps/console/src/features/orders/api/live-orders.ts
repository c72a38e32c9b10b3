import { businessDay } from '@storedesk/shared/dates';
import type { LiveEvent, OrderChange } from '@storedesk/shared/events/schemas';
import { orderChangeOf } from '@storedesk/shared/orders/changes';
import { inOrdersView, OrderStatus } from '@storedesk/shared/orders';
import type {
  OrderCounts,
  OrderDetail,
  OrderListResponse,
  OrderSummary,
} from '@storedesk/shared/orders/schemas';
import type { LiveFollower } from '@/lib/live-events.ts';
import type { OrdersQuery } from './get-orders.ts';

/*
 * How the orders screens follow orders' live events in place (ADR 0051). An event of a change
 * carries the order as the lists show it after the change and the timeline entry it added: an
 * open order page and a list showing the order take them without asking the server. A list asks
 * again (at most once a second) only when it cannot know its new rows or tab counts: the order
 * enters or leaves it, or moves somewhere it does not show.
 */

/** The list row of a changed order: its summary without the payment. */
export function rowOf(order: OrderChange['order']): OrderSummary {
  const { paidAt: _paidAt, paidByName: _paidByName, ...row } = order;
  return row;
}

const tabOf: Partial<Record<OrderStatus, keyof Omit<OrderCounts, 'all'>>> = {
  [OrderStatus.Placed]: 'placed',
  [OrderStatus.Confirmed]: 'confirmed',
  [OrderStatus.PickedUp]: 'pickedUp',
};

/** The active view's tab counts after an order listed in them moved from `from` to `to`. */
function recount(counts: OrderCounts, from: OrderStatus, to: OrderStatus): OrderCounts {
  const next = { ...counts };
  const left = tabOf[from];
  const entered = tabOf[to];
  if (left) {
    next[left]--;
    next.all--;
  }
  if (entered) {
    next[entered]++;
    next.all++;
  }
  return next;
}

/**
 * Whether an order matches a list's filters but its status (B2), as far as its row tells: the
 * search also looks at the customer's phone, which the row does not carry, so a search it does
 * not match by name or number cannot be answered here.
 */
export function matchesOrderFilters(
  order: OrderSummary,
  query: OrdersQuery,
  timeZone: string,
): boolean | 'unknown' {
  if (query.zoneId && order.zoneId !== query.zoneId) return false;
  if (query.storeId && order.storeId !== query.storeId) return false;
  if (query.from || query.to) {
    const day = businessDay(order.placedAt, timeZone);
    if ((query.from && day < query.from) || (query.to && day > query.to)) return false;
  }
  const q = query.q.trim().replace(/^#/, '');
  if (!q) return true;
  if (order.customerName.toLowerCase().includes(q.toLowerCase())) return true;
  if (/^\d{1,15}$/.test(q) && order.number === Number(q)) return true;
  return 'unknown';
}

const sortsByStatus = (query: OrdersQuery) => query.sort === 'status' || query.sort === '-status';

/** How a list of the orders screens follows an event of its topic. */
export function followOrdersList(query: OrdersQuery, timeZone: string): LiveFollower {
  return (event, data) => {
    const list = data as OrderListResponse;
    const change = event.change;
    // An event without the change (a bulk change, or too large to carry it): ask again.
    if (!change) return 'refetch-soon';
    const after = change.order;
    const index = list.items.findIndex((row) => row.id === after.id);
    const shown = list.items[index];
    if (shown) {
      // The list was read after this change, or this tab applied it already.
      if (shown.version >= after.version) return 'unchanged';
      // It leaves the page (another row takes its place), or moves within a list sorted by status.
      if (!inOrdersView(after.status, query.view, query.status)) return 'refetch-soon';
      if (after.status !== shown.status && sortsByStatus(query)) return 'refetch-soon';
      // Read before the change, the page's counts are those of the same moment: they move with it.
      return {
        data: {
          ...list,
          items: list.items.map((row, at) => (at === index ? rowOf(after) : row)),
          ...(list.counts ? { counts: recount(list.counts, shown.status, after.status) } : {}),
        } satisfies OrderListResponse,
      };
    }
    const matches = matchesOrderFilters(rowOf(after), query, timeZone);
    if (matches === false) return 'unchanged';
    if (matches === 'unknown') return 'refetch-soon';
    const before = event.action === 'created' ? null : (change.timelineEntry.fromStatus ?? after.status);
    const wasIn = before !== null && inOrdersView(before, query.view, query.status);
    const isIn = inOrdersView(after.status, query.view, query.status);
    // It enters or leaves the list: which rows this page holds may change.
    if (wasIn !== isIn) return 'refetch-soon';
    // Moved where this page does not show it: the tab counts change (whether this read already
    // counted it, nothing here tells), and so does where it stands in a list sorted by status.
    const moved = before !== after.status;
    const counted = list.counts !== undefined && (before === null || tabOf[before] || tabOf[after.status]);
    if (moved && (counted || (isIn && sortsByStatus(query)))) return 'refetch-soon';
    return 'unchanged';
  };
}

/** How an order's page follows events: its own changes taken in place, in order. */
export function followOrder(orderId: string): LiveFollower {
  return (event: LiveEvent, data) => {
    if (event.recordId !== orderId) return 'unchanged';
    const order = data as OrderDetail;
    const change = event.change;
    if (!change) return 'refetch';
    if (order.version >= change.order.version) return 'unchanged';
    // One change in between was not seen (a stream that was down): the page is asked again.
    if (change.order.version !== order.version + 1) return 'refetch';
    return {
      data: {
        ...order,
        ...change.order,
        timeline: [...order.timeline, change.timelineEntry],
      } satisfies OrderDetail,
    };
  };
}

/** A query about one order (its bill): asked again on its own order's events only. */
export function followOrderOnly(orderId: string): LiveFollower {
  return (event) => (event.recordId === orderId ? 'refetch' : 'unchanged');
}

/** A change this tab made, as its live event will carry it, from the order the server answered. */
export function ownOrderChange(action: 'status' | 'updated', order: OrderDetail): LiveEvent {
  return {
    id: '',
    topic: 'orders',
    action,
    recordId: order.id,
    zoneId: order.zoneId,
    at: new Date().toISOString(),
    change: orderChangeOf(order),
  };
}
