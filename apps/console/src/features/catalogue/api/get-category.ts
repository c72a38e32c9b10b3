import type { Category } from '@storedesk/shared/catalogue/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { catalogueKeys, storePath } from './catalogue-keys.ts';

/** GET /api/stores/:storeId/categories/:categoryId; 404 when unknown. */
export function getCategory(storeId: string, categoryId: string, signal?: AbortSignal): Promise<Category> {
  return apiJson<Category>(`${storePath(storeId)}/categories/${encodeURIComponent(categoryId)}`, {
    signal,
  });
}

export function categoryQueryOptions(storeId: string, categoryId: string) {
  return queryOptions({
    queryKey: catalogueKeys.category(storeId, categoryId),
    queryFn: ({ signal }) => getCategory(storeId, categoryId, signal),
  });
}

export function useCategory(storeId: string, categoryId: string) {
  return useQuery(categoryQueryOptions(storeId, categoryId));
}
