import { sql } from 'drizzle-orm';
import { businessTimeZone } from '@storedesk/shared/limits';
import { OrderStatus } from '@storedesk/shared/orders';
import type { Executor } from '../../db/client.ts';

/**
 * The dashboard's counters (`daily_stats`, ADR 0005), kept in the transaction of
 * every order write. An order counts on the day it was placed, in the business's
 * time zone: placing it adds to that day's total, closing it to that day's
 * delivered (with its bill as earnings) or cancelled; a customer's first order
 * adds a new customer.
 */
type CountedOrder = { businessId: string; zoneId: string; placedAt: Date; billAmountPaise: number };

function bump(
  db: Executor,
  order: CountedOrder,
  deltas: {
    total?: number;
    delivered?: number;
    cancelled?: number;
    earningsPaise?: number;
    newCustomers?: number;
  },
) {
  const total = deltas.total ?? 0;
  const delivered = deltas.delivered ?? 0;
  const cancelled = deltas.cancelled ?? 0;
  const earnings = deltas.earningsPaise ?? 0;
  const newCustomers = deltas.newCustomers ?? 0;
  return db.execute(sql`
    INSERT INTO daily_stats (business_id, zone_id, day, total, delivered, cancelled, earnings_paise, new_customers)
    VALUES (${order.businessId}, ${order.zoneId}, (${order.placedAt.toISOString()}::timestamptz AT TIME ZONE ${businessTimeZone})::date,
            ${total}, ${delivered}, ${cancelled}, ${earnings}, ${newCustomers})
    ON CONFLICT (business_id, zone_id, day) DO UPDATE SET
      total = daily_stats.total + EXCLUDED.total,
      delivered = daily_stats.delivered + EXCLUDED.delivered,
      cancelled = daily_stats.cancelled + EXCLUDED.cancelled,
      earnings_paise = daily_stats.earnings_paise + EXCLUDED.earnings_paise,
      new_customers = daily_stats.new_customers + EXCLUDED.new_customers`);
}

/** A new order: one more on its day's total. */
export function countOrderPlaced(db: Executor, order: CountedOrder) {
  return bump(db, order, { total: 1 });
}

/** A customer's first order: one more new customer on its day, in its zone. */
export function countNewCustomer(db: Executor, order: CountedOrder) {
  return bump(db, order, { newCustomers: 1 });
}

/** An order reaching Delivered or Cancelled (a closed order never changes again, D17). */
export function countOrderClosed(db: Executor, order: CountedOrder, status: OrderStatus) {
  if (status === OrderStatus.Delivered)
    return bump(db, order, { delivered: 1, earningsPaise: order.billAmountPaise });
  if (status === OrderStatus.Cancelled) return bump(db, order, { cancelled: 1 });
  return Promise.resolve();
}
