import type { OrderSettings, OrderSettingsUpdate } from '@storedesk/shared/settings/order-settings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';

/** Starts with the `settings` topic, so a colleague's save (a live event of that topic) refreshes it. */
export const orderSettingsQueryKey = ['settings', 'order'] as const;

/** GET /api/settings/order (every staff member reads; the owner saves): the defaults with version 0 until the first save. */
export function getOrderSettings(signal?: AbortSignal): Promise<OrderSettings> {
  return apiJson<OrderSettings>('/settings/order', { signal });
}

export const orderSettingsQueryOptions = queryOptions({
  queryKey: orderSettingsQueryKey,
  queryFn: ({ signal }) => getOrderSettings(signal),
});

export function useOrderSettings() {
  return useQuery(orderSettingsQueryOptions);
}

/** PUT /api/settings/order; 409 with the current settings when `version` is stale (D9). */
export function saveOrderSettings(update: OrderSettingsUpdate): Promise<OrderSettings> {
  return apiJson<OrderSettings>('/settings/order', { method: 'PUT', body: update });
}

export function useSaveOrderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOrderSettings,
    onSuccess: (saved) => queryClient.setQueryData(orderSettingsQueryKey, saved),
  });
}
