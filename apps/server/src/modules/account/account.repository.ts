import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { accountTokens, businesses, users } from '#server/db/schema.ts';
import { acrossBusinesses, ofBusiness, type BusinessScope } from '#server/lib/scope.ts';

/** The newest live link proving an address other than the sign-in one: the pending new e-mail. */
const pendingEmail = sql<string | null>`(
  SELECT t.email FROM account_tokens t
  WHERE t.user_id = ${users.id} AND t.kind = 'verify-email' AND t.used_at IS NULL
    AND t.expires_at > now() AND lower(t.email) <> lower(${users.email})
  ORDER BY t.created_at DESC LIMIT 1
)`;

const accountColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  level: users.level,
  zoneId: users.zoneId,
  businessId: users.businessId,
  emailVerified: sql<boolean>`${users.emailVerifiedAt} IS NOT NULL`,
  businessName: businesses.name,
  version: users.version,
  pendingEmail,
};

export async function findAccount(db: Executor, businessId: string, userId: string) {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .innerJoin(businesses, eq(businesses.id, users.businessId))
    .where(and(ofBusiness(users, { businessId }), eq(users.id, userId), isNull(users.deletedAt)));
  return row;
}

/** Whether a live account of the business other than `userId` has the e-mail (any case; ADR 0033). */
export async function emailTaken(db: Executor, businessId: string, email: string, userId: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        ofBusiness(users, { businessId }),
        sql`lower(${users.email}) = lower(${email})`,
        isNull(users.deletedAt),
        sql`${users.id} <> ${userId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function updateAccount(
  db: Executor,
  businessId: string,
  userId: string,
  version: number,
  values: { name: string; phone: string; email?: string; passwordHash?: string },
) {
  const [row] = await db
    .update(users)
    .set({ ...values, version: sql`${users.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        ofBusiness(users, { businessId }),
        eq(users.id, userId),
        eq(users.version, version),
        isNull(users.deletedAt),
      ),
    )
    .returning({ id: users.id });
  return row;
}

/** Marks the user's unused e-mail links as used, so only the newest one works; `email` narrows to one address. */
export async function supersedeEmailTokens(db: Executor, userId: string, email?: string) {
  await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      acrossBusinesses(
        'account links (e-mail proofs, password resets) have no business of their own: they are their user’s',
        and(
          eq(accountTokens.userId, userId),
          eq(accountTokens.kind, 'verify-email'),
          isNull(accountTokens.usedAt),
          email === undefined ? undefined : sql`lower(${accountTokens.email}) = lower(${email})`,
        ),
      ),
    );
}

export async function insertEmailToken(
  db: Executor,
  values: { userId: string; email: string; tokenHash: Buffer; expiresAt: Date },
) {
  await db.insert(accountTokens).values({ kind: 'verify-email', ...values });
}

/** The e-mail links sent to a user since a moment, newest first (for the resend limit). */
export async function emailTokensSince(db: Executor, userId: string, since: Date) {
  return db
    .select({ createdAt: accountTokens.createdAt })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.kind, 'verify-email'),
        gt(accountTokens.createdAt, since),
      ),
    )
    .orderBy(desc(accountTokens.createdAt));
}

/** A verify-email link by its hash, locked until the transaction ends, with its user. */
export async function findEmailTokenForUpdate(db: Executor, tokenHash: Buffer) {
  const [row] = await db
    .select({
      id: accountTokens.id,
      email: accountTokens.email,
      expiresAt: accountTokens.expiresAt,
      usedAt: accountTokens.usedAt,
      userId: users.id,
      userEmail: users.email,
      businessId: users.businessId,
      zoneId: users.zoneId,
      deletedAt: users.deletedAt,
    })
    .from(accountTokens)
    .innerJoin(users, eq(users.id, accountTokens.userId))
    .where(and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.kind, 'verify-email')))
    .for('update', { of: accountTokens });
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

/** Makes `email` the user's verified sign-in e-mail. */
export async function setVerifiedEmail(
  db: Executor,
  scope: BusinessScope,
  userId: string,
  email: string,
  changed: boolean,
) {
  await db
    .update(users)
    .set(
      changed
        ? { email, emailVerifiedAt: sql`now()`, version: sql`${users.version} + 1`, updatedAt: sql`now()` }
        : { emailVerifiedAt: sql`now()` },
    )
    .where(and(ofBusiness(users, scope), eq(users.id, userId)));
}
