import { sql, type SQL } from 'drizzle-orm';
import type { SalesGrouping, SalesReportQuery } from '@storedesk/shared/reports/schemas';
import type { GstReportQuery } from '@storedesk/shared/reports/gst';
import type { PaymentsReportQuery } from '@storedesk/shared/reports/payments';
import { lowRatingStars, lowRatingsListed, type RatingsReportQuery } from '@storedesk/shared/reports/ratings';
import type { Executor } from '#server/db/client.ts';
import { sqlInScope, sqlOfBusiness, type Scope } from '#server/lib/scope.ts';

/** One group's sums as read from the rollup, with the name its key has now (null when it names none). */
export type GroupRow = {
  key: string;
  name: string | null;
  /** A variant's label beside its item's name (for groups by variant). */
  detail: string | null;
  orders: number;
  itemsSold: number;
  grossPaise: number;
  discountPaise: number;
  chargesPaise: number;
  netPaise: number;
  cancelled: number;
};

const noSales: GroupRow = {
  key: '',
  name: null,
  detail: null,
  orders: 0,
  itemsSold: 0,
  grossPaise: 0,
  discountPaise: 0,
  chargesPaise: 0,
  netPaise: 0,
  cancelled: 0,
};

/** The calendar day after `day` (YYYY-MM-DD; no time zone involved). */
function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, date! + 1)).toISOString().slice(0, 10);
}

/** The dimension of the rollup each grouping reads: days sum the stores' rows, categories the items'. */
const dimensionOf: Record<SalesGrouping, string> = {
  day: 'store',
  store: 'store',
  category: 'item',
  item: 'item',
  variant: 'variant',
  paymentMode: 'paymentMode',
  coupon: 'coupon',
  executive: 'executive',
};

const sums = sql`coalesce(sum(s.orders), 0) AS orders, coalesce(sum(s.items_sold), 0) AS items_sold,
  coalesce(sum(s.gross_paise), 0) AS gross_paise, coalesce(sum(s.discount_paise), 0) AS discount_paise,
  coalesce(sum(s.charges_paise), 0) AS charges_paise, coalesce(sum(s.net_paise), 0) AS net_paise,
  coalesce(sum(s.cancelled), 0) AS cancelled`;

/** The rollup's rows of the scope, the dimension and the period (in a join's ON, or a WHERE). */
function rowsIn(scope: Scope, dimension: string, query: SalesReportQuery): SQL {
  return sql`${sqlInScope('s', scope)} AND s.dimension = ${dimension}
    AND s.day BETWEEN ${query.from}::date AND ${query.to}::date`;
}

type Raw = Record<
  | 'key'
  | 'name'
  | 'detail'
  | 'orders'
  | 'items_sold'
  | 'gross_paise'
  | 'discount_paise'
  | 'charges_paise'
  | 'net_paise'
  | 'cancelled',
  unknown
>;

function toGroup(row: Raw): GroupRow {
  return {
    key: row.key as string,
    name: (row.name as string | null) ?? null,
    detail: (row.detail as string | null) ?? null,
    orders: Number(row.orders),
    itemsSold: Number(row.items_sold),
    grossPaise: Number(row.gross_paise),
    discountPaise: Number(row.discount_paise),
    chargesPaise: Number(row.charges_paise),
    netPaise: Number(row.net_paise),
    cancelled: Number(row.cancelled),
  };
}

/** A key as the id it is, or null ('' or anything not an id: an item id of an order's snapshot is kept as sent). */
function idOf(key: SQL): SQL {
  return sql`(CASE WHEN ${key} ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN ${key}::uuid END)`;
}

