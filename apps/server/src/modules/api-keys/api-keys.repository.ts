import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { apiKeys, businesses } from '#server/db/schema.ts';
import { ofBusiness, sqlOfBusiness, theBusiness, type BusinessScope } from '#server/lib/scope.ts';

const columns = {
  id: apiKeys.id,
  name: apiKeys.name,
  lastFour: apiKeys.lastFour,
  createdAt: apiKeys.createdAt,
  createdByName: apiKeys.createdByName,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
};

export type ApiKeyRow = {
  id: string;
  name: string;
  lastFour: string;
  createdAt: Date;
  createdByName: string;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

export function findKeys(db: Executor, scope: BusinessScope): Promise<ApiKeyRow[]> {
  return db.select(columns).from(apiKeys).where(ofBusiness(apiKeys, scope)).orderBy(desc(apiKeys.createdAt));
}

/** Holds the business's row, so that two keys made at once count each other. */
export async function lockBusiness(db: Executor, scope: BusinessScope) {
  await db.select({ id: businesses.id }).from(businesses).where(theBusiness(businesses, scope)).for('update');
}

export async function countLiveKeys(db: Executor, scope: BusinessScope): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(ofBusiness(apiKeys, scope), isNull(apiKeys.revokedAt)));
  return row?.n ?? 0;
}

export async function insertKey(
  db: Executor,
  scope: BusinessScope,
  values: { name: string; tokenHash: Buffer; lastFour: string; createdById: string; createdByName: string },
): Promise<ApiKeyRow> {
  const [row] = await db
    .insert(apiKeys)
    .values({ businessId: scope.businessId, ...values })
    .returning(columns);
  return row!;
}

/** Revokes a live key of the business; answers it, or undefined when there is no such live key. */
export async function revokeKey(
  db: Executor,
  scope: BusinessScope,
  keyId: string,
): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(ofBusiness(apiKeys, scope), eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)))
    .returning(columns);
  return row;
}

export async function findKey(
  db: Executor,
  scope: BusinessScope,
  keyId: string,
): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(apiKeys)
    .where(and(ofBusiness(apiKeys, scope), eq(apiKeys.id, keyId)));
  return row;
}

/**
 * The live key of the business with this hash, in one statement that also marks it used (at most
 * once a minute, so a busy till does not write on every order); undefined when there is none.
 */
export async function useLiveKey(db: Executor, scope: BusinessScope, tokenHash: Buffer) {
  const result = await db.execute<{ id: string; name: string }>(sql`
    WITH live AS (
      SELECT id, name, last_used_at FROM ${apiKeys}
      WHERE ${sqlOfBusiness(null, scope)} AND token_hash = ${tokenHash} AND revoked_at IS NULL
    ), used AS (
      UPDATE ${apiKeys} SET last_used_at = now()
      FROM live WHERE ${ofBusiness(apiKeys, scope)} AND ${apiKeys}.id = live.id
        AND (live.last_used_at IS NULL OR live.last_used_at < now() - interval '1 minute')
    )
    SELECT id, name FROM live`);
  return result.rows[0];
}
