import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';

export const storefrontRoutes: FastifyPluginAsyncZod<{ db: Database }> = async () => {};
