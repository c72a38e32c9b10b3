import { createHash } from 'node:crypto';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
  type AnyColumn,
  type Placeholder,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { OrderStatus } from '@storedesk/shared/orders';
import type { OrderListQuery } from '@storedesk/shared/orders/schemas';
import type { OrderItemSnapshot, OrderOfferSnapshot } from '@storedesk/shared/orders/snapshots';
import type { OrderEventKind } from '@storedesk/shared/orders/event-kinds';
import { namesActor } from '#server/db/actor.ts';
import type { Database, Executor } from '#server/db/client.ts';
import { perDatabase } from '#server/db/per-database.ts';
import { orderEvents, orders } from '#server/db/schema.ts';
import {
  inScope,
  ofBusiness,
  ofCustomer,
  sqlOfBusiness,
  sqlOfExecutive,
  type BusinessScope,
  type CustomerScope,
  type Scope,
} from '#server/lib/scope.ts';
import { eventInsert, type EventInput } from '#server/realtime/events.repository.ts';
import { businessTimeZoneOf } from '#server/lib/business-time-zone.ts';
import { countsUpsert, type CountedOrder, type Counts } from './daily-stats.repository.ts';
import { placedCounts } from './order-stats.ts';
import { AWAITING_PAYMENT_STATE } from '@storedesk/shared/payments/online';
import { likePattern } from '#server/lib/search.ts';
import type { StatementPart } from '#server/lib/statement-part.ts';
import { salesUpsert } from './sales-stats.repository.ts';

/**
 * A search as it may match a customer's phone, kept as ten digits: a phone
 * typed with spaces, dashes, brackets or +91 is its digits without the 91;
 * anything else is itself.
 */
export function phoneQuery(q: string): string {
  const typed = q.trim();
  if (!/^\+?[\d\s\-().]+$/.test(typed) || !/\d/.test(typed)) return typed;
  const digits = typed.replace(/\D/g, '');
  return typed.startsWith('+91') ? digits.slice(2) : digits;
}

/** At most this many closed orders are listed (SPEC §4). */
export const completedLimit = 100;

/** An order as the lists show it: the orders lists, and a customer's orders on their page. */
export const summaryColumns = {
  id: orders.id,
  number: orders.number,
  zoneId: orders.zoneId,
  storeId: orders.storeId,
  storeName: orders.storeName,
  customerName: orders.customerName,
  placedAt: orders.placedAt,
  status: orders.status,
  state: orders.state,
  billAmountPaise: orders.billAmountPaise,
  dexId: orders.dexId,
  dexName: orders.dexName,
  version: orders.version,
  slotStartsAt: orders.slotStartsAt,
  slotEndsAt: orders.slotEndsAt,
  /** When a closed order was delivered or cancelled (its last write); null while open. */
  closedAt:
    sql<Date | null>`CASE WHEN ${orders.state} = 0 THEN coalesce(${orders.deliveredAt}, ${orders.updatedAt}) END`
      .mapWith((value: string | Date | null) => (value === null ? null : new Date(value)))
      .as('closed_at'),
};

const detailColumns = {
  ...summaryColumns,
  businessId: orders.businessId,
  customerId: orders.customerId,
  customerPhone: orders.customerPhone,
  items: orders.items,
  itemsTotalPaise: orders.itemsTotalPaise,
  couponCode: orders.couponCode,
  offer: orders.offer,
  charges: orders.charges,
  discountPaise: orders.discountPaise,
  chargesTotalPaise: orders.chargesTotalPaise,
  deliveryAddress: orders.deliveryAddress,
  paymentMode: orders.paymentMode,
  paidAt: orders.paidAt,
  paidByName: orders.paidByName,
  note: orders.note,
  ifMissing: orders.ifMissing,
  cancelReason: orders.cancelReason,
  refundedPaise: orders.refundedPaise,
  paidPaise: orders.paidPaise,
  upiReference: orders.upiReference,
  upiReportedAt: orders.upiReportedAt,
  deliveredAt: orders.deliveredAt,
  ratingStars: orders.ratingStars,
  ratingComment: orders.ratingComment,
  executiveStars: orders.executiveStars,
  ratedAt: orders.ratedAt,
};

/** The orders staff of `scope` see: those of their scope that reached the store (not awaiting or lapsed unpaid online, ADR 0072). */
function visible(scope: Scope): SQL[] {
  return [inScope(orders, scope), ne(orders.state, AWAITING_PAYMENT_STATE)];
}

/**
 * How a list query carries a value: inline, or as a named placeholder of a
 * prepared statement (recording the value for its execution).
 */
type Bind = <T extends string | number>(name: string, value: T) => T | Placeholder;
const inline: Bind = (_name, value) => value;

/**
 * The scope and the filters of B2 but the status tab: store, days (YYYY-MM-DD
 * of the business's time zone, D19, both included), search. A day runs from
 * its midnight to the next one in that zone, so a day of a change to or from
 * summer time is as long as it is there.
 */
