import { createHash, randomBytes } from 'node:crypto';
import { twoFactorMessages, twoFactorRules } from '@storedesk/shared/auth/two-factor-messages';
import {
  type CurrentPassword,
  type RecoveryCodes,
  type TotpEnrolment,
  type TwoFactorSetting,
  type TwoFactorSettingUpdate,
  type TwoFactorStatus,
} from '@storedesk/shared/auth/two-factor';
import { messages } from '@storedesk/shared/messages';
import type { AuthContext } from '#server/lib/callers.ts';
import type { Database, Executor } from '#server/db/client.ts';
import { AppError, invalid, notFound, stale } from '#server/lib/errors.ts';
import {
  checkCurrentPassword,
  hashToken,
  openSession,
  reserveSignIn,
  signInSucceeded,
  throttleKeysOf,
} from './auth.service.ts';
import { tooMany, type Attempt } from '#server/modules/limits/limits.service.ts';
import { base32Encode, matchingStep, newTotpSecret, otpauthUrl } from './totp.ts';
import * as repo from './two-factor.repository.ts';

type Scope = { businessId: string; userId: string };
const scopeOf = (auth: AuthContext): Scope => ({ businessId: auth.business.id, userId: auth.user.id });

/** A recovery code as stored: SHA-256 of its letters and digits (50 random bits each, used once). */
export const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest();

