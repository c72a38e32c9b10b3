import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import { limits } from '@storedesk/shared/limits';
import { messages } from '@storedesk/shared/messages';
import { AppError, notFound } from '#server/lib/errors.ts';
import { isValidStorageKey, type Storage } from '#server/storage/storage.ts';

/** Types served as they are; anything else goes out as a download of plain bytes. */
const SERVED_AS_IS = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif']);

/** Uploaded files live only under business/…; nothing else in the storage is served. */
const SERVED_PREFIX = 'business/';

const binary = z.string().meta({ format: 'binary' });

/**
 * Serves stored files at GET /files/{key} to anyone: keys are long random
 * names, never reused, so an answer is cached for good.
 */
export const filesRoutes: FastifyPluginAsyncZod<{ storage: Storage }> = async (app, { storage }) => {
  app.get(
    '/files/*',
    {
      config: { access: 'public' },
      schema: {
        tags: ['files'],
        summary: 'An uploaded file (store, item and slide images), by the path in its imageUrl',
        params: z.object({ '*': z.string() }),
        response: {
          200: {
            description: 'The file as it was stored, cached for good',
            content: {
              'image/png': { schema: binary },
              'image/jpeg': { schema: binary },
            },
          },
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      if (!key.startsWith(SERVED_PREFIX) || !isValidStorageKey(key)) throw notFound();
      const file = await storage.get(key);
      if (!file) throw notFound();
      const known = SERVED_AS_IS.has(file.contentType);
      void reply
        .header('content-type', known ? file.contentType : 'application/octet-stream')
        .header('content-length', file.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        // Images are public: the customer app may show them from its own origin.
        .header('cross-origin-resource-policy', 'cross-origin');
      if (!known) void reply.header('content-disposition', 'attachment');
      // The schema above documents the bytes; a stream is sent as it is, never serialized.
      return reply.send(file.body as unknown as string);
    },
  );
};

/**
 * Registers @fastify/multipart once for the whole app, with limits that hold
 * for any multipart route; readImageUpload narrows them per upload. A route
 * that declares a (JSON) body schema still refuses a multipart body with 415,
 * as it did before multipart was known: only upload routes, which declare no
 * body, read one.
 */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.schema?.body && request.isMultipart()) {
      throw new AppError('unsupported_media_type', messages.unsupportedMediaType);
    }
  });
  await app.register(multipart, {
    limits: {
      fieldNameSize: 100,
      fieldSize: 64 * 1024,
      fields: 20,
      fileSize: limits.logoMaxBytes + 1,
      files: 1,
      parts: 21,
      headerPairs: 20,
    },
  });
}
