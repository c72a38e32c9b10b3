import pg from 'pg';
import type { Database } from '#server/db/client.ts';
import { staffSeesPosition } from '#server/lib/scope.ts';
import * as events from './events.repository.ts';
import { backoffMs, retry } from '@storedesk/shared/retry';
import { SessionWatch } from './session-watch.ts';
import { CursorTracker, type Cursor } from './cursor.ts';

export type StoredEvent = events.StoredEvent;

/** An executive's position as announced on POSITIONS_CHANNEL (ADR 0042): short keys, it goes often. */
export type PositionNote = {
  /** business, zone and executive */
  b: string;
  z: string | null;
  id: string;
  lat: number;
  lng: number;
  /** accuracy in metres, or null */
  a: number | null;
  /** when, ISO */
  t: string;
};

type PositionSubscriber = {
  businessId: string;
  /** The zone the reader sees, or null for every zone. */
  zoneId: string | null;
  deliver: (wire: string) => void;
};

/** Positions are handed on in batches this often: the map moves smoothly and a stream gets 2 writes a second. */
const POSITION_BATCH_MS = 250;

type Subscriber = { businessId: string; deliver: (events: readonly StoredEvent[]) => void };

type Log = { info: (msg: string) => void; warn: (obj: unknown, msg?: string) => void };

/**
 * Ids of the events handed out lately, kept to hand none out twice. Also how far below the newest
 * id the catch-up after a reconnect looks for transactions that committed late.
 */
const RECENT_IDS = 10_000;
/** Events read at a time when catching up after a reconnect. */
const CATCH_UP_PAGE = 5_000;
/**
 * Deliveries (what has arrived to one stream: a socket write) made before the
 * hub gives the event loop a turn. A thousand streams of one business take a
 * thousand writes, tens of milliseconds in one go, which would hold every
 * other request up as long.
 */
const DELIVERIES_PER_TURN = 50;

const RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * One LISTEN connection per server instance fans events out to the streams of
 * this instance. After a dropped connection it reconnects and replays what was
 * committed meanwhile, so no stream misses an event.
 */
export class EventHub {
  private client: pg.Client | null = null;
  /** The streams of each business. */
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  private readonly positionSubscribers = new Set<PositionSubscriber>();
  /** Positions waiting for the next batch, the latest per executive, per business. */
  private readonly positions = new Map<string, Map<string, PositionNote>>();
  private positionTimer: NodeJS.Timeout | null = null;
  private lastId = 0;
  /**
   * A snapshot of the database (pg_snapshot, as text) taken while the listener listened: every event
   * committed in it has been handed out, or was committed before the hub started, before any stream
   * opened. A catch-up hands out only what committed since, so no stream is sent what it predates.
   */
  private seen = '';
  private readonly recent = new Set<number>();
  /** Each business's readers' cursor as its events are handed out (ADR 0071). */
  private readonly cursors = new Map<string, CursorTracker>();
  /**
   * Set from a lost connection until the catch-up after it is done: notifications of the new
   * connection wait in `held`, so that streams get what was committed while away before what
   * committed after.
   */
  private catchingUp = false;
  private readonly held: StoredEvent[] = [];
  /** Events waiting to be handed to their subscribers, in order of arrival. */
  private readonly pending: StoredEvent[] = [];
  private fanningOut = false;
  /** When the oldest event waiting to go out arrived. */
  private pendingSince = 0;
  private readonly fanOutListeners = new Set<(seconds: number) => void>();
  private closed = false;
  private reconnecting = false;
  /** Aborted by stop(): a reconnect waiting for its next try gives up at once. */
  private readonly stopped = new AbortController();

  /** The sessions of this instance's open streams, closed when they end (ADR 0051). */
  readonly sessions: SessionWatch;

  constructor(
    private readonly url: string,
    private readonly db: Database,
    private readonly log: Log,
  ) {
    this.sessions = new SessionWatch(log);
  }

  async start(): Promise<void> {
    await this.connect();
    const horizon = await events.findEventsHorizon(this.db);
    this.lastId = Math.max(this.lastId, horizon.lastId);
    this.seen = horizon.snapshot;
    this.sessions.start();
  }

  /**
   * Hands the business's events to `deliver` as they arrive, in order: those that arrive together
   * (or while the last ones were going out) in one call, so a stream writes them at once.
   */
  subscribe(businessId: string, deliver: (events: readonly StoredEvent[]) => void): () => void {
    const subscriber = { businessId, deliver };
    let ofBusiness = this.subscribers.get(businessId);
    if (!ofBusiness) this.subscribers.set(businessId, (ofBusiness = new Set()));
    ofBusiness.add(subscriber);
    return () => {
      const current = this.subscribers.get(businessId);
      if (current?.delete(subscriber) && current.size === 0) this.subscribers.delete(businessId);
    };
  }

