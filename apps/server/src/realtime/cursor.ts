/**
 * Where a live stream's reader stands (ADR 0071): the `id:` of each message and the `Last-Event-ID`
 * it reconnects with. Ids are taken at insert and transactions commit in any order, so the last id a
 * reader saw is not enough to know what it has: the events of transactions still running when that
 * event was written (its "late" events) may have reached it before it, after it, or not yet. A
 * cursor is the highest id seen and the transactions among its late events already seen:
 * `1234` or `1234.881.884`. A reconnect is sent the late events of other transactions, then every
 * later id, so an event reaches a reader once.
 */

/** A pg_snapshot: transactions below xmin had ended, those from xmax on had not begun, xip were running. */
export type Snapshot = { xmin: bigint; xmax: bigint; xip: ReadonlySet<bigint> };

/** Reads a pg_snapshot's text form, `xmin:xmax:xip,xip`, or null for anything else. */
export function parseSnapshot(text: string | null | undefined): Snapshot | null {
  const match = text ? /^(\d+):(\d+):((?:\d+(?:,\d+)*)?)$/.exec(text) : null;
  if (!match) return null;
  return {
    xmin: BigInt(match[1]!),
    xmax: BigInt(match[2]!),
    xip: new Set(match[3] ? match[3].split(',').map((xid) => BigInt(xid)) : []),
  };
}

/** Whether `tx` had committed (or ended) for a reader of `snapshot`: pg_visible_in_snapshot. */
export function visibleIn(tx: bigint, snapshot: Snapshot): boolean {
  return tx < snapshot.xmin || (tx < snapshot.xmax && !snapshot.xip.has(tx));
}

export type Cursor = {
  /** The highest event id seen, or 0. */
  lastId: number;
  /** Transactions of events before lastId, invisible to its snapshot, that the reader has seen. */
  seenTx: readonly string[];
};

/** A cursor names at most this many transactions; one left out is sent again, never lost. */
export const CURSOR_MAX_TX = 64;

/** The header's form, as lastEventIdSchema admits it. */
export const CURSOR_PATTERN = /^\d{1,18}(\.\d{1,20}){0,64}$/;

/** A Last-Event-ID as a cursor: a plain id (every client before ADR 0071) has seen no late event. */
export function parseCursor(header: string | undefined): Cursor {
  if (!header || !CURSOR_PATTERN.test(header)) return { lastId: 0, seenTx: [] };
  const [id, ...seenTx] = header.split('.');
  return { lastId: Number(id), seenTx };
}

export function formatCursor(cursor: Cursor): string {
  return [String(cursor.lastId), ...cursor.seenTx.slice(0, CURSOR_MAX_TX)].join('.');
}

/** What the cursor needs of an event: its id, its transaction and the snapshot it was written under. */
export type CursorEvent = { id: number; tx: string | null; snapshot: string | null };

/** Events remembered to find, when a higher id arrives, those of its late events already seen. */
const REMEMBERED = 256;

/**
 * A reader's cursor as events reach it in the order they are sent (the order of commit, as
 * notifications arrive). What it cannot tell (an event older than the last REMEMBERED, a snapshot
 * too long to be announced) it leaves out of the cursor, so the reconnect sends that event again:
 * an error of this cursor is a repeat, never a loss.
 */
export class CursorTracker {
  private lastId: number;
  private lastTx: string | null = null;
  private seen: Set<string>;
  private readonly recent: Array<{ id: number; tx: string; xid: bigint }> = [];
  private text: string;

  constructor(start: Cursor = { lastId: 0, seenTx: [] }) {
    this.lastId = start.lastId;
    this.seen = new Set(start.seenTx);
    this.text = formatCursor(start);
  }

  get cursor(): string {
    return this.text;
  }

  get highest(): number {
    return this.lastId;
  }

  /** Takes `event` as seen and answers the cursor after it. */
  note(event: CursorEvent): string {
    if (event.id > this.lastId) {
      this.lastId = event.id;
      this.lastTx = event.tx;
      this.seen = new Set();
      const snapshot = parseSnapshot(event.snapshot);
      if (snapshot) {
        for (const earlier of this.recent) {
          if (earlier.tx !== event.tx && earlier.id < event.id && !visibleIn(earlier.xid, snapshot))
            this.seen.add(earlier.tx);
        }
      }
    } else if (event.tx !== null && event.tx !== this.lastTx) {
      // Sent after a higher id, so it committed after it: one of its late events. (One that is not
      // changes nothing: the reconnect would not send it anyway.)
      this.seen.add(event.tx);
    }
    if (event.tx !== null) {
      this.recent.push({ id: event.id, tx: event.tx, xid: BigInt(event.tx) });
      if (this.recent.length > REMEMBERED) this.recent.shift();
    }
    this.text = formatCursor({ lastId: this.lastId, seenTx: [...this.seen] });
    return this.text;
  }
}
