import type { Store } from '@storedesk/shared/stores/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';

export function storeQueryKey(storeId: string) {
  return ['stores', 'detail', storeId] as const;
}

/** GET /api/stores/:storeId; 404 for an unknown store or one of another zone. */
export function getStore(storeId: string, signal?: AbortSignal): Promise<Store> {
  return apiJson<Store>(`/stores/${encodeURIComponent(storeId)}`, { signal });
}

export function storeQueryOptions(storeId: string) {
  return queryOptions({
    queryKey: storeQueryKey(storeId),
    queryFn: ({ signal }) => getStore(storeId, signal),
  });
}

export function useStore(storeId: string) {
  return useQuery(storeQueryOptions(storeId));
}
