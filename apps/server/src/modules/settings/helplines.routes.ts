import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';

/** Settings > Helplines. */
export const helplinesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async () => {};
