import type { Item, ItemInput } from '@storedesk/shared/catalogue/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { catalogueKeys, storePath } from './catalogue-keys.ts';

/** POST /api/stores/:storeId/items; 400 with fields.categoryId for a category not of this store. */
export function createItem({ storeId, input }: { storeId: string; input: ItemInput }): Promise<Item> {
  return apiJson<Item>(`${storePath(storeId)}/items`, { method: 'POST', body: input });
}

export function useCreateItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createItem,
    onSuccess: (item) => {
      queryClient.setQueryData(catalogueKeys.item(item.storeId, item.id), item);
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.itemLists(item.storeId) });
    },
  });
}
