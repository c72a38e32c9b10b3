import type { PaymentsReport } from '@storedesk/shared/reports/payments';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson, apiUrl } from '@/lib/api-client.ts';
import { useTimeZone } from '@/lib/session.ts';

export type PaymentsReportQuery = { from: string; to: string; zoneId: string | undefined };

/** Under the `orders` topic: a payment or refund anywhere refreshes the report (D10). */
export const paymentsReportKey = ['orders', 'reports', 'payments'] as const;

/** GET /api/reports/payments: the period's online payments and gateway refunds, per day (B18). */
export function getPaymentsReport(query: PaymentsReportQuery, signal?: AbortSignal): Promise<PaymentsReport> {
  return apiJson<PaymentsReport>('/reports/payments', { query, signal });
}

/** GET /api/reports/payments.csv: the same report as a file the browser downloads with the session cookie. */
export function paymentsCsvHref(query: PaymentsReportQuery): string {
  return apiUrl('/reports/payments.csv', query);
}

export function usePaymentsReport(query: PaymentsReportQuery, enabled: boolean) {
  const timeZone = useTimeZone();
  return useQuery(
    queryOptions({
      queryKey: [...paymentsReportKey, query, timeZone],
      queryFn: ({ signal }) => getPaymentsReport(query, signal),
      placeholderData: keepPreviousData,
      enabled,
    }),
  );
}
