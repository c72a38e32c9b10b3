import type { Dashboard } from '@storedesk/shared/dashboard/schemas';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { useLiveEvent, type LiveFollower } from '@/lib/live-events.ts';
import { useTimeZone } from '@/lib/session.ts';

export type DashboardQuery = { zoneId: string | undefined };

/**
 * Under the `orders` topic: a new order or a status change anywhere refreshes
 * the figures (D10).
 */
export const dashboardKey = ['orders', 'dashboard'] as const;

/** Asked again every minute as well, so "today" and "this month" roll over with the clock. */
export const dashboardRefreshInterval = 60_000;

/**
 * GET /api/dashboard: this month against last, the last 7 days and today's
 * orders, for the caller's zone; for the owner, for `zoneId` or every zone.
 */
export function getDashboard(query: DashboardQuery, signal?: AbortSignal): Promise<Dashboard> {
  return apiJson<Dashboard>('/dashboard', { query, signal });
}

/**
 * The figures' days and months are the business's time zone's (D19): the zone is
 * part of the key, so a change of zone asks for them again.
 */
export function dashboardQueryOptions(query: DashboardQuery, timeZone: string) {
  return queryOptions({
    queryKey: [...dashboardKey, query, timeZone],
    queryFn: ({ signal }) => getDashboard(query, signal),
    refetchInterval: dashboardRefreshInterval,
    meta: { followLive: followDashboard(query) },
  });
}

/**
 * The figures count orders placed and orders closed (delivered or cancelled): those events ask
 * for them again, at most once a second however busy the business (ADR 0051); a move between open
 * statuses, a note, a payment or another zone's order leaves them as they are.
 */
export function followDashboard(query: DashboardQuery): LiveFollower {
  return (event) => {
    const change = event.change;
    if (!change) return 'refetch-soon';
    if (query.zoneId && change.order.zoneId !== query.zoneId) return 'unchanged';
    const closes = change.order.state === 0 && change.timelineEntry.toStatus !== null;
    return event.action === 'created' || closes ? 'refetch-soon' : 'unchanged';
  };
}

export function useDashboard(query: DashboardQuery) {
  const queryClient = useQueryClient();
  // The server may also announce changes that are not orders (new customers) under `dashboard`.
  useLiveEvent((event) => {
    if (event.topic === 'dashboard') void queryClient.invalidateQueries({ queryKey: dashboardKey });
  });
  return useQuery(dashboardQueryOptions(query, useTimeZone()));
}
