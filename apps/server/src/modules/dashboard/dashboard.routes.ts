import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';

export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Database }> = async () => {};
