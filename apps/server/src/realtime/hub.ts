import pg from 'pg';
import type { Database } from '../db/client.ts';
import { sql } from 'drizzle-orm';
import { EVENTS_CHANNEL } from './publish.ts';

export type StoredEvent = {
  id: number;
  business_id: string;
  zone_id: string | null;
  topic: string;
  action: string;
  record_id: string | null;
  session_id: string | null;
  created_at: string;
};

type Subscriber = { businessId: string; deliver: (event: StoredEvent) => void };

type Log = { info: (msg: string) => void; warn: (obj: unknown, msg?: string) => void };

const RECENT_IDS = 10_000;
/**
 * Deliveries (one event to one stream: a socket write) made before the hub
 * gives the event loop a turn. A thousand streams of one business take a
 * thousand writes per event, tens of milliseconds in one go, which would hold
 * every other request up as long.
 */
const DELIVERIES_PER_TURN = 50;

/** bigserial ids arrive as strings from json and some drivers. */
const withNumericId = (row: StoredEvent): StoredEvent => ({ ...row, id: Number(row.id) });
const RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * One LISTEN connection per server instance fans events out to the streams of
 * this instance. After a dropped connection it reconnects and replays what was
 * committed meanwhile, so no stream misses an event.
 */
export class EventHub {
  private client: pg.Client | null = null;
  private readonly subscribers = new Set<Subscriber>();
  private lastId = 0;
  private readonly recent = new Set<number>();
  /** Events waiting to be handed to their subscribers, in order of arrival. */
  private readonly pending: StoredEvent[] = [];
  private fanningOut = false;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: string,
    private readonly db: Database,
    private readonly log: Log,
  ) {}

  async start(): Promise<void> {
    const result = await this.db.execute<{ id: number | null }>(sql`SELECT max(id) AS id FROM events`);
    this.lastId = Number(result.rows[0]?.id ?? 0);
    await this.connect();
  }

  subscribe(businessId: string, deliver: (event: StoredEvent) => void): () => void {
    const subscriber = { businessId, deliver };
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  get size(): number {
    return this.subscribers.size;
  }

  /**
   * What a stream that reconnects with Last-Event-ID missed: every event after
   * that id, and the earlier ones whose transactions were still running when it
   * was written (they committed later, so the client cannot have seen them).
   * Delivered page by page, in id order.
   */
  async *replay(businessId: string, afterId: number, pageSize = 500): AsyncGenerator<StoredEvent[]> {
    const late = await this.db.execute<StoredEvent>(sql`
      SELECT e.id, e.business_id, e.zone_id, e.topic, e.action, e.record_id, e.session_id, e.created_at
      FROM events e, events last
      WHERE last.id = ${afterId} AND last.business_id = ${businessId}
        AND e.business_id = ${businessId} AND e.id < ${afterId}
        AND e.tx <> last.tx AND NOT pg_visible_in_snapshot(e.tx, last.snapshot)
      ORDER BY e.id`);
    if (late.rows.length > 0) yield late.rows.map(withNumericId);
    let cursor = afterId;
    for (;;) {
      const page = await this.db.execute<StoredEvent>(sql`
        SELECT id, business_id, zone_id, topic, action, record_id, session_id, created_at
        FROM events WHERE business_id = ${businessId} AND id > ${cursor}
        ORDER BY id LIMIT ${pageSize}`);
      if (page.rows.length === 0) return;
      const events = page.rows.map(withNumericId);
      yield events;
      if (events.length < pageSize) return;
      cursor = events[events.length - 1]!.id;
    }
  }

  /** Deletes events past their retention (run by the housekeeping of main.ts). */
  async prune(): Promise<void> {
    await this.db.execute(sql`DELETE FROM events WHERE created_at < ${new Date(Date.now() - RETENTION_MS)}`);
  }

  async stop(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.subscribers.clear();
    this.pending.length = 0;
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
    this.pending.push(event);
    if (!this.fanningOut) void this.fanOut();
  }

  /**
   * Hands each pending event to the subscribers of its business, event after
   * event in order of arrival (so every stream gets them in that order), with a
   * turn of the event loop after every DELIVERIES_PER_TURN deliveries. An event
   * goes to those subscribed when its turn comes, as it did when it arrived
   * (a subscriber that leaves meanwhile is skipped).
   */
  private async fanOut() {
    this.fanningOut = true;
    try {
      let delivered = 0;
      while (this.pending.length > 0 && !this.closed) {
        const event = this.pending.shift()!;
        const audience = [...this.subscribers].filter((s) => s.businessId === event.business_id);
        for (const subscriber of audience) {
          if (delivered === DELIVERIES_PER_TURN) {
            await new Promise((resolve) => setImmediate(resolve));
            delivered = 0;
          }
          if (!this.subscribers.has(subscriber)) continue;
          try {
            subscriber.deliver(event);
          } catch (error) {
            this.log.warn({ err: error }, 'delivering a live event failed');
          }
          delivered++;
        }
      }
    } finally {
      this.fanningOut = false;
    }
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (message) => {
      if (message.channel !== EVENTS_CHANNEL || !message.payload) return;
      const event = JSON.parse(message.payload) as StoredEvent;
      this.dispatch(withNumericId(event));
    });
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'event listener connection lost');
      this.scheduleReconnect();
    });
    client.on('end', () => this.scheduleReconnect());
    await client.connect();
    await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    this.client = client;
  }

  private scheduleReconnect(attempt = 0) {
    if (this.closed || this.reconnectTimer) return;
    this.client = null;
    const delay = Math.min(5000, 100 * 2 ** attempt);
    this.reconnectTimer = setTimeout(async () => {
      this.reconnectTimer = null;
      try {
        await this.connect();
        await this.catchUp();
        this.log.info('event listener reconnected');
      } catch {
        this.scheduleReconnect(attempt + 1);
      }
    }, delay);
  }

  /** Delivers what was committed while the listener was away. */
  private async catchUp() {
    const result = await this.db.execute<StoredEvent>(sql`
      SELECT id, business_id, zone_id, topic, action, record_id, session_id, created_at
      FROM events WHERE id > ${this.lastId - RECENT_IDS} ORDER BY id LIMIT 20000`);
    for (const row of result.rows) this.dispatch(withNumericId(row));
  }
}
