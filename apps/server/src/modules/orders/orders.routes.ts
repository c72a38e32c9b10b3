import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import {
  orderBulkStatusChangeSchema,
  orderDetailSchema,
  orderPaymentSchema,
  orderListQuerySchema,
  orderListResponseSchema,
  orderStatusChangeSchema,
  orderSummarySchema,
} from '@storedesk/shared/orders/schemas';
import type { Database } from '#server/db/client.ts';
import { idParam } from '#server/lib/route-schemas.ts';
import { scopeOf } from '#server/lib/scope.ts';
import { authOf } from '#server/plugins/access.ts';
import type { OrderNews } from '#server/modules/push/push.service.ts';
import { orderBillSchema } from '@storedesk/shared/orders/invoice';
import { issueBill } from './bill.service.ts';
import { refundInputSchema, refundListSchema, refundSchema } from '@storedesk/shared/payments/refunds';
import { listRefunds, refundOrder } from './refunds.service.ts';
import type { OnlinePayments } from '#server/modules/payments/payments.service.ts';
import { orderItemsEditSchema } from '@storedesk/shared/orders/edit';
import { editOrderItems } from '#server/modules/storefront/order-edit.service.ts';
import { changeOrderSlot } from '#server/modules/storefront/storefront.service.ts';
import { orderSlotChangeSchema } from '@storedesk/shared/orders/slot-change';
import { exportOrders } from './orders-export.ts';
import * as orders from './orders.service.ts';

const params = z.object({ orderId: idParam });
const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/**
 * `readDb`, the standby with DATABASE_READ_URL (else `db` itself), serves the export alone: the
 * list and the order page read the primary, so a change is there the moment it is answered (ADR 0052).
 */
