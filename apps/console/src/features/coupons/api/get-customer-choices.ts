import type { ListResponse } from '@storedesk/shared/lists';
import type { Customer } from '@storedesk/shared/customers/schemas';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';

/** GET /api/customers?q&pageSize=25: customers by name or phone, each named with their phone. */
export function getCouponCustomerChoices(
  q: string,
  signal?: AbortSignal,
): Promise<Array<{ id: string; name: string }>> {
  return apiJson<ListResponse<Customer>>('/customers', { query: { q, pageSize: 25 }, signal }).then((list) =>
    list.items.map((customer) => ({ id: customer.id, name: `${customer.name} · ${customer.phone}` })),
  );
}

export function useCouponCustomerChoices(q: string, enabled: boolean) {
  return useQuery({
    queryKey: ['customers', 'coupon-choices', q],
    queryFn: ({ signal }) => getCouponCustomerChoices(q, signal),
    enabled,
  });
}
