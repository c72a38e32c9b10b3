import type { Slide, SlideInput } from '@storedesk/shared/slides/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { slideQueryKey } from './get-slide.ts';
import { slidesListKey } from './get-slides.ts';

/** POST /api/slides: title and position; the image goes up next (PUT …/image). */
export function createSlide(input: SlideInput): Promise<Slide> {
  return apiJson<Slide>('/slides', { method: 'POST', body: input });
}

export function useCreateSlide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSlide,
    onSuccess: (slide) => {
      queryClient.setQueryData(slideQueryKey(slide.id), slide);
      void queryClient.invalidateQueries({ queryKey: slidesListKey });
    },
  });
}
