import type { ItemCopyResult } from '@storedesk/shared/catalogue/copies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { catalogueKeys, storePath } from './catalogue-keys.ts';

export type CopyItem = { storeId: string; itemId: string; storeIds: string[] };

/**
 * POST /api/stores/:storeId/items/:itemId/copies: the other stores keep the item too, as copies
 * sharing its name, tax, image and variants; stores that keep it already are skipped.
 */
export function copyItem({ storeId, itemId, storeIds }: CopyItem): Promise<ItemCopyResult> {
  return apiJson<ItemCopyResult>(`${storePath(storeId)}/items/${encodeURIComponent(itemId)}/copies`, {
    method: 'POST',
    body: { storeIds },
  });
}

export function useCopyItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyItem,
    onSuccess: (result) => {
      for (const { storeId } of result.copied) {
        void queryClient.invalidateQueries({ queryKey: catalogueKeys.all(storeId) });
      }
    },
  });
}
