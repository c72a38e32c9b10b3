import type { Item } from '@storedesk/shared/catalogue/schemas';
import type { ListResponse } from '@storedesk/shared/lists';
import type { OrderItemsEdit } from '@storedesk/shared/orders/edit';
import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { showCurrentOrder, showSavedOrder } from './change-order-status.ts';
import { orderPath } from './order-keys.ts';

/** PATCH /api/orders/:orderId/items with the version the change started from (B18). */
export function useEditOrderItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, edit }: { orderId: string; edit: OrderItemsEdit }) =>
      apiJson<OrderDetail>(`${orderPath(orderId)}/items`, { method: 'PATCH', body: edit }),
    onSuccess: (order) => showSavedOrder(queryClient, order, 'updated'),
    onError: (error, { orderId }) => showCurrentOrder(queryClient, orderId, error),
  });
}

/** The order's store's items matching `q`, to add one to the order (its `catalogue` topic keeps it fresh). */
export function useStoreItemChoices(storeId: string, q: string) {
  return useQuery({
    queryKey: ['catalogue', 'order-item-choices', storeId, q],
    queryFn: ({ signal }) =>
      apiJson<ListResponse<Item>>(`/stores/${encodeURIComponent(storeId)}/items`, {
        query: { q, page: 0, pageSize: 10 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
