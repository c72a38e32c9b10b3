import type { Account } from '@storedesk/shared/account/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';

export const accountQueryKey = ['account'] as const;

/** GET /api/account: the signed-in user's own record. */
export function getAccount(signal?: AbortSignal): Promise<Account> {
  return apiJson<Account>('/account', { signal });
}

export const accountQueryOptions = queryOptions({
  queryKey: accountQueryKey,
  queryFn: ({ signal }) => getAccount(signal),
});

export function useAccount() {
  return useQuery(accountQueryOptions);
}
