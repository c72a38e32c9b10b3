import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';

/** Settings > Order Settings. */
export const orderSettingsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async () => {};
