import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';

export const EVENTS_CHANNEL = 'storedesk_events';

export type EventInput = {
  businessId: string;
  /** The zone the record belongs to; null when every zone of the business may see it. */
  zoneId: string | null;
  topic: string;
  action: string;
  recordId: string | null;
  sessionId?: string | null;
};

/**
 * Records an event in the caller's transaction and announces it; PostgreSQL
 * delivers the NOTIFY only if and when that transaction commits.
 */
export async function publishEvent(db: Executor, event: EventInput): Promise<void> {
  await db.execute(sql`
    WITH e AS (
      INSERT INTO events (business_id, zone_id, topic, action, record_id, session_id)
      VALUES (${event.businessId}, ${event.zoneId}, ${event.topic}, ${event.action}, ${event.recordId}, ${event.sessionId ?? null})
      RETURNING id, business_id, zone_id, topic, action, record_id, session_id, created_at
    )
    SELECT pg_notify(${EVENTS_CHANNEL}, row_to_json(e)::text) FROM e`);
}
