import type { ListResponse } from '@storedesk/shared/lists';
import type { Slide } from '@storedesk/shared/slides/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';

export type SlidesQuery = { q: string; page: number; pageSize: number };

export const slidesListKey = ['slides', 'list'] as const;

/** GET /api/slides (owner only): the home-page slides, in position order. */
export function getSlides(query: SlidesQuery, signal?: AbortSignal): Promise<ListResponse<Slide>> {
  return apiJson<ListResponse<Slide>>('/slides', { query, signal });
}

export function slidesQueryOptions(query: SlidesQuery) {
  return queryOptions({
    queryKey: [...slidesListKey, query],
    queryFn: ({ signal }) => getSlides(query, signal),
    // Keep the page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useSlides(query: SlidesQuery) {
  return useQuery(slidesQueryOptions(query));
}
