import type { ListResponse } from '@storedesk/shared/lists';
import type { TrashEntry, TrashKind } from '@storedesk/shared/trash/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';

/** `kind` undefined is every kind. */
export type TrashQuery = { kind: TrashKind | undefined; q: string; page: number; pageSize: number };

export const trashListKey = ['trash', 'list'] as const;

/** GET /api/trash (owner only): what was deleted in the last 30 days, newest first. */
export function getTrash(query: TrashQuery, signal?: AbortSignal): Promise<ListResponse<TrashEntry>> {
  return apiJson<ListResponse<TrashEntry>>('/trash', { query, signal });
}

export function trashQueryOptions(query: TrashQuery) {
  return queryOptions({
    queryKey: [...trashListKey, query],
    queryFn: ({ signal }) => getTrash(query, signal),
    // Keep the page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useTrash(query: TrashQuery) {
  return useQuery(trashQueryOptions(query));
}