/** The name a key has now: a store's, item's, category's or executive's (ids of the business). */
function namesOf(grouping: SalesGrouping, scope: Scope): SQL {
  switch (grouping) {
    case 'store':
      return sql`(SELECT st.name FROM stores st WHERE st.id = ${idOf(sql`g.key`)} AND ${sqlOfBusiness('st', scope)})`;
    case 'item':
      return sql`(SELECT it.name FROM items it WHERE it.id = ${idOf(sql`g.key`)} AND ${sqlOfBusiness('it', scope)})`;
    case 'variant':
      // A line of an order from before variants is keyed by its item.
      return sql`coalesce(
        (SELECT it.name FROM item_variants v JOIN items it ON it.id = v.item_id
         WHERE v.id = ${idOf(sql`g.key`)} AND ${sqlOfBusiness('v', scope)}),
        (SELECT it.name FROM items it WHERE it.id = ${idOf(sql`g.key`)} AND ${sqlOfBusiness('it', scope)}))`;
    case 'category':
      return sql`(SELECT c.name FROM categories c WHERE c.id = ${idOf(sql`g.key`)} AND ${sqlOfBusiness('c', scope)})`;
    case 'executive':
      return sql`(SELECT u.name FROM users u WHERE u.id = ${idOf(sql`g.key`)} AND ${sqlOfBusiness('u', scope)})`;
    default:
      return sql`NULL::text`;
  }
}

/**
 * The period's groups (`query.groupBy`) from the rollup: every day of the
 * period, oldest first (days without orders as zeros), or each key with closed
 * orders in the period. Items group by their category now: an item that no
 * longer exists, or has none, goes under ''.
 */
export async function salesGroups(db: Executor, scope: Scope, query: SalesReportQuery): Promise<GroupRow[]> {
  const grouping = query.groupBy;
  const dimension = dimensionOf[grouping];
  let groups: SQL;
  if (grouping === 'day') {
    // Summed by day from the index's range, then every day of the period in order, none as zeros.
    const { rows } = await db.execute<Raw>(sql`
      SELECT s.day::text AS key, NULL AS name, ${sums}
      FROM sales_stats s WHERE ${rowsIn(scope, dimension, query)} GROUP BY s.day`);
    const byDay = new Map(rows.map((row) => [row.key as string, toGroup(row)]));
    const days: GroupRow[] = [];
    for (let day = query.from; day <= query.to; day = nextDay(day)) {
      days.push(byDay.get(day) ?? { ...noSales, key: day });
    }
    return days;
  }
  if (grouping === 'category') {
    // Summed by item first, then each item's sums go to its category (one lookup per item, not per day).
    groups = sql`
      SELECT coalesce(it.category_id::text, '') AS key, sum(s.orders) AS orders, sum(s.items_sold) AS items_sold,
             sum(s.gross_paise) AS gross_paise, sum(s.discount_paise) AS discount_paise,
             sum(s.charges_paise) AS charges_paise, sum(s.net_paise) AS net_paise, sum(s.cancelled) AS cancelled
      FROM (SELECT s.key, ${sums} FROM sales_stats s WHERE ${rowsIn(scope, dimension, query)} GROUP BY s.key) AS s
      LEFT JOIN items it ON it.id = ${idOf(sql`s.key`)} AND ${sqlOfBusiness('it', scope)}
      GROUP BY 1`;
  } else {
    groups = sql`SELECT s.key, ${sums} FROM sales_stats s WHERE ${rowsIn(scope, dimension, query)} GROUP BY s.key`;
  }
  const { rows } = await db.execute<Raw>(sql`
    SELECT g.*, ${namesOf(grouping, scope)} AS name, ${
      grouping === 'variant'
        ? sql`(SELECT v.label FROM item_variants v WHERE v.id = ${idOf(sql`g.key`)} AND ${sqlOfBusiness('v', scope)})`
        : sql`NULL::text`
    } AS detail FROM (${groups}) AS g`);
  return rows.map(toGroup);
}

/** The period's totals: every closed order of the scope placed in it, each once (the stores' rows). */
export async function salesTotals(db: Executor, scope: Scope, query: SalesReportQuery): Promise<GroupRow> {
  const { rows } = await db.execute<Raw>(sql`
    SELECT '' AS key, NULL AS name, NULL AS detail, ${sums} FROM sales_stats s WHERE ${rowsIn(scope, 'store', query)}`);
  return toGroup(rows[0]!);
}

