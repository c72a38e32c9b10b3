import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { catalogueKeys, storePath } from './catalogue-keys.ts';

type DeleteCategory = { storeId: string; categoryId: string; version: number };

/** DELETE /api/stores/:storeId/categories/:categoryId?version=N; its items stay, with no category. */
export async function deleteCategory({ storeId, categoryId, version }: DeleteCategory): Promise<void> {
  await apiFetch(`${storePath(storeId)}/categories/${encodeURIComponent(categoryId)}`, {
    method: 'DELETE',
    query: { version },
  });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSettled: (_data, _error, { storeId }) =>
      queryClient.invalidateQueries({ queryKey: catalogueKeys.all(storeId) }),
  });
}
