import type { Item } from '@storedesk/shared/catalogue/schemas';
import type { ListResponse } from '@storedesk/shared/lists';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { catalogueKeys, storePath } from './catalogue-keys.ts';
import type { CatalogueQuery } from './get-categories.ts';

/** GET /api/stores/:storeId/items?q&page&pageSize */
export function getItems(
  storeId: string,
  query: CatalogueQuery,
  signal?: AbortSignal,
): Promise<ListResponse<Item>> {
  return apiJson<ListResponse<Item>>(`${storePath(storeId)}/items`, { query, signal });
}

export function itemsQueryOptions(storeId: string, query: CatalogueQuery) {
  return queryOptions({
    queryKey: [...catalogueKeys.itemLists(storeId), query],
    queryFn: ({ signal }) => getItems(storeId, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useItems(storeId: string, query: CatalogueQuery) {
  return useQuery(itemsQueryOptions(storeId, query));
}
