import type { Item, ItemUpdate } from '@storedesk/shared/catalogue/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { catalogueKeys, storePath } from './catalogue-keys.ts';

export type UpdateItem = { storeId: string; itemId: string; update: ItemUpdate };

export function updateItemMutationKey(storeId: string) {
  return [...catalogueKeys.all(storeId), 'items', 'update'] as const;
}

/** PATCH /api/stores/:storeId/items/:itemId: any fields and the version (the Available toggle sends inStock). */
export function updateItem({ storeId, itemId, update }: UpdateItem): Promise<Item> {
  return apiJson<Item>(`${storePath(storeId)}/items/${encodeURIComponent(itemId)}`, {
    method: 'PATCH',
    body: update,
  });
}

export function useUpdateItem(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updateItemMutationKey(storeId),
    mutationFn: updateItem,
    onSuccess: (item) => {
      queryClient.setQueryData(catalogueKeys.item(item.storeId, item.id), item);
      // Stay pending until the lists show the change, so a toggle does not flick back.
      return queryClient.invalidateQueries({ queryKey: catalogueKeys.itemLists(item.storeId) });
    },
    // Refused (stale, deleted meanwhile): show what the server has now.
    onError: (_error, { storeId }) =>
      queryClient.invalidateQueries({ queryKey: catalogueKeys.itemLists(storeId) }),
  });
}