  /**
   * Batches of the business's executives' positions (of `zoneId`'s, when not null), as the
   * `data:` line of a Server-Sent Event, every POSITION_BATCH_MS while any arrive.
   */
  subscribePositions(businessId: string, zoneId: string | null, deliver: (wire: string) => void): () => void {
    const subscriber = { businessId, zoneId, deliver };
    this.positionSubscribers.add(subscriber);
    return () => this.positionSubscribers.delete(subscriber);
  }

  /** Tells `listener` how long each round of events took to go out, from the arrival of its first (metrics). */
  onFanOut(listener: (seconds: number) => void): void {
    this.fanOutListeners.add(listener);
  }

  get size(): number {
    let size = 0;
    for (const ofBusiness of this.subscribers.values()) size += ofBusiness.size;
    return size;
  }

  /**
   * What a stream that reconnects with Last-Event-ID missed (ADR 0071): the events before its last
   * id whose transactions were still running when that one was written, but for the transactions
   * it names as had; then every event after that id. Delivered page by page, in id order.
   */
  async *replay(businessId: string, from: Cursor, pageSize = 500): AsyncGenerator<StoredEvent[]> {
    const late = await events.findLateEvents(this.db, businessId, from.lastId, from.seenTx);
    if (late.length > 0) yield late;
    let cursor = from.lastId;
    for (;;) {
      const page = await events.findEventsAfter(this.db, businessId, cursor, pageSize);
      if (page.length === 0) return;
      yield page;
      if (page.length < pageSize) return;
      cursor = page[page.length - 1]!.id;
    }
  }

  /**
   * The cursor of a reader of the business who has had every event this hub has handed out
   * (ADR 0071), and its highest id; null before the hub has handed out one.
   */
  cursorOf(businessId: string): { cursor: string; highest: number } | null {
    const tracker = this.cursors.get(businessId);
    return tracker ? { cursor: tracker.cursor, highest: tracker.highest } : null;
  }

  /** Deletes events past their retention (run by the housekeeping of main.ts). */
  async prune(): Promise<void> {
    await events.deleteEventsBefore(this.db, new Date(Date.now() - RETENTION_MS));
  }

  async stop(): Promise<void> {
    this.closed = true;
    this.stopped.abort();
    this.sessions.stop();
    this.subscribers.clear();
    this.cursors.clear();
    this.positionSubscribers.clear();
    if (this.positionTimer) clearTimeout(this.positionTimer);
    this.pending.length = 0;
    this.held.length = 0;
    await this.client?.end().catch(() => undefined);
  }

  /**
   * Ids are taken at insert but transactions commit in any order, so a later
   * id can arrive first: remember recent ids rather than trusting a watermark.
   */
  private dispatch(event: StoredEvent) {
    if (this.recent.has(event.id)) return;
    this.recent.add(event.id);
    if (this.recent.size > RECENT_IDS) this.recent.delete(this.recent.values().next().value!);
    this.lastId = Math.max(this.lastId, event.id);
    let tracker = this.cursors.get(event.business_id);
    if (!tracker) this.cursors.set(event.business_id, (tracker = new CursorTracker()));
    event.cursor = tracker.note(event);
    this.sessions.noteEvent(event);
    if (this.pending.length === 0) this.pendingSince = performance.now();
    this.pending.push(event);
    // Once the notifications that came in together are all pending: they go out as one round.
    if (!this.fanningOut) {
      this.fanningOut = true;
      queueMicrotask(() => void this.fanOut());
    }
  }

  /**
   * Hands what is pending to the subscribers of each event's business: every event that has
   * arrived goes out together, each subscriber getting its business's in order of arrival in one
   * call, with a turn of the event loop after every DELIVERIES_PER_TURN subscribers. What arrives
   * meanwhile goes out next, in the same way, so every stream gets the events in that order, and
   * a busy moment costs each stream a write per round rather than one per event. Events go to
   * those subscribed when their round comes (a subscriber that leaves meanwhile is skipped).
   */
  private async fanOut() {
    this.fanningOut = true;
    try {
      while (this.pending.length > 0 && !this.closed) {
        const since = this.pendingSince;
        const byBusiness = new Map<string, StoredEvent[]>();
        for (const event of this.pending.splice(0)) {
          const events = byBusiness.get(event.business_id);
          if (events) events.push(event);
          else byBusiness.set(event.business_id, [event]);
        }
        let delivered = 0;
        for (const [businessId, events] of byBusiness) {
          const ofBusiness = this.subscribers.get(businessId);
          if (!ofBusiness) continue;
          for (const subscriber of [...ofBusiness]) {
            if (delivered === DELIVERIES_PER_TURN) {
              await new Promise((resolve) => setImmediate(resolve));
              delivered = 0;
            }
            if (!ofBusiness.has(subscriber)) continue;
            try {
              subscriber.deliver(events);
            } catch (error) {
              this.log.warn({ err: error }, 'delivering a live event failed');
            }
            delivered++;
          }
        }
        const seconds = (performance.now() - since) / 1000;
        for (const listener of this.fanOutListeners) listener(seconds);
      }
    } finally {
      this.fanningOut = false;
    }
  }

