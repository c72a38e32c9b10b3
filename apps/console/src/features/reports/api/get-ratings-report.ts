import type { RatingsReport } from '@storedesk/shared/reports/ratings';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { useTimeZone } from '@/lib/session.ts';

export type RatingsReportQuery = { from: string; to: string; zoneId: string | undefined };

/** Under the `orders` topic: a rating is announced as its order's update, which refreshes the report. */
export const ratingsReportKey = ['orders', 'reports', 'ratings'] as const;

/** GET /api/reports/ratings: the period's ratings in all, per store, per executive, and the low ones (B19). */
export function getRatingsReport(query: RatingsReportQuery, signal?: AbortSignal): Promise<RatingsReport> {
  return apiJson<RatingsReport>('/reports/ratings', { query, signal });
}

export function useRatingsReport(query: RatingsReportQuery, enabled: boolean) {
  const timeZone = useTimeZone();
  return useQuery(
    queryOptions({
      queryKey: [...ratingsReportKey, query, timeZone],
      queryFn: ({ signal }) => getRatingsReport(query, signal),
      placeholderData: keepPreviousData,
      enabled,
    }),
  );
}
