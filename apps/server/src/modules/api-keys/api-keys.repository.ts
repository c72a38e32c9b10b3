import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { apiKeys, businesses } from '../../db/schema.ts';
import { ofBusiness, type BusinessScope } from '../../lib/scope.ts';

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
  await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.id, scope.businessId))
    .for('update');
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
 * The live key of the business with this hash, marked as used (at most once a minute, so a busy
 * till does not write on every order); undefined when there is none.
 */
export async function useLiveKey(db: Executor, scope: BusinessScope, tokenHash: Buffer) {
  const [used] = await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        ofBusiness(apiKeys, scope),
        eq(apiKeys.tokenHash, tokenHash),
        isNull(apiKeys.revokedAt),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`)),
      ),
    )
    .returning({ id: apiKeys.id, name: apiKeys.name });
  if (used) return used;
  const [live] = await db
    .select({ id: apiKeys.id, name: apiKeys.name })
    .from(apiKeys)
    .where(and(ofBusiness(apiKeys, scope), eq(apiKeys.tokenHash, tokenHash), isNull(apiKeys.revokedAt)));
  return live;
}
