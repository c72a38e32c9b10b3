/**
 * The events table (ADR 0004): its rows written in the writer's own transaction, and read by the
 * live hub.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { acrossBusinesses, sqlOfBusiness } from '#server/lib/scope.ts';

/** The channel the `events_announce` trigger (migration 0006) notifies on for every event row. */
export const EVENTS_CHANNEL = 'storedesk_events';

/** The channel executives' positions are announced on: not events, nothing replays them (ADR 0042). */
export const POSITIONS_CHANNEL = 'storedesk_positions';

export type EventInput = {
  businessId: string;
  /** The zone the record belongs to; null when every zone of the business may see it. */
  zoneId: string | null;
  topic: string;
  action: string;
  recordId: string | null;
  sessionId?: string | null;
  /** The customer whose order it is, so their own live stream carries it. */
  customerId?: string | null;
  /** The delivery executives it concerns (the order's, and one it was taken from), for theirs. */
  executiveIds?: readonly string[] | null;
  /** What readers need to update what they show in place (ADR 0051): a value known before the write. */
  data?: unknown;
};

/**
 * The insert of an event row as SQL, for a write that records its event as part
 * of its own statement; with `source` (CTEs of that statement), one row for each
 * row of the source, so none when the write wrote nothing, and `data` may be an
 * expression over the source's rows (what the write wrote). The row's trigger
 * announces it.
 */
export function eventInsert(event: EventInput, source?: SQLWrapper, data?: SQL): SQL {
  const executives = event.executiveIds?.length ? `{${event.executiveIds.join(',')}}` : null;
  const value = data ?? (event.data === undefined ? sql`NULL` : sql`${JSON.stringify(event.data)}`);
  return sql`INSERT INTO events (business_id, zone_id, topic, action, record_id, session_id, customer_id, executive_ids, data)
    SELECT ${event.businessId}::uuid, ${event.zoneId}::uuid, ${event.topic}, ${event.action}, ${event.recordId},
           ${event.sessionId ?? null}::uuid, ${event.customerId ?? null}::uuid,
           ${executives}::uuid[], (${value})::jsonb${source ? sql` FROM ${source}` : sql``}`;
}

/**
 * Records an event in the caller's transaction; PostgreSQL delivers its
 * announcement only if and when that transaction commits.
 */
export async function publishEvent(db: Executor, event: EventInput): Promise<void> {
  await db.execute(eventInsert(event));
}

export type StoredEvent = {
  id: number;
  business_id: string;
  zone_id: string | null;
  topic: string;
  action: string;
  record_id: string | null;
  session_id: string | null;
  /** The customer whose order it is (orders' events only). */
  customer_id: string | null;
  /** The delivery executives an order's change concerns (orders' events only). */
  executive_ids: string[] | null;
  /** What a reader needs to update what it shows in place (ADR 0051), or null. */
  data: unknown;
  created_at: string;
  /** The writing transaction (xid8) and the snapshot it wrote under, as text (ADR 0071); null when not announced. */
  tx: string | null;
  snapshot: string | null;
  /** The cursor of a reader who has had this event and all before it (ADR 0071): set as the hub hands it out. */
  cursor?: string;
};

/** bigserial ids arrive as strings from json and some drivers. */
export const withNumericId = (row: StoredEvent): StoredEvent => ({
  ...row,
  id: Number(row.id),
  tx: row.tx ?? null,
  snapshot: row.snapshot ?? null,
});

/**
 * The newest event id and a snapshot of what has committed (pg_snapshot as text), read in one
 * statement: a listener that listened before it hears of every event committed after it.
 */
export async function findEventsHorizon(db: Executor): Promise<{ lastId: number; snapshot: string }> {
  const result = await db.execute<{ id: number | null; snapshot: string }>(
    sql`SELECT (SELECT max(id) FROM events) AS id, pg_current_snapshot()::text AS snapshot`,
  );
  const row = result.rows[0]!;
  return { lastId: Number(row.id ?? 0), snapshot: row.snapshot };
}

/**
 * The business's events before `afterId` whose transactions were still running when that event
 * was written (they may have committed after it), but for those of `seenTx`, the transactions whose
 * events the client has had (ADR 0071).
 */
export async function findLateEvents(
  db: Executor,
  businessId: string,
  afterId: number,
  seenTx: readonly string[] = [],
): Promise<StoredEvent[]> {
  const late = await db.execute<StoredEvent>(sql`
    SELECT e.id, e.business_id, e.zone_id, e.topic, e.action, e.record_id, e.session_id, e.customer_id, e.executive_ids, e.data, e.created_at,
           e.tx::text AS tx, e.snapshot::text AS snapshot
    FROM events e, events last
    WHERE last.id = ${afterId} AND ${sqlOfBusiness('last', { businessId })}
      AND ${sqlOfBusiness('e', { businessId })} AND e.id < ${afterId}
      AND e.tx <> last.tx AND NOT pg_visible_in_snapshot(e.tx, last.snapshot)
      AND NOT (e.tx = ANY(${`{${seenTx.join(',')}}`}::xid8[]))
    ORDER BY e.id`);
  return late.rows.map(withNumericId);
}

/** A page of the business's events after `afterId`, in id order. */
export async function findEventsAfter(
  db: Executor,
  businessId: string,
  afterId: number,
  limit: number,
): Promise<StoredEvent[]> {
  const page = await db.execute<StoredEvent>(sql`
    SELECT id, business_id, zone_id, topic, action, record_id, session_id, customer_id, executive_ids, data, created_at, tx::text AS tx, snapshot::text AS snapshot
    FROM events WHERE ${sqlOfBusiness(null, { businessId })} AND id > ${afterId}
    ORDER BY id LIMIT ${limit}`);
  return page.rows.map(withNumericId);
}

/**
 * Every business's events after `afterId` that had not committed in `seen` (a snapshot of
 * findEventsHorizon) and have now, at most `limit`, in id order: what a listener missed while away.
 */
export async function findEventsCommittedSince(
  db: Executor,
  seen: string,
  afterId: number,
  limit: number,
): Promise<StoredEvent[]> {
  const result = await db.execute<StoredEvent>(sql`
    SELECT id, business_id, zone_id, topic, action, record_id, session_id, customer_id, executive_ids, data, created_at, tx::text AS tx, snapshot::text AS snapshot
    FROM events WHERE id > ${afterId} AND NOT pg_visible_in_snapshot(tx, ${seen}::pg_snapshot)
    ORDER BY id LIMIT ${limit}`);
  return result.rows.map(withNumericId);
}

export async function deleteEventsBefore(db: Executor, before: Date): Promise<void> {
  await db.execute(
    sql`DELETE FROM events WHERE ${acrossBusinesses('housekeeping: every business’s events are kept as long', sql`created_at < ${before}`)}`,
  );
}
