import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { slidesListKey } from './get-slides.ts';

/** DELETE /api/slides/:slideId?version=N: a soft delete, undone from the trash. */
export async function deleteSlide({ slideId, version }: { slideId: string; version: number }): Promise<void> {
  await apiFetch(`/slides/${encodeURIComponent(slideId)}`, { method: 'DELETE', query: { version } });
}

export function useDeleteSlide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSlide,
    onSettled: () => queryClient.invalidateQueries({ queryKey: slidesListKey }),
  });
}
