import { OrderStatus, orderStatusLabels } from '../orders.ts';

/**
 * What a customer is told of their order's status: on its page in the customer app, and in the
 * push notification each change sends to their devices. No zod here: the app loads none.
 */
export function orderNews(order: { number: number; status: number; storeName: string }): {
  title: string;
  body: string;
} {
  const status = order.status as OrderStatus;
  const bodies: Record<OrderStatus, string> = {
    [OrderStatus.Placed]: `${order.storeName} has your order.`,
    [OrderStatus.Confirmed]: `${order.storeName} is packing it, and a delivery partner is assigned.`,
    [OrderStatus.PickedUp]: 'It is on its way to you.',
    [OrderStatus.Delivered]: 'Delivered. Enjoy!',
    [OrderStatus.Cancelled]: `${order.storeName} cancelled it. Call the store if you have questions.`,
  };
  return {
    title: `Order #${order.number}: ${orderStatusLabels[status] ?? 'Updated'}`,
    body: bodies[status] ?? 'Your order has changed.',
  };
}
