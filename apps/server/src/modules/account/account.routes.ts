import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountSchema,
  accountUpdateSchema,
  verifyEmailQuerySchema,
} from '@storedesk/shared/account/schemas';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import type { Database } from '#server/db/client.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { authOf } from '#server/plugins/access.ts';
import type { OriginOf } from '#server/lib/public-origin.ts';
import * as account from './account.service.ts';
import { passkeyAccountRoutes } from './passkeys.routes.ts';
import { twoFactorAccountRoutes } from './two-factor.routes.ts';

export const accountRoutes: FastifyPluginAsyncZod<{
  db: Database;
  mailer: Mailer;
  /** Where the links in e-mails point. */
  originOf: OriginOf;
}> = async (app, { db, mailer, originOf }) => {
  await app.register(twoFactorAccountRoutes, { db });
  await app.register(passkeyAccountRoutes, { db, originOf });

  app.get(
    '/account',
    {
      schema: {
        tags: ['account'],
        summary: "The signed-in user's details",
        response: { 200: accountSchema },
      },
    },
    async (request) => account.getAccount(db, authOf(request)),
  );

  app.patch(
    '/account',
    {
      schema: {
        tags: ['account'],
        summary:
          "Update the signed-in user's name and phone; a new password or email needs currentPassword, and a new email is mailed a link that applies it",
        body: accountUpdateSchema,
        response: {
          200: accountSchema,
          400: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          // The current password's tries (ADR 0054).
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request) =>
      account.updateAccount(db, authOf(request), request.body, {
        mailer,
        origin: originOf(request),
      }),
  );

  app.post(
    '/account/verification-email',
    {
      schema: {
        tags: ['account'],
        summary: 'Mail a new verification link for the current email while it is unverified',
        response: { 204: z.null(), 409: errorEnvelopeSchema, 429: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      await account.resendVerification(db, authOf(request), {
        mailer,
        origin: originOf(request),
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/account/verify-email',
    {
      config: { access: 'public', allowWhenServiceEnded: true },
      schema: {
        tags: ['account'],
        summary:
          'The link mailed to an address: makes it the verified sign-in email, then redirects to the console',
        querystring: verifyEmailQuerySchema,
        response: { 303: z.null(), 400: errorEnvelopeSchema, 409: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      await account.verifyEmail(db, request.query.token);
      return reply.redirect('/account?email-verified=1', 303);
    },
  );
};
