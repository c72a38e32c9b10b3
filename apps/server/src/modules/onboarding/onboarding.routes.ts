import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import {
  ONBOARDING_COOKIE,
  ONBOARDING_TOKEN_HEADER,
  onboardingAccountInputSchema,
  onboardingAccountResponseSchema,
  onboardingLimits,
  onboardingMessages,
  onboardingSubmitResponseSchema,
  onboardingSubmitSchema,
  onboardingVerifyResponseSchema,
} from '@storedesk/shared/onboarding/schemas';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { AppError, invalid } from '#server/lib/errors.ts';
import { perAddressLimit } from '#server/lib/rate-limit.ts';
import type { OriginOf } from '#server/lib/public-origin.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { setSessionCookie } from '#server/plugins/access.ts';
import type { Storage } from '#server/storage/storage.ts';
import * as onboarding from './onboarding.service.ts';

/** Per client address and hour (TRUST_PROXY says which address is the client's). */
export const onboardingRateLimits = {
  accounts: 10,
  verificationEmails: 10,
  finishes: 5,
  windowMs: 60 * 60 * 1000,
  /**
   * Sign-ups of one e-mail from one client address while a link lives (ADR 0057). Not a cap per
   * e-mail over every address: whoever filled that would keep the mailbox's owner from signing up.
   */
  accountsPerEmail: 5,
  perEmailWindowMs: onboardingLimits.verificationHours * 60 * 60 * 1000,
} as const;

const COOKIE_PATH = '/api/onboarding';
const COOKIE_MAX_AGE_S = 7 * 24 * 60 * 60;

function limit(max: number, message: string) {
  return perAddressLimit(max, onboardingRateLimits.windowMs, message);
}

function presentedToken(request: FastifyRequest): string | undefined {
  const header = request.headers[ONBOARDING_TOKEN_HEADER];
  if (typeof header === 'string' && header !== '') return header.trim();
  return request.cookies[ONBOARDING_COOKIE];
}

/** Whether the caller asked for JSON rather than a page (a browser following the mailed link). */
function wantsJson(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes('application/json') && !accept.includes('text/html');
}

const tokenDescription =
  'The pending account is named by the httpOnly cookie `storedesk_onboarding` (set by POST /api/onboarding/account) or the header `X-Onboarding-Token` with the same value.';

