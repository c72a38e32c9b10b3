import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import { messages } from '@storedesk/shared/messages';
import {
  storefrontKeyHeader,
  storefrontOrderInputSchema,
  storefrontOrderSchema,
} from '@storedesk/shared/storefront/schemas';
import { storefrontSlideSchema } from '@storedesk/shared/slides/schemas';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { storefrontOf } from '../../plugins/access.ts';
import type { OriginOf } from '../../lib/public-origin.ts';
import { listStorefrontSlides } from '../slides/slides.service.ts';
import { assertTakingOrders, placeOrder } from './storefront.service.ts';

/**
 * The customer app's endpoints (D12). They take no session: the caller
 * presents the business's publishable key, and is another origin's page or an
 * app, hence `crossOrigin`.
 */
export const storefrontRoutes: FastifyPluginAsyncZod<{
  db: Database;
  ordersPerMinute: number;
  /** Where the absolute image URLs of the slides point. */
  originOf: OriginOf;
}> = async (app, { db, ordersPerMinute, originOf }) => {
  // CORS: a customer app in a browser on any origin may call it. No cookie or
  // session is ever read here, only the publishable key, so `*` gives nothing away.
  const cors = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'retry-after' };
  app.options(
    '/storefront/orders',
    {
      config: { access: 'public', crossOrigin: true },
      schema: {
        tags: ['storefront'],
        summary: 'The CORS preflight of placing an order from a browser on another origin',
        response: {
          204: z.null().describe('CORS headers allowing POST with `X-Storefront-Key` from any origin'),
        },
      },
    },
    async (_request, reply) =>
      reply
        .status(204)
        .headers({
          ...cors,
          'access-control-allow-methods': 'POST',
          'access-control-allow-headers': `content-type, ${storefrontKeyHeader}`,
          'access-control-max-age': '600',
        })
        .send(null),
  );

  app.post(
    '/storefront/orders',
    {
      config: {
        access: 'storefront',
        crossOrigin: true,
        // A public endpoint: at most this many orders a minute from one client address (TRUST_PROXY says which).
        rateLimit: {
          max: ordersPerMinute,
          timeWindow: 60_000,
          errorResponseBuilder: (_request, limit) =>
            new AppError('rate_limited', messages.tooManyStorefrontOrders, {
              headers: { 'retry-after': String(Math.max(1, Math.ceil(limit.ttl / 1000))) },
            }),
        },
      },
      // After the rate limit (an onRequest hook) and the key, before the body is read: a business that is
      // not live refuses every order, whatever it holds.
      preParsing: async (request) => {
        assertTakingOrders(storefrontOf(request));
      },
      // Every answer, refusals included, is readable by the calling page.
      onSend: async (_request, reply) => {
        void reply.headers(cors);
      },
      schema: {
        tags: ['storefront'],
        summary: 'Place a customer order, priced by the server from the catalogue',
        description:
          'Authenticated by the business’s publishable key in `X-Storefront-Key`. Client prices are never read. ' +
          '400: malformed body, an item the store cannot sell now, a basket under the minimum order, or a refused ' +
          'coupon (`fields` says which part and why). 401: missing or unknown key. 402: service ended. ' +
          '404: unknown, deleted or another business’s store. 409: the business is not live (checked before the ' +
          'body is read), or the store is not Open. 429: too many orders from ' +
          'one client address in a minute (`Retry-After` says when to try again). Only 201 writes anything.',
        headers: z.looseObject({
          [storefrontKeyHeader]: z.string().optional().describe('The business’s publishable storefront key'),
        }),
        body: storefrontOrderInputSchema,
        response: {
          201: storefrontOrderSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          402: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const order = await placeOrder(db, storefrontOf(request), request.body);
      app.metrics.orderPlaced();
      return reply.status(201).send(order);
    },
  );

  app.options(
    '/storefront/slides',
    {
      config: { access: 'public', crossOrigin: true },
      schema: {
        tags: ['storefront'],
        summary: 'The CORS preflight of reading the slides from a browser on another origin',
        response: {
          204: z.null().describe('CORS headers allowing GET with `X-Storefront-Key` from any origin'),
        },
      },
    },
    async (_request, reply) =>
      reply
        .status(204)
        .headers({
          ...cors,
          'access-control-allow-methods': 'GET',
          'access-control-allow-headers': storefrontKeyHeader,
          'access-control-max-age': '600',
        })
        .send(null),
  );

  app.get(
    '/storefront/slides',
    {
      config: { access: 'storefront', crossOrigin: true },
      onSend: async (_request, reply) => {
        void reply.headers(cors);
      },
      schema: {
        tags: ['storefront'],
        summary: 'The home-page slides of the customer app, in position order',
        description:
          'Authenticated by the business’s publishable key in `X-Storefront-Key`. The business’s live slides ' +
          'that have an image, by position (then title), each with the absolute URL of its image. ' +
          '401: missing or unknown key. 402: service ended.',
        headers: z.looseObject({
          [storefrontKeyHeader]: z.string().optional().describe('The business’s publishable storefront key'),
        }),
        response: {
          200: z.object({ items: z.array(storefrontSlideSchema) }),
          401: errorEnvelopeSchema,
          402: errorEnvelopeSchema,
        },
      },
    },
    async (request) => ({
      items: await listStorefrontSlides(db, storefrontOf(request).id, originOf(request)),
    }),
  );
};
