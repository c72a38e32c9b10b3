import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { chooseBusinessResponseSchema, signInRequestSchema } from '@storedesk/shared/auth/schemas';
import {
  deliveryOrderListSchema,
  deliveryOrderSchema,
  deliverySessionSchema,
  deliverySignInResponseSchema,
  deliveryStatusChangeSchema,
  dutyInputSchema,
  dutySchema,
  locationInputSchema,
} from '@storedesk/shared/delivery/schemas';
import { deliveryCodeAttempts, positionPolicy } from '@storedesk/shared/delivery/rules';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import type { CustomerEvent } from '@storedesk/shared/events/schemas';
import {
  pushPublicKeySchema,
  pushSubscriptionInputSchema,
  pushSubscriptionRemovalSchema,
  pushSubscriptionSchema,
} from '@storedesk/shared/push/schemas';
import type { Database } from '#server/db/client.ts';
import { idParam, lastEventIdSchema, eventStreamAnswer } from '#server/lib/route-schemas.ts';
import { executiveReceives, executiveScopeOf } from '#server/lib/scope.ts';
import { authOf, sessionToken } from '#server/plugins/access.ts';
import type { OrderNews, PushDelivery } from '#server/modules/push/push.service.ts';
import type { EventHub } from '#server/realtime/hub.ts';
import { sseMessage, streamEvents, streamsClosedOnShutdown } from '#server/realtime/stream.ts';
import { parseCursor } from '#server/realtime/cursor.ts';
import { canUseDeliveryApp } from '@storedesk/shared/levels';
import * as auth from '#server/modules/auth/auth.service.ts';
import * as push from '#server/modules/push/push.service.ts';
import * as delivery from './delivery.service.ts';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};
const executive = { access: 'executive' as const };
const bearer = z.object({ authorization: z.string().optional() }).loose();

/**
 * The delivery app's API (B13, ADR 0042). Every route but sign-in takes the
 * executive's token as `Authorization: Bearer`; a staff member's token, or a
 * cookie, is 401 here, as an executive's is on the console's routes.
 */
