import type { ListResponse } from '@storedesk/shared/lists';
import type { LowStockRow } from '@storedesk/shared/catalogue/variants';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '@storedesk/shared/events/schemas';
import { OrderStatus } from '@storedesk/shared/orders';
import { apiJson } from '@/lib/api-client.ts';
import { refetchSoon, useLiveEvent } from '@/lib/live-events.ts';

export type LowStockQuery = {
  zoneId: string | undefined;
  /** One store's variants only. */
  storeId?: string | undefined;
  page: number;
  pageSize: number;
};

/**
 * Under the live-event topic 'catalogue': a change of any item (a stock adjustment, an edit)
 * asks for the list again.
 */
export const lowStockKey = ['catalogue', 'low-stock'] as const;

/** GET /api/stock/low: the counted variants at or below their mark in the caller's stores (an admin: their zone). */
export function getLowStock(query: LowStockQuery, signal?: AbortSignal): Promise<ListResponse<LowStockRow>> {
  return apiJson<ListResponse<LowStockRow>>('/stock/low', { query, signal });
}

export function lowStockQueryOptions(query: LowStockQuery) {
  return queryOptions({
    queryKey: [...lowStockKey, query],
    queryFn: ({ signal }) => getLowStock(query, signal),
    placeholderData: keepPreviousData,
    // Many item changes at once (an import, a busy hour) make one read a second, not one each.
    meta: { followLive: () => 'refetch-soon' },
  });
}

/**
 * An orders event that may have moved stock: a new order, a cancel, or a change the event does not
 * describe. A confirm, a pick-up or a delivery moves none.
 */
function movesStock(event: LiveEvent): boolean {
  if (event.topic !== 'orders') return false;
  if (event.action === 'created') return true;
  return event.change ? event.change.order.status === OrderStatus.Cancelled : event.action === 'status';
}

export function useLowStock(query: LowStockQuery) {
  const queryClient = useQueryClient();
  // An order takes its stock, and a cancel gives it back, under the orders' topic: their events
  // ask for the list again too (at most once a second, however many orders come).
  useLiveEvent((event) => {
    if (movesStock(event)) refetchSoon(queryClient, lowStockKey, false);
  });
  return useQuery(lowStockQueryOptions(query));
}
