import { AWAITING_PAYMENT_STATE } from '@storedesk/shared/payments/online';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { OrderStatus } from '@storedesk/shared/orders';
import type { Executor } from '#server/db/client.ts';
import { businessTimeZoneOf } from '#server/lib/business-time-zone.ts';
import { sqlOfBusiness, type BusinessScope } from '#server/lib/scope.ts';

/**
 * The sales reports' rollup (`sales_stats`, ADR 0046), kept in the statement of
 * every order write that closes an order, as the dashboard's `daily_stats` is.
 * A closed order counts on the day it was placed in the business's time zone,
 * in its zone, once per dimension: its store, payment mode, coupon and delivery
 * executive ('' for none) with all its figures, and each item and each variant
 * it holds with its quantity and gross (a line from before variants counts
 * under its item's id as its variant). Delivered orders add to orders, items sold,
 * gross, discount, charges and net (the bill); cancelled ones to cancelled.
 */

const statsColumns = sql.raw(
  'business_id, dimension, day, zone_id, key, orders, items_sold, gross_paise, discount_paise, charges_paise, net_paise, cancelled',
);

/**
 * The rollup's rows of the closed orders `closed` selects, one per order and
 * dimension (not summed). `closed` has the columns business_id, zone_id, day,
 * status, store_id, payment_mode, coupon_code, dex_id, items,
 * items_total_paise, discount_paise, charges_total_paise, bill_amount_paise.
 */
function rowsOf(closed: SQL): SQL {
  const delivered = sql`(o.status = ${OrderStatus.Delivered})`;
  const cancelled = sql`(o.status = ${OrderStatus.Cancelled})::int`;
  const ifDelivered = (value: SQL) => sql`CASE WHEN ${delivered} THEN ${value} ELSE 0 END`;
  const quantity = sql`(e ->> 'itemQuantity')::bigint`;
  return sql`
    SELECT o.business_id, k.dimension, o.day, o.zone_id, k.key,
           ${delivered}::int, ${ifDelivered(sql`q.items_sold`)}, ${ifDelivered(sql`o.items_total_paise`)},
           ${ifDelivered(sql`o.discount_paise`)}, ${ifDelivered(sql`o.charges_total_paise`)},
           ${ifDelivered(sql`o.bill_amount_paise`)}, ${cancelled}
    FROM (${closed}) AS o
    CROSS JOIN LATERAL (SELECT coalesce(sum(${quantity}), 0) AS items_sold FROM jsonb_array_elements(o.items) AS e) AS q
    CROSS JOIN LATERAL (VALUES ('store', o.store_id::text), ('paymentMode', coalesce(o.payment_mode, '')),
                               ('coupon', coalesce(o.coupon_code, '')), ('executive', coalesce(o.dex_id::text, '')))
      AS k(dimension, key)
    UNION ALL
    SELECT o.business_id, 'item', o.day, o.zone_id, i.key,
           ${delivered}::int, ${ifDelivered(sql`i.quantity`)}, ${ifDelivered(sql`i.gross`)}, 0, 0, 0, ${cancelled}
    FROM (${closed}) AS o
    CROSS JOIN LATERAL (
      SELECT coalesce(e ->> 'itemId', '') AS key, sum(${quantity}) AS quantity,
             sum(${quantity} * (e ->> 'itemPricePaise')::bigint) AS gross
      FROM jsonb_array_elements(o.items) AS e GROUP BY 1) AS i
    UNION ALL
    SELECT o.business_id, 'variant', o.day, o.zone_id, i.key,
           ${delivered}::int, ${ifDelivered(sql`i.quantity`)}, ${ifDelivered(sql`i.gross`)}, 0, 0, 0, ${cancelled}
    FROM (${closed}) AS o
    CROSS JOIN LATERAL (
      SELECT coalesce(e ->> 'variantId', e ->> 'itemId', '') AS key, sum(${quantity}) AS quantity,
             sum(${quantity} * (e ->> 'itemPricePaise')::bigint) AS gross
      FROM jsonb_array_elements(o.items) AS e GROUP BY 1) AS i`;
}