export const deliveryRoutes: FastifyPluginAsyncZod<{
  db: Database;
  hub: EventHub;
  news: OrderNews;
  push: PushDelivery;
}> = async (app, { db, hub, news, push: pushDelivery }) => {
  const openStreams = streamsClosedOnShutdown(app);

  app.post(
    '/delivery/sign-in',
    {
      config: { access: 'public' },
      schema: {
        tags: ['delivery'],
        summary: 'A delivery executive signs in to the delivery app; answers the token to send as a bearer',
        description:
          'The console’s rules and throttling (ADR 0042). Anyone but a delivery executive with a zone gets 403 ' +
          '"You don’t have proper permissions to sign in" and no session. An e-mail with accounts in several ' +
          'businesses answers `{chooseBusiness}`: sign in again with `businessId`. No cookie is set.',
        body: signInRequestSchema,
        response: {
          200: z.union([deliverySignInResponseSchema, chooseBusinessResponseSchema]),
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const presented = sessionToken(request);
      return delivery.signIn(
        db,
        request.body,
        {
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
          previousToken: presented?.via === 'bearer' ? presented.token : null,
        },
        request.server.shops.originOf,
      );
    },
  );

  app.post(
    '/delivery/sign-out',
    {
      config: { ...executive, allowWhenServiceEnded: true },
      schema: { tags: ['delivery'], summary: 'End the executive’s session', response: { 204: z.null() } },
    },
    async (request, reply) => {
      await auth.signOut(db, authOf(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/delivery/session',
    {
      config: { ...executive, allowWhenServiceEnded: true },
      schema: {
        tags: ['delivery'],
        summary: 'The signed-in executive, their business and whether they are on duty',
        headers: bearer,
        response: { 200: deliverySessionSchema, 401: errorEnvelopeSchema },
      },
    },
    async (request) => delivery.session(db, authOf(request), request.server.shops.originOf),
  );

  app.put(
    '/delivery/duty',
    {
      config: executive,
      schema: {
        tags: ['delivery'],
        summary: 'Go on or off duty',
        description:
          'Only on-duty executives are offered first in the console’s picker, and only they may share their ' +
          'position. `since` moves only when the duty changes. Staff’s Dispatch hears of it live.',
        body: dutyInputSchema,
        response: { 200: dutySchema, ...errors },
      },
    },
    async (request) => delivery.setDuty(db, authOf(request), request.body.onDuty),
  );

  app.get(
    '/delivery/orders',
    {
      config: executive,
      schema: {
        tags: ['delivery'],
        summary: 'The executive’s open orders (Confirmed, Picked Up), oldest first',
        response: { 200: deliveryOrderListSchema, 401: errorEnvelopeSchema },
      },
    },
    async (request) => delivery.listOrders(db, authOf(request)),
  );

  app.post(
    '/delivery/orders/:orderId/status',
    {
      config: executive,
      schema: {
        tags: ['delivery'],
        summary:
          'Move one of the executive’s orders forward: Picked Up (2), then Delivered (-2) with the code',
        description:
          'An order not assigned to the caller is 404. Any move but Confirmed → Picked Up → Delivered is 403 ' +
          '(an executive never cancels). Delivered needs `code`, the 4 digits the customer’s app shows: missing ' +
          `or wrong is 400 on \`code\`; past ${deliveryCodeAttempts} codes tried for one order in 15 minutes (each counted ` +
          'before it is judged), 429 with Retry-After. For an unpaid cash-on-delivery order `cashCollected` must be ' +
          '`true` (400 on `cashCollected` otherwise); then ' +
          'the bill is recorded as collected by the executive and the order paid. 409: the order changed since ' +
          '`version` (with `current`, the order as it is now) or is closed.',
        params: z.object({ orderId: idParam }),
        body: deliveryStatusChangeSchema,
        response: { 200: deliveryOrderSchema, ...errors },
      },
    },
    async (request) => delivery.changeStatus(db, authOf(request), request.params.orderId, request.body, news),
  );

  app.post(
    '/delivery/location',
    {
      config: executive,
      schema: {
        tags: ['delivery'],
        summary: 'The device’s position while on duty',
        description:
          `409 while off duty; 429 when sooner than ${positionPolicy.serverMinIntervalMs / 1000} s after the last ` +
          'one taken. Staff’s Dispatch map shows it within a second; while the executive carries open orders it ' +
          `is kept as their trip’s trail, for ${positionPolicy.retentionDays} days.`,
        body: locationInputSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await delivery.recordLocation(db, authOf(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/delivery/events',
    {
      config: executive,
      schema: {
        tags: ['delivery'],
        summary:
          'The executive’s live updates as Server-Sent Events: each change of an order given to or taken from them',
        description:
          'Messages of `id: <event id>` and `data: {id, topic: "orders", action, recordId, at}`, and a comment ' +
          'every 25 s. Reconnect with `Last-Event-ID` to have what was missed. Ends with the session.',
        headers: bearer.extend({
          'last-event-id': lastEventIdSchema,
        }),
        response: {
          200: eventStreamAnswer('The executive’s order events'),
          401: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const context = authOf(request);
      const scope = executiveScopeOf(context);
      await streamEvents(request, reply, hub, {
        businessId: scope.businessId,
        from: parseCursor(request.headers['last-event-id']),
        toWire: (event) =>
          executiveReceives(scope, event)
            ? sseMessage(event, {
                id: String(event.id),
                topic: 'orders',
                action: event.action,
                recordId: event.record_id,
                at: new Date(event.created_at).toISOString(),
              } satisfies CustomerEvent)
            : null,
        session: { id: context.sessionId, check: auth.liveSessionCheck(db, canUseDeliveryApp) },
        openStreams,
      });
    },
  );

  app.get(
    '/delivery/push/public-key',
    {
      config: executive,
      schema: {
        tags: ['delivery'],
        summary: 'The VAPID public key, for pushManager.subscribe({ applicationServerKey })',
        response: { 200: pushPublicKeySchema, 401: errorEnvelopeSchema },
      },
    },
    async () => ({ publicKey: (await pushDelivery.vapidKeys()).publicKey }),
  );

  app.post(
    '/delivery/push-subscriptions',
    {
      config: executive,
      schema: {
        tags: ['delivery'],
        summary: 'Register the executive’s device for pushes of their new assignments (its PushSubscription)',
        description:
          '201 when new, 200 when renewed (the device becomes the caller’s). 400: the endpoint is not a push ' +
          'service’s https URL, or the keys are wrong. The business’s notifications to customers never go to it.',
        body: pushSubscriptionInputSchema,
        response: { 200: pushSubscriptionSchema, 201: pushSubscriptionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const context = authOf(request);
      const { subscription, created } = await push.registerSubscription(
        db,
        context.business,
        request.body,
        pushDelivery.allowlist,
        null,
        context.user.id,
      );
      return reply.status(created ? 201 : 200).send(subscription);
    },
  );

  app.delete(
    '/delivery/push-subscriptions',
    {
      config: executive,
      schema: {
        tags: ['delivery'],
        summary: 'Remove one of the executive’s devices, named by its endpoint',
        body: pushSubscriptionRemovalSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const context = authOf(request);
      await push.removeSubscription(db, context.business, request.body.endpoint, context.user.id);
      return reply.status(204).send(null);
    },
  );
};
