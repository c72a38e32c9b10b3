import type { ListResponse } from '@storedesk/shared/lists';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';

/** A store as a picker offers it. */
export type StoreChoice = { id: string; name: string };

export type StoreChoicesQuery = { zoneId?: string | undefined; q: string };

/** GET /api/stores?pageSize=25&q: the caller's stores a picker offers, searched on the server. */
export function getStoreChoices(
  query: StoreChoicesQuery,
  signal?: AbortSignal,
): Promise<ListResponse<StoreChoice>> {
  return apiJson<ListResponse<StoreChoice>>('/stores', { query: { ...query, pageSize: 25 }, signal });
}

/** The stores a search offers; the last answer stays shown (`isPlaceholderData`) while the next is asked. */
export function useStoreChoices(query: StoreChoicesQuery, options: { enabled: boolean }) {
  return useQuery({
    queryKey: ['stores', 'choices', query],
    queryFn: ({ signal }) => getStoreChoices(query, signal),
    enabled: options.enabled,
    placeholderData: keepPreviousData,
  });
}

export const storeChoiceQueryKey = (storeId: string | undefined) => ['stores', 'choice', storeId] as const;

/** GET /api/stores/:storeId: the name of a store a link or a reload names by id only. */
export function useStoreChoice(storeId: string | undefined) {
  return useQuery({
    queryKey: storeChoiceQueryKey(storeId),
    queryFn: ({ signal }) => apiJson<StoreChoice>(`/stores/${encodeURIComponent(storeId ?? '')}`, { signal }),
    enabled: storeId !== undefined,
  });
}
