import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';

/** Coupons (D16): the open coupons, create, close. */
export const couponsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async () => {};
