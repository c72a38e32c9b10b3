/**
 * What an order write adds to the dashboard's counters (ADR 0005): the rules;
 * the counters themselves are the dashboard's (daily-stats.repository.ts).
 */
import { OrderStatus } from '@storedesk/shared/orders';
import type { CountedOrder, Counts } from './daily-stats.repository.ts';

/** A new order: one more on its day's total, and one more new customer if it is the customer's first. */
export function placedCounts(firstOfCustomer: boolean): Counts {
  return { total: 1, newCustomers: firstOfCustomer ? 1 : 0 };
}

/** An order reaching Delivered or Cancelled (a closed order never changes again, D17); null for other statuses. */
export function closedCounts(order: CountedOrder, status: OrderStatus): Counts | null {
  if (status === OrderStatus.Delivered) return { delivered: 1, earningsPaise: order.billAmountPaise };
  if (status === OrderStatus.Cancelled) return { cancelled: 1 };
  return null;
}
