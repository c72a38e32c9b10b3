import type { Category } from '@storedesk/shared/catalogue/schemas';
import type { ListResponse } from '@storedesk/shared/lists';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { catalogueKeys, storePath } from './catalogue-keys.ts';

export type CatalogueQuery = { q: string; page: number; pageSize: number };

/** GET /api/stores/:storeId/categories?q&page&pageSize */
export function getCategories(
  storeId: string,
  query: CatalogueQuery,
  signal?: AbortSignal,
): Promise<ListResponse<Category>> {
  return apiJson<ListResponse<Category>>(`${storePath(storeId)}/categories`, { query, signal });
}

export function categoriesQueryOptions(storeId: string, query: CatalogueQuery) {
  return queryOptions({
    queryKey: [...catalogueKeys.categoryLists(storeId), query],
    queryFn: ({ signal }) => getCategories(storeId, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCategories(storeId: string, query: CatalogueQuery) {
  return useQuery(categoriesQueryOptions(storeId, query));
}
