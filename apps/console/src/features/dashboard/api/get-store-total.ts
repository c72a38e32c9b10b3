import { listResponseSchema } from '@storedesk/shared/lists';
import { storeSchema } from '@storedesk/shared/stores/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client.ts';

const storesResponseSchema = listResponseSchema(storeSchema);

/** Under the `stores` topic, so a store added anywhere refreshes it (D10). */
export const storeTotalKey = ['stores', 'dashboard-total'] as const;

/** How many stores the caller sees: a new business has none yet. */
export async function getStoreTotal(signal?: AbortSignal): Promise<number> {
  const { total } = await apiJson('/stores', storesResponseSchema, { query: { pageSize: 5 }, signal });
  return total;
}

export function useStoreTotal() {
  return useQuery(queryOptions({ queryKey: storeTotalKey, queryFn: ({ signal }) => getStoreTotal(signal) }));
}
