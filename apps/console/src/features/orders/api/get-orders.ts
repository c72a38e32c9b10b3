import type { OrderListQuery, OrderListResponse } from '@storedesk/shared/orders/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { useTimeZone } from '@/lib/session.ts';
import { followOrdersList } from './live-orders.ts';
import { orderKeys } from './order-keys.ts';

export type OrderSort = OrderListQuery['sort'];
export type OrderView = OrderListQuery['view'];

/** What a list asks for; undefined filters are left out of the request. */
export type OrdersQuery = {
  view: OrderView;
  status: OrderListQuery['status'];
  storeId: string | undefined;
  from: string | undefined;
  to: string | undefined;
  q: string;
  sort: OrderSort;
  page: number;
  pageSize: number;
  zoneId: string | undefined;
};

/**
 * GET /api/orders: active orders (or the newest 100 closed ones for
 * view=completed) of the caller's zone, or of `zoneId` for the owner, with the
 * active tab counts under the same filters but the status.
 */
export function getOrders(query: OrdersQuery, signal?: AbortSignal): Promise<OrderListResponse> {
  return apiJson<OrderListResponse>('/orders', { query, signal });
}

/**
 * The days of `from` and `to` are the business's (D19): the zone is part of the
 * key, so a change of zone asks for the list again.
 */
export function ordersQueryOptions(query: OrdersQuery, timeZone: string) {
  return queryOptions({
    queryKey: [...orderKeys.lists, query, timeZone],
    queryFn: ({ signal }) => getOrders(query, signal),
    meta: { followLive: followOrdersList(query, timeZone) },
    // Keep the page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useOrders(query: OrdersQuery) {
  return useQuery(ordersQueryOptions(query, useTimeZone()));
}
