import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import { AppError } from '#server/lib/errors.ts';
import type { OnlinePayments } from './payments.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Online payment through the gateway (ADR 0072); null without PAYMENTS_URL. */
    payments: OnlinePayments | null;
  }
}

/**
 * The payment gateway's webhook (B18, ADR 0072). Its body is read as the bytes that came, which is
 * what the signature covers; no other route reads JSON so.
 */
export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: OnlinePayments | null }> = async (
  app,
  { payments },
) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/payments/razorpay/webhook',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payments'],
        summary: 'Razorpay’s webhook: payments captured, refunds processed or failed',
        description:
          'Configure it in Razorpay’s dashboard with the webhook secret of PAYMENTS_URL and the events ' +
          'payment.captured, refund.processed and refund.failed. The body must be signed: `X-Razorpay-Signature` ' +
          'is the HMAC-SHA256 of the body under the webhook secret (400 otherwise, and nothing changes). ' +
          'Each event (`X-Razorpay-Event-Id`) is applied once, however often it comes. 503 when the payment’s ' +
          'order is not known yet, for the gateway to send it again; 404 when this server takes no online payment.',
        headers: z.object({
          'x-razorpay-signature': z.string().optional(),
          'x-razorpay-event-id': z.string().max(100).optional(),
        }),
        response: {
          204: z.null().describe('Taken'),
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          503: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      if (!payments) throw new AppError('not_found', 'This server takes no online payment');
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const taken = await payments.webhook(
        body,
        request.headers['x-razorpay-signature'],
        request.headers['x-razorpay-event-id'],
      );
      if (!taken) {
        throw new AppError('unavailable', 'The payment’s order is not known yet: send it again', {
          headers: { 'retry-after': '1' },
        });
      }
      return reply.code(204).send(null);
    },
  );
};
