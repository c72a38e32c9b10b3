import type { Zone, ZoneInput } from '@storedesk/shared/zones/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { zoneQueryKey } from './get-zone.ts';
import { zonesListKey } from './get-zones.ts';

/** POST /api/zones; 409 with `fields.name` when a live zone already has the name, whatever its case. */
export function createZone(input: ZoneInput): Promise<Zone> {
  return apiJson<Zone>('/zones', { method: 'POST', body: input });
}

export function useCreateZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createZone,
    onSuccess: (zone) => {
      queryClient.setQueryData(zoneQueryKey(zone.id), zone);
      void queryClient.invalidateQueries({ queryKey: zonesListKey });
    },
  });
}
