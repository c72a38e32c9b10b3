import { and, asc, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { namesActor } from '#server/db/actor.ts';
import type { Executor } from '#server/db/client.ts';
import { passkeys, twoFactorChallenges, users, webauthnChallenges } from '#server/db/schema.ts';
import { acrossBusinesses, ofBusiness, type BusinessScope } from '#server/lib/scope.ts';

type Scope = BusinessScope & { userId: string };

const listed = {
  id: passkeys.id,
  name: passkeys.name,
  createdAt: passkeys.createdAt,
  lastUsedAt: passkeys.lastUsedAt,
};

/** A person's passkeys, oldest first, as the Account page lists them. */
export function listPasskeys(db: Executor, scope: Scope) {
  return db
    .select(listed)
    .from(passkeys)
    .where(and(ofBusiness(passkeys, scope), eq(passkeys.userId, scope.userId)))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

/** The credentials of a person's passkeys, to exclude at registration or to allow at a second step. */
export function credentialsOf(db: Executor, userId: string) {
  return db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
}

export async function countPasskeys(db: Executor, userId: string) {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

/** Adds a passkey; undefined when its credential is registered already. In a transaction, so the audit log records it. */
export async function insertPasskey(
  db: Executor,
  values: Scope & {
    credentialId: string;
    publicKey: Buffer;
    counter: number;
    transports: string[];
    name: string;
  },
) {
  const [row] = await db
    .insert(passkeys)
    .values(values)
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning(listed);
  return row;
}

/** Removes one of a person's passkeys (recorded in the audit log): true when it was theirs. */
export async function deletePasskey(db: Executor, scope: Scope, id: string) {
  const rows = await db
    .delete(passkeys)
    .where(
      and(eq(passkeys.id, id), ofBusiness(passkeys, scope), eq(passkeys.userId, scope.userId), namesActor()),
    )
    .returning({ id: passkeys.id });
  return rows.length === 1;
}

/** A passkey by its credential id, with its person's e-mail, while the person is not deleted. */
export async function findByCredential(db: Executor, credentialId: string) {
  const [row] = await db
    .select({
      id: passkeys.id,
      businessId: passkeys.businessId,
      userId: passkeys.userId,
      credentialId: passkeys.credentialId,
      publicKey: passkeys.publicKey,
      counter: passkeys.counter,
      transports: passkeys.transports,
      email: users.email,
    })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(and(eq(passkeys.credentialId, credentialId), isNull(users.deletedAt)));
  return row;
}

/** Records a use of a passkey of the business: the authenticator's new counter and when. */
export async function markUsed(db: Executor, passkey: BusinessScope & { id: string }, counter: number) {
  await db
    .update(passkeys)
    .set({ counter, lastUsedAt: sql`now()` })
    .where(and(ofBusiness(passkeys, passkey), eq(passkeys.id, passkey.id)));
}

export async function insertWebauthnChallenge(
  db: Executor,
  values: { challenge: string; purpose: 'register' | 'sign-in'; userId: string | null; expiresAt: Date },
) {
  await db.insert(webauthnChallenges).values(values);
}

/**
 * Uses a challenge up: true when it was live, of this purpose (and person), and this request was the
 * one that took it, so a browser's answer counts once.
 */
export async function takeWebauthnChallenge(
  db: Executor,
  challenge: string,
  purpose: 'register' | 'sign-in',
  userId: string | null,
) {
  const rows = await db
    .delete(webauthnChallenges)
    .where(
      acrossBusinesses(
        'a WebAuthn challenge has no business: it is the server’s random value until a browser answers it',
        and(
          eq(webauthnChallenges.challenge, challenge),
          eq(webauthnChallenges.purpose, purpose),
          userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
          gt(webauthnChallenges.expiresAt, sql`now()`),
        ),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return rows.length === 1;
}

export async function deleteExpiredWebauthnChallenges(db: Executor) {
  await db
    .delete(webauthnChallenges)
    .where(
      acrossBusinesses(
        'housekeeping: expired WebAuthn challenges go',
        lt(webauthnChallenges.expiresAt, sql`now()`),
      ),
    );
}

/** Offers a WebAuthn challenge with a second step's challenge, in place of any offered before. */
export async function setSecondStepWebauthnChallenge(
  db: Executor,
  secondStep: BusinessScope & { id: string },
  challenge: string,
) {
  await db
    .update(twoFactorChallenges)
    .set({ webauthnChallenge: challenge })
    .where(and(ofBusiness(twoFactorChallenges, secondStep), eq(twoFactorChallenges.id, secondStep.id)));
}
