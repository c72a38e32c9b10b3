import { limits } from '@storedesk/shared/limits';
import type { ListResponse } from '@storedesk/shared/lists';
import type { Store } from '@storedesk/shared/stores/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';

/** A store as the slots board needs it: its name and its slot rule (null: as soon as possible only). */
export type SlotStore = Pick<Store, 'id' | 'name' | 'deliverySlots'>;

const pageSize = Math.max(...limits.pageSizes);

/**
 * GET /api/stores, every page: the stores of the caller's zone (or of `zoneId` for the owner) with
 * their slot rules, for the board's days and each slot's capacity and cut-off.
 */
export async function getSlotStores(zoneId: string | undefined, signal?: AbortSignal): Promise<SlotStore[]> {
  const pageOf = (page: number) =>
    apiJson<ListResponse<Store>>('/stores', { query: { zoneId, page, pageSize }, signal });
  const first = await pageOf(0);
  const pages = Math.ceil(first.total / pageSize);
  const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, at) => pageOf(at + 1)));
  return [first, ...rest]
    .flatMap((page) => page.items)
    .map(({ id, name, deliverySlots }) => ({ id, name, deliverySlots }));
}

export function slotStoresQueryOptions(zoneId: string | undefined) {
  return queryOptions({
    queryKey: ['stores', 'slot-rules', zoneId],
    queryFn: ({ signal }) => getSlotStores(zoneId, signal),
  });
}

export function useSlotStores(zoneId: string | undefined) {
  return useQuery(slotStoresQueryOptions(zoneId));
}
