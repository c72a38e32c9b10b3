/** Order status (SPEC §4). */
export const OrderStatus = { Delivered: -2, Cancelled: -1, Placed: 0, Confirmed: 1, PickedUp: 2 } as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

export const orderStatusLabels: Record<OrderStatus, string> = {
  [OrderStatus.Placed]: 'Placed',
  [OrderStatus.Confirmed]: 'Confirmed',
  [OrderStatus.PickedUp]: 'Picked Up',
  [OrderStatus.Delivered]: 'Delivered',
  [OrderStatus.Cancelled]: 'Cancelled',
};

/** Delivered and Cancelled close an order for good: it never changes status again (SPEC §4). */
export function isFinalStatus(status: OrderStatus): boolean {
  return status === OrderStatus.Delivered || status === OrderStatus.Cancelled;
}

/** 1 while an order is open, 0 once it is delivered or cancelled. */
export function orderStateFor(status: OrderStatus): 0 | 1 {
  return isFinalStatus(status) ? 0 : 1;
}

/**
 * Whether an order at `status` is listed by a view of the orders screens (B2): the active view
 * holds the open orders, the completed view the closed ones; a status tab, only its status.
 */
export function inOrdersView(status: OrderStatus, view: 'active' | 'completed', tab?: OrderStatus): boolean {
  return orderStateFor(status) === (view === 'active' ? 1 : 0) && (tab === undefined || status === tab);
}

/**
 * Whether moving an order to `to` must name a delivery executive (SPEC §4, D17): moving to
 * Confirmed does, and so does Picked Up while nobody is assigned. The server refuses such a
 * change without one; the console asks for one first.
 */
export function needsExecutive(order: { status: number; dexId: string | null }, to: OrderStatus): boolean {
  return (
    (to === OrderStatus.Confirmed && order.status !== OrderStatus.Confirmed) ||
    (to === OrderStatus.PickedUp && order.dexId === null)
  );
}
