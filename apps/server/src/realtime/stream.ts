import type { Writable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { drained, writeOrDrop } from '#server/lib/backpressure.ts';
import type { EventHub, StoredEvent } from './hub.ts';
import type { WatchedSession } from './session-watch.ts';
import { CursorTracker, type Cursor } from './cursor.ts';

const HEARTBEAT_MS = 25_000;

export type EventStream = {
  businessId: string;
  /** Where the client stood when it reconnected (its Last-Event-ID, ADR 0071); lastId 0 when new. */
  from: Cursor;
  /** The wire form of an event this reader may see (sseMessage with its cursor), or null (it is not theirs). */
  toWire: (event: StoredEvent) => string | Uint8Array | null;
  /** The reader's session: the stream ends with it (the hub's SessionWatch, ADR 0051). */
  session: WatchedSession;
  /** Headers beyond the stream's own (CORS, for the customer app). */
  headers?: Record<string, string>;
  /** The set of open streams' closers, which the server ends before it closes. */
  openStreams: Set<() => void>;
  heartbeatMs?: number;
};

/**
 * The closers of the streams a plugin opens, ended before the server closes: open streams would
 * keep it from closing, and browsers reconnect (to another instance, or to this one restarted).
 */
export function streamsClosedOnShutdown(app: FastifyInstance): Set<() => void> {
  const openStreams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const close of openStreams) close();
  });
  return openStreams;
}

/**
 * An event as a Server-Sent Events message, with the reader's cursor after it as its id (ADR 0071);
 * a replayed event has none (the cursor after the replay follows it on its own).
 */
export const sseMessage = (event: StoredEvent, body: unknown) =>
  `${event.cursor ? `id: ${event.cursor}\n` : ''}data: ${JSON.stringify(body)}\n\n`;

/**
 * Answers with the head of an event stream and gives the socket its messages are written to.
 * The body is not chunked: it runs until the connection closes, as an event stream does, so a
 * message goes to each reader's socket as it is, one buffer shared by every reader of it,
 * without the HTTP layer's framing and copying; with 10,000 streams open an event is that many
 * writes (ADR 0051).
 */
function openEventStream(res: FastifyReply['raw'], headers: Record<string, string> = {}): Writable {
  res.useChunkedEncodingByDefault = false;
  res.shouldKeepAlive = false;
  res.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
  });
  res.flushHeaders();
  const out = res.socket!;
  out.write('retry: 3000\n\n');
  return out;
}

/** An open live stream: what the events and positions streams share. */
type LiveStream = {
  out: Writable;
  isClosed: () => boolean;
  /** Writes `chunk`, or closes the stream when its reader has left too much unread. */
  write: (chunk: string | Uint8Array) => void;
  /** Runs `cleanup` when the stream closes. */
  onClose: (cleanup: () => void) => void;
  /** Ends the stream: its reader reconnects. */
  close: () => void;
};

/**
 * Answers the request with an event stream that lives as long as its reader and its session
 * (`hub.sessions`), with a comment every 25 s (`onPing` told first), and is ended before the
 * server closes (`openStreams`).
 */
function openLiveStream(
  request: FastifyRequest,
  reply: FastifyReply,
  hub: EventHub,
  stream: Pick<EventStream, 'session' | 'openStreams' | 'heartbeatMs' | 'headers'>,
  onPing?: () => void,
): LiveStream {
  reply.hijack();
  const res = reply.raw;
  const out = openEventStream(res, stream.headers);
  let closed = false;
  const cleanups: Array<() => void> = [];
  const close = () => {
    if (closed) return;
    closed = true;
    stream.openStreams.delete(close);
    clearInterval(heartbeat);
    for (const cleanup of cleanups) cleanup();
    res.end();
  };
  const write = (chunk: string | Uint8Array) => {
    if (!closed && !writeOrDrop(out, chunk)) close();
  };
  const heartbeat = setInterval(() => {
    onPing?.();
    write(': ping\n\n');
  }, stream.heartbeatMs ?? HEARTBEAT_MS);
  cleanups.push(hub.sessions.watch(stream.session, close));
  request.raw.on('close', close);
  stream.openStreams.add(close);
  return { out, isClosed: () => closed, write, onClose: (cleanup) => cleanups.push(cleanup), close };
}

