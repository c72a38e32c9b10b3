import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  customerBlockSchema,
  customerDetailSchema,
  customerListQuerySchema,
  customerOrdersQuerySchema,
  customerRowSchema,
} from '@storedesk/shared/customers/schemas';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import { listResponseSchema } from '@storedesk/shared/lists';
import { orderSummarySchema } from '@storedesk/shared/orders/schemas';
import type { Database } from '#server/db/client.ts';
import { idParam } from '#server/lib/route-schemas.ts';
import { authOf } from '#server/plugins/access.ts';
import * as customers from './customers.service.ts';

const params = z.object({ customerId: idParam });
const figures =
  '`ordersCount` counts all their orders, whatever their status; `totalSpentPaise` sums the bill amounts of ' +
  'their delivered orders only; `lastOrderAt` is when they last placed one (null when never). ';

/**
 * The business's customers (B15), the owner's only: an admin gets 403. The
 * coupon dialog reads the list to limit a coupon to some of them.
 */
export const customersRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/customers',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['customers'],
        summary:
          'Customers of the business, with their orders and what they spent; q finds a name, or a phone by its digits',
        description:
          figures +
          '`blockedAt` is when the owner blocked them (null when not). Sorted by name (default), or `newest` or ' +
          '`oldest` by when they became customers.',
        querystring: customerListQuerySchema,
        response: { 200: listResponseSchema(customerRowSchema), 400: errorEnvelopeSchema },
      },
    },
    async (request) => customers.listCustomers(db, authOf(request), request.query),
  );

  app.get(
    '/customers/:customerId',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['customers'],
        summary: 'One customer with their figures, who blocked them, and their saved addresses',
        description: figures + '404: not a customer of the business.',
        params,
        response: { 200: customerDetailSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => customers.getCustomer(db, authOf(request), request.params.customerId),
  );

  app.get(
    '/customers/:customerId/orders',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['customers'],
        summary: 'A customer’s orders, newest first, as the orders list shows them',
        description: '404: not a customer of the business.',
        params,
        querystring: customerOrdersQuerySchema,
        response: {
          200: listResponseSchema(orderSummarySchema),
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request) =>
      customers.listCustomerOrders(db, authOf(request), request.params.customerId, request.query),
  );

  app.patch(
    '/customers/:customerId',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['customers'],
        summary: 'Block or unblock a customer: a blocked customer’s orders are refused',
        description:
          'Customers carry no version: `{"blocked":true}` blocks (noting who and when, kept if already blocked), ' +
          '`{"blocked":false}` unblocks, and either sent twice is answered the same. While blocked, the customer ' +
          'app’s orders of theirs, signed in or by phone, get 403 with a message that does not say why. ' +
          '404: not a customer of the business.',
        params,
        body: customerBlockSchema,
        response: { 200: customerDetailSchema, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) =>
      customers.setCustomerBlocked(db, authOf(request), request.params.customerId, request.body),
  );
};
