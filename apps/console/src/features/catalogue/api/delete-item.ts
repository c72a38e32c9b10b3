import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { catalogueKeys, storePath } from './catalogue-keys.ts';

type DeleteItem = { storeId: string; itemId: string; version: number };

/** DELETE /api/stores/:storeId/items/:itemId?version=N: a soft delete, undone from the trash. */
export async function deleteItem({ storeId, itemId, version }: DeleteItem): Promise<void> {
  await apiFetch(`${storePath(storeId)}/items/${encodeURIComponent(itemId)}`, {
    method: 'DELETE',
    query: { version },
  });
}

export function useDeleteItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteItem,
    onSettled: (_data, _error, { storeId }) =>
      queryClient.invalidateQueries({ queryKey: catalogueKeys.itemLists(storeId) }),
  });
}
