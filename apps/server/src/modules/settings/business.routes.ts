import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';

/** Settings > About and Others: the business's own record, theme, live flag, customer app and storefront key. */
export const businessSettingsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async () => {};
