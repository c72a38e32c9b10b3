import type { ListResponse } from '@storedesk/shared/lists';
import type { Zone } from '@storedesk/shared/zones/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';

export type ZonesQuery = { q: string; page: number; pageSize: number };

export const zonesListKey = ['zones', 'list'] as const;

/** GET /api/zones (owner only): the zones of the business, by name. */
export function getZones(query: ZonesQuery, signal?: AbortSignal): Promise<ListResponse<Zone>> {
  return apiJson<ListResponse<Zone>>('/zones', { query, signal });
}

export function zonesQueryOptions(query: ZonesQuery) {
  return queryOptions({
    queryKey: [...zonesListKey, query],
    queryFn: ({ signal }) => getZones(query, signal),
    // Keep the page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useZones(query: ZonesQuery) {
  return useQuery(zonesQueryOptions(query));
}
