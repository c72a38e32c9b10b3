import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { applyLiveEvent } from '@/lib/live-events.ts';
import { currentOrderOf } from './change-order-status.ts';
import { ownOrderChange } from './live-orders.ts';
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
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(order.id), order);
      applyLiveEvent(queryClient, ownOrderChange('updated', order));
    },
    onError: (error, { orderId }) => {
      const current = currentOrderOf(error);
      if (current) queryClient.setQueryData(orderKeys.detail(orderId), current);
      else void queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) });
    },
  });
}
