import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import type { Refund, RefundInput } from '@storedesk/shared/payments/refunds';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { showCurrentOrder, showSavedOrder } from './change-order-status.ts';
import { orderKeys, orderPath } from './order-keys.ts';

/** The order's refunds, under its detail's key: an `orders` event (a refund made elsewhere) refreshes them. */
export function useRefunds(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...orderKeys.detail(orderId), 'refunds'],
    queryFn: ({ signal }) => apiJson<{ items: Refund[] }>(`${orderPath(orderId)}/refunds`, { signal }),
    enabled,
  });
}

/** POST /api/orders/:orderId/refunds with the version the dialog opened on (B18). */
export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, input }: { orderId: string; input: RefundInput }) =>
      apiJson<{ order: OrderDetail; refund: Refund }>(`${orderPath(orderId)}/refunds`, {
        method: 'POST',
        body: input,
      }),
    onSuccess: ({ order }) => {
      showSavedOrder(queryClient, order, 'updated');
      void queryClient.invalidateQueries({ queryKey: [...orderKeys.detail(order.id), 'refunds'] });
    },
    onError: (error, { orderId }) => showCurrentOrder(queryClient, orderId, error),
  });
}
