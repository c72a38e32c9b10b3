import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';

/** Settings > Payment Modes. */
export const paymentModesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async () => {};
