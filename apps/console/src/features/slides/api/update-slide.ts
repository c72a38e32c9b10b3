import type { Slide, SlideUpdate } from '@storedesk/shared/slides/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { slideQueryKey } from './get-slide.ts';
import { slidesListKey } from './get-slides.ts';

/** PATCH /api/slides/:slideId; 409 with the current slide when `version` is stale. */
export function updateSlide({ slideId, update }: { slideId: string; update: SlideUpdate }): Promise<Slide> {
  return apiJson<Slide>(`/slides/${encodeURIComponent(slideId)}`, { method: 'PATCH', body: update });
}

export function useUpdateSlide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSlide,
    onSuccess: (slide) => {
      queryClient.setQueryData(slideQueryKey(slide.id), slide);
      void queryClient.invalidateQueries({ queryKey: slidesListKey });
    },
  });
}
