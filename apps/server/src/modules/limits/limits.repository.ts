import { and, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { signInThrottle, smsUsage } from '#server/db/schema.ts';
import { acrossBusinesses, sqlOfBusiness } from '#server/lib/scope.ts';

/** A key's count of attempts in its current window. */
export type Counted = { key: string; count: number; windowStartedAt: Date };

/**
 * Counts one attempt on every key in one statement and answers each key's count with it, a key
 * whose window started at or before `windowStart` starting a new one. The rows are taken in key
 * order, so statements counting overlapping keys at once wait on each other in one order, never
 * in a cycle.
 */
export async function countAttempt(db: Executor, keys: string[], windowStart: Date): Promise<Counted[]> {
  const sorted = [...new Set(keys)].sort();
  const expired = sql`${signInThrottle.windowStartedAt} <= ${windowStart}`;
  const rows = await db
    .insert(signInThrottle)
    .values(sorted.map((key) => ({ key, failures: 1, windowStartedAt: sql`now()` })))
    .onConflictDoUpdate({
      target: signInThrottle.key,
      set: {
        failures: sql`CASE WHEN ${expired} THEN 1 ELSE ${signInThrottle.failures} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${expired} THEN now() ELSE ${signInThrottle.windowStartedAt} END`,
      },
    })
    .returning();
  return rows.map((row) => ({ key: row.key, count: row.failures, windowStartedAt: row.windowStartedAt }));
}

/** Takes one attempt back from each key (never below nothing). */
export async function uncountAttempt(db: Executor, keys: string[]) {
  await db
    .update(signInThrottle)
    .set({ failures: sql`${signInThrottle.failures} - 1` })
    .where(
      acrossBusinesses(
        'the sign-in throttle is server-wide: its keys name what is limited, whatever the business',
        and(inArray(signInThrottle.key, keys), gt(signInThrottle.failures, 0)),
      ),
    );
}

/** Takes one attempt back from each of `release`'s keys and deletes `forget`'s, in one statement. */
export async function settleAttempt(db: Executor, keys: { release: string[]; forget: string[] }) {
  const key = signInThrottle.key;
  await db.execute(sql`
    WITH forgotten AS (
      DELETE FROM ${signInThrottle} WHERE ${acrossBusinesses(
        'the sign-in throttle is server-wide: its keys name what is limited, whatever the business',
        inArray(key, keys.forget),
      )}
    )
    UPDATE ${signInThrottle} SET failures = failures - 1 WHERE ${acrossBusinesses(
      'the sign-in throttle is server-wide: its keys name what is limited, whatever the business',
      and(inArray(key, keys.release), gt(signInThrottle.failures, 0)),
    )}`);
}

export async function deleteCounts(db: Executor, keys: string[]) {
  await db
    .delete(signInThrottle)
    .where(
      acrossBusinesses(
        'the sign-in throttle is server-wide: its keys name what is limited, whatever the business',
        inArray(signInThrottle.key, keys),
      ),
    );
}

export async function deleteStaleCounts(db: Executor, windowStart: Date) {
  await db
    .delete(signInThrottle)
    .where(
      acrossBusinesses(
        'housekeeping: the server-wide sign-in throttle forgets windows past',
        lt(signInThrottle.windowStartedAt, windowStart),
      ),
    );
}

/**
 * Counts one text of the business on its day (its own clock) when that keeps the day's count
 * within its ceiling, in one statement: answers the day's count with it, or null when the ceiling
 * is reached (nothing is counted then).
 */
export async function countText(db: Executor, businessId: string): Promise<number | null> {
  const rows = await db.execute<{ sent: number }>(sql`
    INSERT INTO sms_usage AS u (business_id, day, sent)
    SELECT b.id, (now() AT TIME ZONE b.time_zone)::date, 1 FROM businesses b
    WHERE b.id = ${businessId} AND b.sms_daily_limit > 0
    ON CONFLICT (business_id, day) DO UPDATE SET sent = u.sent + 1
    WHERE u.sent < (SELECT b.sms_daily_limit FROM businesses b WHERE b.id = u.business_id)
    RETURNING u.sent`);
  return rows.rows[0]?.sent ?? null;
}

/** Takes back a text that was counted but could not be sent. */
export async function uncountText(db: Executor, businessId: string) {
  await db.execute(sql`
    UPDATE sms_usage u SET sent = u.sent - 1 FROM businesses b
    WHERE ${sqlOfBusiness('u', { businessId })} AND b.id = u.business_id
      AND u.day = (now() AT TIME ZONE b.time_zone)::date AND u.sent > 0`);
}

/** Deletes every business's counts of the days before `day` (YYYY-MM-DD). */
export async function deleteTextCountsBefore(db: Executor, day: string) {
  await db
    .delete(smsUsage)
    .where(
      acrossBusinesses('housekeeping: every business’s text counts are kept as long', lt(smsUsage.day, day)),
    );
}

/** The business's texts today (its own clock) and its ceiling. */
export async function findTextsToday(db: Executor, businessId: string) {
  const rows = await db.execute<{ day: string; sent: number; limit: number }>(sql`
    SELECT to_char((now() AT TIME ZONE b.time_zone)::date, 'YYYY-MM-DD') AS day,
           coalesce(u.sent, 0) AS sent, b.sms_daily_limit AS limit
    FROM businesses b
    LEFT JOIN ${smsUsage} u ON u.business_id = b.id AND u.day = (now() AT TIME ZONE b.time_zone)::date
    WHERE b.id = ${businessId}`);
  return rows.rows[0];
}
