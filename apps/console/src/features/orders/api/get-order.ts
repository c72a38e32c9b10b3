import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { followOrder } from './live-orders.ts';
import { orderKeys, orderPath } from './order-keys.ts';

/** GET /api/orders/:orderId: items, charges, bill and timeline; 404 for an unknown order or one of another zone. */
export function getOrder(orderId: string, signal?: AbortSignal): Promise<OrderDetail> {
  return apiJson<OrderDetail>(orderPath(orderId), { signal });
}

export function orderQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: orderKeys.detail(orderId),
    queryFn: ({ signal }) => getOrder(orderId, signal),
    meta: { followLive: followOrder(orderId) },
  });
}

export function useOrder(orderId: string) {
  return useQuery(orderQueryOptions(orderId));
}
