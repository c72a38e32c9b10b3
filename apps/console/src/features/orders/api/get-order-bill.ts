import type { OrderBill } from '@storedesk/shared/orders/invoice';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { followOrderOnly } from './live-orders.ts';
import { orderKeys, orderPath } from './order-keys.ts';

/**
 * POST /api/orders/:orderId/bill: what the printed bill shows. A business with a GSTIN gives the
 * order its tax invoice number the first time; later calls answer the same number, so the query
 * may run again safely.
 */
export function useOrderBill(orderId: string) {
  return useQuery({
    queryKey: [...orderKeys.detail(orderId), 'bill'] as const,
    queryFn: ({ signal }) => apiJson<OrderBill>(`${orderPath(orderId)}/bill`, { method: 'POST', signal }),
    staleTime: Infinity,
    meta: { followLive: followOrderOnly(orderId) },
  });
}
