import type { ListResponse } from '@storedesk/shared/lists';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';

/** A store as the catalogue's pickers show it. */
export type StoreChoice = { id: string; name: string };

export type StoreChoicesQuery = { zoneId?: string | undefined; q: string };

/** GET /api/stores?pageSize=25&q: the caller's stores a picker offers, searched on the server. */
export function getStoreChoices(
  query: StoreChoicesQuery,
  signal?: AbortSignal,
): Promise<ListResponse<StoreChoice>> {
  return apiJson<ListResponse<StoreChoice>>('/stores', { query: { ...query, pageSize: 25 }, signal });
}

export function useStoreChoices(query: StoreChoicesQuery, options: { enabled: boolean }) {
  return useQuery({
    queryKey: ['stores', 'choices', query],
    queryFn: ({ signal }) => getStoreChoices(query, signal),
    enabled: options.enabled,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/stores/:storeId, for the name of the store a link filters by. */
export function useStoreChoice(storeId: string | undefined) {
  return useQuery({
    queryKey: ['stores', 'choice', storeId],
    queryFn: ({ signal }) => apiJson<StoreChoice>(`/stores/${encodeURIComponent(storeId ?? '')}`, { signal }),
    enabled: storeId !== undefined,
  });
}