/** Ten new recovery codes, shown as `xxxxx-xxxxx`. */
function newRecoveryCodes(): string[] {
  return Array.from({ length: twoFactorRules.recoveryCodeCount }, () => {
    const code = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

async function saveRecoveryCodes(tx: Executor, userId: string): Promise<RecoveryCodes> {
  const recoveryCodes = newRecoveryCodes();
  await repo.replaceRecoveryCodes(tx, userId, recoveryCodes.map(hashRecoveryCode));
  return { recoveryCodes };
}

async function stateOf(db: Executor, scope: Scope) {
  const state = await repo.findTwoFactorState(db, scope);
  if (!state) throw notFound();
  return state;
}

export async function getStatus(db: Executor, auth: AuthContext): Promise<TwoFactorStatus> {
  const state = await stateOf(db, scopeOf(auth));
  return {
    totpEnabled: state.totpEnabledAt !== null,
    enabledAt: state.totpEnabledAt?.toISOString() ?? null,
    recoveryCodesLeft: state.totpEnabledAt === null ? 0 : state.recoveryCodesLeft,
    required: state.required,
  };
}

/** A new secret, pending until a code of it is confirmed; any earlier pending one is replaced. */
async function beginTotp(db: Executor, scope: Scope): Promise<TotpEnrolment> {
  const state = await stateOf(db, scope);
  if (state.totpEnabledAt !== null) throw new AppError('conflict', twoFactorMessages.alreadyOn);
  const secret = newTotpSecret();
  await repo.setPendingSecret(db, scope, secret);
  return { secret, otpauthUrl: otpauthUrl(secret, state.businessName, state.email) };
}

/** Turns TOTP on with the pending secret when the code is one of it, and answers the recovery codes. */
async function finishTotp(db: Database, scope: Scope, code: string): Promise<RecoveryCodes> {
  const state = await stateOf(db, scope);
  if (state.totpEnabledAt !== null) throw new AppError('conflict', twoFactorMessages.alreadyOn);
  const secret = state.totpPendingSecret;
  if (secret === null) throw new AppError('conflict', twoFactorMessages.noPendingSecret);
  const step = matchingStep(secret, code);
  if (step === null) throw invalid({ code: twoFactorMessages.codeWrong }, twoFactorMessages.codeWrong);
  return db.transaction(async (tx) => {
    if (!(await repo.activatePendingSecret(tx, scope, secret, step)))
      throw new AppError('conflict', twoFactorMessages.noPendingSecret);
    return saveRecoveryCodes(tx, scope.userId);
  });
}

export async function startTotp(db: Database, auth: AuthContext, input: CurrentPassword) {
  await checkCurrentPassword(db, auth.user.id, input.currentPassword);
  return beginTotp(db, scopeOf(auth));
}

export const confirmTotp = (db: Database, auth: AuthContext, code: string) =>
  finishTotp(db, scopeOf(auth), code);

export async function renewRecoveryCodes(
  db: Database,
  auth: AuthContext,
  input: CurrentPassword,
): Promise<RecoveryCodes> {
  await checkCurrentPassword(db, auth.user.id, input.currentPassword);
  const state = await stateOf(db, scopeOf(auth));
  if (state.totpEnabledAt === null) throw new AppError('conflict', twoFactorMessages.notOn);
  return db.transaction((tx) => saveRecoveryCodes(tx, auth.user.id));
}

/** Turns TOTP off and removes the recovery codes; refused while the business requires two-step sign-in. */
export async function turnOff(db: Database, auth: AuthContext, input: CurrentPassword): Promise<void> {
  await checkCurrentPassword(db, auth.user.id, input.currentPassword);
  const state = await stateOf(db, scopeOf(auth));
  if (state.totpEnabledAt === null) throw new AppError('conflict', twoFactorMessages.notOn);
  if (state.required) throw new AppError('conflict', twoFactorMessages.requiredByBusiness);
  await db.transaction(async (tx) => {
    await repo.clearTotp(tx, scopeOf(auth));
    await repo.deleteChallengesOf(tx, scopeOf(auth));
  });
}

export type SignInMeta = { ip: string; userAgent: string | null; previousToken: string | null };

export const challengeExpired = () => new AppError('unauthenticated', twoFactorMessages.challengeExpired);

/**
 * A live challenge (401 once it has expired or was used; 429 once its guesses are spent), with the
 * sign-in limits' keys of its account from this address.
 */
export async function liveChallenge(db: Database, token: string, ip: string) {
  const challenge = await repo.findLiveChallenge(db, hashToken(token));
  if (!challenge) throw challengeExpired();
  // Spent for good: a new one takes the password again, under its own limits.
  if (challenge.failures >= twoFactorRules.challengeFailures) throw tooManyGuesses(new Date());
  return { challenge, keys: throttleKeysOf(challenge.email, ip) };
}

/**
 * A guess at a live challenge, counted before it is judged (ADR 0054): on the challenge, which
 * takes `challengeFailures` guesses, and in the sign-in limits as a password is, so a new
 * challenge does not reset them. 429 once either is past its limit.
 */
export async function reserveChallengeGuess(db: Database, token: string, ip: string) {
  const { challenge, keys } = await liveChallenge(db, token, ip);
  const guesses = await repo.countChallengeGuess(db, challenge);
  if (guesses === null) throw challengeExpired();
  const attempt = await reserveSignIn(db, keys);
  if (guesses > twoFactorRules.challengeFailures)
    throw tooManyGuesses(attempt.windowOf(keys.accountAddressKey));
  return { challenge, keys, attempt, guesses };
}

/** 429 as sign-in answers it, with the seconds until the count that started at `windowStartedAt` is forgotten. */
export const tooManyGuesses = (windowStartedAt: Date) =>
  tooMany(messages.tooManySignInAttempts, windowStartedAt);

/** A wrong code (or a refused passkey), already counted: the last guess a challenge takes ends it with 429. */
export function wrongGuess(
  guess: { guesses: number; attempt: Attempt; keys: ReturnType<typeof throttleKeysOf> },
  message: string = twoFactorMessages.codeWrong,
): never {
  if (guess.guesses >= twoFactorRules.challengeFailures)
    throw tooManyGuesses(guess.attempt.windowOf(guess.keys.accountAddressKey));
  throw new AppError('unauthenticated', message);
}

/** A right code ends the challenge, clears the account's failures and opens the session. */
export async function completeSignIn(
  db: Database,
  guess: {
    challenge: { id: string; userId: string; businessId: string };
    attempt: Attempt;
    keys: ReturnType<typeof throttleKeysOf>;
  },
  meta: SignInMeta,
) {
  if (!(await repo.deleteChallenge(db, guess.challenge))) throw challengeExpired();
  await signInSucceeded(db, guess.attempt, guess.keys);
  const signedIn = await openSession(db, guess.challenge.userId, meta);
  if (!signedIn) throw new AppError('forbidden', messages.noPermissionToSignIn);
  return signedIn;
}

/**
 * The second step (ADR 0044): an authenticator code whose time step is later
 * than the last one used, or an unused recovery code, which is then used up.
 */
export async function signInWithCode(
  db: Database,
  input: { challenge: string; code: string },
  meta: SignInMeta,
) {
  const guess = await reserveChallengeGuess(db, input.challenge, meta.ip);
  const { challenge } = guess;
  if (challenge.totpEnabledAt === null || challenge.totpSecret === null) throw challengeExpired();
  const accepted = /^\d{6}$/.test(input.code)
    ? await acceptTotp(db, challenge, challenge.totpSecret, input.code)
    : await repo.useRecoveryCode(db, challenge.userId, hashRecoveryCode(input.code));
  if (!accepted) return wrongGuess(guess);
  return completeSignIn(db, guess, meta);
}

async function acceptTotp(db: Executor, scope: Scope, secret: string, code: string) {
  const step = matchingStep(secret, code);
  return step !== null && (await repo.takeTotpStep(db, scope, step));
}

/** For staff who must set up two-step sign-in before their first session (the business requires it). */
export async function startEnrolment(db: Database, token: string, ip: string): Promise<TotpEnrolment> {
  const { challenge } = await liveChallenge(db, token, ip);
  if (challenge.totpEnabledAt !== null) throw challengeExpired();
  return beginTotp(db, { businessId: challenge.businessId, userId: challenge.userId });
}

/** Confirms the app's first code: two-step sign-in is on, the session opens and the recovery codes are shown. */
export async function confirmEnrolment(
  db: Database,
  input: { challenge: string; code: string },
  meta: SignInMeta,
) {
  const guess = await reserveChallengeGuess(db, input.challenge, meta.ip);
  const { challenge } = guess;
  if (challenge.totpEnabledAt !== null) throw challengeExpired();
  const scope = { businessId: challenge.businessId, userId: challenge.userId };
  let codes: RecoveryCodes;
  try {
    codes = await finishTotp(db, scope, input.code);
  } catch (error) {
    if (error instanceof AppError && error.code === 'invalid_input') return wrongGuess(guess);
    throw error;
  }
  return { ...(await completeSignIn(db, guess, meta)), ...codes };
}

export async function getSetting(db: Executor, auth: AuthContext): Promise<TwoFactorSetting> {
  return repo.findRequirement(db, auth.business.id);
}

export async function updateSetting(
  db: Database,
  auth: AuthContext,
  input: TwoFactorSettingUpdate,
): Promise<TwoFactorSetting> {
  const updated = await repo.updateRequirement(db, auth.business.id, input.required, input.version);
  if (!updated) throw stale(await repo.findRequirement(db, auth.business.id));
  return updated;
}
