import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '#server/db/client.ts';
import { perDatabase } from '#server/db/per-database.ts';
import { businesses, passkeys, sessions, users } from '#server/db/schema.ts';
import { acrossBusinesses, ofBusiness, sqlOfBusiness, type BusinessScope } from '#server/lib/scope.ts';

const sessionColumns = {
  sessionId: sessions.id,
  lastSeenAt: sessions.lastSeenAt,
  user: {
    id: users.id,
    name: users.name,
    email: users.email,
    phone: users.phone,
    level: users.level,
    zoneId: users.zoneId,
    businessId: users.businessId,
    emailVerified: sql<boolean>`${users.emailVerifiedAt} IS NOT NULL`.as('email_verified'),
  },
  business: {
    id: businesses.id,
    name: businesses.name,
    customerAppUrl: businesses.customerAppUrl,
    slug: businesses.slug,
    shopDomain: businesses.shopDomain,
    theme: businesses.theme,
    timeZone: businesses.timeZone,
    serviceEndsAt: businesses.serviceEndsAt,
  },
};

/** Accounts a sign-in checks at most: an address has one in each business that uses it (ADR 0033). */
export const SIGN_IN_CANDIDATES = 20;

/**
 * Every live account of an e-mail, in any business (ADR 0033), by business name, with what its
 * second step would need (two-step sign-in on, required by its business, a passkey of its own), so
 * a sign-in reads it all in one statement.
 */
export async function findUsersForSignIn(db: Executor, email: string) {
  return db
    .select({
      ...sessionColumns.user,
      passwordHash: users.passwordHash,
      business: sessionColumns.business,
      twoFactor: {
        enabledAt: users.totpEnabledAt,
        required: businesses.requireTwoFactor,
        hasPasskey: sql<boolean>`EXISTS (SELECT 1 FROM ${passkeys} WHERE ${passkeys.userId} = ${users.id})`,
      },
    })
    .from(users)
    .innerJoin(businesses, eq(businesses.id, users.businessId))
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)))
    .orderBy(businesses.name, businesses.id)
    .limit(SIGN_IN_CANDIDATES);
}

/** A live user with their business, as a new session carries them. */
export async function findUserForSession(db: Executor, userId: string) {
  const [row] = await db
    .select({ user: sessionColumns.user, business: sessionColumns.business })
    .from(users)
    .innerJoin(businesses, eq(businesses.id, users.businessId))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row;
}

/**
 * Replaces a password's hash with one of today's cost (ADR 0086), unless the password changed since
 * it was read. Written without an actor: the password is the same, so the audit log has nothing new.
 */
export async function upgradePasswordHash(
  db: Executor,
  account: { id: string; businessId: string; passwordHash: string },
  passwordHash: string,
) {
  await db
    .update(users)
    .set({ passwordHash })
    .where(
      and(
        ofBusiness(users, { businessId: account.businessId }),
        eq(users.id, account.id),
        eq(users.passwordHash, account.passwordHash),
      ),
    );
}

export async function findPasswordHashOf(db: Executor, userId: string) {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row?.passwordHash;
}

/**
 * Starts a session, and records the sign-in in its business's audit log, in one statement: the
 * entry names the person as they are named now, and the address the session records.
 */
export async function insertSession(
  db: Executor,
  values: {
    tokenHash: Buffer;
    userId: string;
    businessId: string;
    expiresAt: Date;
    ip: string;
    userAgent: string | null;
  },
) {
  const result = await db.execute<{ id: string; last_seen_at: Date | string }>(sql`
    WITH session AS (
      INSERT INTO ${sessions} (token_hash, user_id, business_id, expires_at, ip, user_agent)
      VALUES (${values.tokenHash}, ${values.userId}, ${values.businessId}, ${values.expiresAt.toISOString()},
              ${values.ip}, ${values.userAgent})
      RETURNING id, last_seen_at
    ), entry AS (
      INSERT INTO audit_log (business_id, actor_id, actor_name, ip, action, kind, record_id)
      SELECT ${values.businessId}, id, name, ${values.ip}, 'sign-in', 'session', id::text
      FROM ${users} WHERE id = ${values.userId} AND ${sqlOfBusiness(null, values)}
    )
    SELECT id, last_seen_at FROM session`);
  const row = result.rows[0]!;
  return { id: row.id, lastSeenAt: new Date(row.last_seen_at) };
}

