import type { SmsUsage } from '@storedesk/shared/settings/business';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';

/** GET /api/settings/sms-usage (owner only): the texts sent today and the daily ceiling. */
export function getSmsUsage(signal?: AbortSignal): Promise<SmsUsage> {
  return apiJson<SmsUsage>('/settings/sms-usage', { signal });
}

/** Under the `business` topic, so a save of the ceiling refreshes it; texts go out unannounced, so a minute's refresh. */
export const smsUsageQueryOptions = queryOptions({
  queryKey: ['business', 'sms-usage'] as const,
  queryFn: ({ signal }) => getSmsUsage(signal),
  refetchInterval: 60_000,
});

export function useSmsUsage() {
  return useQuery(smsUsageQueryOptions);
}
