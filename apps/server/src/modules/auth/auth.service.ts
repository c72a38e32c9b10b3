import { createHash, randomBytes } from 'node:crypto';
import type { ChooseBusinessResponse, MeResponse, SignInRequest } from '@storedesk/shared/auth/schemas';
import { offsetSpan, type OffsetSpan } from '@storedesk/shared/dates';
import { canSignIn, type SessionGate } from '@storedesk/shared/levels';
import { sessionPolicy } from '@storedesk/shared/auth/session-policy';
import { accountMessages } from '@storedesk/shared/account/schemas';
import { messages } from '@storedesk/shared/messages';
import { twoFactorRules } from '@storedesk/shared/auth/two-factor-messages';
import type { TwoFactorEnrolmentRequired, TwoFactorRequired } from '@storedesk/shared/auth/two-factor';
import type { Database, Executor } from '#server/db/client.ts';
import type { AuthContext, ShopUrlOf } from '#server/lib/callers.ts';
import type { SessionCheck } from '#server/realtime/session-watch.ts';
import { perDatabase } from '#server/db/per-database.ts';
import { AppError } from '#server/lib/errors.ts';
import { publishEvent } from '#server/realtime/events.repository.ts';
import { recordFailedSignIn } from '#server/modules/audit/audit.service.ts';
import * as repo from './auth.repository.ts';
import { burnPasswordCheck, hashNeedsUpgrade, hashPassword, verifyPassword } from '#server/lib/passwords.ts';
import * as passkeysRepo from './passkeys.repository.ts';
import * as twoFactorRepo from './two-factor.repository.ts';
import {
  clearCounts,
  limitWindowMs,
  pruneCounts,
  reserveAttempt,
  type Attempt,
} from '#server/modules/limits/limits.service.ts';

/**
 * Sign-in throttling. Failures are counted in a window of 15 minutes:
 * - per client address: 30 failures, then that address is refused (429) for any account;
 * - per account and address: 5 failures, then that address is refused (429) for that account;
 * - per account, over every address: never refused, only slowed down. Once the
 *   account has 5 failures, every sign-in to it (right or wrong password, from
 *   any address) waits 250 ms, doubling with each further failure up to 4 s,
 *   before it is answered. So failures from elsewhere never lock the owner out:
 *   the right password from a fresh address still signs in, at most 4 s later.
 * A successful sign-in clears the account's counts (the account's and this address's for it).
 */
export const throttlePolicy = {
  windowMs: limitWindowMs,
  perAccountAndAddress: 5,
  perAddress: 30,
  /** Failures of an account (all addresses) before its sign-ins are slowed down. */
  slowAfter: 5,
  firstDelayMs: 250,
  maxDelayMs: 4_000,
};

/** The wait before answering a sign-in to an account with this many recent failures (pure, see throttlePolicy). */
export function accountDelayMs(failures: number, policy = throttlePolicy): number {
  if (failures < policy.slowAfter) return 0;
  const doublings = Math.min(failures - policy.slowAfter, 30);
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** doublings);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

function toContext(row: repo.SessionRow, now = new Date()): AuthContext {
  const { serviceEndsAt } = row.business;
  return {
    sessionId: row.sessionId,
    user: row.user,
    business: {
      // Field by field: this runs on every request, and an object rest is a slow path in V8.
      id: row.business.id,
      name: row.business.name,
      customerAppUrl: row.business.customerAppUrl,
      slug: row.business.slug,
      shopDomain: row.business.shopDomain,
      theme: row.business.theme,
      timeZone: row.business.timeZone,
      serviceEndsAt: serviceEndsAt?.toISOString() ?? null,
      serviceEnded: serviceEndsAt !== null && serviceEndsAt.getTime() <= now.getTime(),
    },
  };
}

export function toMe(auth: AuthContext, shopUrlOf: ShopUrlOf, now = new Date()): MeResponse {
  const { shopDomain: _, ...business } = auth.business;
  return {
    user: auth.user,
    business: {
      ...business,
      shopUrl: shopUrlOf(auth.business),
      utcOffset: utcOffsetOf(business.timeZone, now),
    },
  };
}

