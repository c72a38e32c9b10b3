import type { CustomerDetail } from '@storedesk/shared/customers/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { customerKeys, customerPath } from './customer-keys.ts';

/** PATCH /api/customers/:customerId `{blocked}`: a blocked customer's orders are refused; twice is the same. */
export function setCustomerBlocked({
  customerId,
  blocked,
}: {
  customerId: string;
  blocked: boolean;
}): Promise<CustomerDetail> {
  return apiJson<CustomerDetail>(customerPath(customerId), { method: 'PATCH', body: { blocked } });
}

export function useSetCustomerBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCustomerBlocked,
    onSuccess: (customer) => queryClient.setQueryData(customerKeys.detail(customer.id), customer),
    // The list's Blocked chips follow.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...customerKeys.all, 'list'] }),
  });
}
