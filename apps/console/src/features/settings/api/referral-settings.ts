import type {
  ReferralSettings,
  ReferralSettingsUpdateInput,
} from '@storedesk/shared/settings/referral-settings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';

/** Starts with the `settings` topic, so a colleague's save (a live event of that topic) refreshes it. */
export const referralSettingsQueryKey = ['settings', 'referral'] as const;

/** GET /api/settings/referral (owner only): a disabled program with version 0 until the first save. */
export function getReferralSettings(signal?: AbortSignal): Promise<ReferralSettings> {
  return apiJson<ReferralSettings>('/settings/referral', { signal });
}

export const referralSettingsQueryOptions = queryOptions({
  queryKey: referralSettingsQueryKey,
  queryFn: ({ signal }) => getReferralSettings(signal),
});

export function useReferralSettings() {
  return useQuery(referralSettingsQueryOptions);
}

/** PUT /api/settings/referral; 409 with the current settings when `version` is stale (D9). */
export function saveReferralSettings(update: ReferralSettingsUpdateInput): Promise<ReferralSettings> {
  return apiJson<ReferralSettings>('/settings/referral', { method: 'PUT', body: update });
}

export function useSaveReferralSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReferralSettings,
    onSuccess: (saved) => queryClient.setQueryData(referralSettingsQueryKey, saved),
  });
}