/** What an invoice or a credit note of the GST report is read from: its order's bill and its day. */
export type GstSourceRow = {
  orderId: string;
  orderNumber: number;
  invoiceNumber: number;
  items: Array<{ itemQuantity: number; itemPricePaise: number; gstRate?: number }>;
  discountPaise: number;
  chargesTotalPaise: number;
  /** The business day it was given, YYYY-MM-DD. */
  day: string;
};

/** The scope's orders whose tax invoice was given in the period (on delivery), by invoice number. */
export async function gstInvoices(
  db: Executor,
  scope: Scope,
  query: GstReportQuery,
): Promise<GstSourceRow[]> {
  const given = sql`(coalesce(o.delivered_at, o.updated_at) AT TIME ZONE b.time_zone)::date`;
  const result = await db.execute<GstSourceRow>(sql`
    SELECT o.id AS "orderId", o.number::int AS "orderNumber", o.invoice_number::int AS "invoiceNumber",
      o.items, o.discount_paise::int AS "discountPaise", o.charges_total_paise::int AS "chargesTotalPaise",
      to_char(${given}, 'YYYY-MM-DD') AS day
    FROM orders o JOIN businesses b ON b.id = o.business_id
    WHERE ${sqlInScope('o', scope)} AND o.invoice_number IS NOT NULL
      AND ${given} BETWEEN ${query.from}::date AND ${query.to}::date
    ORDER BY o.invoice_number`);
  return result.rows;
}

/** A credit note of the period: its refund and the order it was given for. */
export type GstCreditNoteRow = GstSourceRow & {
  amountPaise: number;
  financialYear: number;
  creditNoteNumber: number;
};

/** The scope's credit notes given in the period (with refunds not failed), by financial year and number. */
export async function gstCreditNotes(
  db: Executor,
  scope: Scope,
  query: GstReportQuery,
): Promise<GstCreditNoteRow[]> {
  const given = sql`(r.created_at AT TIME ZONE b.time_zone)::date`;
  const result = await db.execute<GstCreditNoteRow>(sql`
    SELECT o.id AS "orderId", o.number::int AS "orderNumber", o.invoice_number::int AS "invoiceNumber",
      o.items, o.discount_paise::int AS "discountPaise", o.charges_total_paise::int AS "chargesTotalPaise",
      to_char(${given}, 'YYYY-MM-DD') AS day, r.amount_paise::int AS "amountPaise",
      r.credit_note_year::int AS "financialYear", r.credit_note_number::int AS "creditNoteNumber"
    FROM refunds r JOIN orders o ON o.id = r.order_id JOIN businesses b ON b.id = o.business_id
    WHERE ${sqlOfBusiness('r', scope)} AND ${sqlInScope('o', scope)}
      AND r.credit_note_number IS NOT NULL AND r.state <> 'FAILED'
      AND ${given} BETWEEN ${query.from}::date AND ${query.to}::date
    ORDER BY r.credit_note_year, r.credit_note_number`);
  return result.rows;
}

