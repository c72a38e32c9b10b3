import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { meResponseSchema, signInRequestSchema, signInResponseSchema } from '@storedesk/shared/auth/schemas';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import type { Database } from '../../db/client.ts';
import { authOf, SESSION_COOKIE, sessionToken } from '../../plugins/access.ts';
import * as auth from './auth.service.ts';

export const authRoutes: FastifyPluginAsyncZod<{ db: Database; secureCookies: boolean }> = async (
  app,
  { db, secureCookies },
) => {
  app.post(
    '/auth/sign-in',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password; sets the session cookie and returns the token',
        body: signInRequestSchema,
        response: {
          200: signInResponseSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const { token, auth: session } = await auth.signIn(db, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        previousToken: sessionToken(request)?.token ?? null,
      });
      void reply.setCookie(SESSION_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookies,
        maxAge: Math.floor(auth.sessionPolicy.absoluteMs / 1000),
      });
      return { ...auth.toMe(session), token };
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
      void reply.clearCookie(SESSION_COOKIE, { path: '/' });
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
    async (request) => auth.toMe(authOf(request)),
  );
};
