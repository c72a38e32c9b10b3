import type { TwoFactorSetting } from '@storedesk/shared/auth/two-factor';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { twoFactorQueryKey } from './get-two-factor.ts';

const requirementQueryKey = ['settings', 'two-factor'] as const;

/** GET /api/settings/two-factor (owner): whether every staff member must use two-step sign-in. */
export function getRequirement(signal?: AbortSignal): Promise<TwoFactorSetting> {
  return apiJson<TwoFactorSetting>('/settings/two-factor', { signal });
}

export const requirementQueryOptions = queryOptions({
  queryKey: requirementQueryKey,
  queryFn: ({ signal }) => getRequirement(signal),
});

export function useRequirement(enabled: boolean) {
  return useQuery({ ...requirementQueryOptions, enabled });
}

/** PUT /api/settings/two-factor. */
export function setRequirement(input: { required: boolean; version: number }): Promise<TwoFactorSetting> {
  return apiJson<TwoFactorSetting>('/settings/two-factor', { method: 'PUT', body: input });
}

export function useSetRequirement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRequirement,
    onSuccess: (setting) => {
      queryClient.setQueryData(requirementQueryKey, setting);
      void queryClient.invalidateQueries({ queryKey: twoFactorQueryKey });
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: requirementQueryKey }),
  });
}
