import { storeSchema } from '@storedesk/shared/stores/schemas';
import type { Store } from '@storedesk/shared/stores/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client.ts';

/** POST /api/trash/stores/:storeId/restore: the Undo after a delete (D7). */
export function restoreStore(storeId: string): Promise<Store> {
  return apiJson(`/trash/stores/${encodeURIComponent(storeId)}/restore`, storeSchema, { method: 'POST' });
}

export function useRestoreStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreStore,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['stores'] }),
  });
}
