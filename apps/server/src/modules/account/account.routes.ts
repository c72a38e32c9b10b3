import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountSchema, accountUpdateSchema } from '@storedesk/shared/account/schemas';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import type { Database } from '../../db/client.ts';
import { authOf } from '../../plugins/access.ts';
import * as account from './account.service.ts';

export const accountRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
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
        summary: "Update the signed-in user's name, email, phone and optionally password",
        body: accountUpdateSchema,
        response: { 200: accountSchema, 400: errorEnvelopeSchema, 409: errorEnvelopeSchema },
      },
    },
    async (request) => account.updateAccount(db, authOf(request), request.body),
  );
};
