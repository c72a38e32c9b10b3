import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import {
  pushMessages,
  pushNotificationInputSchema,
  pushNotificationListQuerySchema,
  pushNotificationListSchema,
  pushNotificationSchema,
  pushPublicKeySchema,
  pushSubscriptionInputSchema,
  pushSubscriptionRemovalSchema,
  pushSubscriptionSchema,
} from '@storedesk/shared/push/schemas';
import type { Database } from '#server/db/client.ts';
import { perAddressLimit } from '#server/lib/rate-limit.ts';
import {
  customerHeaders,
  registerPreflight,
  storefrontHeaders,
  withCors,
} from '#server/lib/storefront-cors.ts';
import { authOf, storefrontOf } from '#server/plugins/access.ts';
import type { PushDelivery } from './delivery.ts';
import * as push from './push.service.ts';
import { PushSending } from './push.sending.ts';

/**
 * Push notifications to customers (D12, D13): the console's send and history
 * (owner only), and the customer app's subscriptions, authenticated by the
 * storefront key like the rest of the customer API.
 */
export const pushRoutes: FastifyPluginAsyncZod<{
  db: Database;
  delivery: PushDelivery;
  /** Subscription changes accepted from one client address in a minute. */
  subscriptionChangesPerMinute?: number;
}> = async (app, { db, delivery, subscriptionChangesPerMinute = 60 }) => {
  const { vapidKeys, senderOf, allowlist } = delivery;
  const sending = new PushSending(db, senderOf, app.log);
  // A send in progress finishes its pushes in flight and is recorded as stopped; nothing is left half-written.
  app.addHook('onClose', async () => {
    await sending.stop();
  });

  app.get(
    '/push-notifications',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['push'],
        summary: 'The sends to customers, newest first, and how many subscriptions a send would reach now',
        description:
          'A send still `sending` whose process stopped (no progress for 5 minutes) is listed as `failed`, with ' +
          'the counts it reached.',
        querystring: pushNotificationListQuerySchema,
        response: { 200: pushNotificationListSchema, 400: errorEnvelopeSchema },
      },
    },
    async (request) => push.listNotifications(db, authOf(request), request.query),
  );

  app.post(
    '/push-notifications',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['push'],
        summary: 'Send a notification to every customer app subscribed (Web Push), in the background',
        description:
          'Answers 202 at once with the send as recorded: `status` `sending`, `total` the subscriptions it is ' +
          'addressed to. Delivery runs in the background; `delivered`, `failed` and finally `status` `sent` are ' +
          'written as it goes, each announced as a live event of topic `push`. Each customer app receives the JSON ' +
          '`{"title","body"}` (body = the message), with TTL 24 hours and urgency normal.',
        body: pushNotificationInputSchema,
        response: { 202: pushNotificationSchema, 400: errorEnvelopeSchema },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await push.sendNotification(db, sending, authOf(request), request.body)),
  );

  // The customer app's side, called from pages on any origin (CORS `*`: only the publishable key is read).
  const rateLimit = perAddressLimit(
    subscriptionChangesPerMinute,
    60_000,
    pushMessages.tooManySubscriptionChanges,
  );

  registerPreflight(app, '/storefront/push/public-key', 'GET', 'reading the push public key');
  app.get(
    '/storefront/push/public-key',
    {
      config: { access: 'storefront', crossOrigin: true },
      onSend: withCors,
      schema: {
        tags: ['storefront'],
        summary: 'The VAPID public key, for pushManager.subscribe({ applicationServerKey })',
        description:
          'Authenticated by the business’s publishable key in `X-Storefront-Key`. The key is base64url, the ' +
          'uncompressed P-256 point. 401: missing or unknown key. 402: service ended.',
        headers: storefrontHeaders,
        response: { 200: pushPublicKeySchema, 401: errorEnvelopeSchema, 402: errorEnvelopeSchema },
      },
    },
    async () => ({ publicKey: (await vapidKeys()).publicKey }),
  );

  registerPreflight(
    app,
    '/storefront/push-subscriptions',
    'POST, DELETE',
    'subscribing to push or unsubscribing',
  );
  app.post(
    '/storefront/push-subscriptions',
    {
      config: { access: 'storefront', crossOrigin: true, rateLimit },
      onSend: withCors,
      schema: {
        tags: ['storefront'],
        summary: 'Register the PushSubscription of a customer’s browser (its toJSON()), or renew its keys',
        description:
          'Authenticated by the business’s publishable key in `X-Storefront-Key`. Sent with a signed-in ' +
          'customer’s bearer token as well, the subscription is that customer’s (an anonymous renewal keeps it ' +
          'theirs); a token that is not a signed-in customer’s is 401. 201 when new, 200 when the ' +
          'business already had this endpoint (its keys are replaced). 400: the endpoint is not an https URL on a ' +
          'public host (private, loopback, link-local and local names are refused, and so is a name that resolves ' +
          'to such an address), or the keys are not a P-256 public key and a 16-byte secret; `fields` says which ' +
          'and why. 401: missing or unknown key. 402: service ended. 429: too many changes from one client ' +
          'address in a minute. Only 200 and 201 write anything.',
        headers: customerHeaders,
        body: pushSubscriptionInputSchema,
        response: {
          200: pushSubscriptionSchema,
          201: pushSubscriptionSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          402: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const { subscription, created } = await push.registerSubscription(
        db,
        storefrontOf(request),
        request.body,
        allowlist,
        request.customer,
      );
      return reply.status(created ? 201 : 200).send(subscription);
    },
  );

  app.delete(
    '/storefront/push-subscriptions',
    {
      config: { access: 'storefront', crossOrigin: true, rateLimit },
      onSend: withCors,
      schema: {
        tags: ['storefront'],
        summary: 'Remove a subscription, named by its endpoint in the body (after pushManager unsubscribe)',
        description:
          'Authenticated by the business’s publishable key in `X-Storefront-Key`. 404 when this business has no ' +
          'subscription with that endpoint. 401: missing or unknown key. 402: service ended. 429: rate limited.',
        headers: storefrontHeaders,
        body: pushSubscriptionRemovalSchema,
        response: {
          204: z.null(),
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          402: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      await push.removeSubscription(db, storefrontOf(request), request.body.endpoint);
      return reply.status(204).send(null);
    },
  );
};
