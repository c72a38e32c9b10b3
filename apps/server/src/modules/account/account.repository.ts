import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { businesses, users } from '../../db/schema.ts';

const accountColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  level: users.level,
  zoneId: users.zoneId,
  businessId: users.businessId,
  businessName: businesses.name,
  version: users.version,
};

export async function findAccount(db: Executor, businessId: string, userId: string) {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .innerJoin(businesses, eq(businesses.id, users.businessId))
    .where(and(eq(users.businessId, businessId), eq(users.id, userId), isNull(users.deletedAt)));
  return row;
}

export async function updateAccount(
  db: Executor,
  businessId: string,
  userId: string,
  version: number,
  values: { name: string; email: string; phone: string; passwordHash?: string },
) {
  const [row] = await db
    .update(users)
    .set({ ...values, version: sql`${users.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(users.businessId, businessId),
        eq(users.id, userId),
        eq(users.version, version),
        isNull(users.deletedAt),
      ),
    )
    .returning({ id: users.id });
  return row;
}
