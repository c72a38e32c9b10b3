import type { FastifyRequest } from 'fastify';
import { deviceIdHeader } from '@storedesk/shared/storefront/page';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tipInputSchema, tipSchema } from '@storedesk/shared/delivery/earnings';
import { tipWithinHours } from '@storedesk/shared/delivery/earnings-rules';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import { messages } from '@storedesk/shared/messages';
import {
  customerOrderListQuerySchema,
  customerOrderListSchema,
  customerOrderSchema,
  storefrontBusinessSchema,
  storefrontCatalogueQuerySchema,
  storefrontCatalogueSchema,
  storefrontOrderInputSchema,
  storefrontOrderSchema,
  storefrontPointQuerySchema,
  storefrontQuoteInputSchema,
  storefrontQuoteSchema,
  storefrontStoreListSchema,
  storefrontSlotListSchema,
} from '@storedesk/shared/storefront/schemas';
import { storefrontSlideSchema } from '@storedesk/shared/slides/schemas';
import { customerCancelSchema } from '@storedesk/shared/orders/cancellation-schemas';
import { cancelByCustomer, rateOrder, reportUpiPayment } from '#server/modules/orders/orders.service.ts';
import { ratingInputSchema } from '@storedesk/shared/storefront/ratings';
import { upiPaidSchema } from '@storedesk/shared/payments/upi-schemas';
import { checkoutAnswerSchema, checkoutSchema } from '@storedesk/shared/payments/online-schemas';
import { notFound } from '#server/lib/errors.ts';
import type { OnlinePayments } from '#server/modules/payments/payments.service.ts';
import type { Database } from '#server/db/client.ts';
import { perAddressLimit } from '#server/lib/rate-limit.ts';
import { idParam } from '#server/lib/route-schemas.ts';
import { sendEncoded } from '#server/lib/encoded-answers.ts';
import { customerOf, storefrontOf } from '#server/plugins/access.ts';
import {
  customerHeaders,
  registerPreflight,
  storefrontHeaders,
  withCors,
} from '#server/lib/storefront-cors.ts';
import { listStorefrontSlides } from '#server/modules/slides/slides.service.ts';
import {
  assertMayPlaceOrders,
  assertTakingOrders,
  businessProfile,
  catalogueOf,
  getCustomerOrder,
  listCustomerOrders,
  placeOrder,
  quoteOrder,
  storesNear,
  slotsOfStore,
} from './storefront.service.ts';

/**
 * The customer app's endpoints (D12). They take no session: the caller
 * presents the business's publishable key, and is another origin's page or an
 * app, hence `crossOrigin`.
 */
/** The customer app's id of the device it runs on, when it sent one (ADR 0058). */
const deviceIdOf = (request: FastifyRequest) => {
  const value = request.headers[deviceIdHeader];
  return typeof value === 'string' ? value : null;
};

