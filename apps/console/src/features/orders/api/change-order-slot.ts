import type { OrderSlotChange } from '@storedesk/shared/orders/slot-change';
import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { showCurrentOrder, showSavedOrder } from './change-order-status.ts';
import { orderKeys, orderPath } from './order-keys.ts';

export type ChangeOrderSlot = { orderId: string; change: OrderSlotChange };

/**
 * POST /api/orders/:orderId/slot with the version read (B19, ADR 0077): moves an order not yet
 * picked up to another slot its store offers now, or books one for an order placed for as soon as
 * possible. 409 with the current order when it changed since or was picked up; 409 with
 * `fields.slotId` when the slot is full or no longer offered; 404 for an order the caller cannot see.
 */
export function changeOrderSlot({ orderId, change }: ChangeOrderSlot): Promise<OrderDetail> {
  return apiJson<OrderDetail>(`${orderPath(orderId)}/slot`, { method: 'POST', body: change });
}

export function useChangeOrderSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeOrderSlot,
    onSuccess: (order) => showSavedOrder(queryClient, order, 'updated'),
    onError: (error, { orderId }) => {
      if (!showCurrentOrder(queryClient, orderId, error))
        void queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) });
    },
  });
}
