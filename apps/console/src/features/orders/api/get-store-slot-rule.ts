import type { Store } from '@storedesk/shared/stores/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';

/**
 * What a store's delivery slots are made of (B19): whether it is open, its hours, its holidays and
 * special hours, and its slot rule (null: it delivers as soon as possible only).
 */
export type SlotRuleStore = Pick<
  Store,
  'id' | 'status' | 'openTime' | 'closeTime' | 'deliverySlots' | 'specialDays'
>;

/** GET /api/stores/:storeId, for the slots an order of the store may be moved to. */
export async function getStoreSlotRule(storeId: string, signal?: AbortSignal): Promise<SlotRuleStore> {
  const { id, status, openTime, closeTime, deliverySlots, specialDays } = await apiJson<Store>(
    `/stores/${encodeURIComponent(storeId)}`,
    { signal },
  );
  return { id, status, openTime, closeTime, deliverySlots, specialDays };
}

export function storeSlotRuleQueryOptions(storeId: string) {
  return queryOptions({
    queryKey: ['stores', 'slot-rule', storeId],
    queryFn: ({ signal }) => getStoreSlotRule(storeId, signal),
  });
}

/** The store's slot rule; read only while `enabled` (an order whose slot may still change). */
export function useStoreSlotRule(storeId: string, enabled = true) {
  return useQuery({ ...storeSlotRuleQueryOptions(storeId), enabled });
}
