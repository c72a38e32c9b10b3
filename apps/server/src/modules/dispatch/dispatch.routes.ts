import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cashListSchema,
  cashQuerySchema,
  cashRowSchema,
  cashSettlementInputSchema,
  dispatchQuerySchema,
  dispatchSchema,
  executiveChoiceListSchema,
  executiveChoiceQuerySchema,
} from '@storedesk/shared/delivery/schemas';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import type { Database } from '#server/db/client.ts';
import { eventStreamAnswer } from '#server/lib/route-schemas.ts';
import { scopeOf } from '#server/lib/scope.ts';
import { authOf } from '#server/plugins/access.ts';
import type { EventHub } from '#server/realtime/hub.ts';
import { streamPositions, streamsClosedOnShutdown } from '#server/realtime/stream.ts';
import { liveSessionCheck } from '#server/modules/auth/auth.service.ts';
import * as dispatch from './dispatch.service.ts';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema };

/**
 * Dispatch (B14, ADR 0042): the console's live map, the executive picker's choices, and cash to settle.
 * Only the cash CSV reads `readDb`, the standby with DATABASE_READ_URL (else `db` itself, ADR 0052):
 * the cash list on screen is what a settlement is checked against, so it reads the primary.
 */
export const dispatchRoutes: FastifyPluginAsyncZod<{
  db: Database;
  readDb: Database;
  hub: EventHub;
}> = async (app, { db, readDb, hub }) => {
  const openStreams = streamsClosedOnShutdown(app);

  app.get(
    '/dispatch',
    {
      schema: {
        tags: ['dispatch'],
        summary: 'The zone’s delivery executives (duty, last position, open orders), stores and open orders',
        description:
          'Zone-scoped like the order list. With `waitMinutes` (an order without an executive waiting longer is ' +
          'highlighted) and the limit of open orders per executive. Positions then move on `/dispatch/positions`.',
        querystring: dispatchQuerySchema,
        response: { 200: dispatchSchema, ...errors },
      },
    },
    async (request) => dispatch.getDispatch(db, authOf(request), request.query.zoneId),
  );

  app.get(
    '/dispatch/positions',
    {
      schema: {
        tags: ['dispatch'],
        summary: 'Executives’ positions as they arrive, as Server-Sent Events, in batches every 250 ms',
        description:
          'Messages of `data: {"positions":[{id, lat, lng, accuracy, seenAt}]}` (no ids: nothing is replayed; ' +
          'read `/dispatch` again after reconnecting), and a comment every 25 s.',
        querystring: dispatchQuerySchema,
        response: {
          200: eventStreamAnswer('Batches of positions'),
          403: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const scope = scopeOf(auth, request.query.zoneId);
      streamPositions(request, reply, hub, {
        businessId: scope.businessId,
        zoneId: scope.zoneId,
        session: { id: auth.sessionId, check: liveSessionCheck(db) },
        openStreams,
      });
    },
  );

  app.get(
    '/dispatch/executives',
    {
      schema: {
        tags: ['dispatch'],
        summary:
          'The executives an order of this store may go to: duty, open orders and distance, nearest first',
        description:
          'On-duty executives first, then by distance from the store (unknown last). 404: not a store the caller can see.',
        querystring: executiveChoiceQuerySchema,
        response: { 200: executiveChoiceListSchema, ...errors },
      },
    },
    async (request) => dispatch.executiveChoices(db, authOf(request), request.query.storeId),
  );

  app.get(
    '/dispatch/cash',
    {
      schema: {
        tags: ['dispatch'],
        summary:
          'Cash collected on delivery per executive and day (the business’s days, both included), with settlements',
        querystring: cashQuerySchema,
        response: { 200: cashListSchema, ...errors },
      },
    },
    async (request) => dispatch.listCash(db, authOf(request), request.query),
  );

  app.get(
    '/dispatch/cash.csv',
    {
      schema: {
        tags: ['dispatch'],
        summary: 'The cash list as CSV',
        querystring: cashQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const csv = await dispatch.cashCsv(readDb, authOf(request), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="cash-${request.query.from}-${request.query.to}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.post(
    '/dispatch/cash/settlements',
    {
      schema: {
        tags: ['dispatch'],
        summary: 'Record an executive’s cash of a day as handed over (who and when)',
        description:
          '`collectedPaise` is what the caller’s screen showed: 409 with the row as it is now when more was ' +
          'collected since, or when it is settled at that amount already. 400 when there is no cash that day.',
        body: cashSettlementInputSchema,
        response: { 200: cashRowSchema, ...errors, 409: errorEnvelopeSchema },
      },
    },
    async (request) => dispatch.settleCash(db, authOf(request), request.body),
  );
};
