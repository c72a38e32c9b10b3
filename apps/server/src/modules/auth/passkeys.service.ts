import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type {
  AuthenticationCredential,
  Passkey,
  PasskeyList,
  RegistrationCredential,
  WebauthnOptions,
} from '@storedesk/shared/auth/passkeys';
import type { CurrentPassword } from '@storedesk/shared/auth/two-factor';
import { twoFactorMessages, twoFactorRules } from '@storedesk/shared/auth/two-factor-messages';
import { messages } from '@storedesk/shared/messages';
import type { AuthContext } from '#server/lib/callers.ts';
import type { Database } from '#server/db/client.ts';
import { AppError, invalid, notFound } from '#server/lib/errors.ts';
import {
  checkCurrentPassword,
  addressKeyOf,
  openSession,
  signInSucceeded,
  throttleKeysOf,
  throttlePolicy,
} from './auth.service.ts';
import { reserveAttempt } from '#server/modules/limits/limits.service.ts';
import * as repo from './passkeys.repository.ts';
import {
  challengeExpired,
  completeSignIn,
  liveChallenge,
  reserveChallengeGuess,
  wrongGuess,
  type SignInMeta,
} from './two-factor.service.ts';

/*
 * Passkeys (B15, ADR 0049). The relying party is the console's public address (ADR 0032): its host
 * is the RP ID, its origin the only one a browser's answer may come from. Every passkey is a
 * discoverable credential with user verification, so one alone is two factors: the way in even
 * where the business requires two-step sign-in.
 */

/** Who the browser's WebAuthn calls are made for: the console's public address. */
export type RelyingParty = { id: string; origin: string };

export function relyingPartyOf(publicOrigin: string): RelyingParty {
  const url = new URL(publicOrigin);
  return { id: url.hostname, origin: url.origin };
}

/** How long the browser has to answer a WebAuthn call. */
const ceremonyMs = twoFactorRules.challengeMs;

const toPasskey = (row: { id: string; name: string; createdAt: Date; lastUsedAt: Date | null }): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

const transportsOf = (transports: string[]) => transports as AuthenticatorTransportFuture[];

/** The challenge a browser's answer was made for, read from its client data; null when it is not JSON with one. */
function challengeOf(credential: { response: { clientDataJSON: string } }): string | null {
  try {
    const data: unknown = JSON.parse(
      Buffer.from(credential.response.clientDataJSON, 'base64url').toString('utf8'),
    );
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 200
      ? challenge
      : null;
  } catch {
    return null;
  }
}

export async function listPasskeys(db: Database, auth: AuthContext): Promise<PasskeyList> {
  const rows = await repo.listPasskeys(db, { businessId: auth.business.id, userId: auth.user.id });
  return { passkeys: rows.map(toPasskey) };
}

/** Options to create a passkey, after the current password; the challenge is kept for 5 minutes. */
export async function startRegistration(
  db: Database,
  auth: AuthContext,
  input: CurrentPassword,
  rp: RelyingParty,
): Promise<WebauthnOptions> {
  await checkCurrentPassword(db, auth.user.id, input.currentPassword);
  const existing = await repo.credentialsOf(db, auth.user.id);
  if (existing.length >= twoFactorRules.passkeysMax)
    throw new AppError('conflict', twoFactorMessages.passkeysFull);
  const options = await generateRegistrationOptions({
    rpName: auth.business.name,
    rpID: rp.id,
    userName: auth.user.email,
    userDisplayName: auth.user.name,
    userID: new TextEncoder().encode(auth.user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.id, transports: transportsOf(c.transports) })),
    authenticatorSelection: {
      residentKey: 'required',
      requireResidentKey: true,
      userVerification: 'required',
    },
    timeout: ceremonyMs,
  });
  await repo.insertWebauthnChallenge(db, {
    challenge: options.challenge,
    purpose: 'register',
    userId: auth.user.id,
    expiresAt: new Date(Date.now() + ceremonyMs),
  });
  return { options: options as unknown as WebauthnOptions['options'] };
}

const notAdded = () =>
  invalid({ credential: twoFactorMessages.passkeyNotAdded }, twoFactorMessages.passkeyNotAdded);

/** Checks the browser's new credential against the challenge offered to this person, and keeps it. */
export async function finishRegistration(
  db: Database,
  auth: AuthContext,
  input: { name: string; credential: RegistrationCredential },
  rp: RelyingParty,
): Promise<Passkey> {
  const challenge = challengeOf(input.credential);
  if (!challenge || !(await repo.takeWebauthnChallenge(db, challenge, 'register', auth.user.id)))
    throw notAdded();
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: input.credential as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch {
    throw notAdded();
  }
  if (!verified.verified) throw notAdded();
  const { credential } = verified.registrationInfo;
  return db.transaction(async (tx) => {
    if ((await repo.countPasskeys(tx, auth.user.id)) >= twoFactorRules.passkeysMax)
      throw new AppError('conflict', twoFactorMessages.passkeysFull);
    const row = await repo.insertPasskey(tx, {
      businessId: auth.business.id,
      userId: auth.user.id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? input.credential.response.transports ?? [],
      name: input.name,
    });
    if (!row) throw new AppError('conflict', twoFactorMessages.passkeyAddedAlready);
    return toPasskey(row);
  });
}