/** The scope's online payments (tips paid online among them, ADR 0073) and gateway refunds (not failed) of the period, oldest first (ADR 0072). */
export async function paymentEntries(db: Executor, scope: Scope, query: PaymentsReportQuery) {
  const day = (column: string) => sql.raw(`(${column} AT TIME ZONE b.time_zone)::date`);
  const { rows } = await db.execute<{
    kind: 'PAYMENT' | 'REFUND';
    day: string;
    at: string;
    orderId: string;
    orderNumber: number;
    reference: string | null;
    amountPaise: number;
    feePaise: number | null;
    state: string;
    method: string | null;
  }>(sql`
    SELECT * FROM (
      SELECT 'PAYMENT' AS kind, to_char(${day('p.created_at')}, 'YYYY-MM-DD') AS day, p.created_at AS at,
             o.id AS "orderId", o.number::int AS "orderNumber", p.payment_ref AS reference,
             p.amount_paise::int AS "amountPaise", p.fee_paise::int AS "feePaise", p.state, p.method
      FROM gateway_payments p JOIN orders o ON o.id = p.order_id JOIN businesses b ON b.id = o.business_id
      WHERE ${sqlOfBusiness('p', scope)} AND ${sqlInScope('o', scope)}
        AND ${day('p.created_at')} BETWEEN ${query.from}::date AND ${query.to}::date
      UNION ALL
      SELECT 'PAYMENT', to_char(${day('t.paid_at')}, 'YYYY-MM-DD'), t.paid_at,
             o.id, o.number::int, t.payment_ref, t.amount_paise::int, t.fee_paise::int, 'TIP', NULL
      FROM tips t JOIN orders o ON o.id = t.order_id JOIN businesses b ON b.id = o.business_id
      WHERE ${sqlOfBusiness('t', scope)} AND ${sqlInScope('o', scope)} AND t.method = 'ONLINE' AND t.state = 'PAID'
        AND ${day('t.paid_at')} BETWEEN ${query.from}::date AND ${query.to}::date
      UNION ALL
      SELECT 'REFUND', to_char(${day('r.created_at')}, 'YYYY-MM-DD'), r.created_at,
             o.id, o.number::int, r.gateway_refund_id, r.amount_paise::int, NULL, r.state, NULL
      FROM refunds r JOIN orders o ON o.id = r.order_id JOIN businesses b ON b.id = o.business_id
      WHERE ${sqlOfBusiness('r', scope)} AND ${sqlInScope('o', scope)} AND r.method = 'GATEWAY' AND r.state <> 'FAILED'
        AND ${day('r.created_at')} BETWEEN ${query.from}::date AND ${query.to}::date
    ) entries
    ORDER BY at, kind`);
  return rows.map((row) => ({ ...row, at: new Date(row.at).toISOString() }));
}

type RatingFiguresRow = {
  rated: number;
  starsTotal: number;
  low: number;
  s1: number;
  s2: number;
  s3: number;
  s4: number;
  s5: number;
};

/** The orders of the scope rated in the period (days of the business's zone, by when last rated). */
function ratedIn(scope: Scope, query: RatingsReportQuery): SQL {
  // A range on rated_at itself, so the partial index on it serves the period.
  return sql`${sqlInScope('o', scope)} AND o.rated_at IS NOT NULL
    AND o.rated_at >= (${query.from}::date::timestamp AT TIME ZONE b.time_zone)
    AND o.rated_at < ((${query.to}::date + 1)::timestamp AT TIME ZONE b.time_zone)`;
}

/** A low rating, in SQL (ADR 0084): the order's stars or the executive's `lowRatingStars` or fewer. */
const ratedLow = (stars: SQL, executiveStars: SQL): SQL =>
  sql`(${stars} <= ${lowRatingStars} OR ${executiveStars} <= ${lowRatingStars})`;

/**
 * The period's ratings counted once for all, per store and per executive who delivered (ADR 0078):
 * one pass over the rated orders, by grouping sets. Each row has the orders' stars and, as `e…`, the
 * executives' (ADR 0084), which are an executive's row's figures. Names are the store's and
 * executive's now, or as the order kept them when they are gone.
 */
