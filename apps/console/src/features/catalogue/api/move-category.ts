import type { Category, CategoryMove } from '@storedesk/shared/catalogue/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { catalogueKeys, storePath } from './catalogue-keys.ts';

type MoveCategory = { storeId: string; categoryId: string; move: CategoryMove };

/**
 * PUT /api/stores/:storeId/categories/:categoryId/position {position, version}: the category at
 * that place of the store's order, the others shifted; 409 with `current` when stale.
 */
export function moveCategory({ storeId, categoryId, move }: MoveCategory): Promise<Category> {
  return apiJson<Category>(`${storePath(storeId)}/categories/${encodeURIComponent(categoryId)}/position`, {
    method: 'PUT',
    body: move,
  });
}

/** Settles once the store's lists show the new order, so a next move starts from it. */
export function useMoveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveCategory,
    onSettled: (_data, _error, { storeId }) =>
      queryClient.invalidateQueries({ queryKey: catalogueKeys.all(storeId) }),
  });
}
