import { listResponseSchema } from '@storedesk/shared/lists';
import type { ListResponse } from '@storedesk/shared/lists';
import type { Zone } from '@storedesk/shared/zones/schemas';
import { zoneSchema } from '@storedesk/shared/zones/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client.ts';

const zonesResponseSchema = listResponseSchema(zoneSchema);

/**
 * GET /api/zones?pageSize=25 (owner only): the choices of the store form's zone
 * select. Same key as the top bar's zone switcher, so both share one answer.
 */
export function getZoneChoices(signal?: AbortSignal): Promise<ListResponse<Zone>> {
  return apiJson('/zones', zonesResponseSchema, { query: { pageSize: 25 }, signal });
}

export const zoneChoicesQueryOptions = queryOptions({
  queryKey: ['zones', 'list', { pageSize: 25 }],
  queryFn: ({ signal }) => getZoneChoices(signal),
});

export function useZoneChoices(options: { enabled: boolean }) {
  return useQuery({ ...zoneChoicesQueryOptions, enabled: options.enabled });
}
