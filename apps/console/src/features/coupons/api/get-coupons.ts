import type { Coupon } from '@storedesk/shared/coupons/schemas';
import type { ListResponse } from '@storedesk/shared/lists';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';

export type CouponsQuery = { q: string; page: number; pageSize: number };

/** Starts with the `coupons` topic, so a live event of another console refreshes it (D10). */
export const couponsListKey = ['coupons', 'list'] as const;

/** GET /api/coupons (owner only): the open coupons, newest first. */
export function getCoupons(query: CouponsQuery, signal?: AbortSignal): Promise<ListResponse<Coupon>> {
  return apiJson<ListResponse<Coupon>>('/coupons', { query, signal });
}

export function couponsQueryOptions(query: CouponsQuery) {
  return queryOptions({
    queryKey: [...couponsListKey, query],
    queryFn: ({ signal }) => getCoupons(query, signal),
    // Keep the page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useCoupons(query: CouponsQuery) {
  return useQuery(couponsQueryOptions(query));
}
