import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  forgotPasswordRequestSchema,
  forgotPasswordResponseSchema,
  passwordResetMessages,
  passwordResetPolicy,
  resetPasswordRequestSchema,
} from '@storedesk/shared/auth/password-reset';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import type { Database } from '#server/db/client.ts';
import { perAddressLimit } from '#server/lib/rate-limit.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import type { OriginOf } from '#server/lib/public-origin.ts';
import { requestPasswordReset, resetAudiences, resetPassword } from './password-reset.service.ts';

/** Reset-password attempts per client address per window. */
const RESETS_PER_ADDRESS = 10;

const limitedTo = (max: number, windowMs: number) =>
  perAddressLimit(max, windowMs, passwordResetMessages.tooMany);

/**
 * Forgot password and reset password by e-mail (B8). Both are public and,
 * like sign-in, same-origin only (the access plugin refuses a cross-site write).
 */
export const passwordResetRoutes: FastifyPluginAsyncZod<{
  db: Database;
  mailer: Mailer;
  /** Where the mailed link points. */
  originOf: OriginOf;
  /** Whose passwords: the console's staff (`/auth/…`, the default) or the delivery app's executives (`/delivery/…`). */
  audience?: keyof typeof resetAudiences;
}> = async (app, { db, mailer, originOf, audience: who = 'staff' }) => {
  const audience = resetAudiences[who];
  const prefix = who === 'staff' ? '/auth' : '/delivery';
  const tag = who === 'staff' ? 'auth' : 'delivery';
  const page = who === 'staff' ? '<console>/reset-password' : '<server>/deliver/reset-password';
  const owners = who === 'staff' ? 'owner or admin' : 'delivery executive';
  // The mail goes out after the answer; closing the app waits for what is still on its way.
  const pending = new Set<Promise<unknown>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });

  app.post(
    `${prefix}/forgot-password`,
    {
      config: {
        access: 'public',
        rateLimit: limitedTo(passwordResetPolicy.perAddress, passwordResetPolicy.addressWindowMs),
      },
      schema: {
        tags: [tag],
        summary: 'Ask for a password reset link by e-mail',
        description: [
          'Always answers 202 with the same message, whether or not an account uses the e-mail,',
          'and answers before any lookup, so its timing tells nothing either.',
          `Each live ${owners} account using the e-mail (one per business that uses it, at most five) is then mailed a single-use link of its own,`,
          `\`${page}?token=…\`, valid ${passwordResetPolicy.linkValidMs / 60_000} minutes;`,
          'a new link ends the unused ones before it.',
          `At most ${passwordResetPolicy.mailsPerAccountPerHour} links are mailed to one account an hour (beyond that, nothing is sent, the answer is the same);`,
          `at most ${passwordResetPolicy.perAddress} requests per client address per ${passwordResetPolicy.addressWindowMs / 60_000} minutes, then 429 with Retry-After.`,
        ].join(' '),
        body: forgotPasswordRequestSchema,
        response: {
          202: forgotPasswordResponseSchema,
          400: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const origin = originOf(request);
      const work = requestPasswordReset(db, mailer, { email: request.body.email, origin }, audience)
        .catch((error: unknown) => {
          request.log.error({ err: error }, 'password reset request failed');
        })
        .finally(() => pending.delete(work));
      pending.add(work);
      return reply.status(202).send({ message: passwordResetMessages.sent });
    },
  );

  app.post(
    `${prefix}/reset-password`,
    {
      config: {
        access: 'public',
        rateLimit: limitedTo(RESETS_PER_ADDRESS, passwordResetPolicy.addressWindowMs),
      },
      schema: {
        tags: [tag],
        summary: 'Set a new password with a reset link',
        description: [
          'Sets the password (8 to 128 characters), spends the link and ends every session of the account, in one transaction.',
          `A link that is not valid answers 400 "${passwordResetMessages.invalid}";`,
          `one already used answers 409 "${passwordResetMessages.used}";`,
          `an expired one (or one replaced by a newer link) answers 400 "${passwordResetMessages.expired}".`,
          `At most ${RESETS_PER_ADDRESS} attempts per client address per ${passwordResetPolicy.addressWindowMs / 60_000} minutes, then 429 with Retry-After.`,
        ].join(' '),
        body: resetPasswordRequestSchema,
        response: {
          204: z.null(),
          400: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      await resetPassword(db, request.body, audience);
      return reply.status(204).send(null);
    },
  );
};