/** A new business signs itself up (SPEC §1, §2 Onboarding wizard, D5, D14). */
export const onboardingRoutes: FastifyPluginAsyncZod<{
  db: Database;
  mailer: Mailer;
  config: Config;
  /** Where the logo goes: the app's file storage. */
  storage: Storage;
  /** Where the verification link points. */
  originOf: OriginOf;
}> = async (app, { db, mailer, config, storage, originOf }) => {
  const secure = config.publicUrl?.startsWith('https:') ?? false;

  // Counted after the body is validated, so a refused body does not count against the e-mail.
  const countSignUpOfEmail = app.createRateLimit({
    max: onboardingRateLimits.accountsPerEmail,
    timeWindow: onboardingRateLimits.perEmailWindowMs,
    keyGenerator: (request) =>
      `onboarding-email:${request.ip} ${(request.body as { email: string }).email.toLowerCase()}`,
  });
  const limitSignUpsOfEmail = async (request: FastifyRequest) => {
    const counted = await countSignUpOfEmail(request);
    if (!counted.isAllowed && counted.isExceeded) {
      throw new AppError('rate_limited', onboardingMessages.tooManyForEmail, {
        headers: { 'retry-after': String(Math.max(1, counted.ttlInSeconds)) },
      });
    }
  };

  const setOnboardingCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(ONBOARDING_COOKIE, token, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: COOKIE_MAX_AGE_S,
    });

  app.post(
    '/onboarding/account',
    {
      config: {
        access: 'public',
        rateLimit: limit(onboardingRateLimits.accounts, onboardingMessages.tooManyAccounts),
      },
      preHandler: limitSignUpsOfEmail,
      schema: {
        tags: ['onboarding'],
        summary: 'User details: register the pending owner and mail the verification link',
        description: `Makes a new pending registration of the e-mail and mails it a link of its own, valid 24 hours; registrations of the same e-mail made before stay as they are, and none replaces another. Sets the httpOnly cookie \`storedesk_onboarding\` and returns the same value as onboardingToken (send it as \`X-Onboarding-Token\` when not using the cookie). ${onboardingRateLimits.accounts} an hour per client address, and ${onboardingRateLimits.accountsPerEmail} of one e-mail from one client address in 24 hours (429 with Retry-After).`,
        body: onboardingAccountInputSchema,
        response: {
          201: onboardingAccountResponseSchema,
          400: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const { account, token } = await onboarding.registerAccount(
        db,
        mailer,
        request.body,
        originOf(request),
      );
      setOnboardingCookie(reply, token);
      return reply
        .status(201)
        .send({ email: account.email, verified: account.verifiedAt !== null, onboardingToken: token });
    },
  );

  app.post(
    '/onboarding/verification-email',
    {
      config: {
        access: 'public',
        rateLimit: limit(onboardingRateLimits.verificationEmails, onboardingMessages.tooManyEmails),
      },
      schema: {
        tags: ['onboarding'],
        summary:
          "Resend link: mail this registration a new link (its old one stops working, other registrations' links do not)",
        description: `${tokenDescription} 401 without one, 409 once the e-mail is verified. ${onboardingRateLimits.verificationEmails} an hour per client address.`,
        response: {
          204: z.null(),
          401: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const account = await onboarding.pendingAccountOf(db, presentedToken(request));
      await onboarding.resendVerification(db, mailer, account, originOf(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/onboarding/verify',
    {
      config: { access: 'public' },
      schema: {
        tags: ['onboarding'],
        summary: 'The mailed link: mark the registration it was mailed for verified (single use, 24 hours)',
        description:
          'A browser is redirected (303) to /onboarding?verification=verified, or expired, used or invalid. With Accept: application/json the answer is 200 {email, verified: true} or 400 with fields.token saying why.',
        querystring: z.object({ token: z.string().max(200).optional() }),
        response: {
          200: onboardingVerifyResponseSchema,
          303: z.null(),
          400: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const json = wantsJson(request);
      try {
        const { email } = await onboarding.verifyEmail(db, request.query.token ?? '');
        if (json) return { email, verified: true as const };
        return reply.redirect('/onboarding?verification=verified', 303);
      } catch (error) {
        if (!(error instanceof onboarding.VerificationRefused)) throw error;
        if (json) throw invalid({ token: error.message }, error.message);
        return reply.redirect(`/onboarding?verification=${error.result}`, 303);
      }
    },
  );

  app.post(
    '/onboarding',
    {
      config: {
        access: 'public',
        rateLimit: limit(onboardingRateLimits.finishes, onboardingMessages.tooManyFinishes),
      },
      // Room for the logo's data URL (102,400 bytes in base64) and the rest.
      bodyLimit: 256 * 1024,
      schema: {
        tags: ['onboarding'],
        summary: 'Finish: create the business, its first zone, settings and owner; sign the owner in',
        description: `${tokenDescription} The registration's mailed link must have been followed (403 before). In one transaction: the business (trial of TRIAL_DAYS days, not live), a first zone "Main zone", cash on delivery, no delivery charges, referral off, and the owner with the registered password, and every pending registration of the e-mail removed, so no other finishes later; then the session cookie is set and the answer is what POST /api/auth/sign-in answers. ${onboardingRateLimits.finishes} an hour per client address.`,
        body: onboardingSubmitSchema,
        response: {
          201: onboardingSubmitResponseSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          413: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const account = await onboarding.pendingAccountOf(db, presentedToken(request));
      const { token, response } = await onboarding.finish(db, storage, request.log, account, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        trialDays: config.trialDays,
        shopUrlOf: app.shops.originOf,
      });
      void reply.clearCookie(ONBOARDING_COOKIE, { path: COOKIE_PATH });
      setSessionCookie(reply, token, secure);
      return reply.status(201).send(response);
    },
  );
};