export const ordersRoutes: FastifyPluginAsyncZod<{
  db: Database;
  readDb: Database;
  news: OrderNews;
  /** Online payment through the gateway (ADR 0072): refunds of orders paid online go through it. */
  payments: OnlinePayments | null;
}> = async (app, { db, readDb, news, payments }) => {
  app.get(
    '/orders',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Active (status 0, 1, 2) or completed (newest 100 closed) orders of the caller’s zone, filtered, sorted and paged, with the status tab counts',
        querystring: orderListQuerySchema,
        response: { 200: orderListResponseSchema },
      },
    },
    async (request) => orders.listOrders(db, authOf(request), request.query),
  );

  app.get(
    '/orders/export.csv',
    {
      schema: {
        tags: ['orders'],
        summary: 'Every order of the list as filtered (all pages), as CSV, streamed',
        querystring: orderListQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      // A 403 for another zone comes before the first byte of the file.
      const scope = scopeOf(authOf(request), request.query.zoneId);
      const out = new PassThrough();
      // The file is sent once the database has answered: one that cannot be reached (the standby
      // too, ADR 0052) is answered 503 with Retry-After by the error handler, not a cut-off 200.
      let begun = false;
      await new Promise<void>((resolve, reject) => {
        const start = () => {
          begun = true;
          resolve();
        };
        exportOrders(readDb, scope, request.query, out, start).catch((error: unknown) => {
          if (!begun) return reject(error);
          request.log.error({ err: error }, 'order export failed');
          out.destroy(error instanceof Error ? error : new Error(String(error)));
        });
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${request.query.view}.csv"`)
        .header('cache-control', 'no-store')
        .send(out);
    },
  );

  app.post(
    '/orders/status',
    {
      schema: {
        tags: ['orders'],
        summary: 'The same status change for several orders (all or none)',
        body: orderBulkStatusChangeSchema,
        response: { 200: z.object({ items: z.array(orderSummarySchema) }), ...errors },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return orders.changeOrdersStatus(
        db,
        auth,
        request.body,
        (orderId) => news.orderChanged(auth.business.id, orderId),
        (orderId, dexId) => news.executiveAssigned(auth.business.id, orderId, dexId),
      );
    },
  );

  app.get(
    '/orders/:orderId',
    {
      schema: {
        tags: ['orders'],
        summary: 'One order with its items, charges and timeline',
        params,
        response: { 200: orderDetailSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => orders.getOrder(db, authOf(request), request.params.orderId),
  );

  app.post(
    '/orders/:orderId/status',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Change an order’s status (and delivery executive, or add a note), based on the version read',
        params,
        body: orderStatusChangeSchema,
        response: { 200: orderDetailSchema, ...errors },
      },
    },
    async (request) => {
      const auth = authOf(request);
      // The customer hears of a move of status; a note alone is the store's own.
      // The executive given the order hears of it too (ADR 0042).
      return orders.changeOrderStatus(
        db,
        auth,
        request.params.orderId,
        request.body,
        (orderId) => news.orderChanged(auth.business.id, orderId),
        (orderId, dexId) => news.executiveAssigned(auth.business.id, orderId, dexId.toLowerCase()),
      );
    },
  );

  app.post(
    '/orders/:orderId/bill',
    {
      schema: {
        tags: ['orders'],
        summary: 'What the order’s printed bill shows, with its tax invoice number once it is delivered',
        description:
          'A business with a GSTIN gives an order the next tax invoice number (gap-free, per business) when ' +
          'it is delivered; before that the bill is pro-forma (`invoice` null). POST because a delivered ' +
          'order without a number (delivered before that rule, or before the business had a GSTIN) takes ' +
          'it at its first print; later prints show the same number. Every order of a business without a ' +
          'GSTIN has `invoice` null.',
        params,
        response: { 200: orderBillSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => issueBill(db, authOf(request), request.params.orderId),
  );

  app.post(
    '/orders/:orderId/payment',
    {
      schema: {
        tags: ['orders'],
        summary: 'Mark an order’s payment received (who and when go on its timeline)',
        description:
          '409: the order changed since `version` was read (with the order as it is now), its payment is ' +
          'already marked received, or it was cancelled. 404: not an order the caller can see.',
        params,
        body: orderPaymentSchema,
        response: { 200: orderDetailSchema, ...errors },
      },
    },
    async (request) => orders.markOrderPaid(db, authOf(request), request.params.orderId, request.body),
  );

  app.patch(
    '/orders/:orderId/items',
    {
      schema: {
        tags: ['orders'],
        summary: 'Change an open order’s items until it is picked up; its bill is priced again',
        description:
          'The order’s lines become these: a line it had keeps its price, one added is priced as the catalogue ' +
          'has it now; the delivery charge stays as placed, the coupon’s discount is worked out again by its ' +
          'terms, and counted stock moves by each line’s change. On the timeline and live to the customer. ' +
          '400: bad lines, an item not sold now, or below the minimum order. 409: the order changed since ' +
          '`version` was read, is picked up or closed (with the order as it is now), or a line wants more than ' +
          'is left. 404: not an order the caller can see.',
        params,
        body: orderItemsEditSchema,
        response: { 200: orderDetailSchema, ...errors },
      },
    },
    async (request) => editOrderItems(db, authOf(request), request.params.orderId, request.body),
  );

  app.post(
    '/orders/:orderId/slot',
    {
      schema: {
        tags: ['orders'],
        summary: 'Move an open order to another of its store’s delivery slots, until it is picked up',
        description:
          'Or book a slot for an order placed for as soon as possible. The order’s place in its old slot is ' +
          'given back. On the timeline and live to the customer. 409: the order changed since `version` was ' +
          'read or is picked up or closed (with the order as it is now), the store offers that slot no more ' +
          '(`fields.slotId`), the slot is full, or the store takes no orders. 404: not an order the caller can see.',
        params,
        body: orderSlotChangeSchema,
        response: { 200: orderDetailSchema, ...errors },
      },
    },
    async (request) => changeOrderSlot(db, authOf(request), request.params.orderId, request.body),
  );

  app.get(
    '/orders/:orderId/refunds',
    {
      schema: {
        tags: ['orders'],
        summary: 'An order’s refunds, oldest first, each with its state and credit note',
        params,
        response: { 200: refundListSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => listRefunds(db, authOf(request), request.params.orderId),
  );

  app.post(
    '/orders/:orderId/refunds',
    {
      schema: {
        tags: ['orders'],
        summary: 'Record a refund of a paid order, in full or in part (cash or UPI given back)',
        description:
          'Processed at once, on the order’s timeline and in the audit log; a credit note is issued when the ' +
          'order had its tax invoice. 400: an amount of 0, or more than is left of the payment. 409: the ' +
          'order changed since `version` was read (with the order as it is now), or it is not paid. 404: ' +
          'not an order the caller can see.',
        params,
        body: refundInputSchema,
        response: {
          201: z.object({ order: orderDetailSchema, refund: refundSchema }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { gatewayRefund, ...made } = await refundOrder(
        db,
        authOf(request),
        request.params.orderId,
        request.body,
      );
      // Through the gateway: sent now, answered pending; the gateway's webhook says when it is processed.
      if (gatewayRefund) await payments?.sendRefunds([gatewayRefund]);
      return reply.code(201).send(made);
    },
  );
};
