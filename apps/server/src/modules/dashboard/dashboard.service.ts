import type {
  DailyOrders,
  Dashboard,
  DashboardQuery,
  MonthlyFigure,
} from '@storedesk/shared/dashboard/schemas';
import { dashboardMonths } from '@storedesk/shared/dashboard/months';
import { isOwner } from '@storedesk/shared/levels';
import { businessDay } from '@storedesk/shared/dates';
import { messages } from '@storedesk/shared/messages';
import type { AuthContext } from '#server/lib/callers.ts';
import type { Database, Executor } from '#server/db/client.ts';
import { invalid } from '#server/lib/errors.ts';
import { scopeOf, type Scope } from '#server/lib/scope.ts';

import * as repo from './dashboard.repository.ts';
import { isZoneOf } from '#server/modules/zones/zones.service.ts';

const OVERVIEW_DAYS = 7;

/** A calendar date moved by whole days; plain calendar arithmetic, no time zone. */
function shift(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * Percent change from `previous` to `current`, relative to 1 when `previous` is 0
 * (SPEC §9), rounded to 2 decimals with halves away from zero. The numerator is an
 * exact integer, so a quotient that ends in a half is exact too and rounds right.
 */
export function percentChange(current: number, previous: number): number {
  const hundredths = ((current - previous) * 10_000) / (previous === 0 ? 1 : previous);
  const rounded = Math.sign(hundredths) * Math.round(Math.abs(hundredths));
  return rounded === 0 ? 0 : rounded / 100;
}

const figure = (value: number, previous: number): MonthlyFigure => ({
  value,
  previous,
  changePercent: percentChange(value, previous),
});

/**
 * The dashboard of a scope at the instant `now` (a parameter, so tests can fix it),
 * with today, the last 7 days and the months of the business's time zone `timeZone`
 * (D19). Every figure comes from `daily_stats` (orders count on the day they were
 * placed, in that zone, and customers on the day of their first order; ADR 0005,
 * 0016): one read, and orders and customers are never scanned.
 */
export async function dashboardOf(
  db: Executor,
  scope: Scope,
  now: Date,
  timeZone: string,
): Promise<Dashboard> {
  const today = businessDay(now, timeZone);
  const { month: thisMonth, previousMonth } = dashboardMonths(today);
  const monthStart = `${thisMonth}-01`;
  const previousMonthStart = `${previousMonth}-01`;
  // Last month always starts before the chart's first day, so one range covers both.
  const overviewStart = shift(today, -(OVERVIEW_DAYS - 1));

  const days = await repo.findDayTotals(db, scope, previousMonthStart, today);

  const byDay = new Map(days.map((d) => [d.day, d]));
  const month = { total: 0, cancelled: 0, earningsPaise: 0, newCustomers: 0 };
  const previous = { total: 0, cancelled: 0, newCustomers: 0 };
  for (const d of days) {
    if (d.day >= monthStart) {
      month.total += d.total;
      month.cancelled += d.cancelled;
      month.earningsPaise += d.earningsPaise;
      month.newCustomers += d.newCustomers;
    } else if (d.day >= previousMonthStart) {
      previous.total += d.total;
      previous.cancelled += d.cancelled;
      previous.newCustomers += d.newCustomers;
    }
  }

  const ordersOverview: DailyOrders[] = [];
  for (let i = 0; i < OVERVIEW_DAYS; i++) {
    const day = shift(overviewStart, i);
    const d = byDay.get(day);
    ordersOverview.push({
      day,
      cancelled: d?.cancelled ?? 0,
      delivered: d?.delivered ?? 0,
      total: d?.total ?? 0,
    });
  }

  // Today's donut from today's counters rather than from `orders`: the counters
  // already hold "placed today" split by how those orders ended, so open ones are
  // total − delivered − cancelled. That is the same figure as counting today's
  // open orders, read from one row per zone, and it agrees with the chart's last
  // bar by construction (both come from the same rows of the same statement).
  const todays = byDay.get(today);
  const ordersByStatus = {
    pending: Math.max(0, (todays?.total ?? 0) - (todays?.delivered ?? 0) - (todays?.cancelled ?? 0)),
    delivered: todays?.delivered ?? 0,
    cancelled: todays?.cancelled ?? 0,
  };

  return {
    zoneId: scope.zoneId,
    today,
    month: thisMonth,
    previousMonth,
    cards: {
      totalUsers: figure(month.newCustomers, previous.newCustomers),
      totalOrders: figure(month.total, previous.total),
      cancelledOrders: figure(month.cancelled, previous.cancelled),
      earningsPaise: month.earningsPaise,
    },
    ordersOverview,
    ordersByStatus,
  };
}

/**
 * The caller's dashboard. The owner may name a zone of the business; a zone that
 * is not one (unknown, deleted, another business's) is refused with 400 on
 * `zoneId`, as a store's zone is. An admin naming another zone gets 403 (scopeOf).
 * The zone is looked up in `db`, the primary, so one just made is never refused;
 * the figures come from `reads`, which may be a standby a moment behind (ADR 0052).
 */
export async function getDashboard(
  db: Database,
  reads: Database,
  auth: AuthContext,
  query: DashboardQuery,
  now: Date,
): Promise<Dashboard> {
  const scope = scopeOf(auth, query.zoneId);
  if (query.zoneId && isOwner(auth.user) && !(await isZoneOf(db, scope, query.zoneId))) {
    throw invalid({ zoneId: messages.unknownZone });
  }
  return dashboardOf(reads, scope, now, auth.business.timeZone);
}
