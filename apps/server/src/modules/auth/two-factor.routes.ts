import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signInResponseSchema } from '@storedesk/shared/auth/schemas';
import {
  enrolledSignInResponseSchema,
  enrolmentConfirmSchema,
  enrolmentStartSchema,
  totpEnrolmentSchema,
  twoFactorSignInSchema,
} from '@storedesk/shared/auth/two-factor';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { sessionToken, setSessionCookie } from '../../plugins/access.ts';
import * as auth from './auth.service.ts';
import * as twoFactor from './two-factor.service.ts';

const refusals = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};

const metaOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
  previousToken: sessionToken(request)?.token ?? null,
});

/** The second step of signing in to the console (B15, ADR 0044), after `POST /auth/sign-in` answered a challenge. */
export const twoFactorSignInRoutes: FastifyPluginAsyncZod<{ db: Database; secureCookies: boolean }> = async (
  app,
  { db, secureCookies },
) => {
  app.post(
    '/auth/two-factor',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Complete a sign-in with a code of the authenticator app or a recovery code',
        description:
          'Answers as sign-in does (session cookie and `token`). A code works once; a wrong one is 401 and counts ' +
          'on the challenge and in the sign-in throttle: the fifth ends the challenge with 429 and Retry-After. ' +
          'A challenge lasts 5 minutes.',
        body: twoFactorSignInSchema,
        response: { 200: signInResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { token, auth: session } = await twoFactor.signInWithCode(db, request.body, metaOf(request));
      setSessionCookie(reply, token, secureCookies);
      return { ...auth.toMe(session), token };
    },
  );

  app.post(
    '/auth/two-factor/enrolment',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          'The authenticator secret for staff whose business requires two-step sign-in and who have not set it up',
        description: 'After `POST /auth/sign-in` answered `{twoFactorEnrolmentRequired: true, challenge}`.',
        body: enrolmentStartSchema,
        response: { 200: totpEnrolmentSchema, ...refusals },
      },
    },
    async (request) => twoFactor.startEnrolment(db, request.body.challenge, request.ip),
  );

  app.post(
    '/auth/two-factor/enrolment/confirm',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: "Confirm the authenticator app's code: two-step sign-in is on and the sign-in completes",
        description: 'Answers as sign-in does, with the ten recovery codes, shown this once.',
        body: enrolmentConfirmSchema,
        response: { 200: enrolledSignInResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const {
        token,
        auth: session,
        recoveryCodes,
      } = await twoFactor.confirmEnrolment(db, request.body, metaOf(request));
      setSessionCookie(reply, token, secureCookies);
      return { ...auth.toMe(session), token, recoveryCodes };
    },
  );
};
