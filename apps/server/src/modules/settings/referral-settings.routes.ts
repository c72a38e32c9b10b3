import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';

/** Settings > Referral Settings. */
export const referralSettingsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async () => {};
