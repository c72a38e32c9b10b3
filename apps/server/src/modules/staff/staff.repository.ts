import { and, asc, count, eq, isNull, type SQL } from 'drizzle-orm';
import type { StaffListQuery } from '@storedesk/shared/staff/schemas';
import { Level } from '@storedesk/shared/levels';
import type { Executor } from '../../db/client.ts';
import { users, zones } from '../../db/schema.ts';
import type { Scope } from '../../lib/scope.ts';
import { nameMatches } from '../../lib/search.ts';

/** Delivery executives the scope can see, by name. */
export async function findDeliveryExecutives(db: Executor, scope: Scope, query: StaffListQuery) {
  const conditions: SQL[] = [
    eq(users.businessId, scope.businessId),
    eq(users.level, Level.DeliveryExecutive),
    isNull(users.deletedAt),
  ];
  if (scope.zoneId) conditions.push(eq(users.zoneId, scope.zoneId));
  if (query.q) conditions.push(nameMatches(users.name, query.q));
  const where = and(...conditions);
  const [items, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, phone: users.phone, zoneId: zones.id, zoneName: zones.name })
      .from(users)
      .innerJoin(zones, eq(zones.id, users.zoneId))
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(query.pageSize)
      .offset(query.page * query.pageSize),
    db.select({ total: count() }).from(users).innerJoin(zones, eq(zones.id, users.zoneId)).where(where),
  ]);
  return { items, total };
}
