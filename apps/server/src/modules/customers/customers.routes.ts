import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerListQuerySchema, customerSchema } from '@storedesk/shared/customers/schemas';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import { listResponseSchema } from '@storedesk/shared/lists';
import type { Database } from '../../db/client.ts';
import { authOf } from '../../plugins/access.ts';
import * as customers from './customers.service.ts';

/** The business's customers, for the owner to limit a coupon to some of them; an admin gets 403. */
export const customersRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/customers',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['customers'],
        summary: 'Customers of the business by name; q finds a name, or a phone by its digits',
        querystring: customerListQuerySchema,
        response: { 200: listResponseSchema(customerSchema), 400: errorEnvelopeSchema },
      },
    },
    async (request) => customers.listCustomers(db, authOf(request), request.query),
  );
};
