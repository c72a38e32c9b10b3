import { createHash } from 'node:crypto';
import {
  and,
  asc,
  desc,
  eq,
  inArray,
  isNull,
  or,
  sql,
  type AnyColumn,
  type Placeholder,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { businessTimeZone } from '@storedesk/shared/limits';
import { OrderStatus } from '@storedesk/shared/orders';
import type { OrderListQuery } from '@storedesk/shared/orders/schemas';
import type { Database, Executor } from '../../db/client.ts';
import { perDatabase } from '../../db/per-database.ts';
import { orderEvents, orders, users } from '../../db/schema.ts';
import type { Scope } from '../../lib/scope.ts';
import { likePattern } from '../../lib/search.ts';

/** At most this many closed orders are listed (SPEC §4). */
export const completedLimit = 100;

const summaryColumns = {
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
};

const detailColumns = {
  ...summaryColumns,
  businessId: orders.businessId,
  customerPhone: orders.customerPhone,
  items: orders.items,
  itemsTotalPaise: orders.itemsTotalPaise,
  couponCode: orders.couponCode,
  offer: orders.offer,
  charges: orders.charges,
  discountPaise: orders.discountPaise,
  chargesTotalPaise: orders.chargesTotalPaise,
};

function visible(scope: Scope): SQL[] {
  const conditions = [eq(orders.businessId, scope.businessId)];
  if (scope.zoneId) conditions.push(eq(orders.zoneId, scope.zoneId));
  return conditions;
}

/**
 * How a list query carries a value: inline, or as a named placeholder of a
 * prepared statement (recording the value for its execution).
 */
type Bind = <T extends string | number>(name: string, value: T) => T | Placeholder;
const inline: Bind = (_name, value) => value;

/**
 * The scope and the filters of B2 but the status tab: store, days (in the
 * business's time zone, both included), search.
 */
function filtered(scope: Scope, query: OrderListQuery, bind: Bind = inline): SQL[] {
  const conditions = [eq(orders.businessId, bind('businessId', scope.businessId))];
  if (scope.zoneId) conditions.push(eq(orders.zoneId, bind('zoneId', scope.zoneId)));
  if (query.storeId) conditions.push(eq(orders.storeId, bind('storeId', query.storeId)));
  if (query.from) {
    conditions.push(
      sql`${orders.placedAt} >= (${bind('from', query.from)}::date::timestamp AT TIME ZONE ${businessTimeZone})`,
    );
  }
  if (query.to) {
    conditions.push(
      sql`${orders.placedAt} < ((${bind('to', query.to)}::date + 1)::timestamp AT TIME ZONE ${businessTimeZone})`,
    );
  }
  if (query.q) {
    const q = query.q.replace(/^#/, '');
    const matches = [
      sql`lower(${orders.customerName}) LIKE ${bind('namePattern', likePattern(q.toLowerCase()))}`,
      sql`${orders.customerPhone} LIKE ${bind('phonePattern', likePattern(q))}`,
    ];
    if (/^\d{1,15}$/.test(q)) matches.push(eq(orders.number, bind('number', Number(q))));
    conditions.push(or(...matches)!);
  }
  return conditions;
}

type Sortable = Record<'placedAt' | 'id' | 'status', AnyColumn | SQLWrapper>;

/** The order of a list, over the orders table or a subquery of it. */
function orderBy(sort: OrderListQuery['sort'], source: Sortable = orders): SQL[] {
  const newest = [desc(source.placedAt), desc(source.id)];
  if (sort === 'newest') return newest;
  if (sort === 'oldest') return [asc(source.placedAt), asc(source.id)];
  return [sort === 'status' ? asc(source.status) : desc(source.status), ...newest];
}

/** The active tabs' counts (B2) under the filters but the status tab: one pass over the open orders. */
function tabCountsQuery(db: Executor, base: SQL[]) {
  return db
    .select({
      all: sql<number>`count(*)`.mapWith(Number),
      placed: sql<number>`count(*) FILTER (WHERE ${orders.status} = ${OrderStatus.Placed})`.mapWith(Number),
      confirmed: sql<number>`count(*) FILTER (WHERE ${orders.status} = ${OrderStatus.Confirmed})`.mapWith(
        Number,
      ),
      pickedUp: sql<number>`count(*) FILTER (WHERE ${orders.status} = ${OrderStatus.PickedUp})`.mapWith(
        Number,
      ),
    })
    .from(orders)
    .where(and(...base, eq(orders.state, 1)));
}

async function tabCounts(db: Executor, base: SQL[]) {
  const [counts] = await tabCountsQuery(db, base);
  return counts!;
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
 * building the SQL and PostgreSQL planning it.
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
    const [items, total, counts] = await Promise.all([
      limit === 0 ? Promise.resolve([]) : completedPage(db, listed, query, limit, offset),
      completedTotal(db, listed),
      tabCounts(db, base),
    ]);
    return { items, total, counts };
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

/**
 * Every row of a list as filtered and sorted, for the CSV export. Unlike the
 * completed screen, which shows the newest 100, the export holds every closed
 * order the filters match (a month's deliveries, say): ADR 0010.
 */
export function exportQuery(db: Executor, scope: Scope, query: OrderListQuery) {
  const listed = [...filtered(scope, query), eq(orders.state, query.view === 'active' ? 1 : 0)];
  if (query.status !== undefined) listed.push(eq(orders.status, query.status));
  return db
    .select({
      number: orders.number,
      placed:
        sql<string>`to_char(${orders.placedAt} AT TIME ZONE ${businessTimeZone}, 'DD/MM/YYYY HH24:MI')`.as(
          'placed',
        ),
      storeName: sql<string>`${orders.storeName}`.as('store_name'),
      customerName: sql<string>`${orders.customerName}`.as('customer_name'),
      customerPhone: sql<string>`${orders.customerPhone}`.as('customer_phone'),
      status: orders.status,
      billAmountPaise: sql<number>`${orders.billAmountPaise}`.as('bill_amount_paise'),
      dexName: sql<string | null>`${orders.dexName}`.as('dex_name'),
    })
    .from(orders)
    .where(and(...listed))
    .orderBy(...orderBy(query.sort));
}

export async function findOrder(
  db: Executor,
  scope: Scope,
  orderId: string,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select(detailColumns)
    .from(orders)
    .where(and(...visible(scope), eq(orders.id, orderId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export type OrderRow = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

/** Locks the orders of `orderIds` the scope can see, in a fixed order, for a change of them all. */
export async function findOrdersForUpdate(db: Executor, scope: Scope, orderIds: string[]) {
  return db
    .select(detailColumns)
    .from(orders)
    .where(and(...visible(scope), inArray(orders.id, orderIds)))
    .orderBy(asc(orders.id))
    .for('update');
}

export async function findTimeline(db: Executor, orderId: string) {
  return db
    .select({
      id: orderEvents.id,
      fromStatus: orderEvents.fromStatus,
      toStatus: orderEvents.toStatus,
      dexName: orderEvents.dexName,
      note: orderEvents.note,
      actorName: orderEvents.actorName,
      at: orderEvents.createdAt,
    })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id));
}

/** A delivery executive of the business and zone, not deleted. */
export async function findDex(db: Executor, businessId: string, zoneId: string, dexId: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(
      and(
        eq(users.businessId, businessId),
        eq(users.zoneId, zoneId),
        eq(users.id, dexId),
        eq(users.level, 3),
        isNull(users.deletedAt),
      ),
    );
  return row;
}

/**
 * Writes a change of an order and its timeline row in one statement (the update
 * runs as a CTE), or the timeline row alone for a note.
 */
export async function recordOrderChange(
  db: Executor,
  orderId: string,
  update: { status: number; state: number; dex?: { id: string; name: string } } | null,
  event: typeof orderEvents.$inferInsert,
) {
  const timeline = db.insert(orderEvents).values(event);
  if (!update) {
    await timeline;
    return;
  }
  const change = db
    .update(orders)
    .set({
      status: update.status,
      state: update.state,
      ...(update.dex ? { dexId: update.dex.id, dexName: update.dex.name } : {}),
      version: sql`${orders.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, orderId));
  await db.execute(sql`WITH changed AS (${change.getSQL()}) ${timeline.getSQL()}`);
}