/** What a customer's change of their own order answers: the order as it is after it, or why not. */
const customerOrderChangeAnswers = {
  200: customerOrderSchema,
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  402: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

export const storefrontRoutes: FastifyPluginAsyncZod<{
  db: Database;
  ordersPerMinute: number;
  /** Online payment through the gateway (ADR 0072); null: the server has none. */
  payments: OnlinePayments | null;
}> = async (app, { db, ordersPerMinute, payments }) => {
  const preflight = (url: string, methods: string, what: string) =>
    registerPreflight(app, url, methods, what);

  preflight('/storefront/orders', 'GET, POST', 'placing an order or reading the customer’s orders');
  app.post(
    '/storefront/orders',
    {
      config: {
        access: 'storefront',
        crossOrigin: true,
        // A public endpoint: at most this many orders a minute from one client address (TRUST_PROXY says which).
        rateLimit: perAddressLimit(ordersPerMinute, 60_000, messages.tooManyStorefrontOrders),
      },
      // After the rate limit (an onRequest hook) and the key, before the body is read: a business that is
      // not live refuses every order, whatever it holds.
      preParsing: async (request) => {
        assertTakingOrders(storefrontOf(request));
        assertMayPlaceOrders(request);
      },
      // Every answer, refusals included, is readable by the calling page.
      onSend: withCors,
      schema: {
        tags: ['storefront'],
        summary: 'Place a customer order, priced by the server from the catalogue',
        description:
          'With the business’s publishable key in `X-Storefront-Key`, and as `Authorization: Bearer` either a ' +
          'signed-in customer’s token or one of the business’s secret API keys (`sk_…`, Settings › Others). ' +
          'Client prices are never read. A signed-in customer orders to one of their saved addresses ' +
          '(`addressId`) and chooses one of the business’s enabled payment modes (`paymentMode`). The business’s ' +
          'own system names the `customer` and gives `deliveryAddress` and `paymentMode`; its order joins no ' +
          'customer’s account, and no coupon for named customers or first orders applies to it. CARD is refused ' +
          'until a payment gateway is integrated. The address must be within the store’s delivery radius. ' +
          '400: malformed body, an item the store cannot sell now, a basket under the minimum order, a refused ' +
          'coupon, a payment mode the business does not take, an address the store does not deliver to ' +
          '(`fields` says which part and why). 401: missing or unknown key, no token, a token that is not a ' +
          'signed-in customer’s, or a secret key that is not the business’s or was revoked. 402: service ended. 403: the customer may not order now (the message says only that). ' +
          '404: unknown, deleted or another business’s store, or an address ' +
          'that is not the customer’s. 409: the business is not live (checked before the ' +
          'body is read), or the store takes no orders now: not Open, or outside its hours on the business’s ' +
          'clock (`fields.storeId` says which). 429: too many orders from ' +
          'one client address in a minute (`Retry-After` says when to try again). Only 201 writes anything.',
        headers: customerHeaders,
        body: storefrontOrderInputSchema,
        response: {
          201: storefrontOrderSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          402: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const order = await placeOrder(
        db,
        storefrontOf(request),
        request.body,
        request,
        deviceIdOf(request),
        payments,
      );
      app.metrics.orderPlaced();
      return reply.status(201).send(order);
    },
  );

  preflight('/storefront/slides', 'GET', 'reading the slides');

  app.get(
    '/storefront/slides',
    {
      config: { access: 'storefront', crossOrigin: true },
      onSend: withCors,
      schema: {
        tags: ['storefront'],
        summary: 'The home-page slides of the customer app, in position order',
        description:
          'Authenticated by the business’s publishable key in `X-Storefront-Key`. The business’s live slides ' +
          'that have an image, by position (then title), each with the absolute URL of its image. ' +
          '401: missing or unknown key. 402: service ended.',
        headers: storefrontHeaders,
        response: {
          200: z.object({ items: z.array(storefrontSlideSchema) }),
          401: errorEnvelopeSchema,
          402: errorEnvelopeSchema,
        },
      },
    },
    async (request) => ({
      items: await listStorefrontSlides(db, storefrontOf(request).id),
    }),
  );

  preflight('/storefront/business', 'GET', 'reading the business');
  app.get(
    '/storefront/business',
    {
      config: { access: 'storefront', crossOrigin: true },
      onSend: withCors,
      schema: {
        tags: ['storefront'],
        summary: 'The business as its customers see it',
        description:
          'Name, logo, theme, whether it takes orders (`live`), its time zone, the enabled payment modes (UPI ' +
          'with its receiver), helplines, the delivery charge and minimum order, and the referral programme while ' +
          'it is on. 401: missing or unknown key. 402: service ended.',
        headers: storefrontHeaders,
        response: { 200: storefrontBusinessSchema, 401: errorEnvelopeSchema, 402: errorEnvelopeSchema },
      },
    },
    async (request) => businessProfile(db, storefrontOf(request), payments !== null),
  );

  preflight('/storefront/stores', 'GET', 'finding the stores near a point');
  app.get(
    '/storefront/stores',
    {
      config: { access: 'storefront', crossOrigin: true },
      onSend: withCors,
      schema: {
        tags: ['storefront'],
        summary: 'The stores that deliver to a point, nearest first',
        description:
          'Every live store whose delivery radius covers the point (`lat`, `lng`), nearest first, with its ' +
          'distance in km (one decimal) and whether it takes orders now (`openNow`: Open and inside its hours on ' +
          'the business’s clock; `notice` says why not). Unserviceable stores are left out. ' +
          '400: a missing or impossible point. 401: missing or unknown key. 402: service ended.',
        headers: storefrontHeaders,
        querystring: storefrontPointQuerySchema,
        response: {
          200: storefrontStoreListSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          402: errorEnvelopeSchema,
        },
      },
    },
    async (request) => ({
      items: await storesNear(db, storefrontOf(request), request.query),
    }),
  );

  preflight('/storefront/stores/:storeId/catalogue', 'GET', 'reading a store’s catalogue');
  app.get(
    '/storefront/stores/:storeId/catalogue',
    {
      config: { access: 'storefront', crossOrigin: true },
      onSend: withCors,
      schema: {
        tags: ['storefront'],
        summary: 'A store’s categories and items',
        description:
          'The store (as the store list shows it), its categories by name, and its live items, featured first ' +
          'and then by name, out-of-stock ones flagged (`inStock: false`). `q` keeps the items whose name holds ' +
          'it (any case), `categoryId` one category’s. At most 1,000 items: `truncated` says there were more. ' +
          'A Closed store’s catalogue can be browsed. The answer has an `ETag`: sent back in `If-None-Match`, ' +
          'it is answered 304 with no body while nothing the answer holds has changed. ' +
          '400: a malformed query. 401: missing or unknown key. ' +
          '402: service ended. 404: unknown (or malformed), deleted or another business’s store.',
        headers: storefrontHeaders,
        params: z.object({ storeId: idParam }),
        querystring: storefrontCatalogueQuerySchema,
        response: {
          200: storefrontCatalogueSchema,
          304: z.undefined().describe('Not modified: the tag in If-None-Match is the answer’s'),
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          402: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const { tag, answer } = await catalogueOf(
        db,
        storefrontOf(request),
        request.params.storeId,
        request.query,
        request.headers['if-none-match'] ?? null,
      );
      // Kept by the browser, and asked for again each time with its tag: a 304 costs a fraction of the answer.
      void reply
        .header('etag', tag)
        .header('cache-control', 'private, no-cache')
        .header('vary', 'x-storefront-key');
      if (answer === null) return reply.code(304).send();
      return sendEncoded(answer, request, reply);
    },
  );

  preflight('/storefront/stores/:storeId/slots', 'GET', 'reading a store’s delivery slots');
  app.get(
    '/storefront/stores/:storeId/slots',
    {
      config: { access: 'storefront', crossOrigin: true },
      onSend: withCors,
      schema: {
        tags: ['storefront'],
        summary: 'A store’s delivery slots',
        description:
          'The delivery slots the store offers now (B19), earliest first: within its hours on the business’s ' +
          'clock, for today and the days ahead its rule says, those starting later than its cut-off from now, ' +
          'each with how many more orders it takes (`available`, 0 when full). An order books one by naming ' +
          'its `id` as `slotId`. None for a store that delivers as soon as possible only or is not Open. ' +
          '401: missing or unknown key. 402: service ended. ' +
          '404: unknown (or malformed), deleted or another business’s store.',
        headers: storefrontHeaders,
        params: z.object({ storeId: idParam }),
        response: {
          200: storefrontSlotListSchema,
          401: errorEnvelopeSchema,
          402: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request) => ({
      items: await slotsOfStore(db, storefrontOf(request), request.params.storeId),
    }),
  );

  preflight('/storefront/quote', 'POST', 'pricing a cart');
  app.post(
    '/storefront/quote',
    {
      config: { access: 'storefront', crossOrigin: true },
      preParsing: async (request) => {
        assertTakingOrders(storefrontOf(request));
      },
      onSend: withCors,
      schema: {
        tags: ['storefront'],
        summary: 'Price a cart exactly as an order of it would be priced; nothing is stored',
        description:
          'The bill an order of these items (and coupon) at this store would have now, with the refusals ' +
          'placing it would meet: 400 for an item the store cannot sell, a basket under the minimum order or a ' +
          'refused coupon (`fields` says which part and why); 404 for an unknown store; 409 when the business ' +
          'is not live or the store takes no orders now (`fields.storeId` says why: not Open, or its hours). ' +
          'Before sign-in a coupon for first orders is priced as if this were the first; the order decides. ' +
          'With a signed-in customer’s token the bill is theirs: their coupons, and without a coupon the ' +
          'referral programme’s offer on a referred customer’s first order (ADR 0041). ' +
          '401: missing or unknown key, or a token that names no customer. 402: service ended.',
        headers: customerHeaders,
        body: storefrontQuoteInputSchema,
        response: {
          200: storefrontQuoteSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          402: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
        },
      },
    },
    async (request) =>
      quoteOrder(db, storefrontOf(request), request.body, request.customer, deviceIdOf(request)),
  );

  app.get(
    '/storefront/orders',
    {
      config: { access: 'customer', crossOrigin: true },
      onSend: withCors,
      schema: {
        tags: ['storefront'],
        summary: 'The signed-in customer’s orders, newest first',
        description:
          'Only the customer’s own orders, each with its status and bill, and its `deliveryCode` while open. ' +
          '401: no signed-in customer. 402: service ended.',
        headers: customerHeaders,
        querystring: customerOrderListQuerySchema,
        response: {
          200: customerOrderListSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          402: errorEnvelopeSchema,
        },
      },
    },
    async (request) => listCustomerOrders(db, customerOf(request).scope, request.query),
  );

  preflight('/storefront/orders/:orderId', 'GET', 'following an order');
  app.get(
    '/storefront/orders/:orderId',
    {
      config: { access: 'customer', crossOrigin: true },
      onSend: withCors,
      schema: {
        tags: ['storefront'],
        summary: 'One of the signed-in customer’s orders, to follow it',
        description:
          'The order with its store’s phone and its status changes, oldest first, and its `deliveryCode` while ' +
          'open. 401: no signed-in customer. 402: service ended. 404: unknown, or another customer’s.',
        headers: customerHeaders,
        params: z.object({ orderId: idParam }),
        response: {
          200: customerOrderSchema,
          401: errorEnvelopeSchema,
          402: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request) =>
      getCustomerOrder(db, customerOf(request).scope, request.params.orderId, payments !== null),
  );

  preflight('/storefront/orders/:orderId/cancel', 'POST', 'cancelling an order');
  app.post(
    '/storefront/orders/:orderId/cancel',
    {
      config: { access: 'customer', crossOrigin: true },
      onSend: withCors,
      schema: {
        tags: ['storefront'],
        summary: 'The signed-in customer cancels their order, until the store confirms it',
        description:
          'With an optional reason of the customer’s list and a note. Answers the order, Cancelled, its ' +
          'stock given back. 400: a reason not on the list. 401: no signed-in customer. 402: service ended. ' +
          '404: unknown, or another customer’s. 409: the store has confirmed it, or it is closed.',
        headers: customerHeaders,
        params: z.object({ orderId: idParam }),
        // No body at all is a cancel without a reason.
        body: customerCancelSchema.nullish(),
        response: customerOrderChangeAnswers,
      },
    },
    async (request) => {
      const { scope } = customerOf(request);
      const { gatewayRefunds } = await cancelByCustomer(
        db,
        scope,
        request.params.orderId,
        request.body ?? {},
      );
      // Paid online: the refund goes to the gateway now (the sweep sends it again if it could not).
      if (gatewayRefunds.length > 0) await payments?.sendRefunds(gatewayRefunds);
      return getCustomerOrder(db, scope, request.params.orderId, payments !== null);
    },
  );

  preflight('/storefront/orders/:orderId/payment', 'POST', 'paying an order online');
  app.post(
    '/storefront/orders/:orderId/payment',
    {
      config: { access: 'customer', crossOrigin: true },
      onSend: withCors,
      schema: {
        tags: ['storefront'],
        summary: 'What the customer app opens the payment gateway’s checkout with, for an order paid online',
        description:
          'The gateway’s order for the bill (made on the first ask, kept after), the gateway’s public key id ' +
          'and checkout script, and when the order lapses unpaid (ADR 0072). 401: no signed-in customer. ' +
          '404: unknown, or another customer’s; or this server takes no online payment. 409: not paid online, ' +
          'or no longer awaiting its payment (paid, cancelled or lapsed), or what is due is less than the gateway ' +
          'takes (₹1). 503: the gateway did not answer.',
        headers: customerHeaders,
        params: z.object({ orderId: idParam }),
        response: {
          200: checkoutSchema,
          401: errorEnvelopeSchema,
          402: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          503: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      if (!payments) throw notFound();
      return payments.checkoutFor(customerOf(request).scope, request.params.orderId);
    },
  );

  preflight('/storefront/orders/:orderId/payment/verify', 'POST', 'sending the payment gateway’s answer');
  app.post(
    '/storefront/orders/:orderId/payment/verify',
    {
      config: { access: 'customer', crossOrigin: true },
      onSend: withCors,
      schema: {
        tags: ['storefront'],
        summary: 'The checkout’s answer for an order paid online: verified, it pays the order',
        description:
          'The payment id, the gateway’s order id and the signature the checkout answered. The signature must ' +
          'be the HMAC-SHA256 of "order id|payment id" under the key secret; the payment is then asked of ' +
          'the gateway, and pays the order when it is captured for its bill (once, however often it is sent, ' +
          'and whether the gateway’s webhook came first). Answers the order. 400: the answer is not the ' +
          'gateway’s, or names another order. 401: no signed-in customer. 404: unknown, or another customer’s. ' +
          '409: the payment did not go through. 503: the gateway did not answer.',
        headers: customerHeaders,
        params: z.object({ orderId: idParam }),
        body: checkoutAnswerSchema,
        response: { ...customerOrderChangeAnswers, 503: errorEnvelopeSchema },
      },
    },
    async (request) => {
      if (!payments) throw notFound();
      const { scope } = customerOf(request);
      await payments.verifyCheckout(scope, request.params.orderId, request.body);
      return getCustomerOrder(db, scope, request.params.orderId, payments !== null);
    },
  );

  preflight('/storefront/orders/:orderId/tip', 'POST', 'tipping the delivery executive');
  app.post(
    '/storefront/orders/:orderId/tip',
    {
      config: { access: 'customer', crossOrigin: true },
      onSend: withCors,
      schema: {
        tags: ['storefront'],
        summary:
          'What the customer app opens the payment gateway’s checkout with, to tip the executive who delivered',
        description:
          `A tip of ₹1 to ₹1,000, up to ${tipWithinHours} hours after delivery (ADR 0073); the gateway’s order for it is ` +
          'made once per amount. 401: no signed-in customer. 404: unknown, or another customer’s; or this server ' +
          'takes no online payment. 409: not delivered, delivered by no executive, too late, or tipped already. ' +
          '503: the gateway did not answer.',
        headers: customerHeaders,
        params: z.object({ orderId: idParam }),
        body: tipInputSchema,
        response: {
          200: checkoutSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          402: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          503: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      if (!payments) throw notFound();
      return payments.tipCheckout(
        customerOf(request).scope,
        request.params.orderId,
        request.body.amountPaise,
      );
    },
  );

  preflight(
    '/storefront/orders/:orderId/tip/verify',
    'POST',
    'sending the payment gateway’s answer for a tip',
  );
  app.post(
    '/storefront/orders/:orderId/tip/verify',
    {
      config: { access: 'customer', crossOrigin: true },
      onSend: withCors,
      schema: {
        tags: ['storefront'],
        summary: 'The checkout’s answer for a tip: verified, it pays the tip',
        description:
          'As for an order’s payment: the signature must be the gateway’s, the payment is asked of the gateway, and ' +
          'applied once, whether the webhook came first. Answers the tip. 400: not the gateway’s answer, or for ' +
          'another order. 404: unknown, or another customer’s. 409: the payment did not go through. 503: the ' +
          'gateway did not answer.',
        headers: customerHeaders,
        params: z.object({ orderId: idParam }),
        body: checkoutAnswerSchema,
        response: {
          200: tipSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          402: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          503: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      if (!payments) throw notFound();
      return payments.verifyTip(customerOf(request).scope, request.params.orderId, request.body);
    },
  );

  preflight('/storefront/orders/:orderId/rating', 'PUT', 'rating an order');
  app.put(
    '/storefront/orders/:orderId/rating',
    {
      config: { access: 'customer', crossOrigin: true },
      onSend: withCors,
      schema: {
        tags: ['storefront'],
        summary: 'The customer rates their delivered order: 1 to 5 stars and a comment, and its executive',
        description:
          'Given again within 14 days of delivery, the newer rating replaces the older (the order’s ' +
          '`ratingUntil` says until when). `executiveStars` (1 to 5, optional) rates the executive who ' +
          'delivered it (the order’s `deliveredBy`). Staff see it on the order and its timeline. Answers the order. ' +
          '400: stars or executiveStars not 1 to 5, executiveStars for an order no executive delivered, or a ' +
          'comment longer than 500 characters. 401: no signed-in customer. ' +
          '404: unknown, or another customer’s. 409: not delivered, or delivered more than 14 days ago.',
        headers: customerHeaders,
        params: z.object({ orderId: idParam }),
        body: ratingInputSchema,
        response: customerOrderChangeAnswers,
      },
    },
    async (request) => {
      const { scope } = customerOf(request);
      await rateOrder(db, scope, request.params.orderId, request.body);
      return getCustomerOrder(db, scope, request.params.orderId, payments !== null);
    },
  );

  preflight('/storefront/orders/:orderId/upi-paid', 'POST', 'saying an order is paid by UPI');
  app.post(
    '/storefront/orders/:orderId/upi-paid',
    {
      config: { access: 'customer', crossOrigin: true },
      onSend: withCors,
      schema: {
        tags: ['storefront'],
        summary: '"I have paid": the customer gives the UPI reference of their payment',
        description:
          'Staff see it beside "Mark payment received"; the order is paid only once they mark it. Answers ' +
          'the order. 400: not a UPI reference. 401: no signed-in customer. 404: unknown, or another ' +
          'customer’s. 409: not paid by UPI, already paid, or cancelled.',
        headers: customerHeaders,
        params: z.object({ orderId: idParam }),
        body: upiPaidSchema,
        response: customerOrderChangeAnswers,
      },
    },
    async (request) => {
      const { scope } = customerOf(request);
      await reportUpiPayment(db, scope, request.params.orderId, request.body);
      return getCustomerOrder(db, scope, request.params.orderId, payments !== null);
    },
  );
};
