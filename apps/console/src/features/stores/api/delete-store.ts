import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';

/** DELETE /api/stores/:storeId?version=N: a soft delete, undone from the trash. */
export async function deleteStore({ storeId, version }: { storeId: string; version: number }): Promise<void> {
  await apiFetch(`/stores/${encodeURIComponent(storeId)}`, { method: 'DELETE', query: { version } });
}

export function useDeleteStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStore,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['stores'] }),
  });
}
