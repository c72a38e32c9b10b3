import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listResponseSchema } from '@storedesk/shared/lists';
import { deliveryExecutiveSchema, staffListQuerySchema } from '@storedesk/shared/staff/schemas';
import type { Database } from '../../db/client.ts';
import { scopeOf } from '../../lib/scope.ts';
import { authOf } from '../../plugins/access.ts';
import { findDeliveryExecutives } from './staff.repository.ts';

export const staffRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/delivery-executives',
    {
      schema: {
        tags: ['staff'],
        summary:
          'Delivery executives of the caller’s zone (or the owner’s chosen zone), searchable and paged',
        querystring: staffListQuerySchema,
        response: { 200: listResponseSchema(deliveryExecutiveSchema) },
      },
    },
    async (request) =>
      findDeliveryExecutives(db, scopeOf(authOf(request), request.query.zoneId), request.query),
  );
};
