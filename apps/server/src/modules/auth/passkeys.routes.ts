import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signInResponseSchema } from '@storedesk/shared/auth/schemas';
import {
  passkeySignInSchema,
  twoFactorPasskeyOptionsSchema,
  twoFactorPasskeySignInSchema,
  webauthnOptionsSchema,
} from '@storedesk/shared/auth/passkeys';
import type { FastifyRequest } from 'fastify';
import { messages } from '@storedesk/shared/messages';
import type { Database } from '#server/db/client.ts';
import type { OriginOf } from '#server/lib/public-origin.ts';
import { perAddressLimit } from '#server/lib/rate-limit.ts';
import * as passkeys from './passkeys.service.ts';
import { answerSignedIn, signInMetaOf, signInRefusals } from './sign-in-answer.ts';

/**
 * Challenges handed out per client address in a window: each is a row kept for its 5 minutes, so a
 * client asking for them without end is refused rather than left to fill the table.
 */
export const passkeyOptionsLimit = { perAddress: 100, windowMs: 15 * 60 * 1000 };

/** Signing in to the console with a passkey (B15, ADR 0049): alone, or as the second step after the password. */
export const passkeySignInRoutes: FastifyPluginAsyncZod<{
  db: Database;
  secureCookies: boolean;
  originOf: OriginOf;
}> = async (app, { db, secureCookies, originOf }) => {
  const rpOf = (request: FastifyRequest) => passkeys.relyingPartyOf(originOf(request));

  app.post(
    '/auth/passkey/options',
    {
      config: {
        access: 'public',
        rateLimit: perAddressLimit(
          passkeyOptionsLimit.perAddress,
          passkeyOptionsLimit.windowMs,
          messages.tooManySignInAttempts,
        ),
      },
      schema: {
        tags: ['auth'],
        summary: 'Start signing in with a passkey: the options for the browser’s navigator.credentials.get()',
        description:
          'The browser offers the person’s passkeys for this site. The challenge lasts 5 minutes and works once. ' +
          `429 with Retry-After past ${passkeyOptionsLimit.perAddress} challenges from one address in ` +
          `${passkeyOptionsLimit.windowMs / 60_000} minutes.`,
        body: z.object({}).optional(),
        response: { 200: webauthnOptionsSchema },
      },
    },
    async (request) => passkeys.startSignIn(db, rpOf(request)),
  );

  app.post(
    '/auth/passkey',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a passkey; answers as sign-in does (session cookie and token)',
        description:
          'A passkey verifies its user, so it is both steps at once, also where the business requires two-step ' +
          'sign-in. 401 "That passkey was not accepted…" for an unknown passkey or a signature that does not hold ' +
          '(counted on the address as a wrong password is: 429 after 30 in 15 minutes); 401 when the challenge ' +
          'is unknown, used or expired; 403 when the person may not sign in to the console.',
        body: passkeySignInSchema,
        response: { 200: signInResponseSchema, ...signInRefusals },
      },
    },
    async (request, reply) => {
      const signedIn = await passkeys.signIn(db, request.body, signInMetaOf(request), rpOf(request));
      return answerSignedIn(reply, signedIn, secureCookies);
    },
  );

  app.post(
    '/auth/two-factor/passkey/options',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'After the password: the options to use one of the person’s passkeys as the second step',
        description:
          'With the challenge `POST /auth/sign-in` answered (`passkey: true` says the person has one). 409 when ' +
          'they have none.',
        body: twoFactorPasskeyOptionsSchema,
        response: { 200: webauthnOptionsSchema, ...signInRefusals },
      },
    },
    async (request) => passkeys.startSecondStep(db, request.body.challenge, request.ip, rpOf(request)),
  );

  app.post(
    '/auth/two-factor/passkey',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Complete a sign-in with one of the person’s passkeys; answers as sign-in does',
        description:
          'A refused passkey counts as a wrong code: on the challenge (the fifth ends it with 429) and in the ' +
          'sign-in throttle.',
        body: twoFactorPasskeySignInSchema,
        response: { 200: signInResponseSchema, ...signInRefusals },
      },
    },
    async (request, reply) => {
      const signedIn = await passkeys.signInSecondStep(
        db,
        request.body,
        signInMetaOf(request),
        rpOf(request),
      );
      return answerSignedIn(reply, signedIn, secureCookies);
    },
  );
};
