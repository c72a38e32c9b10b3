import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';

/**
 * POST /api/trash/zones/:zoneId/restore: the Undo after a delete (D7); 409 when
 * another live zone has taken its name meanwhile.
 */
export async function restoreZone(zoneId: string): Promise<void> {
  await apiFetch(`/trash/zones/${encodeURIComponent(zoneId)}/restore`, { method: 'POST' });
}

export function useRestoreZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreZone,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['zones'] }),
  });
}
