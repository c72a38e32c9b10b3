import { randomBytes } from 'node:crypto';
import { accountMessages, type Account, type AccountUpdate } from '@storedesk/shared/account/schemas';
import { messages } from '@storedesk/shared/messages';
import type { AuthContext } from '#server/lib/callers.ts';
import type { Database, Executor } from '#server/db/client.ts';
import { AppError, invalid, notFound } from '#server/lib/errors.ts';
import { isUniqueViolation } from '#server/lib/pg-errors.ts';
import { writeVersioned } from '#server/lib/versioned.ts';
import { composeMail, type Mailer } from '#server/mail/mailer.ts';
import { publishEvent } from '#server/realtime/events.repository.ts';
import { checkCurrentPassword, endSessionsOf, hashToken } from '#server/modules/auth/auth.service.ts';
import { hashPassword } from '#server/lib/passwords.ts';
import * as repo from './account.repository.ts';

export const emailLinkPolicy = {
  /** A verification link works this long, once. */
  validMs: 24 * 60 * 60 * 1000,
  /** Resending waits this long after the last link … */
  resendGapMs: 60 * 1000,
  /** … and sends at most this many links an hour. */
  perHour: 5,
};

/** Where the links point: the server's public origin (the console is served from it). */
export type LinkContext = { mailer: Mailer; origin: string };

export async function getAccount(db: Executor, auth: AuthContext): Promise<Account> {
  const account = await repo.findAccount(db, auth.business.id, auth.user.id);
  if (!account) throw notFound();
  return account;
}

const emailTakenError = () =>
  new AppError('conflict', messages.emailTaken, { fields: { email: messages.emailTaken } });

/** Creates a single-use link proving `email` for the user and mails it there (inside the caller's transaction). */
async function sendEmailLink(
  tx: Executor,
  links: LinkContext,
  input: { userId: string; email: string; businessName: string; name: string; change: boolean },
) {
  const token = randomBytes(32).toString('base64url');
  await repo.insertEmailToken(tx, {
    userId: input.userId,
    email: input.email,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + emailLinkPolicy.validMs),
  });
  const url = `${links.origin}/api/account/verify-email?token=${encodeURIComponent(token)}`;
  await links.mailer.send(
    composeMail({
      to: input.email,
      subject: input.change ? 'Confirm your new email' : 'Verify your email',
      from: input.businessName,
      greeting: `Hello ${input.name},`,
      lines: input.change
        ? [
            `You asked to sign in to ${input.businessName} with this email.`,
            'Your sign-in email changes when you follow the link below. It works once, within 24 hours.',
          ]
        : ['Please confirm this is your email. The link below works once, within 24 hours.'],
      link: { label: input.change ? 'Confirm new email' : 'Verify email', url },
    }),
  );
}

async function announceAccount(
  tx: Executor,
  user: { businessId: string; zoneId: string | null; id: string },
) {
  for (const topic of ['account', 'staff']) {
    await publishEvent(tx, {
      businessId: user.businessId,
      zoneId: user.zoneId,
      topic,
      action: 'updated',
      recordId: user.id,
    });
  }
}

/**
 * Saves the signed-in user's details (D18). A new password or e-mail needs the
 * current password; a new password ends the user's other sessions; a new
 * e-mail is only mailed a link, and becomes the sign-in e-mail when it is followed.
 */
export async function updateAccount(
  db: Database,
  auth: AuthContext,
  input: AccountUpdate,
  links: LinkContext,
): Promise<Account> {
  const { business, user, sessionId } = auth;
  const current = await getAccount(db, auth);
  const emailChanged = input.email.toLowerCase() !== current.email.toLowerCase();
  if (input.password !== undefined || emailChanged) {
    if (input.currentPassword === undefined)
      throw invalid({ currentPassword: accountMessages.currentPasswordRequired });
    await checkCurrentPassword(db, user.id, input.currentPassword);
  }
  if (emailChanged && (await repo.emailTaken(db, business.id, input.email, user.id))) throw emailTakenError();
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      await writeVersioned(
        () =>
          repo.updateAccount(tx, business.id, user.id, input.version, {
            name: input.name,
            phone: input.phone,
            // Only a change of case applies at once; another address waits for its link.
            ...(emailChanged ? {} : { email: input.email }),
            ...(passwordHash ? { passwordHash } : {}),
          }),
        () => repo.findAccount(tx, business.id, user.id),
      );
      if (passwordHash) {
        await endSessionsOf(tx, { id: user.id, businessId: business.id }, sessionId);
      }
      await announceAccount(tx, user);
      if (emailChanged) {
        await repo.supersedeEmailTokens(tx, user.id);
        await sendEmailLink(tx, links, {
          userId: user.id,
          email: input.email,
          businessName: business.name,
          name: input.name,
          change: true,
        });
      }
      return (await repo.findAccount(tx, business.id, user.id))!;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_idx')) throw emailTakenError();
    throw error;
  }
}

/** Mails a new link for the current e-mail while it is unverified, at most once a minute and 5 times an hour. */
export async function resendVerification(db: Database, auth: AuthContext, links: LinkContext) {
  const account = await getAccount(db, auth);
  if (account.emailVerified) throw new AppError('conflict', accountMessages.alreadyVerified);
  const sent = await repo.emailTokensSince(db, auth.user.id, new Date(Date.now() - 60 * 60 * 1000));
  const last = sent[0]?.createdAt.getTime();
  const waitMs =
    last !== undefined && Date.now() - last < emailLinkPolicy.resendGapMs
      ? last + emailLinkPolicy.resendGapMs - Date.now()
      : sent.length >= emailLinkPolicy.perHour
        ? sent[emailLinkPolicy.perHour - 1]!.createdAt.getTime() + 60 * 60 * 1000 - Date.now()
        : 0;
  if (waitMs > 0)
    throw new AppError('rate_limited', accountMessages.tooManyVerificationEmails, {
      headers: { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) },
    });
  await db.transaction(async (tx) => {
    await repo.supersedeEmailTokens(tx, auth.user.id, account.email);
    await sendEmailLink(tx, links, {
      userId: auth.user.id,
      email: account.email,
      businessName: auth.business.name,
      name: account.name,
      change: false,
    });
  });
}

const linkRefused = (message: string) => invalid({ token: message }, message);

/**
 * Follows a verification link: its address becomes the user's verified
 * sign-in e-mail, and the link is used up in the same transaction.
 */
export async function verifyEmail(db: Database, token: string): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const link = await repo.findEmailTokenForUpdate(tx, hashToken(token));
      if (!link || link.deletedAt !== null) throw linkRefused(accountMessages.verificationLinkInvalid);
      if (link.usedAt !== null) throw linkRefused(accountMessages.verificationLinkUsed);
      if (link.expiresAt.getTime() <= Date.now()) throw linkRefused(accountMessages.verificationLinkExpired);
      const changed = link.email.toLowerCase() !== link.userEmail.toLowerCase();
      if (changed && (await repo.emailTaken(tx, link.businessId, link.email, link.userId)))
        throw emailTakenError();
      await repo.setVerifiedEmail(tx, { businessId: link.businessId }, link.userId, link.email, changed);
      await repo.markTokenUsed(tx, link.id);
      await announceAccount(tx, { businessId: link.businessId, zoneId: link.zoneId, id: link.userId });
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_idx')) throw emailTakenError();
    throw error;
  }
}
