import type { ListResponse } from '@storedesk/shared/lists';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';

/** A store as the orders' store filter shows it. */
export type StoreChoice = { id: string; name: string };

export type StoreChoicesQuery = { zoneId: string | undefined; q: string };

/** GET /api/stores?pageSize=25&q: the stores the filter offers, searched on the server. */
export function getStoreChoices(
  query: StoreChoicesQuery,
  signal?: AbortSignal,
): Promise<ListResponse<StoreChoice>> {
  return apiJson<ListResponse<StoreChoice>>('/stores', { query: { ...query, pageSize: 25 }, signal });
}

export function useStoreChoices(query: StoreChoicesQuery, options: { enabled: boolean }) {
  return useQuery({
    ...queryOptions({
      queryKey: ['stores', 'choices', query],
      queryFn: ({ signal }) => getStoreChoices(query, signal),
    }),
    enabled: options.enabled,
  });
}

/** GET /api/stores/:storeId, for the name of the store a link filters by. */
export function getStoreChoice(storeId: string, signal?: AbortSignal): Promise<StoreChoice> {
  return apiJson<StoreChoice>(`/stores/${encodeURIComponent(storeId)}`, { signal });
}

export function useStoreChoice(storeId: string | undefined) {
  return useQuery({
    queryKey: ['stores', 'choice', storeId],
    queryFn: ({ signal }) => getStoreChoice(storeId ?? '', signal),
    enabled: storeId !== undefined,
  });
}
