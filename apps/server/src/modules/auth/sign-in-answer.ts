import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import type { AuthContext } from '#server/lib/callers.ts';
import { sessionToken, setSessionCookie } from '#server/plugins/access.ts';
import { toMe } from './auth.service.ts';

/** What every way of signing in to the console may refuse with. */
export const signInRefusals = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};

/** Who is signing in, as the session records it; the session the browser came with is replaced. */
export const signInMetaOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
  previousToken: sessionToken(request)?.token ?? null,
});

/** A completed sign-in's answer, however it was made: the session cookie, and the person with the token. */
export function answerSignedIn(
  reply: FastifyReply,
  signedIn: { token: string; auth: AuthContext },
  secureCookies: boolean,
) {
  setSessionCookie(reply, signedIn.token, secureCookies);
  return { ...toMe(signedIn.auth, reply.server.shops.originOf), token: signedIn.token };
}
