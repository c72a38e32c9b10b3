import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import { listResponseSchema } from '@storedesk/shared/lists';
import {
  zoneInputSchema,
  zoneListQuerySchema,
  zoneSchema,
  zoneUpdateSchema,
} from '@storedesk/shared/zones/schemas';
import type { Database } from '#server/db/client.ts';
import { deleteQuerySchema, idParam } from '#server/lib/route-schemas.ts';
import { authOf } from '#server/plugins/access.ts';
import * as zones from './zones.service.ts';

const params = z.object({ zoneId: idParam });
const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/** Zones are the owner's to manage (SPEC §6); an admin gets 403 from every one of these. */
export const zonesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/zones',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['zones'],
        summary: 'Zones of the business, searchable and paged',
        querystring: zoneListQuerySchema,
        response: { 200: listResponseSchema(zoneSchema), 400: errorEnvelopeSchema },
      },
    },
    async (request) => zones.listZones(db, authOf(request), request.query),
  );

  app.post(
    '/zones',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['zones'],
        summary: 'Add a zone; its name is unique in the business, whatever its case (409 otherwise)',
        body: zoneInputSchema,
        response: { 201: zoneSchema, 400: errorEnvelopeSchema, 409: errorEnvelopeSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await zones.createZone(db, authOf(request), request.body)),
  );

  app.get(
    '/zones/:zoneId',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['zones'],
        summary: 'One zone',
        params,
        response: { 200: zoneSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => zones.getZone(db, authOf(request), request.params.zoneId),
  );

  app.patch(
    '/zones/:zoneId',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['zones'],
        summary: 'Rename a zone, based on the version read',
        params,
        body: zoneUpdateSchema,
        response: { 200: zoneSchema, ...errors },
      },
    },
    async (request) => zones.updateZone(db, authOf(request), request.params.zoneId, request.body),
  );

  app.delete(
    '/zones/:zoneId',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['zones'],
        summary: 'Move a zone to the trash (restorable for 30 days)',
        description:
          '409 with the zone as `current` when the version is stale, or when live stores, live staff or open ' +
          'orders still use the zone (the message says how many of each).',
        params,
        querystring: deleteQuerySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await zones.deleteZone(db, authOf(request), request.params.zoneId, request.query.version);
      return reply.status(204).send(null);
    },
  );
};
