import type { Category, CategoryUpdate } from '@storedesk/shared/catalogue/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { catalogueKeys, storePath } from './catalogue-keys.ts';

type UpdateCategory = { storeId: string; categoryId: string; update: CategoryUpdate };

/** PATCH /api/stores/:storeId/categories/:categoryId {name, version}; 409 with `current` when stale. */
export function updateCategory({ storeId, categoryId, update }: UpdateCategory): Promise<Category> {
  return apiJson<Category>(`${storePath(storeId)}/categories/${encodeURIComponent(categoryId)}`, {
    method: 'PATCH',
    body: update,
  });
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    onSuccess: (category) => {
      queryClient.setQueryData(catalogueKeys.category(category.storeId, category.id), category);
      return queryClient.invalidateQueries({ queryKey: catalogueKeys.all(category.storeId) });
    },
  });
}
