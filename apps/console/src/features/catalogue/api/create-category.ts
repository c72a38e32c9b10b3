import type { Category, CategoryInput } from '@storedesk/shared/catalogue/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { catalogueKeys, storePath } from './catalogue-keys.ts';

/** POST /api/stores/:storeId/categories */
export function createCategory({
  storeId,
  input,
}: {
  storeId: string;
  input: CategoryInput;
}): Promise<Category> {
  return apiJson<Category>(`${storePath(storeId)}/categories`, { method: 'POST', body: input });
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: (category) => queryClient.invalidateQueries({ queryKey: catalogueKeys.all(category.storeId) }),
  });
}
