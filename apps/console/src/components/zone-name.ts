import type { Zone } from '@storedesk/shared/zones/schemas';
import { useQuery } from '@tanstack/react-query';
import { apiJson, isApiError } from '@/lib/api-client.ts';

/**
 * A zone's name when the caller knows only its id (a zone remembered by id): the zone pickers, and
 * the top bar's field before its picker loads, share the answer.
 */
export function useZoneName(zoneId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['zones', 'detail', zoneId],
    queryFn: ({ signal }) => apiJson<Zone>(`/zones/${encodeURIComponent(zoneId!)}`, { signal }),
    enabled: enabled && zoneId !== null,
    retry: (count, error) => !isApiError(error, 404) && count < 2,
  });
}