/** The lookup behind every request, prepared (see `perDatabase`). */
const liveSessionQuery = perDatabase((db) =>
  db
    .select(sessionColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(businesses, eq(businesses.id, sessions.businessId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, sql.placeholder('idleSince')),
        isNull(users.deletedAt),
      ),
    )
    .limit(1)
    .prepare('find_live_session'),
);

export async function findLiveSession(db: Database, tokenHash: Buffer, idleSince: Date) {
  const [row] = await liveSessionQuery(db).execute({ tokenHash, idleSince });
  return row;
}

export type SessionRow = NonNullable<Awaited<ReturnType<typeof findLiveSession>>>;

/**
 * Of `ids`, the sessions still live (as findLiveSession has them) with their person's level and
 * zone, in one statement that marks those not marked for `touchEverySeconds` as used now: the
 * sessions of open live streams (ADR 0051).
 */
export async function touchLiveSessions(
  db: Executor,
  ids: string[],
  idleSince: Date,
  touchEverySeconds: number,
) {
  const named = acrossBusinesses(
    'the sessions of the open streams of every business, named by their ids, are checked together',
    sql`s.id = ANY(${`{${ids.join(',')}}`}::uuid[])`,
  );
  const { rows } = await db.execute<{ id: string; level: number; zone_id: string | null }>(sql`
    WITH live AS (
      SELECT s.id, u.level, u.zone_id FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE ${named} AND s.expires_at > now()
        AND s.last_seen_at > ${idleSince} AND u.deleted_at IS NULL),
    touched AS (
      UPDATE sessions SET last_seen_at = now() FROM live
      WHERE sessions.id = live.id AND sessions.last_seen_at < now() - make_interval(secs => ${touchEverySeconds}))
    SELECT id, level, zone_id FROM live`);
  return rows.map((row) => ({ id: row.id, level: Number(row.level), zoneId: row.zone_id }));
}

export async function touchSession(db: Executor, scope: BusinessScope, sessionId: string) {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(and(ofBusiness(sessions, scope), eq(sessions.id, sessionId)));
}

/** Ends the session a browser came to sign in with, known by its token alone. */
export async function deleteSessionByTokenHash(db: Executor, tokenHash: Buffer) {
  await db
    .delete(sessions)
    .where(
      acrossBusinesses(
        'a session presented at sign-in is found by its token’s hash, before its business is known',
        eq(sessions.tokenHash, tokenHash),
      ),
    );
}

export async function deleteSession(db: Executor, scope: BusinessScope, sessionId: string) {
  await db.delete(sessions).where(and(ofBusiness(sessions, scope), eq(sessions.id, sessionId)));
}

/** A user's sessions: their business's, and of those the user's. */
const sessionsOf = (user: { id: string; businessId: string }) =>
  and(ofBusiness(sessions, user), eq(sessions.userId, user.id));

/** Ends every session of a user but one; answers the ids it ended. */
export async function deleteOtherSessions(
  db: Executor,
  user: { id: string; businessId: string },
  keepSessionId: string,
) {
  const rows = await db
    .delete(sessions)
    .where(and(sessionsOf(user), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

/** Ends every session of a user; answers the ids it ended. */
export async function deleteUserSessions(db: Executor, user: { id: string; businessId: string }) {
  const rows = await db.delete(sessions).where(sessionsOf(user)).returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

export async function deleteExpiredSessions(db: Executor, idleSince: Date) {
  await db
    .delete(sessions)
    .where(
      acrossBusinesses(
        'housekeeping: every business’s staff sessions end after the same time',
        sql`${sessions.expiresAt} < now() OR ${sessions.lastSeenAt} < ${idleSince}`,
      ),
    );
}