export async function ratingFigures(db: Executor, scope: Scope, query: RatingsReportQuery) {
  const { rows } = await db.execute<
    RatingFiguresRow & {
      eRated: number;
      eStarsTotal: number;
      eLow: number;
      e1: number;
      e2: number;
      e3: number;
      e4: number;
      e5: number;
      storeId: string | null;
      storeName: string | null;
      executiveId: string | null;
      executiveName: string | null;
      byStore: number;
      byExecutive: number;
    }
  >(sql`
    WITH rated AS (
      SELECT o.store_id, o.store_name, o.dex_id, o.dex_name, o.rating_stars AS stars,
        o.executive_stars AS dex_stars
      FROM orders o JOIN businesses b ON b.id = o.business_id
      WHERE ${ratedIn(scope, query)}
    ), figures AS (
      SELECT store_id, dex_id, GROUPING(store_id)::int AS by_store, GROUPING(dex_id)::int AS by_dex,
        max(store_name) AS store_name, max(dex_name) AS dex_name,
        count(*)::int AS rated, coalesce(sum(stars), 0)::int AS "starsTotal",
        -- Low: as the low ratings listed.
        count(*) FILTER (WHERE ${ratedLow(sql`stars`, sql`dex_stars`)})::int AS low,
        count(*) FILTER (WHERE stars = 1)::int AS s1, count(*) FILTER (WHERE stars = 2)::int AS s2,
        count(*) FILTER (WHERE stars = 3)::int AS s3, count(*) FILTER (WHERE stars = 4)::int AS s4,
        count(*) FILTER (WHERE stars = 5)::int AS s5,
        count(dex_stars)::int AS "eRated", coalesce(sum(dex_stars), 0)::int AS "eStarsTotal",
        count(*) FILTER (WHERE dex_stars <= ${lowRatingStars})::int AS "eLow",
        count(*) FILTER (WHERE dex_stars = 1)::int AS e1, count(*) FILTER (WHERE dex_stars = 2)::int AS e2,
        count(*) FILTER (WHERE dex_stars = 3)::int AS e3, count(*) FILTER (WHERE dex_stars = 4)::int AS e4,
        count(*) FILTER (WHERE dex_stars = 5)::int AS e5
      FROM rated GROUP BY GROUPING SETS ((), (store_id), (dex_id))
    )
    SELECT f.store_id AS "storeId", f.dex_id AS "executiveId",
      (1 - f.by_store) AS "byStore", (1 - f.by_dex) AS "byExecutive",
      coalesce((SELECT st.name FROM stores st WHERE st.id = f.store_id AND ${sqlOfBusiness('st', scope)}), f.store_name) AS "storeName",
      coalesce((SELECT u.name FROM users u WHERE u.id = f.dex_id AND ${sqlOfBusiness('u', scope)}), f.dex_name) AS "executiveName",
      f.rated, f."starsTotal", f.low, f.s1, f.s2, f.s3, f.s4, f.s5,
      f."eRated", f."eStarsTotal", f."eLow", f.e1, f.e2, f.e3, f.e4, f.e5
    FROM figures f
    -- An executive's row is most rated by their own stars, then by the orders'.
    ORDER BY CASE WHEN f.by_dex = 0 THEN f."eRated" ELSE f.rated END DESC, f.rated DESC,
      "storeName", "executiveName"`);
  return rows;
}

/** The period's low ratings (the order's stars or the executive's, ADR 0084), newest first, at most `lowRatingsListed`. */
export async function lowRatings(db: Executor, scope: Scope, query: RatingsReportQuery) {
  const { rows } = await db.execute<{
    orderId: string;
    orderNumber: number;
    stars: number;
    executiveStars: number | null;
    comment: string | null;
    ratedAt: string;
    storeName: string | null;
    executiveName: string | null;
  }>(sql`
    SELECT o.id AS "orderId", o.number::int AS "orderNumber", o.rating_stars::int AS stars,
      o.executive_stars::int AS "executiveStars", o.rating_comment AS comment, o.rated_at AS "ratedAt",
      coalesce((SELECT st.name FROM stores st WHERE st.id = o.store_id AND ${sqlOfBusiness('st', scope)}), o.store_name) AS "storeName",
      coalesce((SELECT u.name FROM users u WHERE u.id = o.dex_id AND ${sqlOfBusiness('u', scope)}), o.dex_name) AS "executiveName"
    FROM orders o JOIN businesses b ON b.id = o.business_id
    WHERE ${ratedIn(scope, query)}
      AND ${ratedLow(sql`o.rating_stars`, sql`o.executive_stars`)}
    ORDER BY o.rated_at DESC, o.number DESC
    LIMIT ${lowRatingsListed}`);
  return rows.map((row) => ({ ...row, ratedAt: new Date(row.ratedAt).toISOString() }));
}
