import { and, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { dailyStats } from '#server/db/schema.ts';
import { inScope, type Scope } from '#server/lib/scope.ts';

export type DayTotals = {
  day: string;
  total: number;
  delivered: number;
  cancelled: number;
  earningsPaise: number;
  newCustomers: number;
};

/**
 * The order counters of each day from `from` to `to` (inclusive, 'YYYY-MM-DD'),
 * summed over the zones of the scope. Only days with a row are answered. This
 * reads at most one row per zone and day, through the (business, zone, day) key.
 */
export async function findDayTotals(
  db: Executor,
  scope: Scope,
  from: string,
  to: string,
): Promise<DayTotals[]> {
  const conditions: SQL[] = [inScope(dailyStats, scope), gte(dailyStats.day, from), lte(dailyStats.day, to)];
  return db
    .select({
      day: dailyStats.day,
      total: sql`sum(${dailyStats.total})`.mapWith(Number),
      delivered: sql`sum(${dailyStats.delivered})`.mapWith(Number),
      cancelled: sql`sum(${dailyStats.cancelled})`.mapWith(Number),
      // A sum of bigint is numeric, read as text: exact up to 2^53 paise.
      earningsPaise: sql`sum(${dailyStats.earningsPaise})`.mapWith(Number),
      newCustomers: sql`sum(${dailyStats.newCustomers})`.mapWith(Number),
    })
    .from(dailyStats)
    .where(and(...conditions))
    .groupBy(dailyStats.day);
}
