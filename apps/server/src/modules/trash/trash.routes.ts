import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import { listResponseSchema } from '@storedesk/shared/lists';
import { trashEntrySchema, trashKinds, trashListQuerySchema } from '@storedesk/shared/trash/schemas';
import type { Database } from '#server/db/client.ts';
import { idParam } from '#server/lib/route-schemas.ts';
import { authOf } from '#server/plugins/access.ts';
import * as trash from './trash.service.ts';

export const trashRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/trash',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['trash'],
        summary: 'What was deleted in the last 30 days, newest first; q searches names, kind keeps one kind',
        querystring: trashListQuerySchema,
        response: {
          200: listResponseSchema(trashEntrySchema),
          400: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
        },
      },
    },
    async (request) => trash.listTrash(db, authOf(request), request.query),
  );

  app.post(
    '/trash/:kind/:id/restore',
    {
      schema: {
        tags: ['trash'],
        summary: 'Bring a deleted record back (the Undo of a delete)',
        params: z.object({ kind: z.enum(trashKinds), id: idParam }),
        response: {
          200: z.object({ kind: z.enum(trashKinds), id: z.string() }),
          403: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
        },
      },
    },
    async (request) => trash.restoreFromTrash(db, authOf(request), request.params.kind, request.params.id),
  );
};
