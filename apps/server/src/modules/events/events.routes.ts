import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { LiveEvent } from '@storedesk/shared/events/schemas';
import { eventTopics } from '@storedesk/shared/events/topics';
import type { AuthContext } from '#server/lib/callers.ts';
import type { Database } from '#server/db/client.ts';
import { lastEventIdSchema, eventStreamAnswer } from '#server/lib/route-schemas.ts';
import { customerReceives, scopeOf, staffReceives } from '#server/lib/scope.ts';
import { authOf } from '#server/plugins/access.ts';
import type { EventHub, StoredEvent } from '#server/realtime/hub.ts';
import { sseMessage, streamEvents, streamsClosedOnShutdown } from '#server/realtime/stream.ts';
import { parseCursor } from '#server/realtime/cursor.ts';
import { liveSessionCheck } from '#server/modules/auth/auth.service.ts';
import { customerOf, storefrontOf } from '#server/plugins/access.ts';
import { cors, customerHeaders, registerPreflight } from '#server/lib/storefront-cors.ts';
import { liveCustomerSessionCheck } from '#server/modules/customers/customer-accounts.service.ts';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import type { CustomerEvent, OrderChange } from '@storedesk/shared/events/schemas';

const topics = new Set<string>(eventTopics);

/** What a staff member's stream carries: the console's topics, of the events their scope receives. */
function visibleTo(auth: AuthContext): (event: StoredEvent) => boolean {
  const scope = scopeOf(auth);
  return (event) => topics.has(event.topic) && staffReceives(scope, event);
}

/**
 * Each event's wire form, made once however many staff streams send it: every reader who may see
 * it reads the same bytes, written to each socket as they are.
 */
const wires = new WeakMap<StoredEvent, Uint8Array>();

function toWire(event: StoredEvent): Uint8Array {
  let wire = wires.get(event);
  if (wire === undefined) {
    const body: LiveEvent = {
      id: String(event.id),
      topic: event.topic as LiveEvent['topic'],
      action: event.action,
      recordId: event.record_id,
      zoneId: event.zone_id,
      at: new Date(event.created_at).toISOString(),
      // What an order's change made of it (ADR 0051): the order is of the zone the reader sees.
      ...(event.topic === 'orders' && event.data ? { change: event.data as OrderChange } : {}),
    };
    wire = Buffer.from(sseMessage(event, body));
    wires.set(event, wire);
  }
  return wire;
}

export const eventsRoutes: FastifyPluginAsyncZod<{ db: Database; hub: EventHub }> = async (
  app,
  { db, hub },
) => {
  const openStreams = streamsClosedOnShutdown(app);

  app.get(
    '/events',
    {
      schema: {
        tags: ['events'],
        summary: 'Live updates as Server-Sent Events; reconnect with Last-Event-ID to replay what was missed',
        headers: z
          .object({
            'last-event-id': lastEventIdSchema,
          })
          .loose(),
        response: {
          200: eventStreamAnswer(
            'Messages of `id: <event id>` and `data: <LiveEvent JSON>`, and a comment every 25 s',
          ),
        },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const visible = visibleTo(auth);
      await streamEvents(request, reply, hub, {
        businessId: auth.business.id,
        from: parseCursor(request.headers['last-event-id']),
        toWire: (event) => (visible(event) ? toWire(event) : null),
        session: { id: auth.sessionId, check: liveSessionCheck(db) },
        openStreams,
      });
    },
  );

  // A signed-in customer's own stream (ADR 0039): their orders' news and nothing else.
  registerPreflight(app, '/storefront/events', 'GET', 'a customer’s live stream');
  app.get(
    '/storefront/events',
    {
      config: { access: 'customer', crossOrigin: true },
      schema: {
        tags: ['storefront'],
        summary:
          'The signed-in customer’s live updates as Server-Sent Events: each change of one of their orders',
        description:
          'Messages of `id: <event id>` and `data: {id, topic: "orders", action, recordId, at}` (`action`: ' +
          '`created`, `status` or `updated`; `recordId`: the order), and a comment every 25 s. Reconnect with ' +
          '`Last-Event-ID` to have what was missed. The stream ends when the customer’s session does. ' +
          '401: missing key, or no signed-in customer.',
        headers: customerHeaders.extend({
          'last-event-id': lastEventIdSchema,
        }),
        response: {
          200: eventStreamAnswer('The customer’s order events'),
          401: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const storefront = storefrontOf(request);
      const { scope } = customerOf(request);
      await streamEvents(request, reply, hub, {
        businessId: storefront.id,
        from: parseCursor(request.headers['last-event-id']),
        toWire: (event) =>
          customerReceives(scope, event)
            ? sseMessage(event, {
                id: String(event.id),
                topic: 'orders',
                action: event.action,
                recordId: event.record_id,
                at: new Date(event.created_at).toISOString(),
              } satisfies CustomerEvent)
            : null,
        session: { id: customerOf(request).sessionId, check: liveCustomerSessionCheck(db) },
        headers: cors,
        openStreams,
      });
    },
  );
};
