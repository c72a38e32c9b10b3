import { and, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { accountTokens, businesses, sessions, users } from '#server/db/schema.ts';
import { acrossBusinesses, ofBusiness, type BusinessScope } from '#server/lib/scope.ts';

const KIND = 'reset-password';

/** Accounts of one address a forgot-password request mails at most (ADR 0033). */
export const RESET_ACCOUNTS_PER_REQUEST = 5;

/**
 * The live accounts of an e-mail, one per business that uses it (ADR 0033),
 * the most recently used first, with what a reset mail needs.
 */
export async function findAccountsByEmail(db: Executor, email: string) {
  const lastUsed = sql`(SELECT max(${sessions.lastSeenAt}) FROM ${sessions} WHERE ${sessions.userId} = ${users.id})`;
  return db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      level: users.level,
      zoneId: users.zoneId,
      businessName: businesses.name,
    })
    .from(users)
    .innerJoin(businesses, eq(businesses.id, users.businessId))
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)))
    .orderBy(sql`${lastUsed} DESC NULLS LAST`, users.createdAt)
    .limit(RESET_ACCOUNTS_PER_REQUEST);
}

/** Holds the account's row until the caller's transaction ends: one reset request of an account at a time. */
export async function lockAccount(db: Executor, userId: string) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** How many reset links were made for a user since a moment. */
export async function countResetTokensSince(db: Executor, userId: string, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(accountTokens)
    .where(
      and(eq(accountTokens.userId, userId), eq(accountTokens.kind, KIND), gt(accountTokens.createdAt, since)),
    );
  return row?.n ?? 0;
}

/** Ends the unused reset links of a user (but `keepId`), so only the newest one works. */
export async function expireUnusedResetTokens(db: Executor, userId: string, keepId?: string) {
  await db
    .update(accountTokens)
    .set({ expiresAt: sql`least(${accountTokens.expiresAt}, now())` })
    .where(
      acrossBusinesses(
        'account links (e-mail proofs, password resets) have no business of their own: they are their user’s',
        and(
          eq(accountTokens.userId, userId),
          eq(accountTokens.kind, KIND),
          isNull(accountTokens.usedAt),
          ...(keepId ? [ne(accountTokens.id, keepId)] : []),
        ),
      ),
    );
}

export async function insertResetToken(
  db: Executor,
  values: { userId: string; email: string; tokenHash: Buffer; expiresAt: Date },
) {
  const [row] = await db
    .insert(accountTokens)
    .values({ ...values, kind: KIND })
    .returning({ id: accountTokens.id });
  return row!;
}

/** A reset link by its hash with its account, locked for the transaction when `lock` is set. */
export async function findResetToken(db: Executor, tokenHash: Buffer, lock = false) {
  const query = db
    .select({
      id: accountTokens.id,
      userId: accountTokens.userId,
      email: accountTokens.email,
      expiresAt: accountTokens.expiresAt,
      usedAt: accountTokens.usedAt,
      expired: sql<boolean>`${accountTokens.expiresAt} <= now()`,
    })
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.kind, KIND)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function markTokenUsed(db: Executor, tokenId: string) {
  await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      acrossBusinesses(
        'account links (e-mail proofs, password resets) have no business of their own: one is found by its secret',
        eq(accountTokens.id, tokenId),
      ),
    );
}

/** The live account a token was made for, as long as it still has the e-mail the link went to. */
export async function findAccountForReset(db: Executor, userId: string, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      level: users.level,
      zoneId: users.zoneId,
      businessId: users.businessId,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt), sql`lower(${users.email}) = lower(${email})`))
    .limit(1);
  return row;
}

export async function setPassword(db: Executor, scope: BusinessScope, userId: string, passwordHash: string) {
  await db
    .update(users)
    .set({ passwordHash, version: sql`${users.version} + 1`, updatedAt: sql`now()` })
    .where(and(ofBusiness(users, scope), eq(users.id, userId)));
}
