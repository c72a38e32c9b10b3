import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';

/**
 * POST /api/trash/stores/:storeId/restore: the Undo after a delete (D7). The
 * list is read again afterwards, so the answer's body is not needed.
 */
export async function restoreStore(storeId: string): Promise<void> {
  await apiFetch(`/trash/stores/${encodeURIComponent(storeId)}/restore`, { method: 'POST' });
}

export function useRestoreStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreStore,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['stores'] }),
  });
}
