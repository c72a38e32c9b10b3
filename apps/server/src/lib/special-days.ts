import { sql, type AnyColumn } from 'drizzle-orm';
import type { SpecialDay } from '@storedesk/shared/stores/special-days';

/** The first day of a store's special days it answers and its form sends back: yesterday, by the database's calendar. */
export const specialDaysShownFrom = sql`current_date - 1`;

/**
 * A store's holidays and special hours from yesterday on (B19, ADR 0080), by day: yesterday, as the
 * business's today may be the database's yesterday.
 */
export function specialDaysOf(storeId: AnyColumn) {
  return sql<SpecialDay[]>`(SELECT coalesce(jsonb_agg(jsonb_build_object('day', to_char(d.day, 'YYYY-MM-DD'),
      'closed', d.open_time IS NULL, 'openTime', to_char(d.open_time, 'HH24:MI'),
      'closeTime', to_char(d.close_time, 'HH24:MI'), 'reason', d.reason) ORDER BY d.day), '[]'::jsonb)
    FROM store_special_days d WHERE d.store_id = ${storeId} AND d.day >= ${specialDaysShownFrom})`;
}
