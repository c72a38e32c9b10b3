import type { Dispatch } from '@storedesk/shared/delivery/schemas';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { refetchSoon, useLiveEvent } from '@/lib/live-events.ts';
import { dispatchKeys } from './dispatch-keys.ts';

/**
 * GET /api/dispatch: the executives, stores and open orders of the caller's zone (or of `zoneId`
 * for the owner, or every zone), with the business's wait and limit.
 */
export function getDispatch(zoneId: string | undefined, signal?: AbortSignal): Promise<Dispatch> {
  return apiJson<Dispatch>('/dispatch', { query: { zoneId }, signal });
}

export function dispatchQueryOptions(zoneId: string | undefined) {
  return queryOptions({
    queryKey: dispatchKeys.board(zoneId),
    queryFn: ({ signal }) => getDispatch(zoneId, signal),
  });
}

/**
 * The board, refreshed by `dispatch` events (duty) and by order and staff changes too (D10): at
 * most once a second, however busy the business (ADR 0051).
 */
export function useDispatch(zoneId: string | undefined) {
  const queryClient = useQueryClient();
  useLiveEvent((event) => {
    if (event.topic === 'orders' || event.topic === 'staff')
      refetchSoon(queryClient, dispatchKeys.all, false);
  });
  return useQuery(dispatchQueryOptions(zoneId));
}
