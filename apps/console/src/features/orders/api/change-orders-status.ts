import type { OrderBulkStatusChange, OrderSummary } from '@storedesk/shared/orders/schemas';
import { orderSummarySchema } from '@storedesk/shared/orders/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiJson } from '@/lib/api-client.ts';
import { orderKeys } from './order-keys.ts';

/** The answer of a bulk change, and the `current` of its 409 when an order changed meanwhile. */
export const changedOrdersSchema = z.object({ items: z.array(orderSummarySchema) });

/**
 * POST /api/orders/status (B4): one status change for the checked orders, all
 * or none, under the rules of a single change. Each order goes with the version
 * it was chosen at: if any has changed since, none is changed (409).
 */
export async function changeOrdersStatus(change: OrderBulkStatusChange): Promise<OrderSummary[]> {
  const { items } = await apiJson<{ items: OrderSummary[] }>('/orders/status', {
    method: 'POST',
    body: change,
  });
  return items;
}

export function useChangeOrdersStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeOrdersStatus,
    // Either way the lists and any open order show what the server has now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
