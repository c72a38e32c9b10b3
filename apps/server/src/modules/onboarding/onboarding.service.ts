import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { SignInResponse } from '@storedesk/shared/auth/schemas';
import {
  onboardingLimits,
  onboardingMessages,
  onboardingVerificationMessages,
  type OnboardingAccount,
  type OnboardingSubmit,
  type OnboardingVerificationResult,
} from '@storedesk/shared/onboarding/schemas';
import { dataUrlBytes } from '@storedesk/shared/onboarding/schemas';
import type { ShopUrlOf } from '#server/lib/callers.ts';
import type { Database } from '#server/db/client.ts';
import { AppError, invalid, unauthenticated } from '#server/lib/errors.ts';
import { replaceImage } from '#server/lib/replace-image.ts';
import { composeMail, type Mailer } from '#server/mail/mailer.ts';
import { detectImageType, imageKey, type ImageUpload } from '#server/storage/images.ts';
import type { Storage } from '#server/storage/storage.ts';
import { hashToken, resolveSession, startSession, toMe } from '#server/modules/auth/auth.service.ts';
import { hashPassword, verifyPassword } from '#server/lib/passwords.ts';
import { freeSlugFor, newStorefrontKey } from '#server/modules/settings/business.service.ts';
import * as repo from './onboarding.repository.ts';

const verificationMs = onboardingLimits.verificationHours * 60 * 60 * 1000;
const PRODUCT = 'Storedesk';

/**
 * The onboarding token names the pending registration and is signed with its
 * password hash (random salt included, never shown): it needs no table of its
 * own, and it ends with its registration (finished, or removed by housekeeping).
 */
function signature(account: { id: string; passwordHash: string }): string {
  return createHmac('sha256', account.passwordHash).update(`onboarding:${account.id}`).digest('base64url');
}

export function onboardingTokenOf(account: { id: string; passwordHash: string }): string {
  return `${account.id}.${signature(account)}`;
}

/** The pending account a token names, or 401. */
export async function pendingAccountOf(
  db: Database,
  token: string | undefined,
): Promise<repo.PendingAccount> {
  const match = token ? /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(token) : null;
  const account = match ? await repo.findPendingAccount(db, match[1]!) : undefined;
  if (!match || !account) throw unauthenticated(onboardingMessages.noPendingAccount);
  const expected = Buffer.from(signature(account));
  const given = Buffer.from(match[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw unauthenticated(onboardingMessages.noPendingAccount);
  }
  return account;
}

function newVerificationToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token), expiresAt: new Date(Date.now() + verificationMs) };
}

function verificationMail(email: string, link: string) {
  return composeMail({
    to: email,
    subject: 'Verify your email',
    from: PRODUCT,
    greeting: 'Hello,',
    lines: [
      `Please confirm that ${email} is your email address, so that you can sign in and get messages about your business.`,
      `The link works once, for ${onboardingLimits.verificationHours} hours.`,
    ],
    link: { label: 'Verify email', url: link },
    // Following the link of someone else's sign-up is the one way it can finish with this address.
    footer: `If you did not sign up for ${PRODUCT} just now, ignore this e-mail and do not open the link: someone else typed your address, and without the link their sign-up cannot finish.`,
  });
}

export const verifyLink = (origin: string, token: string) =>
  `${origin}/api/onboarding/verify?token=${encodeURIComponent(token)}`;

/**
 * User details: a new registration of the e-mail with its own link, mailed. Registrations of the
 * same e-mail made before, by this client or another, stay as they were: each link verifies only
 * its own registration, so nobody takes over a sign-up by registering its e-mail again (ADR 0057).
 */
export async function registerAccount(
  db: Database,
  mailer: Mailer,
  input: OnboardingAccount,
  origin: string,
): Promise<{ account: repo.PendingAccount; token: string }> {
  // No refusal for an address with accounts elsewhere: the new business is a business of its own,
  // and an answer that told would tell anyone which addresses have accounts (ADR 0033).
  const verification = newVerificationToken();
  const passwordHash = await hashPassword(input.password);
  const account = await repo.insertPendingAccount(db, {
    email: input.email,
    passwordHash,
    verificationTokenHash: verification.hash,
    verificationExpiresAt: verification.expiresAt,
  });
  await mailer.send(verificationMail(account.email, verifyLink(origin, verification.token)));
  return { account, token: onboardingTokenOf(account) };
}

const alreadyVerified = () =>
  new AppError('conflict', onboardingMessages.alreadyVerified, {
    fields: { email: onboardingMessages.alreadyVerified },
  });

