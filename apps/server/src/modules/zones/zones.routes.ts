import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listQuerySchema, listResponseSchema } from '@storedesk/shared/lists';
import { zoneSchema } from '@storedesk/shared/zones/schemas';
import type { Database } from '../../db/client.ts';
import { authOf } from '../../plugins/access.ts';
import { scopeOf } from '../../lib/scope.ts';
import { findZones } from './zones.repository.ts';

export const zonesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/zones',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['zones'],
        summary: 'Zones of the business, searchable and paged',
        querystring: listQuerySchema,
        response: { 200: listResponseSchema(zoneSchema) },
      },
    },
    async (request) => findZones(db, scopeOf(authOf(request)), request.query),
  );
};
