import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { showCurrentOrder, showSavedOrder } from './change-order-status.ts';
import { orderKeys, orderPath } from './order-keys.ts';

/**
 * POST /api/orders/:orderId/payment with the version read: staff received the
 * payment. 409 with the current order when it changed since, or a reason when
 * it is already paid or cancelled.
 */
export function markOrderPaid({
  orderId,
  version,
}: {
  orderId: string;
  version: number;
}): Promise<OrderDetail> {
  return apiJson<OrderDetail>(`${orderPath(orderId)}/payment`, { method: 'POST', body: { version } });
}

export function useMarkOrderPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markOrderPaid,
    onSuccess: (order) => showSavedOrder(queryClient, order, 'updated'),
    onError: (error, { orderId }) => {
      if (!showCurrentOrder(queryClient, orderId, error))
        void queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) });
    },
  });
}