/** Each zone's offset span (`offsetSpan`), found again at most hourly and once its span has run out. */
const offsetSpans = new Map<string, { span: OffsetSpan; foundAt: number }>();

function utcOffsetOf(timeZone: string, now: Date): OffsetSpan {
  const at = now.getTime();
  const known = offsetSpans.get(timeZone);
  if (known && at >= known.foundAt && at < known.foundAt + 60 * 60_000 && at < Date.parse(known.span.until)) {
    return known.span;
  }
  const span = offsetSpan(timeZone, now);
  offsetSpans.set(timeZone, { span, foundAt: at });
  return span;
}

/**
 * The accounts of the e-mail whose password this is (in the business the
 * request names, if it names one). Every account is checked, all at once, so
 * that an address with accounts in several businesses answers in about the
 * time of one; an address with none costs a check all the same (ADR 0033).
 */
async function accountsOpenedBy(db: Database, input: SignInRequest) {
  const accounts = (await repo.findUsersForSignIn(db, input.email)).filter(
    (account) => input.businessId === undefined || account.businessId === input.businessId,
  );
  if (accounts.length === 0) {
    await burnPasswordCheck(input.password);
    return [];
  }
  const checks = await Promise.all(
    accounts.map((account) => verifyPassword(account.passwordHash, input.password)),
  );
  const opened = accounts.filter((_, index) => checks[index]);
  // A hash of an earlier cost is made again while the password is at hand (ADR 0086), once.
  await Promise.all(
    opened
      .filter((account) => hashNeedsUpgrade(account.passwordHash))
      .map(async (account) => repo.upgradePasswordHash(db, account, await hashPassword(input.password))),
  );
  return opened;
}

type SignInMeta = { ip: string; userAgent: string | null; previousToken: string | null };
type SignedIn = { token: string; auth: AuthContext };

/** The sign-in throttle's key of a client address, whatever account it tries (see throttlePolicy). */
export const addressKeyOf = (ip: string) => `address:${ip}`;

/** The sign-in throttle's keys of an e-mail from an address (see throttlePolicy). */
export function throttleKeysOf(email: string, ip: string) {
  const lower = email.toLowerCase();
  return {
    accountKey: `account:${lower}`,
    accountAddressKey: `account-address:${lower} ${ip}`,
    addressKey: addressKeyOf(ip),
  };
}

/**
 * Counts a sign-in attempt before any secret is checked (ADR 0054): 429 when the address, or the
 * account from this address, is past its limit; otherwise the account's delay for the failures
 * counted before this one is waited out. The attempt counts as a failure until `signInSucceeded`.
 */
export async function reserveSignIn(db: Executor, keys: ReturnType<typeof throttleKeysOf>): Promise<Attempt> {
  const attempt = await reserveAttempt(
    db,
    [
      { key: keys.accountKey, max: Infinity },
      { key: keys.accountAddressKey, max: throttlePolicy.perAccountAndAddress },
      { key: keys.addressKey, max: throttlePolicy.perAddress },
    ],
    messages.tooManySignInAttempts,
  );
  const delay = accountDelayMs(attempt.countOf(keys.accountKey) - 1);
  if (delay > 0) await sleep(delay);
  return attempt;
}

/** A right secret: the attempt no longer counts on the address, and the account's failures are forgotten. */
export async function signInSucceeded(
  db: Executor,
  attempt: Attempt,
  keys: ReturnType<typeof throttleKeysOf>,
): Promise<void> {
  await attempt.settle({ release: [keys.addressKey], forget: [keys.accountKey, keys.accountAddressKey] });
}

/**
 * Signs in with e-mail and password. At the console (no `gate`), a person
 * with two-step sign-in gets a challenge instead of a session, and staff of a
 * business that requires it who have not set it up get an enrolment challenge
 * (ADR 0044); the delivery app's executives sign in with their password alone.
 */
