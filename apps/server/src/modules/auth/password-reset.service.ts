import { randomBytes } from 'node:crypto';
import {
  passwordResetMessages,
  passwordResetPolicy,
  type ResetPasswordRequest,
} from '@storedesk/shared/auth/password-reset';
import { canSignIn, canUseDeliveryApp, type SessionGate } from '@storedesk/shared/levels';
import { deliverPath } from '@storedesk/shared/delivery/rules';
import type { Database } from '#server/db/client.ts';
import { AppError } from '#server/lib/errors.ts';
import { composeMail, type Mailer } from '#server/mail/mailer.ts';
import { publishEvent } from '#server/realtime/events.repository.ts';
import { endSessionsOf, hashToken } from './auth.service.ts';
import { hashPassword } from '#server/lib/passwords.ts';
import * as repo from './password-reset.repository.ts';

const HOUR_MS = 60 * 60 * 1000;

/** Whose passwords a reset serves, and where its link opens: the console's staff, or the delivery app's executives. */
export type ResetAudience = { gate: SessionGate; linkPath: string };
export const resetAudiences = {
  staff: { gate: canSignIn, linkPath: '/reset-password' },
  executives: { gate: canUseDeliveryApp, linkPath: `${deliverPath}/reset-password` },
} satisfies Record<string, ResetAudience>;

/** What became of a forgot-password request for one account; the caller never tells the client. */
export type ResetRequestOutcome = 'sent' | 'capped';

/**
 * Mails a reset link to each live owner or admin account using `email` (one
 * per business that uses the address, ADR 0033), unless the account had its
 * hourly share of links already. A new link ends the unused ones before it,
 * so only the newest one works.
 */
export async function requestPasswordReset(
  db: Database,
  mailer: Mailer,
  input: { email: string; origin: string },
  audience: ResetAudience = resetAudiences.staff,
): Promise<ResetRequestOutcome[]> {
  const accounts = (await repo.findAccountsByEmail(db, input.email)).filter((account) =>
    audience.gate(account),
  );
  const outcomes: ResetRequestOutcome[] = [];
  for (const account of accounts)
    outcomes.push(await mailResetLink(db, mailer, account, `${input.origin}${audience.linkPath}`));
  return outcomes;
}

async function mailResetLink(
  db: Database,
  mailer: Mailer,
  account: Awaited<ReturnType<typeof repo.findAccountsByEmail>>[number],
  /** The reset page's address, without the token. */
  page: string,
): Promise<ResetRequestOutcome> {
  const token = randomBytes(32).toString('base64url');
  const made = await db.transaction(async (tx) => {
    // One request of an account at a time, so the hourly cap holds under concurrent requests.
    await repo.lockAccount(tx, account.id);
    const recent = await repo.countResetTokensSince(tx, account.id, new Date(Date.now() - HOUR_MS));
    if (recent >= passwordResetPolicy.mailsPerAccountPerHour) return false;
    await repo.expireUnusedResetTokens(tx, account.id);
    await repo.insertResetToken(tx, {
      userId: account.id,
      email: account.email,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + passwordResetPolicy.linkValidMs),
    });
    return true;
  });
  if (!made) return 'capped';
  const minutes = passwordResetPolicy.linkValidMs / 60_000;
  await mailer.send(
    composeMail({
      to: account.email,
      subject: `Reset your ${account.businessName} password`,
      from: account.businessName,
      greeting: `Hello ${account.name},`,
      lines: [
        `Someone asked to reset the password of your ${account.businessName} account (${account.email}).`,
        `The link below sets a new password. It works once, for ${minutes} minutes.`,
      ],
      link: { label: 'Reset password', url: `${page}?token=${token}` },
      footer: "If you didn't ask for this, you can ignore this e-mail: your password stays as it is.",
    }),
  );
  return 'sent';
}

const invalidLink = () =>
  new AppError('invalid_input', passwordResetMessages.invalid, {
    fields: { token: passwordResetMessages.invalid },
  });

/** Refuses a link that is unknown (400), used (409) or expired (400), in that order of telling. */
function assertUsable(
  token: Awaited<ReturnType<typeof repo.findResetToken>>,
): asserts token is NonNullable<typeof token> {
  if (!token) throw invalidLink();
  if (token.usedAt) throw new AppError('conflict', passwordResetMessages.used);
  if (token.expired)
    throw new AppError('invalid_input', passwordResetMessages.expired, {
      fields: { token: passwordResetMessages.expired },
    });
}

/**
 * Sets a new password through a reset link: in one transaction the password
 * changes, the link is spent (and every other unused one of the account ends),
 * and every session of the account ends.
 */
export async function resetPassword(
  db: Database,
  input: ResetPasswordRequest,
  audience: ResetAudience = resetAudiences.staff,
): Promise<void> {
  const tokenHash = hashToken(input.token);
  // Checked before hashing, so a forged link costs no password hashing.
  assertUsable(await repo.findResetToken(db, tokenHash));
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const token = await repo.findResetToken(tx, tokenHash, true);
    assertUsable(token);
    const user = await repo.findAccountForReset(tx, token.userId, token.email);
    if (!user || !audience.gate(user)) throw invalidLink();
    await repo.setPassword(tx, user, user.id, passwordHash);
    await repo.markTokenUsed(tx, token.id);
    await repo.expireUnusedResetTokens(tx, user.id, token.id);
    await endSessionsOf(tx, user);
    for (const topic of ['account', 'staff']) {
      await publishEvent(tx, {
        businessId: user.businessId,
        zoneId: user.zoneId,
        topic,
        action: 'updated',
        recordId: user.id,
      });
    }
  });
}
