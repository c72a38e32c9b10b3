import type { GstReport } from '@storedesk/shared/reports/gst';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson, apiUrl } from '@/lib/api-client.ts';
import { useTimeZone } from '@/lib/session.ts';

export type GstReportQuery = { from: string; to: string; zoneId: string | undefined };

/** Under the `orders` topic: an order delivered or refunded anywhere refreshes the report (D10). */
export const gstReportKey = ['orders', 'reports', 'gst'] as const;

/** GET /api/reports/gst: the period's tax invoices and credit notes, and their GST per rate (B18). */
export function getGstReport(query: GstReportQuery, signal?: AbortSignal): Promise<GstReport> {
  return apiJson<GstReport>('/reports/gst', { query, signal });
}

/** GET /api/reports/gst.csv: the same report as a file the browser downloads with the session cookie. */
export function gstCsvHref(query: GstReportQuery): string {
  return apiUrl('/reports/gst.csv', query);
}

/** The days are the business's time zone's (D19): the zone is part of the key. Asked only when `enabled`. */
export function useGstReport(query: GstReportQuery, enabled: boolean) {
  const timeZone = useTimeZone();
  return useQuery(
    queryOptions({
      queryKey: [...gstReportKey, query, timeZone],
      queryFn: ({ signal }) => getGstReport(query, signal),
      placeholderData: keepPreviousData,
      enabled,
    }),
  );
}
