import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';

/** POST /api/trash/slides/:slideId/restore: the Undo after a delete (D7). */
export async function restoreSlide(slideId: string): Promise<void> {
  await apiFetch(`/trash/slides/${encodeURIComponent(slideId)}/restore`, { method: 'POST' });
}

export function useRestoreSlide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreSlide,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['slides'] }),
  });
}
