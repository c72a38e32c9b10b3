import type { PayoutList, PayoutsQuery } from '@storedesk/shared/delivery/earnings';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { OrderStatus } from '@storedesk/shared/orders';
import { apiJson, apiUrl } from '@/lib/api-client.ts';
import { refetchSoon, useLiveEvent } from '@/lib/live-events.ts';
import { dispatchKeys } from './dispatch-keys.ts';

/**
 * GET /api/payouts: per delivery executive with deliveries from `from` to `to` (both included),
 * their fees and tips, what of it is unpaid, the cash they still hold, the net and the payouts
 * made, for the caller's zone or the owner's `zoneId`.
 */
export function getPayouts(query: PayoutsQuery, signal?: AbortSignal): Promise<PayoutList> {
  return apiJson<PayoutList>('/payouts', { query, signal });
}

/** The days are the business's (D19): its time zone is part of the key. */
export function payoutsQueryOptions(query: PayoutsQuery, timeZone: string) {
  return queryOptions({
    queryKey: [...dispatchKeys.payouts, query, timeZone],
    queryFn: ({ signal }) => getPayouts(query, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * Refreshed by `dispatch` events (a payout, a cash settlement: its key is of that topic), and at
 * most once a second (ADR 0051) by deliveries (a fee, maybe cash) and tips; other changes of orders
 * leave it, and an order's event that does not say what changed refreshes it too.
 */
export function usePayouts(query: PayoutsQuery, timeZone: string, options: { enabled: boolean }) {
  const queryClient = useQueryClient();
  useLiveEvent((event) => {
    if (event.topic !== 'orders') return;
    if (event.action === 'tip' || !event.change || event.change.order.status === OrderStatus.Delivered) {
      refetchSoon(queryClient, dispatchKeys.payouts, false);
    }
  });
  return useQuery({ ...payoutsQueryOptions(query, timeZone), enabled: options.enabled });
}

/** GET /api/payouts.csv: the same rows as a file the browser downloads with the session cookie. */
export function payoutsCsvHref(query: PayoutsQuery): string {
  return apiUrl('/payouts.csv', query);
}
