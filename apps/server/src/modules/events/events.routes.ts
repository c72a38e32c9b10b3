import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { LiveEvent } from '@storedesk/shared/events/schemas';
import { eventTopics } from '@storedesk/shared/events/topics';
import { isOwner } from '@storedesk/shared/levels';
import type { Database } from '../../db/client.ts';
import { authOf } from '../../plugins/access.ts';
import { drained, writeOrDrop } from '../../lib/backpressure.ts';
import type { EventHub, StoredEvent } from '../../realtime/hub.ts';
import { resolveSession, type AuthContext } from '../auth/auth.service.ts';
import { sessionToken } from '../../plugins/access.ts';

const HEARTBEAT_MS = 25_000;
const topics = new Set<string>(eventTopics);

function visibleTo(auth: AuthContext, event: StoredEvent): boolean {
  if (!topics.has(event.topic)) return false;
  return event.zone_id === null || isOwner(auth.user) || event.zone_id === auth.user.zoneId;
}

function toWire(event: StoredEvent): string {
  const body: LiveEvent = {
    id: String(event.id),
    topic: event.topic as LiveEvent['topic'],
    action: event.action,
    recordId: event.record_id,
    zoneId: event.zone_id,
    at: new Date(event.created_at).toISOString(),
  };
  return `id: ${event.id}\ndata: ${JSON.stringify(body)}\n\n`;
}

export const eventsRoutes: FastifyPluginAsyncZod<{ db: Database; hub: EventHub }> = async (
  app,
  { db, hub },
) => {
  // Open streams would keep the server from closing: end them first, and browsers reconnect.
  const openStreams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const close of openStreams) close();
  });

  app.get(
    '/events',
    {
      schema: {
        tags: ['events'],
        summary: 'Live updates as Server-Sent Events; reconnect with Last-Event-ID to replay what was missed',
        headers: z
          .object({
            'last-event-id': z
              .string()
              .regex(/^\d{1,18}$/)
              .optional(),
          })
          .loose(),
        response: {
          200: {
            description:
              'Messages of `id: <event id>` and `data: <LiveEvent JSON>`, and a comment every 25 s',
            content: { 'text/event-stream': { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const token = sessionToken(request)!.token;
      const lastEventId = Number(request.headers['last-event-id'] ?? 0);

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write('retry: 3000\n\n');

      let closed = false;
      const queue: StoredEvent[] = [];
      let replaying = true;
      const close = () => {
        if (closed) return;
        closed = true;
        openStreams.delete(close);
        unsubscribe();
        clearInterval(heartbeat);
        res.end();
      };
      const send = (event: StoredEvent) => {
        if (closed) return;
        if (event.topic === 'session' && event.session_id === auth.sessionId) return close();
        if (visibleTo(auth, event) && !writeOrDrop(res, toWire(event))) close();
      };
      // What a reconnecting stream was sent from the database. The notification of
      // such an event may still reach the hub after the replay, and is not sent
      // twice; by the first heartbeat every one has arrived, and the set goes.
      let replayed: Set<number> | null = new Set<number>();
      const unsubscribe = hub.subscribe(auth.business.id, (event) => {
        if (replaying) queue.push(event);
        else if (!replayed?.delete(event.id)) send(event);
      });
      const heartbeat = setInterval(async () => {
        replayed = null;
        // A stream lives no longer than its session: sign-out elsewhere or expiry ends it.
        const still = await resolveSession(db, token).catch(() => null);
        if (!still) return close();
        if (!closed && !writeOrDrop(res, ': ping\n\n')) close();
      }, HEARTBEAT_MS);
      request.raw.on('close', close);
      openStreams.add(close);

      if (lastEventId > 0) {
        try {
          for await (const page of hub.replay(auth.business.id, lastEventId)) {
            if (closed) break;
            for (const event of page) {
              replayed?.add(event.id);
              send(event);
            }
            // A page at a time, as fast as the client reads: a long absence is not held in memory.
            if (!(await drained(res))) break;
          }
        } catch (error) {
          request.log.warn({ err: error }, 'replaying missed events failed');
        }
      }
      for (const event of queue) if (!replayed?.delete(event.id)) send(event);
      replaying = false;
      queue.length = 0;
    },
  );
};
