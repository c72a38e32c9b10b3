import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import {
  apiKeyCreateSchema,
  apiKeyCreatedSchema,
  apiKeyLimits,
  apiKeyListSchema,
  apiKeySchema,
} from '@storedesk/shared/settings/api-keys';
import type { Database } from '#server/db/client.ts';
import { idParam } from '#server/lib/route-schemas.ts';
import { authOf } from '#server/plugins/access.ts';
import * as keys from './api-keys.service.ts';

/** Settings › Others: the business's secret API keys, which its own systems place orders with (ADR 0056). */
export const apiKeysRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/settings/api-keys',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['settings'],
        summary:
          'The business’s secret API keys, newest first: names and last four characters, never the keys',
        response: { 200: apiKeyListSchema },
      },
    },
    async (request) => keys.listKeys(db, authOf(request)),
  );

  app.post(
    '/settings/api-keys',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['settings'],
        summary: 'Make a secret API key; the answer holds the key itself (`secret`), this once',
        description:
          'The key (`sk_live_…`) places orders as `Authorization: Bearer` beside the storefront key: such an ' +
          'order never joins a customer’s account, and no coupon for named customers or first orders applies. ' +
          `400: a name missing or over ${apiKeyLimits.nameMax} characters. 409: the business holds ` +
          `${apiKeyLimits.liveMax} keys not revoked.`,
        body: apiKeyCreateSchema,
        response: { 201: apiKeyCreatedSchema, 400: errorEnvelopeSchema, 409: errorEnvelopeSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await keys.createKey(db, authOf(request), request.body)),
  );

  app.delete(
    '/settings/api-keys/:keyId',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['settings'],
        summary: 'Revoke a secret API key: orders that carry it are refused (401) from then on',
        description:
          'Revoking is final and changes nothing else, so it needs no version. 404: no such key of the ' +
          'business. 409: it was revoked already.',
        params: z.object({ keyId: idParam }),
        response: { 200: apiKeySchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema },
      },
    },
    async (request) => keys.revokeKey(db, authOf(request), request.params.keyId),
  );
};
