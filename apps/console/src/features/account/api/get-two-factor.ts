import type { TwoFactorStatus } from '@storedesk/shared/auth/two-factor';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';

export const twoFactorQueryKey = ['account', 'two-factor'] as const;

/** GET /api/account/two-factor: whether two-step sign-in is on and the recovery codes left. */
export function getTwoFactor(signal?: AbortSignal): Promise<TwoFactorStatus> {
  return apiJson<TwoFactorStatus>('/account/two-factor', { signal });
}

export const twoFactorQueryOptions = queryOptions({
  queryKey: twoFactorQueryKey,
  queryFn: ({ signal }) => getTwoFactor(signal),
});

export function useTwoFactor() {
  return useQuery(twoFactorQueryOptions);
}