export async function signIn(
  db: Database,
  input: SignInRequest,
  meta: SignInMeta,
): Promise<SignedIn | ChooseBusinessResponse | TwoFactorRequired | TwoFactorEnrolmentRequired>;
export async function signIn(
  db: Database,
  input: SignInRequest,
  meta: SignInMeta,
  /** Who may sign in here: the console's staff, or the delivery app's executives (ADR 0042). */
  gate: SessionGate,
): Promise<SignedIn | ChooseBusinessResponse>;
export async function signIn(
  db: Database,
  input: SignInRequest,
  meta: SignInMeta,
  gate?: SessionGate,
): Promise<SignedIn | ChooseBusinessResponse | TwoFactorRequired | TwoFactorEnrolmentRequired> {
  const keys = throttleKeysOf(input.email, meta.ip);
  const attempt = await reserveSignIn(db, keys);

  const opened = await accountsOpenedBy(db, input);
  if (opened.length === 0) {
    await recordFailedSignIn(db, input.email, meta.ip);
    throw new AppError('unauthenticated', messages.badCredentials);
  }
  const allowed = opened.filter((account) => (gate ?? canSignIn)(account));
  // Failed guesses of a second step stay counted until it succeeds (ADR 0044): the password only
  // takes its own attempt back.
  const secondStep = gate === undefined && allowed.length === 1 ? await secondStepOf(db, allowed[0]!) : null;
  if (secondStep) await attempt.release();
  else await signInSucceeded(db, attempt, keys);
  if (allowed.length === 0) throw new AppError('forbidden', messages.noPermissionToSignIn);
  if (allowed.length > 1) {
    return { chooseBusiness: allowed.map(({ business }) => ({ id: business.id, name: business.name })) };
  }
  if (secondStep) return secondStep;
  const { passwordHash: _, twoFactor: __, business, ...user } = allowed[0]!;

  // A new sign-in never reuses the session the browser came with.
  if (meta.previousToken) await repo.deleteSessionByTokenHash(db, hashToken(meta.previousToken));
  const session = await startSession(db, {
    userId: user.id,
    businessId: user.businessId,
    ip: meta.ip,
    userAgent: meta.userAgent,
  });
  return {
    token: session.token,
    auth: toContext({ sessionId: session.sessionId, lastSeenAt: session.lastSeenAt, user, business }),
  };
}

/**
 * What must follow the password for a console account, or null: its second
 * step when two-step sign-in is on; setting it up when the business requires it.
 */
async function secondStepOf(
  db: Executor,
  account: {
    id: string;
    businessId: string;
    twoFactor: { enabledAt: Date | null; required: boolean; hasPasskey: boolean };
  },
): Promise<TwoFactorRequired | TwoFactorEnrolmentRequired | null> {
  const state = account.twoFactor;
  if (state.enabledAt === null && !state.required) return null;
  const challenge = randomBytes(32).toString('base64url');
  await twoFactorRepo.insertChallenge(db, {
    tokenHash: hashToken(challenge),
    userId: account.id,
    businessId: account.businessId,
    expiresAt: new Date(Date.now() + twoFactorRules.challengeMs),
  });
  return state.enabledAt !== null
    ? { twoFactorRequired: true, challenge, passkey: state.hasPasskey }
    : { twoFactorEnrolmentRequired: true, challenge };
}

/**
 * The current password, as changes to one's own account ask for it (D18): 403 on the field when
 * wrong. Each try is counted before it is judged (ADR 0054), so a stolen session cannot guess it:
 * past `perAccountAndAddress` tries in the window, 429; the right one clears the count.
 */
export async function checkCurrentPassword(db: Executor, userId: string, currentPassword: string) {
  const key = `current-password:${userId}`;
  await reserveAttempt(
    db,
    [{ key, max: throttlePolicy.perAccountAndAddress }],
    accountMessages.currentPasswordTooMany,
  );
  const hash = await repo.findPasswordHashOf(db, userId);
  if (!hash || !(await verifyPassword(hash, currentPassword)))
    throw new AppError('forbidden', accountMessages.currentPasswordWrong, {
      fields: { currentPassword: accountMessages.currentPasswordWrong },
    });
  await clearCounts(db, [key]);
}

/** Starts the session of a person whose sign-in is complete, in place of the one the browser came with. */
export async function openSession(db: Database, userId: string, meta: SignInMeta): Promise<SignedIn | null> {
  const row = await repo.findUserForSession(db, userId);
  if (!row || !canSignIn(row.user)) return null;
  if (meta.previousToken) await repo.deleteSessionByTokenHash(db, hashToken(meta.previousToken));
  const session = await startSession(db, {
    userId,
    businessId: row.user.businessId,
    ip: meta.ip,
    userAgent: meta.userAgent,
  });
  return {
    token: session.token,
    auth: toContext({ sessionId: session.sessionId, lastSeenAt: session.lastSeenAt, ...row }),
  };
}

