import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { catalogueKeys } from './catalogue-keys.ts';

type RestoreRecord = { storeId: string; kind: 'categories' | 'items'; id: string };

/** POST /api/trash/:kind/:id/restore: the Undo after deleting a category or an item (D7). */
export async function restoreCatalogueRecord({ kind, id }: RestoreRecord): Promise<void> {
  await apiFetch(`/trash/${kind}/${encodeURIComponent(id)}/restore`, { method: 'POST' });
}

export function useRestoreCatalogueRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreCatalogueRecord,
    onSettled: (_data, _error, { storeId }) =>
      queryClient.invalidateQueries({ queryKey: catalogueKeys.all(storeId) }),
  });
}
