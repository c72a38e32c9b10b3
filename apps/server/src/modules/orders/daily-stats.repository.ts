import { AWAITING_PAYMENT_STATE } from '@storedesk/shared/payments/online';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { OrderStatus } from '@storedesk/shared/orders';
import type { Executor } from '#server/db/client.ts';
import { businessTimeZoneOf } from '#server/lib/business-time-zone.ts';
import { sqlOfBusiness, type BusinessScope } from '#server/lib/scope.ts';

/**
 * The dashboard's counters (`daily_stats`, ADR 0005), kept in the transaction of
 * every order write. An order counts on the day it was placed, in the business's
 * time zone (D19): placing it adds to that day's total, closing it to that day's
 * delivered (with its bill as earnings) or cancelled; a customer's first order
 * adds a new customer. When the business changes its time zone, its counters are
 * counted again by the days of the new zone (`recountDailyStats`, ADR 0016).
 */
export type CountedOrder = { businessId: string; zoneId: string; placedAt: Date; billAmountPaise: number };

export type Counts = {
  total?: number;
  delivered?: number;
  cancelled?: number;
  earningsPaise?: number;
  newCustomers?: number;
};

/**
 * The upsert that adds `counts` to the order's day (in the business's time zone
 * as this statement reads it) and zone, as SQL a write can run as part of its
 * own statement (or alone); with `source` (a CTE of that statement), only if
 * the source has a row, so not when the write wrote nothing.
 */
export function countsUpsert(order: CountedOrder, counts: Counts, source?: SQLWrapper): SQL {
  return sql`
    INSERT INTO daily_stats (business_id, zone_id, day, total, delivered, cancelled, earnings_paise, new_customers)
    SELECT ${order.businessId}::uuid, ${order.zoneId}::uuid,
           (${order.placedAt.toISOString()}::timestamptz AT TIME ZONE ${businessTimeZoneOf(sql`${order.businessId}::uuid`)})::date,
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
 * Counts the business's `daily_stats` again from its orders, by the days of its
 * time zone as the caller's transaction now has it: run it in the transaction
 * that changes the zone, after the change (ADR 0016).
 *
 * It first takes `daily_stats` in EXCLUSIVE mode, which every order write's
 * counter upsert conflicts with (ROW EXCLUSIVE), so it waits for the order
 * transactions that have already counted to end, and their orders are then in
 * what it reads; order writes that count after it wait for this transaction to
 * commit and read the new zone in their own statement (`countsUpsert`). Reads
 * of the dashboard (ACCESS SHARE) are not held up. Every business's order
 * writes wait for this while it runs: one business's rows, from its orders
 * through the (business, placed_at) index.
 *
 * The caller's transaction must be READ COMMITTED (the default), so that each
 * statement after the lock sees what committed before it was granted.
 *
 * An order counts on its day: in its total, in delivered (with its bill as
 * earnings) or cancelled by its status now, and as a new customer if it is the
 * customer's first order, as the writes count them one by one.
 */
export async function recountDailyStats(tx: Executor, scope: BusinessScope): Promise<void> {
  const { businessId } = scope;
  // Each statement after the lock must read with a snapshot of its own (READ COMMITTED), taken once the
  // lock is held; a transaction with one snapshot for all would miss the orders the lock waited for.
  const { rows } = await tx.execute<{ isolation: string }>(
    sql`SELECT current_setting('transaction_isolation') AS isolation`,
  );
  if (rows[0]?.isolation !== 'read committed') {
    throw new Error(`recountDailyStats needs a READ COMMITTED transaction, not ${rows[0]?.isolation}`);
  }
  await tx.execute(sql`LOCK TABLE daily_stats IN EXCLUSIVE MODE`);
  await tx.execute(sql`DELETE FROM daily_stats WHERE ${sqlOfBusiness(null, scope)}`);
  await tx.execute(sql`
    INSERT INTO daily_stats (business_id, zone_id, day, total, delivered, cancelled, earnings_paise, new_customers)
    SELECT o.business_id, o.zone_id, (o.placed_at AT TIME ZONE ${businessTimeZoneOf(sql`${businessId}::uuid`)})::date,
           count(*),
           count(*) FILTER (WHERE o.status = ${OrderStatus.Delivered}),
           count(*) FILTER (WHERE o.status = ${OrderStatus.Cancelled}),
           coalesce(sum(o.bill_amount_paise) FILTER (WHERE o.status = ${OrderStatus.Delivered}), 0),
           count(*) FILTER (WHERE o.is_first)
    FROM (SELECT business_id, zone_id, placed_at, status, bill_amount_paise,
                 -- An order placed with a secret API key has no customer account, so it is nobody's first.
                 customer_id IS NOT NULL
                   AND row_number() OVER (PARTITION BY customer_id ORDER BY placed_at, number) = 1 AS is_first
          FROM orders WHERE ${sqlOfBusiness(null, scope)} AND state <> ${AWAITING_PAYMENT_STATE}) AS o
    GROUP BY 1, 2, 3`);
}
