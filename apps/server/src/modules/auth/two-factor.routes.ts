import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signInResponseSchema } from '@storedesk/shared/auth/schemas';
import {
  enrolledSignInResponseSchema,
  enrolmentConfirmSchema,
  enrolmentStartSchema,
  totpEnrolmentSchema,
  twoFactorSignInSchema,
} from '@storedesk/shared/auth/two-factor';
import type { Database } from '#server/db/client.ts';
import { answerSignedIn, signInMetaOf, signInRefusals } from './sign-in-answer.ts';
import * as twoFactor from './two-factor.service.ts';

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
        response: { 200: signInResponseSchema, ...signInRefusals },
      },
    },
    async (request, reply) => {
      const signedIn = await twoFactor.signInWithCode(db, request.body, signInMetaOf(request));
      return answerSignedIn(reply, signedIn, secureCookies);
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
        response: { 200: totpEnrolmentSchema, ...signInRefusals },
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
        response: { 200: enrolledSignInResponseSchema, ...signInRefusals },
      },
    },
    async (request, reply) => {
      const { recoveryCodes, ...signedIn } = await twoFactor.confirmEnrolment(
        db,
        request.body,
        signInMetaOf(request),
      );
      return { ...answerSignedIn(reply, signedIn, secureCookies), recoveryCodes };
    },
  );
};
