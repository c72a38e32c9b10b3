import { listResponseSchema } from '@storedesk/shared/lists';
import type { ListResponse } from '@storedesk/shared/lists';
import type { Zone } from '@storedesk/shared/zones/schemas';
import { zoneSchema } from '@storedesk/shared/zones/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client.ts';

export type ZonesQuery = { q?: string; page?: number; pageSize?: number };

const zonesResponseSchema = listResponseSchema(zoneSchema);

/** GET /api/zones (owner only). */
export function getZones(query: ZonesQuery, signal?: AbortSignal): Promise<ListResponse<Zone>> {
  return apiJson('/zones', zonesResponseSchema, { query, signal });
}

export function zonesQueryOptions(query: ZonesQuery) {
  return queryOptions({
    queryKey: ['zones', 'list', query],
    queryFn: ({ signal }) => getZones(query, signal),
  });
}

export function useZones(query: ZonesQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...zonesQueryOptions(query), enabled: options.enabled ?? true });
}
