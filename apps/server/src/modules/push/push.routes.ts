import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';

/** Push notifications to customers (D13): the console's send and history, the customer app's subscriptions. */
export const pushRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async () => {};
