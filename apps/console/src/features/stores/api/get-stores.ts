import type { ListResponse } from '@storedesk/shared/lists';
import type { Store } from '@storedesk/shared/stores/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';

export type StoresQuery = { zoneId: string | undefined; q: string; page: number; pageSize: number };

export const storesListKey = ['stores', 'list'] as const;

/** GET /api/stores: the stores of the caller's zone, or of `zoneId` (or all zones) for the owner. */
export function getStores(query: StoresQuery, signal?: AbortSignal): Promise<ListResponse<Store>> {
  return apiJson<ListResponse<Store>>('/stores', { query, signal });
}

export function storesQueryOptions(query: StoresQuery) {
  return queryOptions({
    queryKey: [...storesListKey, query],
    queryFn: ({ signal }) => getStores(query, signal),
    // Keep the page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useStores(query: StoresQuery) {
  return useQuery(storesQueryOptions(query));
}
