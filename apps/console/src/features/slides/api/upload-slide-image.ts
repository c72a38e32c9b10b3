import type { Slide } from '@storedesk/shared/slides/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { slideQueryKey } from './get-slide.ts';
import { slidesListKey } from './get-slides.ts';

/** PUT /api/slides/:slideId/image: one multipart part named `image`; 413 over 15 KB, 415 for other types. */
export function uploadSlideImage({ slideId, image }: { slideId: string; image: File }): Promise<Slide> {
  const body = new FormData();
  body.set('image', image);
  return apiJson<Slide>(`/slides/${encodeURIComponent(slideId)}/image`, { method: 'PUT', body });
}

export function useUploadSlideImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadSlideImage,
    onSuccess: (slide) => {
      queryClient.setQueryData(slideQueryKey(slide.id), slide);
      void queryClient.invalidateQueries({ queryKey: slidesListKey });
    },
  });
}
