import type { ListResponse } from '@storedesk/shared/lists';
import type { OrderSummary } from '@storedesk/shared/orders/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { customerKeys, customerPath } from './customer-keys.ts';

export type CustomerOrdersQuery = { page: number; pageSize: number };

/** GET /api/customers/:customerId/orders: their orders, newest first. */
export function getCustomerOrders(
  customerId: string,
  query: CustomerOrdersQuery,
  signal?: AbortSignal,
): Promise<ListResponse<OrderSummary>> {
  return apiJson<ListResponse<OrderSummary>>(`${customerPath(customerId)}/orders`, { query, signal });
}

export function customerOrdersQueryOptions(customerId: string, query: CustomerOrdersQuery) {
  return queryOptions({
    queryKey: customerKeys.orders(customerId, query),
    queryFn: ({ signal }) => getCustomerOrders(customerId, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCustomerOrders(customerId: string, query: CustomerOrdersQuery) {
  return useQuery(customerOrdersQueryOptions(customerId, query));
}
