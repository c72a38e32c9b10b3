import { and, asc, count, eq, isNull, type SQL } from 'drizzle-orm';
import type { ListQuery } from '@storedesk/shared/lists';
import type { Executor } from '../../db/client.ts';
import { zones } from '../../db/schema.ts';
import { nameMatches } from '../../lib/search.ts';
import type { Scope } from '../../lib/scope.ts';

export async function findZones(db: Executor, scope: Scope, query: ListQuery) {
  const conditions: SQL[] = [eq(zones.businessId, scope.businessId), isNull(zones.deletedAt)];
  if (query.q) conditions.push(nameMatches(zones.name, query.q));
  const where = and(...conditions);
  const [items, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({ id: zones.id, name: zones.name, version: zones.version, updatedAt: zones.updatedAt })
      .from(zones)
      .where(where)
      .orderBy(asc(zones.name), asc(zones.id))
      .limit(query.pageSize)
      .offset(query.page * query.pageSize),
    db.select({ total: count() }).from(zones).where(where),
  ]);
  return { items: items.map((z) => ({ ...z, updatedAt: z.updatedAt.toISOString() })), total };
}

/** A live zone of the business. */
export async function zoneExists(db: Executor, businessId: string, zoneId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: zones.id })
    .from(zones)
    .where(and(eq(zones.businessId, businessId), eq(zones.id, zoneId), isNull(zones.deletedAt)));
  return row !== undefined;
}
