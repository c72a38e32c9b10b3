import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  chooseBusinessResponseSchema,
  meResponseSchema,
  sessionResponseSchema,
  signInRequestSchema,
  signInResponseSchema,
} from '@storedesk/shared/auth/schemas';
import { twoFactorEnrolmentRequiredSchema, twoFactorRequiredSchema } from '@storedesk/shared/auth/two-factor';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import type { Database } from '#server/db/client.ts';
import { authOf, clearSessionCookie } from '#server/plugins/access.ts';
import type { OriginOf } from '#server/lib/public-origin.ts';
import * as auth from './auth.service.ts';
import { passkeySignInRoutes } from './passkeys.routes.ts';
import { answerSignedIn, signInMetaOf } from './sign-in-answer.ts';
import { twoFactorSignInRoutes } from './two-factor.routes.ts';

export const authRoutes: FastifyPluginAsyncZod<{
  db: Database;
  secureCookies: boolean;
  /** The console's public address: passkeys are made for it (ADR 0049). */
  originOf: OriginOf;
}> = async (app, { db, secureCookies, originOf }) => {
  await app.register(twoFactorSignInRoutes, { db, secureCookies });
  await app.register(passkeySignInRoutes, { db, secureCookies, originOf });

  app.post(
    '/auth/sign-in',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password; sets the session cookie and returns the token',
        description:
          'An e-mail may have an account in several businesses (ADR 0033). When the password opens more than one ' +
          'that may use the console and the request names no `businessId`, the answer is `{chooseBusiness: [{id, name}]}` ' +
          'with no session: sign in again with the chosen `businessId`. A person with two-step sign-in gets ' +
          '`{twoFactorRequired: true, challenge}` and no session: `POST /auth/two-factor` completes it; staff of a ' +
          'business that requires it who have not set it up get `{twoFactorEnrolmentRequired: true, challenge}` (ADR 0044).',
        body: signInRequestSchema,
        response: {
          200: z.union([
            signInResponseSchema,
            chooseBusinessResponseSchema,
            twoFactorRequiredSchema,
            twoFactorEnrolmentRequiredSchema,
          ]),
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const signedIn = await auth.signIn(db, request.body, signInMetaOf(request));
      if (!('token' in signedIn)) return signedIn;
      return answerSignedIn(reply, signedIn, secureCookies);
    },
  );

  app.post(
    '/auth/sign-out',
    {
      config: { allowWhenServiceEnded: true },
      schema: { tags: ['auth'], summary: 'End the current session', response: { 204: z.null() } },
    },
    async (request, reply) => {
      await auth.signOut(db, authOf(request));
      clearSessionCookie(reply);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/auth/me',
    {
      config: { allowWhenServiceEnded: true },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user and their business',
        response: { 200: meResponseSchema },
      },
    },
    async (request) => auth.toMe(authOf(request), request.server.shops.originOf),
  );

  // The console asks this first on every visit: a signed-out visitor is an answer, not an error,
  // so the browser logs no failed request. API clients keep GET /auth/me and its 401.
  app.get(
    '/auth/session',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user and their business, or null when nobody is signed in',
        response: { 200: sessionResponseSchema },
      },
    },
    async (request, reply) => ({ session: await app.presentedSession(request, reply) }),
  );
};
