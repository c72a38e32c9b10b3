import type { CashQuery, cashListSchema } from '@storedesk/shared/delivery/schemas';
import type { z } from 'zod';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, apiUrl } from '@/lib/api-client.ts';
import { refetchSoon, useLiveEvent } from '@/lib/live-events.ts';
import { OrderStatus } from '@storedesk/shared/orders';
import { dispatchKeys } from './dispatch-keys.ts';

export type CashList = z.infer<typeof cashListSchema>;

/**
 * GET /api/dispatch/cash: cash collected on delivery per executive and business day, from `from`
 * to `to` (both included), with what was settled, for the caller's zone or the owner's `zoneId`.
 */
export function getCash(query: CashQuery, signal?: AbortSignal): Promise<CashList> {
  return apiJson<CashList>('/dispatch/cash', { query, signal });
}

/** The days are the business's (D19): its time zone is part of the key. */
export function cashQueryOptions(query: CashQuery, timeZone: string) {
  return queryOptions({
    queryKey: [...dispatchKeys.cash, query, timeZone],
    queryFn: ({ signal }) => getCash(query, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * Refreshed by deliveries (which collect cash) at most once a second (ADR 0051); other changes of
 * orders leave it, and an order's event that does not say what changed refreshes it too.
 */
export function useCash(query: CashQuery, timeZone: string, options: { enabled: boolean }) {
  const queryClient = useQueryClient();
  useLiveEvent((event) => {
    if (event.topic !== 'orders') return;
    if (!event.change || event.change.order.status === OrderStatus.Delivered) {
      refetchSoon(queryClient, dispatchKeys.cash, false);
    }
  });
  return useQuery({ ...cashQueryOptions(query, timeZone), enabled: options.enabled });
}

/** GET /api/dispatch/cash.csv: the same rows as a file the browser downloads with the session cookie. */
export function cashCsvHref(query: CashQuery): string {
  return apiUrl('/dispatch/cash.csv', query);
}