  private notePosition(note: PositionNote) {
    if (this.closed) return;
    let batch = this.positions.get(note.b);
    if (!batch) this.positions.set(note.b, (batch = new Map()));
    batch.set(note.id, note);
    this.positionTimer ??= setTimeout(() => this.flushPositions(), POSITION_BATCH_MS);
  }

  /** Hands each business's batch to its readers, each batch serialised once per zone seen. */
  private flushPositions() {
    this.positionTimer = null;
    const batches = [...this.positions];
    this.positions.clear();
    for (const [businessId, batch] of batches) {
      const wires = new Map<string | null, string | null>();
      const wireFor = (zoneId: string | null) => {
        if (!wires.has(zoneId)) {
          const positions = [...batch.values()]
            .filter((note) => staffSeesPosition({ zoneId }, note.z))
            .map((note) => ({ id: note.id, lat: note.lat, lng: note.lng, accuracy: note.a, seenAt: note.t }));
          wires.set(zoneId, positions.length === 0 ? null : `data: ${JSON.stringify({ positions })}\n\n`);
        }
        return wires.get(zoneId)!;
      };
      for (const subscriber of this.positionSubscribers) {
        if (subscriber.businessId !== businessId) continue;
        const wire = wireFor(subscriber.zoneId);
        if (wire === null) continue;
        try {
          subscriber.deliver(wire);
        } catch (error) {
          this.log.warn({ err: error }, 'delivering positions failed');
        }
      }
    }
  }

  /** A new listening connection, made the hub's once it listens. */
  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (message) => {
      if (!message.payload) return;
      if (message.channel === events.POSITIONS_CHANNEL)
        return this.notePosition(JSON.parse(message.payload) as PositionNote);
      if (message.channel !== events.EVENTS_CHANNEL) return;
      const event = events.withNumericId(JSON.parse(message.payload) as StoredEvent);
      if (this.catchingUp) this.held.push(event);
      else this.dispatch(event);
    });
    // Only the hub's listening connection matters: a try that failed is the reconnect's to handle.
    const lost = () => {
      if (this.client !== client) return;
      this.client = null;
      this.scheduleReconnect();
    };
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'event listener connection lost');
      lost();
    });
    client.on('end', lost);
    try {
      await client.connect();
      await client.query(`LISTEN ${events.EVENTS_CHANNEL}; LISTEN ${events.POSITIONS_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.client = client;
    return client;
  }

  /**
   * Connects again after the listener's connection was lost, waiting 100 ms
   * before the first try and doubling up to 5 s between tries, for as long as
   * the hub runs, and delivers what was committed meanwhile.
   */
  private scheduleReconnect() {
    if (this.closed || this.reconnecting) return;
    this.reconnecting = true;
    this.catchingUp = true;
    const waits = { firstMs: 100, maxMs: 5000 };
    void retry(
      async () => {
        const client = await this.connect();
        try {
          await this.catchUp();
        } catch (error) {
          // Tried again whole: a listener that missed the catch-up would miss those events.
          this.client = null;
          await client.end().catch(() => undefined);
          throw error;
        }
      },
      {
        firstWaitMs: waits.firstMs,
        waitsMs: (failed) => backoffMs(failed, waits),
        signal: this.stopped.signal,
      },
    ).then(
      () => {
        this.catchingUp = false;
        for (const event of this.held.splice(0)) this.dispatch(event);
        this.reconnecting = false;
        // Lost again while catching up: once more.
        if (this.client === null) this.scheduleReconnect();
        else this.log.info('event listener reconnected');
      },
      () => {
        // Aborted by stop(): nothing more to do.
      },
    );
  }

  /**
   * Delivers what was committed while the listener was away: the events that had not committed in
   * the last snapshot taken while it listened and have now, and not those it has handed out
   * already. Ids are taken at insert, not at commit, so a transaction that committed while it was
   * away may hold ids up to RECENT_IDS below the newest it saw. The snapshot taken here, after the
   * new connection listens, is the next catch-up's start: what commits after it is announced.
   */
  private async catchUp() {
    const horizon = await events.findEventsHorizon(this.db);
    for (let cursor = this.lastId - RECENT_IDS; ;) {
      const page = await events.findEventsCommittedSince(this.db, this.seen, cursor, CATCH_UP_PAGE);
      for (const event of page) this.dispatch(event);
      if (page.length < CATCH_UP_PAGE) break;
      cursor = page.at(-1)!.id;
    }
    this.seen = horizon.snapshot;
  }
}
