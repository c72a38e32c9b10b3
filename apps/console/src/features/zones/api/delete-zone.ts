import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { zonesListKey } from './get-zones.ts';

/**
 * DELETE /api/zones/:zoneId?version=N: a soft delete, undone from the trash.
 * 409 when the version is stale, or with the reason when stores, staff or open
 * orders still use the zone.
 */
export async function deleteZone({ zoneId, version }: { zoneId: string; version: number }): Promise<void> {
  await apiFetch(`/zones/${encodeURIComponent(zoneId)}`, { method: 'DELETE', query: { version } });
}

export function useDeleteZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteZone,
    // Only the lists: the edit screen that deleted the zone leaves by itself.
    onSettled: () => queryClient.invalidateQueries({ queryKey: zonesListKey }),
  });
}
