import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { StaffListQuery } from '@storedesk/shared/staff/schemas';
import { OrderStatus } from '@storedesk/shared/orders';
import type { Executor } from '#server/db/client.ts';
import { orders, users, zones } from '#server/db/schema.ts';
import { inScope, ofExecutive, type Scope } from '#server/lib/scope.ts';
import { nameMatches } from '#server/lib/search.ts';

export type StaffValues = {
  name: string;
  email: string;
  phone: string;
  passwordHash: string;
  zoneId: string;
};

const staffColumns = {
  id: users.id,
  businessId: users.businessId,
  name: users.name,
  email: users.email,
  phone: users.phone,
  level: users.level,
  zoneId: zones.id,
  zoneName: zones.name,
  version: users.version,
  updatedAt: users.updatedAt,
};

/** Live staff of one level that the scope can see: its business, its zone when it has one. */
function visible(scope: Scope, level: number): SQL[] {
  return [inScope(users, scope), eq(users.level, level), isNull(users.deletedAt)];
}

function selectStaff(db: Executor) {
  return db.select(staffColumns).from(users).innerJoin(zones, eq(zones.id, users.zoneId));
}

/** Staff of `level` the scope can see, by name then id. */
export async function findStaff(db: Executor, scope: Scope, level: number, query: StaffListQuery) {
  const conditions = visible(scope, level);
  if (query.q) conditions.push(nameMatches(users.name, query.q));
  const where = and(...conditions);
  const [items, [{ total } = { total: 0 }]] = await Promise.all([
    selectStaff(db)
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(query.pageSize)
      .offset(query.page * query.pageSize),
    db.select({ total: count() }).from(users).innerJoin(zones, eq(zones.id, users.zoneId)).where(where),
  ]);
  return { items, total };
}

export async function findStaffMember(db: Executor, scope: Scope, level: number, userId: string) {
  const [row] = await selectStaff(db)
    .where(and(...visible(scope, level), eq(users.id, userId)))
    .limit(1);
  return row;
}

export type StaffRow = NonNullable<Awaited<ReturnType<typeof findStaffMember>>>;

/** Locks and reads one staff member the scope can see, for a change that depends on what they hold. */
export async function lockStaffMember(db: Executor, scope: Scope, level: number, userId: string) {
  const [row] = await selectStaff(db)
    .where(and(...visible(scope, level), eq(users.id, userId)))
    .for('update', { of: users });
  return row;
}

export async function insertStaffMember(
  db: Executor,
  businessId: string,
  level: number,
  values: StaffValues,
) {
  const [row] = await db
    .insert(users)
    // The owner vouches for the address they give, so it counts as verified.
    .values({ businessId, level, ...values, emailVerifiedAt: sql`now()` })
    .returning({ id: users.id });
  return row!;
}

/** Writes the values only if the member is still at `version`. */
export async function updateStaffMember(
  db: Executor,
  scope: Scope,
  level: number,
  userId: string,
  version: number,
  values: Partial<StaffValues>,
) {
  const [row] = await db
    .update(users)
    .set({ ...values, version: sql`${users.version} + 1`, updatedAt: sql`now()` })
    .where(and(...visible(scope, level), eq(users.id, userId), eq(users.version, version)))
    .returning({ id: users.id });
  return row;
}

export async function softDeleteStaffMember(
  db: Executor,
  scope: Scope,
  level: number,
  userId: string,
  version: number,
) {
  const [row] = await db
    .update(users)
    .set({ deletedAt: sql`now()`, version: sql`${users.version} + 1`, updatedAt: sql`now()` })
    .where(and(...visible(scope, level), eq(users.id, userId), eq(users.version, version)))
    .returning({ id: users.id, zoneId: users.zoneId });
  return row;
}

/** Numbers of the open orders (Confirmed or Picked Up) a delivery executive holds, in order. */
export async function findOpenOrderNumbers(db: Executor, businessId: string, dexId: string) {
  const rows = await db
    .select({ number: orders.number })
    .from(orders)
    .where(
      and(
        ofExecutive(orders, { businessId, executiveId: dexId }),
        eq(orders.state, 1),
        inArray(orders.status, [OrderStatus.Confirmed, OrderStatus.PickedUp]),
      ),
    )
    .orderBy(asc(orders.number));
  return rows.map((row) => row.number);
}
