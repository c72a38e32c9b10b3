import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import { limits } from '@storedesk/shared/limits';
import { listResponseSchema } from '@storedesk/shared/lists';
import {
  slideInputSchema,
  slideListQuerySchema,
  slideSchema,
  slideUpdateSchema,
} from '@storedesk/shared/slides/schemas';
import type { Database } from '#server/db/client.ts';
import { deleteQuerySchema, idParam, imageErrors } from '#server/lib/route-schemas.ts';
import { authOf } from '#server/plugins/access.ts';
import { readImageUpload } from '#server/storage/images.ts';
import type { Storage } from '#server/storage/storage.ts';
import * as slides from './slides.service.ts';

const params = z.object({ slideId: idParam });
const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/** The customer app's home-page slides, managed by the owner only (SPEC §6). */
export const slidesRoutes: FastifyPluginAsyncZod<{ db: Database; storage: Storage }> = async (
  app,
  { db, storage },
) => {
  app.get(
    '/slides',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['slides'],
        summary: 'Slides of the business by position (then title), searchable by title and paged',
        querystring: slideListQuerySchema,
        response: { 200: listResponseSchema(slideSchema), 400: errorEnvelopeSchema },
      },
    },
    async (request) => slides.listSlides(db, authOf(request), request.query),
  );

  app.post(
    '/slides',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['slides'],
        summary: 'Add a slide (title, position 1 to 10); its image goes up with PUT /slides/{slideId}/image',
        body: slideInputSchema,
        response: { 201: slideSchema, 400: errorEnvelopeSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await slides.createSlide(db, authOf(request), request.body)),
  );

  app.get(
    '/slides/:slideId',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['slides'],
        summary: 'One slide',
        params,
        response: { 200: slideSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => slides.getSlide(db, authOf(request), request.params.slideId),
  );

  app.patch(
    '/slides/:slideId',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['slides'],
        summary: 'Change a slide’s title or position, based on the version read',
        params,
        body: slideUpdateSchema,
        response: { 200: slideSchema, ...errors },
      },
    },
    async (request) => slides.updateSlide(db, authOf(request), request.params.slideId, request.body),
  );

  app.delete(
    '/slides/:slideId',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['slides'],
        summary: 'Move a slide to the trash (restorable for 30 days)',
        params,
        querystring: deleteQuerySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await slides.deleteSlide(db, authOf(request), request.params.slideId, request.query.version);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/slides/:slideId/image',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['slides'],
        summary:
          'Replace the slide’s image: multipart with one PNG or JPEG part named `image`, at most 15360 bytes',
        consumes: ['multipart/form-data'],
        params,
        response: { 200: slideSchema, ...imageErrors },
      },
    },
    async (request) => {
      const auth = authOf(request);
      // An unknown slide is 404 before a byte of the upload is read.
      await slides.getSlide(db, auth, request.params.slideId);
      const upload = await readImageUpload(request, { maxBytes: limits.imageMaxBytes });
      return slides.setSlideImage(db, storage, request.log, auth, request.params.slideId, upload);
    },
  );
};
