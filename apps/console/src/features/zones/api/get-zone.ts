import type { Zone } from '@storedesk/shared/zones/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';

/** The same key as the zone picker's name lookup, so both share one answer. */
export function zoneQueryKey(zoneId: string) {
  return ['zones', 'detail', zoneId] as const;
}

/** GET /api/zones/:zoneId (owner only); 404 for an unknown or deleted zone. */
export function getZone(zoneId: string, signal?: AbortSignal): Promise<Zone> {
  return apiJson<Zone>(`/zones/${encodeURIComponent(zoneId)}`, { signal });
}

export function zoneQueryOptions(zoneId: string) {
  return queryOptions({
    queryKey: zoneQueryKey(zoneId),
    queryFn: ({ signal }) => getZone(zoneId, signal),
  });
}

export function useZone(zoneId: string) {
  return useQuery(zoneQueryOptions(zoneId));
}
