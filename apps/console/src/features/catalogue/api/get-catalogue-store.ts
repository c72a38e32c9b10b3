import type { Store } from '@storedesk/shared/stores/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';

/**
 * GET /api/stores/:storeId for the catalogue's header (the store's name); 404
 * for an unknown store. Same key as the store screens, so they share it.
 */
export function getCatalogueStore(storeId: string, signal?: AbortSignal): Promise<Store> {
  return apiJson<Store>(`/stores/${encodeURIComponent(storeId)}`, { signal });
}

export function catalogueStoreQueryOptions(storeId: string) {
  return queryOptions({
    queryKey: ['stores', 'detail', storeId],
    queryFn: ({ signal }) => getCatalogueStore(storeId, signal),
  });
}

export function useCatalogueStore(storeId: string) {
  return useQuery(catalogueStoreQueryOptions(storeId));
}