function filtered(scope: Scope, query: OrderListQuery, bind: Bind = inline): SQL[] {
  const conditions = [
    inScope(orders, {
      businessId: bind('businessId', scope.businessId),
      zoneId: scope.zoneId === null ? null : bind('zoneId', scope.zoneId),
    }),
  ];
  if (query.storeId) conditions.push(eq(orders.storeId, bind('storeId', query.storeId)));
  const timeZone = businessTimeZoneOf(sql`${bind('businessId', scope.businessId)}::uuid`);
  if (query.from) {
    conditions.push(
      sql`${orders.placedAt} >= (${bind('from', query.from)}::date::timestamp AT TIME ZONE ${timeZone})`,
    );
  }
  if (query.to) {
    conditions.push(
      sql`${orders.placedAt} < ((${bind('to', query.to)}::date + 1)::timestamp AT TIME ZONE ${timeZone})`,
    );
  }
  if (query.slotDay) {
    const day = bind('slotDay', query.slotDay);
    conditions.push(
      sql`${orders.slotStartsAt} >= (${day}::date::timestamp AT TIME ZONE ${timeZone})`,
      sql`${orders.slotStartsAt} < ((${day}::date + 1)::timestamp AT TIME ZONE ${timeZone})`,
    );
  }
  if (query.q) {
    const q = query.q.replace(/^#/, '');
    const matches = [
      sql`lower(${orders.customerName}) LIKE ${bind('namePattern', likePattern(q.toLowerCase()))}`,
      sql`${orders.customerPhone} LIKE ${bind('phonePattern', likePattern(phoneQuery(q)))}`,
    ];
    if (/^\d{1,15}$/.test(q)) matches.push(eq(orders.number, bind('number', Number(q))));
    conditions.push(or(...matches)!);
  }
  return conditions;
}

type Sortable = Record<'placedAt' | 'id' | 'status' | 'slotStartsAt', AnyColumn | SQLWrapper>;

/** The order of a list, over the orders table or a subquery of it. */
function orderBy(sort: OrderListQuery['sort'], source: Sortable = orders): SQL[] {
  const newest = [desc(source.placedAt), desc(source.id)];
  if (sort === 'newest') return newest;
  if (sort === 'oldest') return [asc(source.placedAt), asc(source.id)];
  // Earliest slot first; orders for as soon as possible (no slot) after them (ASC puts nulls last).
  if (sort === 'slot') return [asc(source.slotStartsAt), asc(source.placedAt), asc(source.id)];
  return [sort === 'status' ? asc(source.status) : desc(source.status), ...newest];
}

/** The active tabs' counts (B2) under the filters but the status tab: one pass over the open orders. */
function tabCountsQuery(db: Executor, base: SQL[]) {
  const count = (status: OrderStatus) =>
    sql<number>`count(*) FILTER (WHERE ${orders.status} = ${status})`.mapWith(Number);
  return db
    .select({
      all: sql<number>`count(*)`.mapWith(Number),
      placed: count(OrderStatus.Placed),
      confirmed: count(OrderStatus.Confirmed),
      pickedUp: count(OrderStatus.PickedUp),
    })
    .from(orders)
    .where(and(...base, eq(orders.state, 1)));
}

const tabOfStatus = {
  [OrderStatus.Placed]: 'placed',
  [OrderStatus.Confirmed]: 'confirmed',
  [OrderStatus.PickedUp]: 'pickedUp',
} as const satisfies Partial<Record<number, 'placed' | 'confirmed' | 'pickedUp'>>;

/** The newest 100 closed orders the filters match, then sorted as asked: a sort never changes which 100. */
function completedPage(db: Executor, listed: SQL[], query: OrderListQuery, limit: number, offset: number) {
  const newest = db
    .select(summaryColumns)
    .from(orders)
    .where(and(...listed))
    .orderBy(...orderBy('newest'))
    .limit(completedLimit)
    .as('newest');
  return db
    .select()
    .from(newest)
    .orderBy(...orderBy(query.sort, newest))
    .limit(limit)
    .offset(offset);
}

async function completedTotal(db: Executor, listed: SQL[]): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(orders)
    .where(and(...listed))
    .limit(completedLimit);
  const { rows } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM (${capped}) AS capped`);
  return Number(rows[0]?.n ?? 0);
}

/**
 * The active view's page and tab counts, prepared once per shape of query (which
 * filters it has, zone or not, the sort) and database, so each request skips
 * building the SQL and PostgreSQL planning it. The two run side by side on two
 * connections: one statement joining them measured about 6% slower.
 */
const activeLists = perDatabase(() => new Map<string, ReturnType<typeof prepareActiveList>>());

function prepareActiveList(db: Database, base: SQL[], query: OrderListQuery, name: string) {
  const listed = [...base, eq(orders.state, 1)];
  if (query.status !== undefined) listed.push(eq(orders.status, sql.placeholder('status')));
  return {
    rows: db
      .select(summaryColumns)
      .from(orders)
      .where(and(...listed))
      .orderBy(...orderBy(query.sort))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`${name}_rows`),
    counts: tabCountsQuery(db, base).prepare(`${name}_counts`),
  };
}

function activeListQueries(db: Database, scope: Scope, base: SQL[], query: OrderListQuery) {
  const shape = [
    query.status !== undefined,
    Boolean(query.storeId),
    Boolean(query.from),
    Boolean(query.to),
    Boolean(query.slotDay),
    query.q ? (/^#?\d{1,15}$/.test(query.q) ? 'number' : 'text') : 'none',
    query.sort,
    Boolean(scope.zoneId),
  ].join('|');
  const prepared = activeLists(db);
  let queries = prepared.get(shape);
  if (!queries) {
    const name = `order_list_${createHash('sha1').update(shape).digest('hex').slice(0, 12)}`;
    queries = prepareActiveList(db, base, query, name);
    prepared.set(shape, queries);
  }
  return queries;
}

export async function findOrders(db: Database, scope: Scope, query: OrderListQuery) {
  const offset = query.page * query.pageSize;
  if (query.view === 'completed') {
    const base = filtered(scope, query);
    const byStatus = query.status === undefined ? [] : [eq(orders.status, query.status)];
    const listed = [...base, eq(orders.state, 0), ...byStatus];
    const limit = Math.max(0, Math.min(query.pageSize, completedLimit - offset));
    const [items, total] = await Promise.all([
      limit === 0 ? Promise.resolve([]) : completedPage(db, listed, query, limit, offset),
      completedTotal(db, listed),
    ]);
    return { items, total };
  }
  // Closed statuses have no tab: the active view simply holds none of them.
  const values: Record<string, string | number> = {};
  const record: Bind = (name, value) => {
    values[name] = value;
    return sql.placeholder(name);
  };
  const base = filtered(scope, query, record);
  if (query.status !== undefined) record('status', query.status);
  const { rows, counts: countsQuery } = activeListQueries(db, scope, base, query);
  const [items, [counts]] = await Promise.all([
    rows.execute({ ...values, limit: query.pageSize, offset }),
    countsQuery.execute(values),
  ]);
  // The tab counts are the active view's totals: no second count.
  const tab = query.status === undefined ? 'all' : tabOfStatus[query.status as keyof typeof tabOfStatus];
  return { items, total: tab ? counts![tab] : 0, counts: counts! };
}

export type ExportRow = {
  number: number;
  placed: string;
  store_name: string;
  customer_name: string;
  customer_phone: string;
  status: number;
  bill_amount_paise: number | string;
  dex_name: string | null;
  address: string | null;
  payment_mode: string | null;
  paid: boolean;
  note: string | null;
};

/**
 * Every row of a list as filtered and sorted, for the CSV export. Unlike the
 * completed screen, which shows the newest 100, the export holds every closed
 * order the filters match (a month's deliveries, say): ADR 0010.
 */
function exportQuery(db: Executor, scope: Scope, query: OrderListQuery) {
  const listed = [...filtered(scope, query), eq(orders.state, query.view === 'active' ? 1 : 0)];
  if (query.status !== undefined) listed.push(eq(orders.status, query.status));
  // The date and time in the business's time zone (D19), as the list and its filter have them.
  const timeZone = businessTimeZoneOf(sql`${scope.businessId}::uuid`);
  return db
    .select({
      number: orders.number,
      placed: sql<string>`to_char(${orders.placedAt} AT TIME ZONE ${timeZone}, 'DD/MM/YYYY HH24:MI')`.as(
        'placed',
      ),
      storeName: sql<string>`${orders.storeName}`.as('store_name'),
      customerName: sql<string>`${orders.customerName}`.as('customer_name'),
      customerPhone: sql<string>`${orders.customerPhone}`.as('customer_phone'),
      status: orders.status,
      billAmountPaise: sql<number>`${orders.billAmountPaise}`.as('bill_amount_paise'),
      dexName: sql<string | null>`${orders.dexName}`.as('dex_name'),
      // The address as one line: its text, then the landmark when there is one.
      address: sql<
        string | null
      >`concat_ws(', ', ${orders.deliveryAddress}->>'text', nullif(${orders.deliveryAddress}->>'landmark', ''))`.as(
        'address',
      ),
      paymentMode: sql<string | null>`${orders.paymentMode}`.as('payment_mode'),
      paid: sql<boolean>`${orders.paidAt} IS NOT NULL`.as('paid'),
      note: sql<string | null>`${orders.note}`.as('note'),
    })
    .from(orders)
    .where(and(...listed))
    .orderBy(...orderBy(query.sort));
}

/**
 * Locks a delivery executive's count of open orders (ADR 0087) for a bulk change that gives them
 * orders: a concurrent assignment to them waits until it commits, and then reads the count it left.
 */
export async function lockExecutive(tx: Executor, businessId: string, dexId: string): Promise<void> {
  await tx.execute(
    sql`SELECT 1 FROM executive_open_orders WHERE ${sqlOfExecutive(null, { businessId, executiveId: dexId }, 'executive_id')} FOR UPDATE`,
  );
}

/**
 * An executive's open orders as the database keeps them (ADR 0087), this transaction's changes
 * included, and the business's limit (null: the default).
 */
export async function countOpenOrders(tx: Executor, businessId: string, dexId: string) {
  const { rows } = await tx.execute<{ open: number; limit: number | null }>(sql`
    SELECT coalesce((SELECT open_orders FROM executive_open_orders
        WHERE ${sqlOfExecutive(null, { businessId, executiveId: dexId }, 'executive_id')}), 0) AS open,
      (SELECT max_open_orders_per_executive FROM order_settings WHERE ${sqlOfBusiness(null, { businessId })}) AS limit`);
  return { open: rows[0]!.open, limit: rows[0]!.limit };
}

/**
 * The name of the delivery executive `dexId` if they are one of the order's
 * business and zone and not deleted, else null: read with the order, so naming
 * an executive costs no round trip of its own.
 */
function namedDex(dexId: string | undefined) {
  if (!dexId) return sql<string | null>`NULL::text`;
  // Written out in full: in a single table's select, the query builder leaves column names unqualified.
  return sql<string | null>`(
    SELECT u.name FROM users AS u
    WHERE u.id = ${dexId} AND u.business_id = orders.business_id AND u.zone_id = orders.zone_id
      AND u.level = 3 AND u.deleted_at IS NULL)`;
}

/**
 * With the executive a change names, the business's limit of their open orders (null: the
 * default), read with the order so that checking it costs no round trip of its own.
 */
function executiveLimit(dexId: string | undefined) {
  if (!dexId) return sql<number | null>`NULL::int`;
  return sql<number | null>`(
    SELECT os.max_open_orders_per_executive FROM order_settings AS os WHERE os.business_id = orders.business_id)`;
}

/**
 * An order the scope can see. With `dexId`, the delivery executive a change
 * names: their name comes back as `namedDexName` if the order may have them.
 */
export async function findOrder(db: Executor, scope: Scope, orderId: string, dexId?: string) {
  const [row] = await db
    .select({ ...detailColumns, namedDexName: namedDex(dexId), executiveLimit: executiveLimit(dexId) })
    .from(orders)
    .where(and(...visible(scope), eq(orders.id, orderId)));
  return row;
}

export type OrderRow = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

/** One of the customer's own orders as a change of it reads it (B18), locked for the change with `lock`; undefined for anyone else's. */
export async function findOrderOfCustomer(
  db: Executor,
  scope: CustomerScope,
  orderId: string,
  lock = false,
): Promise<OrderRow | undefined> {
  const query = db
    .select({
      ...detailColumns,
      namedDexName: namedDex(undefined),
      executiveLimit: executiveLimit(undefined),
    })
    .from(orders)
    .where(and(ofCustomer(orders, scope), eq(orders.id, orderId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Locks the orders of `orderIds` the scope can see, in a fixed order, for a change of them all. */
export async function findOrdersForUpdate(db: Executor, scope: Scope, orderIds: string[], dexId?: string) {
  return db
    .select({ ...detailColumns, namedDexName: namedDex(dexId), executiveLimit: executiveLimit(dexId) })
    .from(orders)
    .where(and(...visible(scope), inArray(orders.id, orderIds)))
    .orderBy(asc(orders.id))
    .for('update', { of: orders });
}

const timelineColumns = {
  id: orderEvents.id,
  fromStatus: orderEvents.fromStatus,
  toStatus: orderEvents.toStatus,
  dexName: orderEvents.dexName,
  note: orderEvents.note,
  reason: orderEvents.reason,
  kind: orderEvents.kind,
  actorName: orderEvents.actorName,
  at: orderEvents.createdAt,
};

export async function findTimeline(db: Executor, orderId: string) {
  return db
    .select(timelineColumns)
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id));
}

export type TimelineRow = Awaited<ReturnType<typeof findTimeline>>[number];

/** What a change of an order returns of its row: the order as the lists show it, with its payment. */
const changedColumns = {
  ...summaryColumns,
  customerId: orders.customerId,
  paidAt: orders.paidAt,
  paidByName: orders.paidByName,
  paidPaise: orders.paidPaise,
  refundedPaise: orders.refundedPaise,
  ratingStars: orders.ratingStars,
  ratingComment: orders.ratingComment,
  executiveStars: orders.executiveStars,
  ratedAt: orders.ratedAt,
};

/** A time as the API writes it (`Date#toISOString`), in SQL. */
const isoTime = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The data of an order's change event (ADR 0051, `OrderChange` of packages/shared), built in the
 * writing statement from the order's row as written (`w`, of changedColumns) and the timeline row
 * the change added (`a`).
 */
const orderChangeData = sql.raw(`json_build_object(
  'order', json_build_object('id', w.id, 'number', w.number, 'zoneId', w.zone_id, 'storeId', w.store_id,
    'storeName', w.store_name, 'customerName', w.customer_name, 'placedAt', ${isoTime('w.placed_at')},
    'status', w.status, 'state', w.state, 'billAmountPaise', w.bill_amount_paise, 'dexId', w.dex_id,
    'dexName', w.dex_name, 'version', w.version, 'closedAt', ${isoTime('w.closed_at')},
    'slot', CASE WHEN w.slot_starts_at IS NOT NULL THEN json_build_object('startsAt', ${isoTime('w.slot_starts_at')},
      'endsAt', ${isoTime('w.slot_ends_at')}) END,
    'paidAt', ${isoTime('w.paid_at')}, 'paidByName', w.paid_by_name, 'paidPaise', w.paid_paise,
    'refundedPaise', w.refunded_paise,
    'rating', CASE WHEN w.rating_stars IS NOT NULL AND w.rated_at IS NOT NULL THEN json_build_object(
      'stars', w.rating_stars, 'comment', w.rating_comment, 'executiveStars', w.executive_stars,
      'ratedAt', ${isoTime('w.rated_at')}) END),
  'timelineEntry', json_build_object('id', a.id, 'fromStatus', a.from_status, 'toStatus', a.to_status,
    'dexName', a.dex_name, 'note', a.note, 'reason', a.reason, 'kind', a.kind, 'actorName', a.actor_name,
    'at', ${isoTime('a.created_at')}))`);

/** The CTE of an order write's statement holding the order's row as written (of changedColumns). */
const written = sql.identifier('written');
/** That row beside the timeline row the statement added (its `added` CTE), for its event. */
const writtenAndAdded = sql`${written} w CROSS JOIN added a`;

/** The insert of an order's timeline row, one for the order's row as written, so none when nothing was. */
function timelineInsert(orderId: string, row: OrderChange['timeline']) {
  return sql`
    INSERT INTO order_events (order_id, business_id, from_status, to_status, dex_id, dex_name, note, reason, actor_id, actor_name)
    SELECT ${orderId}::uuid, ${row.businessId}::uuid, ${row.fromStatus ?? null}::smallint, ${row.toStatus ?? null}::smallint,
           ${row.dexId ?? null}::uuid, ${row.dexName ?? null}, ${row.note ?? null}, ${row.reason ?? null},
           ${row.actorId ?? null}::uuid, ${row.actorName}
    FROM ${written}
    RETURNING id, from_status, to_status, dex_name, note, reason, kind, actor_name, created_at`;
}

/** A new order's row, as the caller decides it: its id too (its timeline row and event name it), never its number. */
export type NewOrder = Omit<typeof orders.$inferInsert, 'number'> & { id: string };

/**
 * Writes a new order in one statement: its row, the first row of its timeline, the dashboard's
 * counters and its live event (carrying the order as written and that row). Answers the order as
 * written, with its number.
 *
 * The `orders_number` trigger (ADR 0024) gives the row its business's next number, and the
 * business's counter row (and its `daily_stats` row, counted here too) stay locked until the
 * transaction ends: the business's orders wait for each other from this statement to their
 * commit, so it comes as late in its transaction as it can (ADR 0066).
 */
export async function insertPlacedOrder(
  db: Executor,
  order: NewOrder & CountedOrder,
  /** The dashboard's counters to move, or none (an order awaiting its online payment, ADR 0072). */
  first: { timeline: OrderChange['timeline']; counts: Counts | null; event: EventInput },
  /** Another module's part of the statement, run before the order's row is written (ADR 0067). */
  before: StatementPart | null = null,
) {
  // The row with closed_at too (null: a new order is open), as the event's data reads it. Behind
  // a part, the row takes its id through the part's gate: the part runs, and takes its locks, first.
  const row = before ? { ...order, id: sql`(SELECT ${order.id}::uuid FROM ${before.gate})` } : order;
  const insert = db.$with('written').as(
    db
      .insert(orders)
      .values(row)
      .returning({ ...getTableColumns(orders), closedAt: summaryColumns.closedAt }),
  );
  const parts = (before?.ctes ?? []).map((cte) => db.$with(cte.name, {}).as(cte.query));
  const counted = first.counts
    ? [db.$with('counted', {}).as(countsUpsert(order, first.counts, written))]
    : [];
  const added = db.$with('added', {}).as(timelineInsert(order.id, first.timeline));
  const announced = db.$with('announced', {}).as(eventInsert(first.event, writtenAndAdded, orderChangeData));
  const [placed] = await db
    .with(...parts, insert, ...counted, added, announced)
    .select()
    .from(insert);
  return placed!;
}

export type OrderChange = {
  orderId: string;
  /** The version the change was decided on: nothing is written unless the order is still open at this version. */
  version: number;
  /**
   * The order's status, state and executive after the change (a note alone keeps
   * them, and still moves the version).
   */
  update: {
    status: number;
    state: number;
    dex?: { id: string; name: string };
    /** Why it is cancelled (B18): kept on the order with the change to Cancelled. */
    cancelReason?: string;
    /** Cash collected at the door by the executive delivering it: the order is paid by them (ADR 0042). */
    cash?: { paise: number; by: { id: string; name: string } };
  };
  timeline: Omit<typeof orderEvents.$inferInsert, 'id' | 'orderId' | 'createdAt'>;
  /** The dashboard's counters to move with it, if any. */
  counts: Counts | null;
  event: EventInput;
  /** The state the order must still be in: open (1), or awaiting its online payment (2, ADR 0072). */
  fromState?: 1 | 2;
  /**
   * The change gives the order to `update.dex`, who must have room for it under the business's
   * limit (B14): written only while their open orders, as the database keeps them, are under `max`.
   */
  room?: { max: number; leaves: string | null };
  /** The order's business, zone and day, for its counters. */
  order: CountedOrder;
  /**
   * Whether the order's customer, and its executive while it is open, have devices to push to: a
   * query over the order's row as written, yielding one row (`customer`, `executive`).
   */
  devices: (written: SQLWrapper) => SQL;
};

/**
 * Writes a change of an order in one statement, which needs no transaction of
 * its own: the order's update, its timeline row, the dashboard's counters and
 * its live event (carrying the order as written and that row), all only if the order is still open at `change.version`.
 * That condition is checked on the order's row as the update locks it, so of
 * two changes decided on one version, one writes and the other writes nothing.
 *
 * Answers the order's whole timeline, the new row last, or null when nothing
 * was written. A timeline row only comes with a new version, so no row the
 * statement's snapshot misses can have committed before a change it writes.
 * With it, whether the order's customer, and the executive of an open order,
 * have devices to push to (ADR 0039, 0042): without, no look-up follows.
 */
export async function recordOrderChange(
  db: Executor,
  change: OrderChange,
): Promise<OrderChangeWritten | null> {
  let open = and(
    ofBusiness(orders, change.order),
    eq(orders.id, change.orderId),
    eq(orders.version, change.version),
    eq(orders.state, change.fromState ?? 1),
    namesActor(),
  );
  const { update } = change;
  if (update.dex) {
    // The executive read when deciding is still a live executive of the order's zone, and stays so until
    // this commits: a delete or move of them locks their row for update first, so one of the two waits and
    // then sees the other. A key-share lock is the one the dex_id foreign key takes anyway, so it costs
    // nothing more and never makes concurrent changes of one executive's orders wait for each other.
    open = and(
      open,
      sql`EXISTS (SELECT 1 FROM users u WHERE u.id = ${update.dex.id} AND u.level = 3
        AND u.deleted_at IS NULL AND u.zone_id = ${orders.zoneId} FOR KEY SHARE OF u)`,
    );
  }
  if (update.dex && change.room) {
    // The executive's count row, locked until this commits: a second assignment to them waits, and
    // then reads the count this one's trigger left (ADR 0087). The row of the executive the order
    // leaves, which that trigger writes too, is locked with it, the two in key order, so two changes
    // swapping two executives' orders wait for each other instead of deadlocking. The rule is
    // canTakeOrders's, for one more.
    const { businessId } = change.order;
    const joins = sqlOfExecutive(null, { businessId, executiveId: update.dex.id }, 'executive_id');
    const leaves = change.room.leaves
      ? sqlOfExecutive(null, { businessId, executiveId: change.room.leaves }, 'executive_id')
      : sql`false`;
    open = and(
      open,
      sql`(SELECT max(l.open_orders) FILTER (WHERE l.joins) FROM (
          SELECT open_orders, (${joins}) AS joins FROM executive_open_orders
          WHERE (${joins}) OR (${leaves})
          ORDER BY executive_id FOR UPDATE) AS l) + 1 <= ${change.room.max}`,
    );
  }
  const guard = db
    .update(orders)
    .set({
      status: update.status,
      state: update.state,
      ...(update.dex ? { dexId: update.dex.id, dexName: update.dex.name } : {}),
      ...(update.cancelReason ? { cancelReason: update.cancelReason } : {}),
      ...(update.status === OrderStatus.Delivered ? { deliveredAt: sql`now()` } : {}),
      ...(update.cash
        ? {
            cashCollectedPaise: update.cash.paise,
            paidAt: sql`coalesce(${orders.paidAt}, now())`,
            paidPaise: sql`coalesce(${orders.paidPaise}, ${update.cash.paise}::bigint)`,
            paidById: sql`coalesce(${orders.paidById}, ${update.cash.by.id}::uuid)`,
            paidByName: sql`coalesce(${orders.paidByName}, ${update.cash.by.name})`,
          }
        : {}),
      version: sql`${orders.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(open)
    .returning(changedColumns)
    .getSQL();
  const parts = [sql`${written} AS (${guard})`];
  if (change.counts) {
    parts.push(sql`counted AS (${countsUpsert(change.order, change.counts, written)})`);
    parts.push(sql`sold AS (${salesUpsert(change.orderId, update, written)})`);
  }
  parts.push(sql`added AS (${timelineInsert(change.orderId, change.timeline)})`);
  parts.push(sql`announced AS (${eventInsert(change.event, writtenAndAdded, orderChangeData)})`);
  parts.push(sql`pushed AS (${change.devices(written)})`);
  const { rows } = await db.execute<
    Record<
      | 'id'
      | 'from_status'
      | 'to_status'
      | 'dex_name'
      | 'note'
      | 'reason'
      | 'kind'
      | 'actor_name'
      | 'created_at'
      | 'push_customer'
      | 'push_executive',
      unknown
    >
  >(sql`
    WITH ${sql.join(parts, sql`, `)}
    SELECT e.id, e.from_status, e.to_status, e.dex_name, e.note, e.reason, e.kind, e.actor_name, e.created_at,
           p.customer AS push_customer, p.executive AS push_executive
    FROM order_events e CROSS JOIN pushed p
    WHERE e.order_id = ${change.orderId} AND EXISTS (SELECT FROM ${written})
    UNION ALL SELECT a.*, p.customer, p.executive FROM added a CROSS JOIN pushed p
    ORDER BY id`);
  const last = rows.at(-1);
  if (!last) return null;
  const timeline = rows.map((r) => ({
    id: Number(r.id),
    fromStatus: r.from_status as number | null,
    toStatus: r.to_status as number | null,
    dexName: r.dex_name as string | null,
    note: r.note as string | null,
    reason: r.reason as string | null,
    kind: r.kind as OrderEventKind | null,
    actorName: r.actor_name as string,
    at: orderEvents.createdAt.mapFromDriverValue(r.created_at as string) as Date,
  }));
  return {
    timeline,
    pushTo: { customer: last.push_customer === true, executive: last.push_executive === true },
  };
}

/** A change as `recordOrderChange` wrote it. */
export type OrderChangeWritten = {
  /** The order's whole timeline, the new row last. */
  timeline: TimelineRow[];
  /** Whether the order's customer, and its executive while it is open, have devices to push to. */
  pushTo: { customer: boolean; executive: boolean };
};

/**
 * The rows of the list as filtered (every page of it), from a server-side
 * cursor in one read-only snapshot, `batchSize` at a time, for as long as
 * `onBatch` answers true: memory stays flat however many rows there are.
 */
export async function forEachExportBatch(
  db: Database,
  scope: Scope,
  query: OrderListQuery,
  batchSize: number,
  onBatch: (rows: ExportRow[]) => Promise<boolean>,
): Promise<void> {
  await db.transaction(
    async (tx) => {
      await tx.execute(sql`DECLARE order_export NO SCROLL CURSOR FOR ${exportQuery(tx, scope, query)}`);
      for (;;) {
        const { rows } = await tx.execute<ExportRow>(sql.raw(`FETCH ${batchSize} FROM order_export`));
        if (rows.length === 0 || !(await onBatch(rows))) return;
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * Writes `set` to an order the scope can see (its version moves) and one timeline row, only while
 * it is still at `order.version` and `guard` holds of it. Answers whether it was written.
 */
async function writeWithTimelineRow(
  tx: Executor,
  scope: Scope,
  order: { id: string; version: number },
  set: PgUpdateSetSource<typeof orders>,
  guard: SQL[],
  row: Omit<typeof orderEvents.$inferInsert, 'id' | 'orderId' | 'businessId' | 'createdAt'>,
): Promise<boolean> {
  const [written] = await tx
    .update(orders)
    .set({ ...set, version: sql`${orders.version} + 1`, updatedAt: sql`now()` })
    .where(and(...visible(scope), eq(orders.id, order.id), eq(orders.version, order.version), ...guard))
    .returning({ id: orders.id });
  if (!written) return false;
  await tx.insert(orderEvents).values({ orderId: order.id, businessId: scope.businessId, ...row });
  return true;
}

/**
 * An order paid online reaches the store (B18, ADR 0072): while it still awaits its payment (state
 * 2) it becomes open (state 1) and paid with `paidPaise`, in one statement with its timeline row,
 * the dashboard's counters as its placing would have moved them, and the `created` event staff are
 * alerted by. Answers the order as written, or null when it no longer awaited its payment.
 */
export async function releasePaidOrder(
  tx: Executor,
  scope: BusinessScope,
  order: CountedOrder & { id: string; customerId: string | null },
  payment: { paidPaise: number; by: string; note: string },
): Promise<boolean> {
  // Its customer's first order that reached the store (orders that never did are not counted).
  const [others] = order.customerId
    ? await tx
        .select({ n: count() })
        .from(orders)
        .where(
          and(
            ofCustomer(orders, { businessId: scope.businessId, customerId: order.customerId }),
            ne(orders.id, order.id),
            ne(orders.state, AWAITING_PAYMENT_STATE),
          ),
        )
    : [{ n: 1 }];
  const guard = tx
    .update(orders)
    .set({
      state: 1,
      payBy: null,
      paidAt: sql`now()`,
      paidPaise: payment.paidPaise,
      paidByName: payment.by,
      version: sql`${orders.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        ofBusiness(orders, scope),
        eq(orders.id, order.id),
        eq(orders.state, AWAITING_PAYMENT_STATE),
        eq(orders.status, OrderStatus.Placed),
      ),
    )
    .returning(changedColumns)
    .getSQL();
  const event: EventInput = {
    businessId: order.businessId,
    zoneId: order.zoneId,
    topic: 'orders',
    action: 'created',
    recordId: order.id,
    customerId: order.customerId,
  };
  const { rows } = await tx.execute<{ id: string }>(sql`
    WITH ${written} AS (${guard}),
    counted AS (${countsUpsert(order, placedCounts(others!.n === 0), written)}),
    added AS (${timelineInsert(order.id, { businessId: order.businessId, note: payment.note, actorName: payment.by })}),
    announced AS (${eventInsert(event, writtenAndAdded, orderChangeData)})
    SELECT id FROM ${written}`);
  return rows.length > 0;
}

/**
 * Marks an order's payment received by `actor` (ADR 0038), with a timeline row
 * and the live event, if it is still at `version`, not paid and not
 * cancelled. Answers whether it was written.
 */
export async function markPaid(
  tx: Executor,
  scope: Scope,
  order: { id: string; zoneId: string; version: number },
  actor: { id: string; name: string },
  note: string,
): Promise<boolean> {
  return writeWithTimelineRow(
    tx,
    scope,
    order,
    {
      paidAt: sql`now()`,
      paidPaise: sql`${orders.billAmountPaise}`,
      paidById: actor.id,
      paidByName: actor.name,
    },
    [isNull(orders.paidAt), ne(orders.status, OrderStatus.Cancelled)],
    // Not a status row nor a note at a status: a payment row names no status (from and to are null).
    { note, actorId: actor.id, actorName: actor.name },
  );
}

/**
 * What an item change added to an order paid online is paid at the gateway (ADR 0074): the order's
 * paid sum grows by it, with a timeline row, if the order is still at `order.version` and not
 * cancelled. Answers whether it was written.
 */
export async function payDueOnline(
  tx: Executor,
  scope: BusinessScope,
  order: { id: string; version: number; paidPaise: number },
  payment: { amountPaise: number; by: string; note: string },
): Promise<boolean> {
  return writeWithTimelineRow(
    tx,
    { ...scope, zoneId: null },
    order,
    // Its gateway order stays: the checkout's answer may come after the webhook, and is verified by it.
    { paidPaise: order.paidPaise + payment.amountPaise },
    [isNotNull(orders.paidAt), ne(orders.status, OrderStatus.Cancelled)],
    { note: payment.note, actorId: null, actorName: payment.by },
  );
}

/**
 * Writes an order's new lines and bill (B18: staff changed its items) with a timeline row, if the
 * order is still at `order.version` and not yet picked up. Answers whether it was written.
 */
export async function rewriteOrderItems(
  tx: Executor,
  scope: BusinessScope,
  order: { id: string; version: number },
  bill: {
    items: OrderItemSnapshot[];
    itemsTotalPaise: number;
    discountPaise: number;
    offer: OrderOfferSnapshot | null;
    billAmountPaise: number;
  },
  timeline: { note: string; actorId: string; actorName: string },
): Promise<boolean> {
  return writeWithTimelineRow(
    tx,
    { ...scope, zoneId: null },
    order,
    // What was due online before is due no more as it was: its gateway order is never paid (ADR 0074).
    { ...bill, dueGatewayOrderId: null, dueGatewayPaise: null },
    [inArray(orders.status, [OrderStatus.Placed, OrderStatus.Confirmed])],
    { kind: 'ITEMS', ...timeline },
  );
}

/**
 * Moves an open order to a delivery slot (B19) with its timeline row, if it is still at
 * `order.version` and not picked up; its place is given back and the new one booked by the
 * orders_slot_move trigger, which refuses a full slot (SQLSTATE SD410). Answers whether it was written.
 */
export async function moveOrderSlot(
  tx: Executor,
  scope: Scope,
  order: { id: string; version: number },
  slot: { startsAt: string; endsAt: string },
  timeline: { note: string; actorId: string; actorName: string },
): Promise<boolean> {
  return writeWithTimelineRow(
    tx,
    scope,
    order,
    { slotStartsAt: new Date(slot.startsAt), slotEndsAt: new Date(slot.endsAt) },
    [inArray(orders.status, [OrderStatus.Placed, OrderStatus.Confirmed])],
    { kind: 'SLOT', ...timeline },
  );
}

/**
 * Records the UPI reference a customer gave for their order (B18) with a timeline row, if the order
 * is still at `version`, unpaid and not cancelled. Answers whether it was written.
 */
export async function recordUpiReference(
  tx: Executor,
  scope: CustomerScope,
  order: { id: string; version: number },
  reference: string,
  actorName: string,
  note: string,
): Promise<boolean> {
  return writeWithTimelineRow(
    tx,
    { businessId: scope.businessId, zoneId: null },
    order,
    { upiReference: reference, upiReportedAt: sql`now()` },
    [ofCustomer(orders, scope), isNull(orders.paidAt), ne(orders.status, OrderStatus.Cancelled)],
    { note, actorName, kind: 'UPI_REPORTED' },
  );
}

/**
 * Records a customer's rating of their delivered order (B19) with a timeline row, if the order is
 * still at `order.version` and delivered. Answers whether it was written.
 */
export async function recordRating(
  tx: Executor,
  scope: CustomerScope,
  order: { id: string; version: number },
  rating: { stars: number; comment: string | null; executiveStars: number | null },
  actorName: string,
  note: string,
): Promise<boolean> {
  return writeWithTimelineRow(
    tx,
    { businessId: scope.businessId, zoneId: null },
    order,
    {
      ratingStars: rating.stars,
      ratingComment: rating.comment,
      executiveStars: rating.executiveStars,
      ratedAt: sql`now()`,
    },
    [ofCustomer(orders, scope), eq(orders.status, OrderStatus.Delivered)],
    { note, actorName, kind: 'RATING' },
  );
}

/** A customer's orders, newest first, as the orders list's rows, with their number. */
export async function findOrdersOfCustomer(
  db: Executor,
  scope: BusinessScope,
  customerId: string,
  page: { page: number; pageSize: number },
) {
  const where = ofCustomer(orders, { businessId: scope.businessId, customerId });
  const [items, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(orders)
      .where(where)
      .orderBy(desc(orders.placedAt), desc(orders.id))
      .limit(page.pageSize)
      .offset(page.page * page.pageSize),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return { items, total };
}
