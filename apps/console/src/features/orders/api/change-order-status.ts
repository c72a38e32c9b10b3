import type { OrderDetail, OrderStatusChange } from '@storedesk/shared/orders/schemas';
import { orderDetailSchema } from '@storedesk/shared/orders/schemas';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiJson, isApiError } from '@/lib/api-client.ts';
import { applyLiveEvent } from '@/lib/live-events.ts';
import { ownOrderChange } from './live-orders.ts';
import { orderKeys, orderPath } from './order-keys.ts';

export type ChangeOrderStatus = { orderId: string; change: OrderStatusChange };

/**
 * POST /api/orders/:orderId/status with the version read: a new status (with
 * the delivery executive when one is needed) or a note at the same status.
 * 400 with `fields.dexId` when the executive is missing or not of the order's
 * zone; 409 with the current order when the version is stale or the order is closed.
 */
export function changeOrderStatus({ orderId, change }: ChangeOrderStatus): Promise<OrderDetail> {
  return apiJson<OrderDetail>(`${orderPath(orderId)}/status`, { method: 'POST', body: change });
}

/** The current order a 409 carries, when it is one. */
export function currentOrderOf(error: unknown): OrderDetail | null {
  if (!isApiError(error, 409)) return null;
  const current = orderDetailSchema.safeParse(error.current);
  return current.success ? current.data : null;
}

/**
 * An order as a write of this console answered it: its page shows it, and the lists and the
 * dashboard take it as its live event would bring it (which then changes nothing).
 */
export function showSavedOrder(queryClient: QueryClient, order: OrderDetail, action: 'status' | 'updated') {
  queryClient.setQueryData(orderKeys.detail(order.id), order);
  applyLiveEvent(queryClient, ownOrderChange(action, order));
}

/** A write refused as stale or closed: the order's page shows the order the 409 carries; answers whether it carried one. */
export function showCurrentOrder(queryClient: QueryClient, orderId: string, error: unknown): boolean {
  const current = currentOrderOf(error);
  if (current) queryClient.setQueryData(orderKeys.detail(orderId), current);
  return current !== null;
}

export function useChangeOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeOrderStatus,
    onSuccess: (order) => showSavedOrder(queryClient, order, 'status'),
    onError: (error, { orderId }) => {
      if (!showCurrentOrder(queryClient, orderId, error))
        void queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) });
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists });
    },
  });
}
