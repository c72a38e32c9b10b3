import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import type { Storage } from '../../storage/storage.ts';

export const slidesRoutes: FastifyPluginAsyncZod<{ db: Database; storage: Storage }> = async () => {};
