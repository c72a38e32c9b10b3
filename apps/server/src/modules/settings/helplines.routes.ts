import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import {
  helplineInputSchema,
  helplineLimits,
  helplineListSchema,
  helplineSchema,
  helplineUpdateSchema,
} from '@storedesk/shared/settings/helplines';
import type { Database } from '#server/db/client.ts';
import { deleteQuerySchema, idParam } from '#server/lib/route-schemas.ts';
import { authOf } from '#server/plugins/access.ts';
import * as helplines from './helplines.service.ts';

const params = z.object({ id: idParam });
const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/** Settings > Helplines (SPEC §5), the owner's only; an admin gets 403 from each. */
export const helplinesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/settings/helplines',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['settings'],
        summary: `The helplines of the business (at most ${helplineLimits.perBusiness}), oldest first`,
        response: { 200: helplineListSchema },
      },
    },
    async (request) => helplines.listHelplines(db, authOf(request)),
  );

  app.post(
    '/settings/helplines',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['settings'],
        summary: 'Add a helpline: a title and a phone number of 3 to 15 digits',
        description: `409 when the business has ${helplineLimits.perBusiness} helplines already.`,
        body: helplineInputSchema,
        response: { 201: helplineSchema, 400: errorEnvelopeSchema, 409: errorEnvelopeSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await helplines.createHelpline(db, authOf(request), request.body)),
  );

  app.patch(
    '/settings/helplines/:id',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['settings'],
        summary: 'Change a helpline, based on the version read',
        params,
        body: helplineUpdateSchema,
        response: { 200: helplineSchema, ...errors },
      },
    },
    async (request) => helplines.updateHelpline(db, authOf(request), request.params.id, request.body),
  );

  app.delete(
    '/settings/helplines/:id',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['settings'],
        summary: 'Remove a helpline, based on the version read',
        params,
        querystring: deleteQuerySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await helplines.deleteHelpline(db, authOf(request), request.params.id, request.query.version);
      return reply.status(204).send(null);
    },
  );
};
