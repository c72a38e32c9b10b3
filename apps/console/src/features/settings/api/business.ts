import type {
  BusinessSettings,
  BusinessSettingsUpdateInput,
  StorefrontKeyRotation,
} from '@storedesk/shared/settings/business';
import type { QueryClient } from '@tanstack/react-query';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { sessionQueryKey } from '@/lib/session.ts';

/**
 * Starts with the `business` topic, so a colleague's save (a live event of that
 * topic) refreshes it, as it refreshes the session the shell reads.
 */
export const businessSettingsQueryKey = ['business', 'settings'] as const;

/** GET /api/settings/business (owner only). */
export function getBusinessSettings(signal?: AbortSignal): Promise<BusinessSettings> {
  return apiJson<BusinessSettings>('/settings/business', { signal });
}

export const businessSettingsQueryOptions = queryOptions({
  queryKey: businessSettingsQueryKey,
  queryFn: ({ signal }) => getBusinessSettings(signal),
});

export function useBusinessSettings() {
  return useQuery(businessSettingsQueryOptions);
}

/** The saved record is the one to show; the shell's name, theme, time zone and Open App follow at once. */
function showSaved(queryClient: QueryClient, record: BusinessSettings) {
  queryClient.setQueryData(businessSettingsQueryKey, record);
  void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
}

/** PATCH /api/settings/business; 409 with the current record when `version` is stale (D9). */
export function updateBusinessSettings(update: BusinessSettingsUpdateInput): Promise<BusinessSettings> {
  return apiJson<BusinessSettings>('/settings/business', { method: 'PATCH', body: update });
}

export function useUpdateBusinessSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBusinessSettings,
    onSuccess: (record) => showSaved(queryClient, record),
  });
}

/** POST /api/settings/business/storefront-key: a new key; the old one is refused from then on. */
export function rotateStorefrontKey(rotation: StorefrontKeyRotation): Promise<BusinessSettings> {
  return apiJson<BusinessSettings>('/settings/business/storefront-key', {
    method: 'POST',
    body: rotation,
  });
}

export function useRotateStorefrontKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateStorefrontKey,
    onSuccess: (record) => showSaved(queryClient, record),
  });
}

/** A store as the main store select offers it. */
