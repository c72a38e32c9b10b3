import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import { listResponseSchema } from '@storedesk/shared/lists';
import {
  storeInputSchema,
  storeListQuerySchema,
  storeSchema,
  storeStatusChangeSchema,
  storeUpdateSchema,
} from '@storedesk/shared/stores/schemas';
import { limits } from '@storedesk/shared/limits';
import type { Database } from '#server/db/client.ts';
import { readImageUpload } from '#server/storage/images.ts';
import type { Storage } from '#server/storage/storage.ts';
import { deleteQuerySchema, idParam, imageErrors } from '#server/lib/route-schemas.ts';
import { authOf } from '#server/plugins/access.ts';
import * as stores from './stores.service.ts';

const params = z.object({ storeId: idParam });
const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

export const storesRoutes: FastifyPluginAsyncZod<{ db: Database; storage: Storage }> = async (
  app,
  { db, storage },
) => {
  app.get(
    '/stores',
    {
      schema: {
        tags: ['stores'],
        summary: 'Stores in the caller’s zone (or the owner’s chosen zone), searchable and paged',
        querystring: storeListQuerySchema,
        response: { 200: listResponseSchema(storeSchema) },
      },
    },
    async (request) => stores.listStores(db, authOf(request), request.query),
  );

  app.post(
    '/stores',
    {
      schema: {
        tags: ['stores'],
        summary: 'Add a store; it starts Closed',
        body: storeInputSchema,
        response: { 201: storeSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await stores.createStore(db, authOf(request), request.body)),
  );

  app.post(
    '/stores/status',
    {
      schema: {
        tags: ['stores'],
        summary: 'Set the status of one or more stores (all or none)',
        body: storeStatusChangeSchema,
        response: { 200: z.object({ items: z.array(storeSchema) }), ...errors },
      },
    },
    async (request) => stores.changeStoreStatus(db, authOf(request), request.body),
  );

  app.get(
    '/stores/:storeId',
    {
      schema: {
        tags: ['stores'],
        summary: 'One store',
        params,
        response: { 200: storeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => stores.getStore(db, authOf(request), request.params.storeId),
  );

  app.patch(
    '/stores/:storeId',
    {
      schema: {
        tags: ['stores'],
        summary: 'Change a store’s details, based on the version read',
        params,
        body: storeUpdateSchema,
        response: { 200: storeSchema, ...errors },
      },
    },
    async (request) => stores.updateStore(db, authOf(request), request.params.storeId, request.body),
  );

  app.delete(
    '/stores/:storeId',
    {
      schema: {
        tags: ['stores'],
        summary: 'Move a store to the trash (restorable for 30 days)',
        params,
        querystring: deleteQuerySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await stores.deleteStore(db, authOf(request), request.params.storeId, request.query.version);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/stores/:storeId/image',
    {
      schema: {
        tags: ['stores'],
        summary:
          'Replace the store’s image: multipart with one PNG or JPEG part named `image`, at most 15360 bytes',
        consumes: ['multipart/form-data'],
        params,
        response: { 200: storeSchema, ...imageErrors },
      },
    },
    async (request) => {
      const auth = authOf(request);
      // Out of scope is 404 before a byte of the upload is read.
      await stores.getStore(db, auth, request.params.storeId);
      const upload = await readImageUpload(request, { maxBytes: limits.imageMaxBytes });
      return stores.setStoreImage(db, storage, request.log, auth, request.params.storeId, upload);
    },
  );
};
