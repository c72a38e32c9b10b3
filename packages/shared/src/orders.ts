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

/** 1 while an order is open, 0 once it is delivered or cancelled. */
export function orderStateFor(status: OrderStatus): 0 | 1 {
  return status === OrderStatus.Delivered || status === OrderStatus.Cancelled ? 0 : 1;
}
