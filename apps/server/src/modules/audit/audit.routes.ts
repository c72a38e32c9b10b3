import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import {
  auditActorsResponseSchema,
  auditLogQuerySchema,
  auditLogResponseSchema,
} from '@storedesk/shared/audit/schemas';
import type { Database } from '#server/db/client.ts';
import { authOf } from '#server/plugins/access.ts';
import * as audit from './audit.service.ts';

/** The audit log is the owner's to read (B15); an admin gets 403. */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/audit-log',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['audit-log'],
        summary:
          "Every staff write and sign-in, newest first: who, when, from which address, what changed; filtered by person, kind and days of the business's time zone",
        querystring: auditLogQuerySchema,
        response: { 200: auditLogResponseSchema, 400: errorEnvelopeSchema, 403: errorEnvelopeSchema },
      },
    },
    async (request) => audit.listAuditLog(db, authOf(request), request.query),
  );

  app.get(
    '/audit-log/actors',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['audit-log'],
        summary: 'The people the audit log names, for its filter by person',
        response: { 200: auditActorsResponseSchema, 403: errorEnvelopeSchema },
      },
    },
    async (request) => audit.listAuditActors(db, authOf(request)),
  );
};