/** Removes one of the signed-in person's passkeys, after the current password; another's is 404. */
export async function removePasskey(
  db: Database,
  auth: AuthContext,
  id: string,
  input: CurrentPassword,
): Promise<void> {
  await checkCurrentPassword(db, auth.user.id, input.currentPassword);
  const removed = await db.transaction((tx) =>
    repo.deletePasskey(tx, { businessId: auth.business.id, userId: auth.user.id }, id),
  );
  if (!removed) throw notFound();
}

/** Options to sign in with any passkey of this site (the browser offers the person's own). */
export async function startSignIn(db: Database, rp: RelyingParty): Promise<WebauthnOptions> {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    timeout: ceremonyMs,
  });
  await repo.insertWebauthnChallenge(db, {
    challenge: options.challenge,
    purpose: 'sign-in',
    userId: null,
    expiresAt: new Date(Date.now() + ceremonyMs),
  });
  return { options: options as unknown as WebauthnOptions['options'] };
}

type StoredPasskey = NonNullable<Awaited<ReturnType<typeof repo.findByCredential>>>;

/** Whether the browser's answer is the passkey's signature over the challenge, user-verified; records the use. */
async function signatureHolds(
  db: Database,
  passkey: StoredPasskey,
  credential: AuthenticationCredential,
  challenge: string,
  rp: RelyingParty,
): Promise<boolean> {
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response: credential as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: passkey.counter,
        transports: transportsOf(passkey.transports),
      },
      requireUserVerification: true,
    });
    if (!verified) return false;
    await repo.markUsed(db, passkey, authenticationInfo.newCounter);
    return true;
  } catch {
    return false;
  }
}

const notAccepted = () => new AppError('unauthenticated', twoFactorMessages.passkeyNotAccepted);

/**
 * Signs in with a passkey alone. Refusals count on the address as wrong passwords do (30 in 15
 * minutes, then 429); a right one clears its account's counts and opens the session.
 */
export async function signIn(
  db: Database,
  input: { credential: AuthenticationCredential },
  meta: SignInMeta,
  rp: RelyingParty,
) {
  const addressKey = addressKeyOf(meta.ip);
  const attempt = await reserveAttempt(
    db,
    [{ key: addressKey, max: throttlePolicy.perAddress }],
    messages.tooManySignInAttempts,
  );
  // A refusal stays counted, as a wrong password does.
  const refuse = (): never => {
    throw notAccepted();
  };
  const challenge = challengeOf(input.credential);
  if (!challenge || !(await repo.takeWebauthnChallenge(db, challenge, 'sign-in', null)))
    throw challengeExpired();
  const passkey = await repo.findByCredential(db, input.credential.id);
  if (!passkey) return refuse();
  const { userHandle } = input.credential.response;
  if (userHandle !== undefined && Buffer.from(userHandle, 'base64url').toString('utf8') !== passkey.userId)
    return refuse();
  if (!(await signatureHolds(db, passkey, input.credential, challenge, rp))) return refuse();
  await signInSucceeded(db, attempt, throttleKeysOf(passkey.email, meta.ip));
  const signedIn = await openSession(db, passkey.userId, meta);
  if (!signedIn) throw new AppError('forbidden', messages.noPermissionToSignIn);
  return signedIn;
}

/** After the password: options for the person's own passkeys, offered with the second step's challenge. */
export async function startSecondStep(db: Database, token: string, ip: string, rp: RelyingParty) {
  const { challenge } = await liveChallenge(db, token, ip);
  if (challenge.totpEnabledAt === null) throw challengeExpired();
  const credentials = await repo.credentialsOf(db, challenge.userId);
  if (credentials.length === 0) throw new AppError('conflict', twoFactorMessages.noPasskeys);
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    timeout: ceremonyMs,
    allowCredentials: credentials.map((c) => ({ id: c.id, transports: transportsOf(c.transports) })),
  });
  await repo.setSecondStepWebauthnChallenge(db, challenge, options.challenge);
  return { options: options as unknown as WebauthnOptions['options'] };
}

/** The second step with one of the person's passkeys: a refusal counts as a wrong code does. */
export async function signInSecondStep(
  db: Database,
  input: { challenge: string; credential: AuthenticationCredential },
  meta: SignInMeta,
  rp: RelyingParty,
) {
  const guess = await reserveChallengeGuess(db, input.challenge, meta.ip);
  const { challenge } = guess;
  if (challenge.totpEnabledAt === null || challenge.webauthnChallenge === null) throw challengeExpired();
  const passkey = await repo.findByCredential(db, input.credential.id);
  const holds =
    passkey !== undefined &&
    passkey.userId === challenge.userId &&
    challengeOf(input.credential) === challenge.webauthnChallenge &&
    (await signatureHolds(db, passkey, input.credential, challenge.webauthnChallenge, rp));
  if (!holds) return wrongGuess(guess, twoFactorMessages.passkeyNotAccepted);
  return completeSignIn(db, guess, meta);
}
