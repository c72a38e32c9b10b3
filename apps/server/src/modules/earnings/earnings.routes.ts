import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deliveryEarningSchema,
  deliveryEarningsSchema,
  earningsQuerySchema,
  payoutInputSchema,
  payoutListSchema,
  payoutRowSchema,
  payoutsQuerySchema,
  tipInputSchema,
} from '@storedesk/shared/delivery/earnings';
import { tipWithinHours } from '@storedesk/shared/delivery/earnings-rules';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import type { Database } from '#server/db/client.ts';
import { idParam } from '#server/lib/route-schemas.ts';
import { authOf } from '#server/plugins/access.ts';
import * as earnings from './earnings.service.ts';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};
const executive = { access: 'executive' as const };

const payoutFigures =
  'Per delivery executive of the scope with deliveries in the period (the business’s days, both included, at most ' +
  'a year): deliveries, fees (each order’s, fixed when it was placed), tips paid online and in cash, unpaid = fees ' +
  'and online tips not paid out yet, cashToSettle = cash on delivery of the period’s days not handed over yet, ' +
  'net = unpaid − cashToSettle, and the payouts made for days of the period. The owner may name a zone; an admin ' +
  'always gets their own.';

/**
 * Executives' earnings (B18, ADR 0073): the delivery app's earnings and cash tips (bearer), and the
 * console's payouts (staff).
 */
export const earningsRoutes: FastifyPluginAsyncZod<{ db: Database; readDb: Database }> = async (
  app,
  { db, readDb },
) => {
  app.get(
    '/delivery/earnings',
    {
      config: executive,
      schema: {
        tags: ['delivery'],
        summary:
          'The executive’s deliveries of today or this week, with fees and tips, cash in hand and what is owed',
        description:
          'A week runs Monday to Sunday, in the business’s time zone. cashInHand (cash on delivery not handed over) ' +
          'and toBePaid (fees and online tips not paid out) are whatever the period.',
        querystring: earningsQuerySchema,
        response: { 200: deliveryEarningsSchema, 400: errorEnvelopeSchema, 401: errorEnvelopeSchema },
      },
    },
    async (request) => earnings.earningsOf(db, authOf(request), request.query.period),
  );

  app.post(
    '/delivery/orders/:orderId/tip',
    {
      config: executive,
      schema: {
        tags: ['delivery'],
        summary: 'Record a tip the customer gave in cash at the door',
        description:
          `For one of the caller’s deliveries of the last ${tipWithinHours} hours without a tip. Answers the delivery ` +
          'as the earnings list shows it. 404: not their delivery. 409: it has a tip already, or is too old.',
        params: z.object({ orderId: idParam }),
        body: tipInputSchema,
        response: { 200: deliveryEarningSchema, ...errors },
      },
    },
    async (request) => earnings.recordCashTip(db, authOf(request), request.params.orderId, request.body),
  );

  app.get(
    '/payouts',
    {
      schema: {
        tags: ['dispatch'],
        summary:
          'What each delivery executive earned in a period, what is unpaid, the cash they hold, and the net',
        description: payoutFigures,
        querystring: payoutsQuerySchema,
        response: { 200: payoutListSchema, ...errors },
      },
    },
    async (request) => earnings.listPayouts(db, authOf(request), request.query),
  );

  app.get(
    '/payouts.csv',
    {
      schema: {
        tags: ['dispatch'],
        summary: 'The payouts report as CSV (money in rupees), with a line of totals',
        description: payoutFigures,
        querystring: payoutsQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { query } = request;
      const csv = await earnings.payoutsCsv(readDb, authOf(request), query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="payouts-${query.from}-${query.to}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.post(
    '/payouts',
    {
      schema: {
        tags: ['dispatch'],
        summary:
          '"Mark paid": pay an executive the period’s unpaid fees and online tips, less the cash they hold',
        description:
          'The period’s cash days count as handed over with it. `netPaise` is what the caller’s row showed: 409 ' +
          'with the row as it is now when it changed since (two at once: one pays, the other is 409). 400: nothing ' +
          'to pay. 404: not a delivery executive of the caller’s scope. Answers the row as it is after.',
        body: payoutInputSchema,
        response: { 200: payoutRowSchema, ...errors },
      },
    },
    async (request) => earnings.payOut(db, authOf(request), request.body),
  );
};
