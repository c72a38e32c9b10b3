import type { ListResponse } from '@storedesk/shared/lists';
import type { Store } from '@storedesk/shared/stores/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';

/** Under the `stores` topic, so a store added anywhere refreshes it (D10). */
export const storeTotalKey = ['stores', 'dashboard-total'] as const;

/** How many stores the caller sees: a new business has none yet. */
export async function getStoreTotal(signal?: AbortSignal): Promise<number> {
  const { total } = await apiJson<ListResponse<Store>>('/stores', { query: { pageSize: 5 }, signal });
  return total;
}

export const storeTotalQueryOptions = queryOptions({
  queryKey: storeTotalKey,
  queryFn: ({ signal }) => getStoreTotal(signal),
});

export function useStoreTotal() {
  return useQuery(storeTotalQueryOptions);
}
