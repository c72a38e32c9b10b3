import type { CustomerDetail } from '@storedesk/shared/customers/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { customerKeys, customerPath } from './customer-keys.ts';

/** GET /api/customers/:customerId: figures, who blocked them, saved addresses; 404 for one not of the business. */
export function getCustomer(customerId: string, signal?: AbortSignal): Promise<CustomerDetail> {
  return apiJson<CustomerDetail>(customerPath(customerId), { signal });
}

export function customerQueryOptions(customerId: string) {
  return queryOptions({
    queryKey: customerKeys.detail(customerId),
    queryFn: ({ signal }) => getCustomer(customerId, signal),
  });
}

export function useCustomer(customerId: string) {
  return useQuery(customerQueryOptions(customerId));
}
