import type { Zone, ZoneUpdate } from '@storedesk/shared/zones/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { zoneQueryKey } from './get-zone.ts';
import { zonesListKey } from './get-zones.ts';

/** PATCH /api/zones/:zoneId; 409 with the current zone when `version` is stale, or with `fields.name` on a taken name. */
export function updateZone({ zoneId, update }: { zoneId: string; update: ZoneUpdate }): Promise<Zone> {
  return apiJson<Zone>(`/zones/${encodeURIComponent(zoneId)}`, { method: 'PATCH', body: update });
}

export function useUpdateZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateZone,
    onSuccess: (zone) => {
      queryClient.setQueryData(zoneQueryKey(zone.id), zone);
      void queryClient.invalidateQueries({ queryKey: zonesListKey });
    },
  });
}
