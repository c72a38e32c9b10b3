import { and, eq, gte, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { businessTimeZone } from '@storedesk/shared/limits';
import type { Executor } from '../../db/client.ts';
import { customers, dailyStats, zones } from '../../db/schema.ts';
import type { Scope } from '../../lib/scope.ts';

export type DayTotals = {
  day: string;
  total: number;
  delivered: number;
  cancelled: number;
  earningsPaise: number;
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
  const conditions: SQL[] = [
    eq(dailyStats.businessId, scope.businessId),
    gte(dailyStats.day, from),
    lte(dailyStats.day, to),
  ];
  if (scope.zoneId) conditions.push(eq(dailyStats.zoneId, scope.zoneId));
  return db
    .select({
      day: dailyStats.day,
      total: sql`sum(${dailyStats.total})`.mapWith(Number),
      delivered: sql`sum(${dailyStats.delivered})`.mapWith(Number),
      cancelled: sql`sum(${dailyStats.cancelled})`.mapWith(Number),
      // A sum of bigint is numeric, read as text: exact up to 2^53 paise.
      earningsPaise: sql`sum(${dailyStats.earningsPaise})`.mapWith(Number),
    })
    .from(dailyStats)
    .where(and(...conditions))
    .groupBy(dailyStats.day);
}

/** The start of a calendar day ('YYYY-MM-DD') in the business's time zone, as an instant. */
const startOfDay = (day: string) => sql`((${day}::date)::timestamp AT TIME ZONE ${businessTimeZone})`;

/**
 * Customers of the business who joined from the start of `previousMonthStart` up
 * to the end of `today`, split at `monthStart` (days in the business's time zone).
 * A range of the (business, created_at) index.
 */
export async function countNewCustomers(
  db: Executor,
  businessId: string,
  days: { previousMonthStart: string; monthStart: string; dayAfterToday: string },
): Promise<{ current: number; previous: number }> {
  const monthStart = startOfDay(days.monthStart);
  const [row] = await db
    .select({
      current: sql`count(*) FILTER (WHERE ${customers.createdAt} >= ${monthStart})`.mapWith(Number),
      previous: sql`count(*) FILTER (WHERE ${customers.createdAt} < ${monthStart})`.mapWith(Number),
    })
    .from(customers)
    .where(
      and(
        eq(customers.businessId, businessId),
        gte(customers.createdAt, startOfDay(days.previousMonthStart)),
        sql`${customers.createdAt} < ${startOfDay(days.dayAfterToday)}`,
      ),
    );
  return { current: row?.current ?? 0, previous: row?.previous ?? 0 };
}

export async function zoneExists(db: Executor, businessId: string, zoneId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: zones.id })
    .from(zones)
    .where(and(eq(zones.businessId, businessId), eq(zones.id, zoneId), isNull(zones.deletedAt)));
  return row !== undefined;
}
