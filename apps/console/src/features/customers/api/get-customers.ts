import type { CustomerRow } from '@storedesk/shared/customers/schemas';
import type { ListResponse } from '@storedesk/shared/lists';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { customerKeys } from './customer-keys.ts';

export type CustomersQuery = { q: string; page: number; pageSize: number };

/** GET /api/customers (owner only): by name, with their orders, total spent and last order. */
export function getCustomers(
  query: CustomersQuery,
  signal?: AbortSignal,
): Promise<ListResponse<CustomerRow>> {
  return apiJson<ListResponse<CustomerRow>>('/customers', { query, signal });
}

export function customersQueryOptions(query: CustomersQuery) {
  return queryOptions({
    queryKey: customerKeys.list(query),
    queryFn: ({ signal }) => getCustomers(query, signal),
    // Keep the page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useCustomers(query: CustomersQuery) {
  return useQuery(customersQueryOptions(query));
}