/**
 * The upsert that adds an order closed by a change (`status`: Delivered or
 * Cancelled; `dexId`, the executive the change names, if any) to the rollup,
 * as SQL a write runs as part of its own statement: only if `source` (a CTE of
 * that statement) has a row. The order is read as the statement found it; its
 * day is read in the business's time zone as this statement has it (ADR 0016).
 */
export function salesUpsert(
  orderId: string,
  change: { status: number; dex?: { id: string } },
  source: SQLWrapper,
): SQL {
  return sql`
    INSERT INTO sales_stats (${statsColumns})
    ${rowsOf(sql`
      SELECT business_id, zone_id, (placed_at AT TIME ZONE ${businessTimeZoneOf(sql`orders.business_id`)})::date AS day,
             ${change.status}::smallint AS status, store_id, payment_mode, coupon_code,
             coalesce(${change.dex?.id ?? null}::uuid, dex_id) AS dex_id,
             items, items_total_paise, discount_paise, charges_total_paise, bill_amount_paise
      FROM orders WHERE id = ${orderId}::uuid AND EXISTS (SELECT FROM ${source})`)}
    ON CONFLICT (business_id, dimension, day, zone_id, key) DO UPDATE SET
      orders = sales_stats.orders + EXCLUDED.orders,
      items_sold = sales_stats.items_sold + EXCLUDED.items_sold,
      gross_paise = sales_stats.gross_paise + EXCLUDED.gross_paise,
      discount_paise = sales_stats.discount_paise + EXCLUDED.discount_paise,
      charges_paise = sales_stats.charges_paise + EXCLUDED.charges_paise,
      net_paise = sales_stats.net_paise + EXCLUDED.net_paise,
      cancelled = sales_stats.cancelled + EXCLUDED.cancelled`;
}

/**
 * Counts the business's rollup again from its closed orders, by the days of its
 * time zone as the caller's transaction now has it: with `recountDailyStats`,
 * in the READ COMMITTED transaction that changes the zone, after the change
 * (ADR 0016). The EXCLUSIVE lock waits for the order writes that have already
 * counted and holds back those after it until this commits, as there; order
 * writes take `daily_stats` before `sales_stats` in their statement, and so
 * does the recount, so neither waits on the other in a circle.
 */
export async function recountSalesStats(tx: Executor, scope: BusinessScope): Promise<void> {
  const { businessId } = scope;
  await tx.execute(sql`LOCK TABLE sales_stats IN EXCLUSIVE MODE`);
  await tx.execute(sql`DELETE FROM sales_stats WHERE ${sqlOfBusiness(null, scope)}`);
  await tx.execute(sql`
    INSERT INTO sales_stats (${statsColumns})
    SELECT business_id, dimension, day, zone_id, key, sum(orders), sum(items_sold), sum(gross_paise),
           sum(discount_paise), sum(charges_paise), sum(net_paise), sum(cancelled)
    FROM (${rowsOf(sql`
      SELECT business_id, zone_id,
             (placed_at AT TIME ZONE ${businessTimeZoneOf(sql`${businessId}::uuid`)})::date AS day,
             status, store_id, payment_mode, coupon_code, dex_id,
             items, items_total_paise, discount_paise, charges_total_paise, bill_amount_paise
      FROM orders
      WHERE ${sqlOfBusiness(null, scope)} AND status IN (${OrderStatus.Delivered}, ${OrderStatus.Cancelled})
        AND state <> ${AWAITING_PAYMENT_STATE}`)})
      AS r (business_id, dimension, day, zone_id, key, orders, items_sold, gross_paise, discount_paise,
            charges_paise, net_paise, cancelled)
    GROUP BY 1, 2, 3, 4, 5`);
}
