import type { StoredEvent } from './events.repository.ts';

/**
 * Of some sessions (by id), those still live, each marked as used now (an open live stream is
 * use: its session does not end idle while it is open). One query for all of them.
 */
export type SessionCheck = (sessionIds: string[]) => Promise<Set<string>>;

/** The session an open stream lives by, and how sessions of its kind are checked. */
export type WatchedSession = { id: string; check: SessionCheck };

type Log = { warn: (obj: unknown, msg?: string) => void };

/** Sessions checked at once at most this many: one statement's array of ids. */
const CHECK_BATCH = 5000;

/**
 * The sessions behind this instance's open live streams (ADR 0051). A session that ends by
 * sign-out, a new password or its person being removed or moved is announced as a `session`
 * event, which closes its streams at once. What ends without one (expiry, idleness, a business
 * removed) is found by a sweep every `everyMs`: one query per kind of session for every stream
 * open, instead of one per stream. A sweep that fails keeps the streams (the database may be
 * back at the next); a stream's own writes still drop a reader that is gone.
 */
export class SessionWatch {
  private readonly watched = new Map<string, { check: SessionCheck; closers: Set<() => void> }>();
  private timer: NodeJS.Timeout | null = null;
  private sweeping = false;

  constructor(
    private readonly log: Log,
    private readonly everyMs = 25_000,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.sweep(), this.everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.watched.clear();
  }

  /** Closes `close`'s stream when its session ends; answers the function that stops watching. */
  watch(session: WatchedSession, close: () => void): () => void {
    let entry = this.watched.get(session.id);
    if (!entry) this.watched.set(session.id, (entry = { check: session.check, closers: new Set() }));
    entry.closers.add(close);
    return () => {
      const current = this.watched.get(session.id);
      if (!current) return;
      current.closers.delete(close);
      if (current.closers.size === 0) this.watched.delete(session.id);
    };
  }

  /** How many sessions are watched (for metrics and tests). */
  get size(): number {
    return this.watched.size;
  }

  /** Every event the hub receives: a session's end closes its streams. */
  noteEvent(event: StoredEvent): void {
    if (event.topic !== 'session' || event.session_id === null) return;
    this.end(event.session_id);
  }

  /** Checks every watched session, a query per kind (and per CHECK_BATCH), and closes the ended ones' streams. */
  async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      const byCheck = new Map<SessionCheck, string[]>();
      for (const [id, { check }] of this.watched) {
        const ids = byCheck.get(check);
        if (ids) ids.push(id);
        else byCheck.set(check, [id]);
      }
      for (const [check, ids] of byCheck) {
        for (let at = 0; at < ids.length; at += CHECK_BATCH) {
          const batch = ids.slice(at, at + CHECK_BATCH);
          let live: Set<string>;
          try {
            live = await check(batch);
          } catch (error) {
            this.log.warn({ err: error }, 'checking the sessions of live streams failed');
            continue;
          }
          for (const id of batch) if (!live.has(id)) this.end(id);
        }
      }
    } finally {
      this.sweeping = false;
    }
  }

  private end(sessionId: string): void {
    const entry = this.watched.get(sessionId);
    if (!entry) return;
    this.watched.delete(sessionId);
    for (const close of entry.closers) close();
  }
}
