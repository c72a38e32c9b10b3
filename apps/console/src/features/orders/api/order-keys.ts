/**
 * Query keys of the orders screens. They start with the live-event topic of
 * what they show, so an `orders` event (a new order, any change) refreshes the
 * lists, their tab counts and an open order; the pickers' stores and delivery
 * executives follow the `stores` and `staff` topics.
 */
export const orderKeys = {
  all: ['orders'] as const,
  lists: ['orders', 'list'] as const,
  /** The orders booked for the slots of a day, by slot (B19). */
  slotBoard: ['orders', 'slot-board'] as const,
  /** The booked orders the preparation alert watches (B19). */
  preparation: ['orders', 'preparation'] as const,
  detail: (orderId: string) => ['orders', 'detail', orderId] as const,
};

export function orderPath(orderId: string): string {
  return `/orders/${encodeURIComponent(orderId)}`;
}
