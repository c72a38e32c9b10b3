import type { Store } from '@storedesk/shared/stores/schemas';
import { useQueries } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';

/** GET /api/stores/:storeId: a store's cut-off for slot orders, null when it has no slot rule now. */
export async function getStoreCutoff(storeId: string, signal?: AbortSignal): Promise<number | null> {
  const store = await apiJson<Store>(`/stores/${encodeURIComponent(storeId)}`, { signal });
  return store.deliverySlots?.cutoffMinutes ?? null;
}

/**
 * The cut-offs of these stores, by id, once each is known: null for a store without a slot rule now,
 * or one that could not be read (deleted, or another zone's since).
 */
export function useStoreCutoffs(storeIds: readonly string[]): ReadonlyMap<string, number | null> {
  return useQueries({
    queries: storeIds.map((storeId) => ({
      queryKey: ['stores', 'cutoff', storeId],
      queryFn: ({ signal }: { signal: AbortSignal }) => getStoreCutoff(storeId, signal),
    })),
    combine: (results) => {
      const known = new Map<string, number | null>();
      results.forEach((result, at) => {
        if (result.isSuccess) known.set(storeIds[at]!, result.data);
        else if (result.isError) known.set(storeIds[at]!, null);
      });
      return known;
    },
  });
}
