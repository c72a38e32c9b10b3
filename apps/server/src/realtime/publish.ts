import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';

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
