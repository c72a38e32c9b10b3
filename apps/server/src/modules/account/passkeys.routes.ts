import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addPasskeySchema,
  passkeyListSchema,
  passkeySchema,
  webauthnOptionsSchema,
} from '@storedesk/shared/auth/passkeys';
import { currentPasswordSchema } from '@storedesk/shared/auth/two-factor';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import type { Database } from '#server/db/client.ts';
import type { OriginOf } from '#server/lib/public-origin.ts';
import { idParam } from '#server/lib/route-schemas.ts';
import { authOf } from '#server/plugins/access.ts';
import * as passkeys from '#server/modules/auth/passkeys.service.ts';

const refusals = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 409: errorEnvelopeSchema };
/** What a change that needs the current password may answer: 429 past its tries (ADR 0054). */
const passwordRefusals = { ...refusals, 429: errorEnvelopeSchema };

/** The signed-in person's passkeys (B15, ADR 0049): listed, added and removed on the Account page. */
export const passkeyAccountRoutes: FastifyPluginAsyncZod<{ db: Database; originOf: OriginOf }> = async (
  app,
  { db, originOf },
) => {
  app.get(
    '/account/passkeys',
    {
      schema: {
        tags: ['account'],
        summary: 'The passkeys of the signed-in person, oldest first',
        response: { 200: passkeyListSchema },
      },
    },
    async (request) => passkeys.listPasskeys(db, authOf(request)),
  );

  app.post(
    '/account/passkeys/options',
    {
      schema: {
        tags: ['account'],
        summary: 'Start adding a passkey: the options for the browser’s navigator.credentials.create()',
        description:
          'Needs the current password (403 on the field when wrong, 429 after too many tries). The relying ' +
          'party is the console’s public address (its host is the RP ID); the passkey must be discoverable and ' +
          'verify its user. The challenge lasts 5 minutes and works once. 409 when the person has 10 passkeys.',
        body: currentPasswordSchema,
        response: { 200: webauthnOptionsSchema, ...passwordRefusals },
      },
    },
    async (request) =>
      passkeys.startRegistration(
        db,
        authOf(request),
        request.body,
        passkeys.relyingPartyOf(originOf(request)),
      ),
  );

  app.post(
    '/account/passkeys',
    {
      schema: {
        tags: ['account'],
        summary: 'Add the passkey the browser made, under a name the person gives it',
        description:
          '`credential` is the browser’s `PublicKeyCredential` as JSON (binary fields base64url). 400 when it was ' +
          'not made for the challenge offered to this person, or does not verify; 409 when it is added already.',
        body: addPasskeySchema,
        response: { 201: passkeySchema, ...refusals },
      },
    },
    async (request, reply) => {
      const added = await passkeys.finishRegistration(
        db,
        authOf(request),
        request.body,
        passkeys.relyingPartyOf(originOf(request)),
      );
      return reply.status(201).send(added);
    },
  );

  app.delete(
    '/account/passkeys/:passkeyId',
    {
      schema: {
        tags: ['account'],
        summary: 'Remove one of the signed-in person’s passkeys',
        description:
          'Needs the current password (429 after too many tries). 404: not a passkey of the signed-in person.',
        params: z.object({ passkeyId: idParam }),
        body: currentPasswordSchema,
        response: { 204: z.null(), ...passwordRefusals, 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      await passkeys.removePasskey(db, authOf(request), request.params.passkeyId, request.body);
      return reply.status(204).send(null);
    },
  );
};
