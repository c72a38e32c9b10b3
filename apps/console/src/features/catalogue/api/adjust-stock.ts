import type { Item } from '@storedesk/shared/catalogue/schemas';
import type { StockAdjustment } from '@storedesk/shared/catalogue/variants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { catalogueKeys, storePath } from './catalogue-keys.ts';
import { lowStockKey } from './get-low-stock.ts';

export type AdjustStock = { storeId: string; itemId: string; variantId: string; adjustment: StockAdjustment };

/**
 * POST /api/stores/:storeId/items/:itemId/variants/:variantId/stock: received adds, damaged takes
 * away, counted sets; 409 with its message when the stock would go below zero. Answers the item.
 */
export function adjustStock({ storeId, itemId, variantId, adjustment }: AdjustStock): Promise<Item> {
  return apiJson<Item>(
    `${storePath(storeId)}/items/${encodeURIComponent(itemId)}/variants/${encodeURIComponent(variantId)}/stock`,
    { method: 'POST', body: adjustment },
  );
}

export function useAdjustStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adjustStock,
    onSuccess: (item) => {
      queryClient.setQueryData(catalogueKeys.item(item.storeId, item.id), item);
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.itemLists(item.storeId) });
      void queryClient.invalidateQueries({ queryKey: lowStockKey });
    },
    // Refused: the stock moved meanwhile (an order took some); show what it is now.
    onError: (_error, { storeId, itemId }) => {
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.item(storeId, itemId) });
      void queryClient.invalidateQueries({ queryKey: lowStockKey });
    },
  });
}