/**
 * The session behind a token, or null when it is unknown, expired, idle too long or not allowed
 * where it is presented (`gate`: the console's staff by default, ADR 0042).
 */
export async function resolveSession(
  db: Database,
  token: string,
  gate: SessionGate = canSignIn,
): Promise<AuthContext | null> {
  const row = await repo.findLiveSession(db, hashToken(token), new Date(Date.now() - sessionPolicy.idleMs));
  if (!row || !gate(row.user)) return null;
  if (Date.now() - row.lastSeenAt.getTime() > sessionPolicy.touchEveryMs)
    await repo.touchSession(db, { businessId: row.business.id }, row.sessionId);
  return toContext(row);
}

/**
 * How the sessions of open live streams are checked (ADR 0051): of some sessions, those still
 * live and allowed where they are used (`gate`), each marked as used. One statement for all.
 */
export function liveSessionCheck(db: Database, gate: SessionGate = canSignIn): SessionCheck {
  // One check per database and gate, so a sweep asks once for every stream of the kind.
  const checks = sessionChecks(db);
  let check = checks.get(gate);
  if (!check) {
    check = async (ids) => {
      const idleSince = new Date(Date.now() - sessionPolicy.idleMs);
      const live = await repo.touchLiveSessions(db, ids, idleSince, sessionPolicy.touchEveryMs / 1000);
      return new Set(live.filter((row) => gate(row)).map((row) => row.id));
    };
    checks.set(gate, check);
  }
  return check;
}
const sessionChecks = perDatabase(() => new Map<SessionGate, SessionCheck>());

/** Tells every instance that a session is over, so its live streams close at once. */
export function announceSessionEnded(
  db: Executor,
  auth: { user: { id: string }; business: { id: string }; sessionId?: string },
  sessionId: string,
) {
  return publishEvent(db, {
    businessId: auth.business.id,
    zoneId: null,
    topic: 'session',
    action: 'ended',
    recordId: auth.user.id,
    sessionId,
  });
}

/**
 * Ends every session of a user but `keep`, in the caller's transaction, and
 * announces each, so its live streams close at once (ADR 0014).
 */
export async function endSessionsOf(
  db: Executor,
  user: { id: string; businessId: string },
  keep?: string,
): Promise<void> {
  const ended = keep
    ? await repo.deleteOtherSessions(db, user, keep)
    : await repo.deleteUserSessions(db, user);
  for (const sessionId of ended) {
    await announceSessionEnded(db, { user, business: { id: user.businessId } }, sessionId);
  }
}

/** A new session of a user: a random token, kept hashed, that ends at the absolute limit. */
export async function startSession(
  db: Executor,
  who: { userId: string; businessId: string; ip: string; userAgent: string | null },
): Promise<{ token: string; sessionId: string; lastSeenAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const session = await repo.insertSession(db, {
    tokenHash: hashToken(token),
    userId: who.userId,
    businessId: who.businessId,
    expiresAt: new Date(Date.now() + sessionPolicy.absoluteMs),
    ip: who.ip,
    userAgent: who.userAgent?.slice(0, 300) ?? null,
  });
  return { token, sessionId: session.id, lastSeenAt: session.lastSeenAt };
}

export async function signOut(db: Database, auth: AuthContext): Promise<void> {
  await db.transaction(async (tx) => {
    await repo.deleteSession(tx, { businessId: auth.business.id }, auth.sessionId);
    await announceSessionEnded(tx, auth, auth.sessionId);
  });
}

/** Deletes sessions that can no longer be used and throttle counts whose window has passed. */
export async function pruneAuthRecords(db: Database): Promise<void> {
  await repo.deleteExpiredSessions(db, new Date(Date.now() - sessionPolicy.idleMs));
  await pruneCounts(db);
  await twoFactorRepo.deleteExpiredChallenges(db);
  await passkeysRepo.deleteExpiredWebauthnChallenges(db);
}
