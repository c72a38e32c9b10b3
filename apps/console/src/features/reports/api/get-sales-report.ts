import type { SalesGrouping, SalesReport } from '@storedesk/shared/reports/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson, apiUrl } from '@/lib/api-client.ts';
import { useTimeZone } from '@/lib/session.ts';

export type SalesReportQuery = {
  from: string;
  to: string;
  groupBy: SalesGrouping;
  zoneId: string | undefined;
};

/** Under the `orders` topic: an order closing anywhere refreshes the report (D10). */
export const salesReportKey = ['orders', 'reports', 'sales'] as const;

/** GET /api/reports/sales: the period's figures grouped one way, for the caller's zone (B15). */
export function getSalesReport(query: SalesReportQuery, signal?: AbortSignal): Promise<SalesReport> {
  return apiJson<SalesReport>('/reports/sales', { query, signal });
}

/** GET /api/reports/sales.csv: the same report as a file the browser downloads with the session cookie. */
export function salesCsvHref(query: SalesReportQuery): string {
  return apiUrl('/reports/sales.csv', query);
}

/** The days are the business's time zone's (D19): the zone is part of the key. Asked only when `enabled` (a period the server takes). */
export function useSalesReport(query: SalesReportQuery, enabled: boolean) {
  const timeZone = useTimeZone();
  return useQuery(
    queryOptions({
      queryKey: [...salesReportKey, query, timeZone],
      queryFn: ({ signal }) => getSalesReport(query, signal),
      placeholderData: keepPreviousData,
      enabled,
    }),
  );
}