/**
 * Answers the request with a live stream of the business's events that the reader may see
 * (`toWire`), as Server-Sent Events: first what it missed since `from` (from the database, a
 * page at a time as fast as it reads, then the cursor after it), then each new event as the hub
 * delivers it, its cursor as its id,
 * and a comment every 25 s. A reader who stops reading is dropped rather than buffered; one
 * whose session ends is closed (`hub.sessions`).
 */
export async function streamEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  hub: EventHub,
  stream: EventStream,
): Promise<void> {
  // What a reconnecting stream was sent from the database. The notification of
  // such an event may still reach the hub after the replay, and is not sent
  // twice; by the first heartbeat every one has arrived, and the set goes.
  let replayed: Set<number> | null = new Set<number>();
  const live = openLiveStream(request, reply, hub, stream, () => {
    replayed = null;
  });
  const queue: StoredEvent[] = [];
  let replaying = true;
  /** Writes the events this reader may see, at once. */
  const send = (events: readonly StoredEvent[]) => {
    if (live.isClosed()) return;
    const wires: Array<string | Uint8Array> = [];
    for (const event of events) {
      const wire = stream.toWire(event);
      if (wire !== null) wires.push(wire);
    }
    if (wires.length === 0) return;
    live.write(
      wires.length === 1
        ? wires[0]!
        : Buffer.concat(wires.map((wire) => (typeof wire === 'string' ? Buffer.from(wire) : wire))),
    );
  };
  live.onClose(
    hub.subscribe(stream.businessId, (events) => {
      if (replaying) queue.push(...events);
      else send(replayed ? events.filter((event) => !replayed?.delete(event.id)) : events);
    }),
  );

  if (stream.from.lastId > 0) {
    // Replayed events are sent without ids: where the reader stands after them is said once, at the
    // end, so a replay cut short is replayed again from where the reader stood before it.
    const after = new CursorTracker(stream.from);
    let whole = true;
    try {
      for await (const page of hub.replay(stream.businessId, stream.from)) {
        if (live.isClosed()) break;
        for (const event of page) {
          replayed?.add(event.id);
          after.note(event);
        }
        send(page);
        // A page at a time, as fast as the client reads: a long absence is not held in memory.
        if (!(await drained(live.out))) {
          whole = false;
          break;
        }
      }
    } catch (error) {
      whole = false;
      request.log.warn({ err: error }, 'replaying missed events failed');
    }
    if (!whole) {
      // What was not replayed must not be passed over by the cursors of the live events that
      // follow: the reader reconnects, from where it stood, and is replayed again.
      live.close();
      return;
    }
    send(queue.filter((event) => !replayed?.delete(event.id)));
    replaying = false;
    queue.length = 0;
    if (!live.isClosed()) {
      // The hub's cursor counts what it has handed out, which the replay and the queue have sent;
      // a hub behind what the replay read (its listener catching up) is not used.
      const handedOut = hub.cursorOf(stream.businessId);
      live.write(
        `id: ${handedOut && handedOut.highest >= after.highest ? handedOut.cursor : after.cursor}\n\n`,
      );
    }
    return;
  }
  send(queue);
  replaying = false;
  queue.length = 0;
}

/**
 * Answers the request with the live positions of the business's executives (of `zoneId`'s when
 * not null) as Server-Sent Events without ids (ADR 0042): nothing replays them, a reader that
 * reconnects reads the whole picture again. A comment every 25 s; a reader who stops reading is
 * dropped; the stream ends with the reader's session.
 */
export function streamPositions(
  request: FastifyRequest,
  reply: FastifyReply,
  hub: EventHub,
  stream: Pick<EventStream, 'businessId' | 'session' | 'openStreams' | 'heartbeatMs'> & {
    zoneId: string | null;
  },
): void {
  const live = openLiveStream(request, reply, hub, stream);
  live.onClose(hub.subscribePositions(stream.businessId, stream.zoneId, (wire) => live.write(wire)));
}