/** Resend link: a new link for this registration replaces its old one; other registrations keep theirs. */
export async function resendVerification(
  db: Database,
  mailer: Mailer,
  account: repo.PendingAccount,
  origin: string,
): Promise<void> {
  if (account.verifiedAt) throw alreadyVerified();
  const verification = newVerificationToken();
  if (!(await repo.replaceVerificationToken(db, account.id, verification.hash, verification.expiresAt))) {
    // Verified, or removed by a finished sign-up of the e-mail, since the token was read.
    if (await repo.findPendingAccount(db, account.id)) throw alreadyVerified();
    throw unauthenticated(onboardingMessages.noPendingAccount);
  }
  await mailer.send(verificationMail(account.email, verifyLink(origin, verification.token)));
}

export class VerificationRefused extends Error {
  constructor(readonly result: Exclude<OnboardingVerificationResult, 'verified'>) {
    super(onboardingVerificationMessages[result]);
  }
}

/** The mailed link: marks the registration it was mailed for verified, once. */
export async function verifyEmail(db: Database, token: string): Promise<{ email: string }> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw new VerificationRefused('invalid');
  const tokenHash = hashToken(token);
  const now = new Date();
  return db.transaction(async (tx) => {
    const pending = await repo.findPendingAccountByTokenHash(tx, tokenHash);
    if (!pending) throw new VerificationRefused('invalid');
    if (pending.verifiedAt) throw new VerificationRefused('used');
    if (!pending.verificationExpiresAt || pending.verificationExpiresAt <= now) {
      throw new VerificationRefused('expired');
    }
    await repo.markPendingVerified(tx, pending.id, now);
    return { email: pending.email };
  });
}

/** Removes registrations whose link expired unused (housekeeping). */
export async function pruneOnboardingAccounts(db: Database): Promise<void> {
  await repo.deleteExpiredPendingAccounts(db, new Date());
}

/** The logo's bytes, PNG or JPEG by its bytes (the schema has checked size and signature). */
function logoOf(iconFileData: string): ImageUpload {
  const bytes = dataUrlBytes(iconFileData);
  const contentType = bytes && detectImageType(bytes);
  if (!bytes || !contentType) throw invalid({ iconFileData: onboardingMessages.logoType });
  return {
    bytes: Buffer.from(bytes),
    contentType,
    extension: contentType === 'image/png' ? '.png' : '.jpg',
  };
}

/**
 * Finish, for a verified registration only: the business, its first zone, default settings and its
 * owner in one transaction, which also removes every other registration of the e-mail, so that no
 * other finishes later (ADR 0057); the logo stored first and removed again if that fails; then the
 * owner's session, as sign-in makes it.
 */
export async function finish(
  db: Database,
  storage: Storage,
  log: { warn: (obj: unknown, msg?: string) => void },
  account: repo.PendingAccount,
  input: OnboardingSubmit,
  meta: { ip: string; userAgent: string | null; trialDays: number; shopUrlOf: ShopUrlOf },
): Promise<{ token: string; response: SignInResponse }> {
  if (input.user.email.toLowerCase() !== account.email.toLowerCase()) {
    throw invalid({ 'user.email': onboardingMessages.emailChanged });
  }
  const logo = logoOf(input.iconFileData);
  if (!(await verifyPassword(account.passwordHash, input.user.password))) {
    throw invalid({ 'user.password': onboardingMessages.passwordChanged });
  }
  // Anyone may register any e-mail; only its mailbox's owner can follow the link. A registration
  // once verified stays so, so the row read with the token is enough to tell.
  if (!account.verifiedAt) throw new AppError('forbidden', onboardingMessages.notVerified);
  const businessId = randomUUID();
  let token = '';
  const key = imageKey(businessId, 'business', 'icon', logo.extension);

  await replaceImage(storage, log, key, logo, async (iconKey) => {
    await db.transaction(async (tx) => {
      const registrations = await repo.lockPendingAccountsOf(tx, account.email);
      const locked = registrations.find((registration) => registration.id === account.id);
      if (!locked) throw unauthenticated(onboardingMessages.noPendingAccount);
      const { zoneId } = await repo.insertBusiness(
        tx,
        {
          id: businessId,
          name: input.business.name,
          description: input.business.description,
          theme: input.business.theme,
          iconKey,
          storefrontKey: newStorefrontKey(),
          slug: await freeSlugFor(tx, input.business.name),
          serviceEndsAt: new Date(Date.now() + meta.trialDays * 24 * 60 * 60 * 1000),
        },
        'Main zone',
      );
      const userId = await repo.insertOwner(tx, {
        businessId,
        zoneId,
        name: input.user.name,
        email: locked.email,
        phone: input.user.phone,
        passwordHash: locked.passwordHash,
        emailVerifiedAt: locked.verifiedAt,
      });
      await repo.deletePendingAccounts(
        tx,
        registrations.map((registration) => registration.id),
      );
      ({ token } = await startSession(tx, { userId, businessId, ip: meta.ip, userAgent: meta.userAgent }));
    });
    return { result: undefined, replacedKey: null };
  });

  const session = await resolveSession(db, token);
  if (!session) throw new Error('the new owner has no session');
  return { token, response: { ...toMe(session, meta.shopUrlOf), token } };
}
