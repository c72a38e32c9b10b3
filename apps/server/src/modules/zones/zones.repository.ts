import { and, asc, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { ListQuery } from '@storedesk/shared/lists';
import type { ZoneUsage } from '@storedesk/shared/zones/schemas';
import type { Executor } from '#server/db/client.ts';
import { orders, stores, users, zones } from '#server/db/schema.ts';
import { nameMatches } from '#server/lib/search.ts';
import { inScope, ofBusiness, type Scope } from '#server/lib/scope.ts';

const columns = { id: zones.id, name: zones.name, version: zones.version, updatedAt: zones.updatedAt };

export type ZoneRow = { id: string; name: string; version: number; updatedAt: Date };

/** Live zones of the scope's business (zones are the whole business's, whatever zone the scope names). */
function live(scope: Scope): SQL[] {
  return [ofBusiness(zones, scope), isNull(zones.deletedAt)];
}

export async function findZones(db: Executor, scope: Scope, query: ListQuery) {
  const conditions = live(scope);
  if (query.q) conditions.push(nameMatches(zones.name, query.q));
  const where = and(...conditions);
  const [items, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select(columns)
      .from(zones)
      .where(where)
      .orderBy(asc(zones.name), asc(zones.id))
      .limit(query.pageSize)
      .offset(query.page * query.pageSize),
    db.select({ total: count() }).from(zones).where(where),
  ]);
  return { items, total };
}

/** A live zone of the business. */
export async function zoneExists(db: Executor, businessId: string, zoneId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: zones.id })
    .from(zones)
    .where(and(ofBusiness(zones, { businessId }), eq(zones.id, zoneId), isNull(zones.deletedAt)));
  return row !== undefined;
}

/**
 * Whether the zone is a live zone of the business, holding it so (a share lock)
 * until the caller's transaction ends: a zone delete, which locks the zone for
 * update, waits for the writer and then counts what it added.
 */
export async function lockLiveZone(db: Executor, businessId: string, zoneId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: zones.id })
    .from(zones)
    .where(and(ofBusiness(zones, { businessId }), eq(zones.id, zoneId), isNull(zones.deletedAt)))
    .for('share');
  return row !== undefined;
}

export async function findZone(db: Executor, scope: Scope, zoneId: string): Promise<ZoneRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(zones)
    .where(and(...live(scope), eq(zones.id, zoneId)));
  return row;
}

/**
 * The live zone, locked until the transaction ends: a store, user or order
 * pointing at it (their foreign keys lock it for share) waits for the delete.
 */
export async function lockZone(db: Executor, scope: Scope, zoneId: string): Promise<ZoneRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(zones)
    .where(and(...live(scope), eq(zones.id, zoneId)))
    .for('update');
  return row;
}

export async function insertZone(db: Executor, scope: Scope, name: string): Promise<ZoneRow> {
  const [row] = await db.insert(zones).values({ businessId: scope.businessId, name }).returning(columns);
  return row!;
}

export async function updateZone(
  db: Executor,
  scope: Scope,
  zoneId: string,
  version: number,
  name: string,
): Promise<ZoneRow | undefined> {
  const [row] = await db
    .update(zones)
    .set({ name, version: sql`${zones.version} + 1`, updatedAt: sql`now()` })
    .where(and(...live(scope), eq(zones.id, zoneId), eq(zones.version, version)))
    .returning(columns);
  return row;
}

/** What still uses the zone: live stores, live staff of any level (the owner too), open orders (state 1). */
export async function zoneUsage(db: Executor, scope: Scope, zoneId: string): Promise<ZoneUsage> {
  // The rows a scope of that zone sees.
  const ofZone = { businessId: scope.businessId, zoneId };
  const result = await db.execute<ZoneUsage>(sql`SELECT
    (SELECT count(*)::int FROM ${stores} WHERE ${and(inScope(stores, ofZone), isNull(stores.deletedAt))}) AS "stores",
    (SELECT count(*)::int FROM ${users} WHERE ${and(inScope(users, ofZone), isNull(users.deletedAt))}) AS "staff",
    (SELECT count(*)::int FROM ${orders} WHERE ${and(inScope(orders, ofZone), eq(orders.state, 1))}) AS "openOrders"`);
  return result.rows[0]!;
}

export async function softDeleteZone(
  db: Executor,
  scope: Scope,
  zoneId: string,
  deletedBy: { id: string; name: string },
): Promise<ZoneRow | undefined> {
  const [row] = await db
    .update(zones)
    .set({
      deletedAt: sql`now()`,
      deletedById: deletedBy.id,
      deletedByName: deletedBy.name,
      version: sql`${zones.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(...live(scope), eq(zones.id, zoneId)))
    .returning(columns);
  return row;
}
