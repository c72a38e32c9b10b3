import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardQuerySchema, dashboardSchema } from '@storedesk/shared/dashboard/schemas';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import type { Database } from '#server/db/client.ts';
import { authOf } from '#server/plugins/access.ts';
import { getDashboard } from './dashboard.service.ts';

/** `readDb` is the standby with DATABASE_READ_URL, else `db` itself (ADR 0052). */
export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Database; readDb: Database }> = async (
  app,
  { db, readDb },
) => {
  app.get(
    '/dashboard',
    {
      schema: {
        tags: ['dashboard'],
        summary:
          'This month against last, the last 7 days and today’s orders, for the caller’s zone (or the owner’s chosen zone, or all zones)',
        querystring: dashboardQuerySchema,
        response: { 200: dashboardSchema, 400: errorEnvelopeSchema, 403: errorEnvelopeSchema },
      },
    },
    async (request) => getDashboard(db, readDb, authOf(request), request.query, new Date()),
  );
};
