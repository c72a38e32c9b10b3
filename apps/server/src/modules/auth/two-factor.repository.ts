import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { namesActor } from '#server/db/actor.ts';
import type { Executor } from '#server/db/client.ts';
import { businesses, passkeys, recoveryCodes, twoFactorChallenges, users } from '#server/db/schema.ts';
import { acrossBusinesses, ofBusiness, theBusiness, type BusinessScope } from '#server/lib/scope.ts';

/** A staff member's own account: their business, and their user id. */
type Account = BusinessScope & { userId: string };

/** The account's own row of `users`. */
const theAccount = (scope: Account) => and(ofBusiness(users, scope), eq(users.id, scope.userId));

/** A user's two-step state, scoped to their business. */
export async function findTwoFactorState(db: Executor, scope: Account) {
  const [row] = await db
    .select({
      email: users.email,
      businessName: businesses.name,
      totpSecret: users.totpSecret,
      totpPendingSecret: users.totpPendingSecret,
      totpEnabledAt: users.totpEnabledAt,
      required: businesses.requireTwoFactor,
      recoveryCodesLeft: sql<number>`(SELECT count(*)::int FROM ${recoveryCodes} WHERE ${recoveryCodes.userId} = ${users.id} AND ${recoveryCodes.usedAt} IS NULL)`,
      hasPasskey: sql<boolean>`EXISTS (SELECT 1 FROM ${passkeys} WHERE ${passkeys.userId} = ${users.id})`,
    })
    .from(users)
    .innerJoin(businesses, eq(businesses.id, users.businessId))
    .where(and(theAccount(scope), isNull(users.deletedAt)));
  return row;
}

export async function setPendingSecret(db: Executor, scope: Account, secret: string) {
  await db.update(users).set({ totpPendingSecret: secret }).where(theAccount(scope));
}

/** Makes the pending secret the user's, with the step its confirming code used (no replay of it). */
export async function activatePendingSecret(db: Executor, scope: Account, secret: string, step: number) {
  const rows = await db
    .update(users)
    .set({ totpSecret: secret, totpPendingSecret: null, totpEnabledAt: sql`now()`, totpLastStep: step })
    .where(and(theAccount(scope), eq(users.totpPendingSecret, secret), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Turns TOTP off and removes the recovery codes. */
export async function clearTotp(db: Executor, scope: Account) {
  await db
    .update(users)
    .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null })
    .where(theAccount(scope));
  await db
    .delete(recoveryCodes)
    .where(
      acrossBusinesses(
        'recovery codes have no business of their own: they are their user’s, the account of the scope',
        eq(recoveryCodes.userId, scope.userId),
      ),
    );
}

/** Replaces the user's recovery codes with these (hashed). */
export async function replaceRecoveryCodes(db: Executor, userId: string, hashes: Buffer[]) {
  await db
    .delete(recoveryCodes)
    .where(
      acrossBusinesses(
        'recovery codes have no business of their own: they are their user’s, the account signed in or enrolling',
        eq(recoveryCodes.userId, userId),
      ),
    );
  await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses a recovery code once: true when it was the user's and unused (atomically, so two requests cannot both use it). */
export async function useRecoveryCode(db: Executor, userId: string, codeHash: Buffer) {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      acrossBusinesses(
        'recovery codes have no business of their own: they are their user’s, the live challenge’s',
        and(
          eq(recoveryCodes.userId, userId),
          eq(recoveryCodes.codeHash, codeHash),
          isNull(recoveryCodes.usedAt),
        ),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

/** Takes a TOTP step for the user if it is later than the last one taken (atomically: a code works once). */
export async function takeTotpStep(db: Executor, scope: Account, step: number) {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(
      and(
        theAccount(scope),
        sql`${users.totpEnabledAt} IS NOT NULL`,
        or(isNull(users.totpLastStep), lt(users.totpLastStep, step)),
      ),
    )
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function insertChallenge(
  db: Executor,
  values: { tokenHash: Buffer; userId: string; businessId: string; expiresAt: Date },
) {
  await db.insert(twoFactorChallenges).values(values);
}

/** A live challenge with its user's e-mail and TOTP secret. */
export async function findLiveChallenge(db: Executor, tokenHash: Buffer) {
  const [row] = await db
    .select({
      id: twoFactorChallenges.id,
      userId: twoFactorChallenges.userId,
      businessId: twoFactorChallenges.businessId,
      failures: twoFactorChallenges.failures,
      expiresAt: twoFactorChallenges.expiresAt,
      email: users.email,
      totpSecret: users.totpSecret,
      totpPendingSecret: users.totpPendingSecret,
      totpEnabledAt: users.totpEnabledAt,
      webauthnChallenge: twoFactorChallenges.webauthnChallenge,
    })
    .from(twoFactorChallenges)
    .innerJoin(users, eq(users.id, twoFactorChallenges.userId))
    .where(
      and(
        eq(twoFactorChallenges.tokenHash, tokenHash),
        gt(twoFactorChallenges.expiresAt, sql`now()`),
        isNull(users.deletedAt),
      ),
    );
  return row;
}

/** A challenge, by its id within its business. */
type Challenge = BusinessScope & { id: string };

/** Counts a guess on a live challenge before it is judged; answers the count, itself included, or null once it is gone. */
export async function countChallengeGuess(db: Executor, challenge: Challenge): Promise<number | null> {
  const [row] = await db
    .update(twoFactorChallenges)
    .set({ failures: sql`${twoFactorChallenges.failures} + 1` })
    .where(
      and(
        ofBusiness(twoFactorChallenges, challenge),
        eq(twoFactorChallenges.id, challenge.id),
        gt(twoFactorChallenges.expiresAt, sql`now()`),
      ),
    )
    .returning({ failures: twoFactorChallenges.failures });
  return row?.failures ?? null;
}

/** Uses a challenge up: true when this request was the one that did. */
export async function deleteChallenge(db: Executor, challenge: Challenge) {
  const rows = await db
    .delete(twoFactorChallenges)
    .where(and(ofBusiness(twoFactorChallenges, challenge), eq(twoFactorChallenges.id, challenge.id)))
    .returning({ id: twoFactorChallenges.id });
  return rows.length === 1;
}

export async function deleteChallengesOf(db: Executor, scope: Account) {
  await db
    .delete(twoFactorChallenges)
    .where(and(ofBusiness(twoFactorChallenges, scope), eq(twoFactorChallenges.userId, scope.userId)));
}

export async function deleteExpiredChallenges(db: Executor) {
  await db
    .delete(twoFactorChallenges)
    .where(
      acrossBusinesses(
        'housekeeping: every business’s expired challenges go',
        lt(twoFactorChallenges.expiresAt, sql`now()`),
      ),
    );
}

export async function findRequirement(db: Executor, businessId: string) {
  const [row] = await db
    .select({ required: businesses.requireTwoFactor, version: businesses.version })
    .from(businesses)
    .where(theBusiness(businesses, { businessId }));
  return row!;
}

export async function updateRequirement(
  db: Executor,
  businessId: string,
  required: boolean,
  version: number | undefined,
) {
  const rows = await db
    .update(businesses)
    .set({ requireTwoFactor: required, version: sql`${businesses.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        theBusiness(businesses, { businessId }),
        version === undefined ? undefined : eq(businesses.version, version),
        namesActor(),
      ),
    )
    .returning({ required: businesses.requireTwoFactor, version: businesses.version });
  return rows[0];
}
