import type { ListResponse } from '@storedesk/shared/lists';
import type { DeliveryExecutive } from '@storedesk/shared/staff/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';

export type DeliveryExecutivesQuery = { zoneId: string; q: string };

/** Enough for a picker; the search narrows a longer list. */
export const executivesPageSize = 25;

/** GET /api/delivery-executives?zoneId&q&pageSize: the executives an order of that zone can go out with. */
export function getDeliveryExecutives(
  query: DeliveryExecutivesQuery,
  signal?: AbortSignal,
): Promise<ListResponse<DeliveryExecutive>> {
  return apiJson<ListResponse<DeliveryExecutive>>('/delivery-executives', {
    query: { ...query, pageSize: executivesPageSize },
    signal,
  });
}

export function deliveryExecutivesQueryOptions(query: DeliveryExecutivesQuery) {
  return queryOptions({
    queryKey: ['staff', 'delivery-executives', 'choices', query],
    queryFn: ({ signal }) => getDeliveryExecutives(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDeliveryExecutives(query: DeliveryExecutivesQuery, options: { enabled: boolean }) {
  return useQuery({ ...deliveryExecutivesQueryOptions(query), enabled: options.enabled });
}
