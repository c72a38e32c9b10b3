import type { Slide } from '@storedesk/shared/slides/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';

export function slideQueryKey(slideId: string) {
  return ['slides', 'detail', slideId] as const;
}

/** GET /api/slides/:slideId (owner only); 404 for an unknown or deleted slide. */
export function getSlide(slideId: string, signal?: AbortSignal): Promise<Slide> {
  return apiJson<Slide>(`/slides/${encodeURIComponent(slideId)}`, { signal });
}

export function slideQueryOptions(slideId: string) {
  return queryOptions({
    queryKey: slideQueryKey(slideId),
    queryFn: ({ signal }) => getSlide(slideId, signal),
  });
}

export function useSlide(slideId: string) {
  return useQuery(slideQueryOptions(slideId));
}
