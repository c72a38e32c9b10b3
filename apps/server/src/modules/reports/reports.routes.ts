import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import { salesReportQuerySchema, salesReportSchema } from '@storedesk/shared/reports/schemas';
import type { Database } from '#server/db/client.ts';
import { authOf } from '#server/plugins/access.ts';
import {
  getGstReport,
  getPaymentsReport,
  getRatingsReport,
  getSalesReport,
  gstCsv,
  paymentsCsv,
  salesCsv,
} from './reports.service.ts';
import { paymentsReportQuerySchema, paymentsReportSchema } from '@storedesk/shared/reports/payments';
import { gstReportQuerySchema, gstReportSchema } from '@storedesk/shared/reports/gst';
import { ratingsReportQuerySchema, ratingsReportSchema } from '@storedesk/shared/reports/ratings';

const figures =
  'Per group: orders = orders placed in the period (days in the business’s time zone, both included) that were delivered; ' +
  'itemsSold = their items’ quantities; grossPaise = their items’ total; discountPaise = their discounts; ' +
  'chargesPaise = their charges; netPaise = their bills (gross − discount + charges); cancelled = orders placed in the period ' +
  'that were cancelled. Grouped by item, discount, charges and net are null (an order’s, not an item’s); grouped by ' +
  'category (each item’s category now), orders and cancelled are null too. totals count each order of the period once. ' +
  'The owner may name a zone (zoneId); an admin always gets their own zone, and naming another is 403. At most 366 days.';

/** `readDb` is the standby with DATABASE_READ_URL, else `db` itself (ADR 0052). */
export const reportsRoutes: FastifyPluginAsyncZod<{ db: Database; readDb: Database }> = async (
  app,
  { db, readDb },
) => {
  app.get(
    '/reports/sales',
    {
      schema: {
        tags: ['reports'],
        summary:
          'Sales of a period, grouped by day, store, category, item, payment mode, coupon or executive',
        description: figures,
        querystring: salesReportQuerySchema,
        response: { 200: salesReportSchema, 400: errorEnvelopeSchema, 403: errorEnvelopeSchema },
      },
    },
    async (request) => getSalesReport(db, readDb, authOf(request), request.query),
  );

  app.get(
    '/reports/sales.csv',
    {
      schema: {
        tags: ['reports'],
        summary:
          'The same report as CSV: the rows and columns the console shows, then the totals; money in rupees',
        description: figures,
        querystring: salesReportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { query } = request;
      const report = await getSalesReport(db, readDb, authOf(request), query);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="sales-${query.groupBy}-${query.from}-${query.to}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(salesCsv(query, report));
    },
  );

  const gst =
    'Tax invoices are given as orders are delivered, and dated by their delivery; credit notes with the refunds ' +
    'made after that, dated by the refund (failed refunds have none). Each document carries its GST per rate: ' +
    'an invoice the bill’s (charges at 18%), a credit note its amount shared over its invoice’s rates by value. ' +
    'rates and totals are the documents’ sums; net = invoices − credit notes. Days in the business’s time zone, ' +
    'both included, at most 366. The owner may name a zone (zoneId); an admin always gets their own zone.';

  app.get(
    '/reports/gst',
    {
      schema: {
        tags: ['reports'],
        summary:
          'GST of a period: its tax invoices and credit notes, and per rate their taxable value, CGST and SGST',
        description: gst,
        querystring: gstReportQuerySchema,
        response: { 200: gstReportSchema, 400: errorEnvelopeSchema, 403: errorEnvelopeSchema },
      },
    },
    async (request) => getGstReport(db, readDb, authOf(request), request.query),
  );

  app.get(
    '/reports/gst.csv',
    {
      schema: {
        tags: ['reports'],
        summary:
          'The GST report as CSV: a line per document and rate (credit notes negative), then the net per rate',
        description: gst,
        querystring: gstReportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { query } = request;
      const report = await getGstReport(db, readDb, authOf(request), query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="gst-${query.from}-${query.to}.csv"`)
        .header('cache-control', 'no-store')
        .send(gstCsv(report));
    },
  );

  const payments =
    'Online payments (ADR 0072) by the day they were taken, with the gateway’s fees, and gateway refunds (not ' +
    'failed; pending ones too) by the day they were made: received − fees − refunded is the net the gateway ' +
    'should pay out. A payment refunded at once (its order could not take it) counts as received, and its ' +
    'refund as refunded. Days in the business’s time zone, both included, at most 366; zones as the sales report.';

  app.get(
    '/reports/payments',
    {
      schema: {
        tags: ['reports'],
        summary: 'Online payments and gateway refunds of a period, per day, to reconcile with the gateway',
        description: payments,
        querystring: paymentsReportQuerySchema,
        response: { 200: paymentsReportSchema, 400: errorEnvelopeSchema, 403: errorEnvelopeSchema },
      },
    },
    async (request) => getPaymentsReport(db, readDb, authOf(request), request.query),
  );

  app.get(
    '/reports/payments.csv',
    {
      schema: {
        tags: ['reports'],
        summary: 'The payments report as CSV: each payment and refund, then each day and the total',
        description: payments,
        querystring: paymentsReportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { query } = request;
      const report = await getPaymentsReport(db, readDb, authOf(request), query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="payments-${query.from}-${query.to}.csv"`)
        .header('cache-control', 'no-store')
        .send(paymentsCsv(report));
    },
  );

  app.get(
    '/reports/ratings',
    {
      schema: {
        tags: ['reports'],
        summary: 'Customers’ ratings of a period: in all, per store, per executive, and the low ones',
        description:
          'The orders rated on the period’s days (the business’s time zone, both included, at most 366; by when ' +
          'the rating was last given), counted in all, per store and per executive who delivered; averages are ' +
          'starsTotal / rated. An executive’s figures are of the stars customers gave the executive ' +
          '(orderRated and orderStarsTotal: of their orders’ own). lowRatings lists those whose order or ' +
          'executive got 2 stars or fewer, newest first, at most 50. Zones as the ' +
          'sales report.',
        querystring: ratingsReportQuerySchema,
        response: { 200: ratingsReportSchema, 400: errorEnvelopeSchema, 403: errorEnvelopeSchema },
      },
    },
    async (request) => getRatingsReport(db, readDb, authOf(request), request.query),
  );
};
