import type {
  NotificationSettings,
  NotificationSettingsUpdate,
} from '@storedesk/shared/settings/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';

/** Starts with the `settings` topic, so a colleague's save (a live event of that topic) refreshes it. */
export const notificationSettingsQueryKey = ['settings', 'notifications'] as const;

/** GET /api/settings/notifications (owner only): every update off, with version 0, until the first save. */
export function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  return apiJson<NotificationSettings>('/settings/notifications', { signal });
}

export const notificationSettingsQueryOptions = queryOptions({
  queryKey: notificationSettingsQueryKey,
  queryFn: ({ signal }) => getNotificationSettings(signal),
});

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions);
}

/** PUT /api/settings/notifications, both channels whole; 409 with the current settings when `version` is stale (D9). */
export function saveNotificationSettings(update: NotificationSettingsUpdate): Promise<NotificationSettings> {
  return apiJson<NotificationSettings>('/settings/notifications', { method: 'PUT', body: update });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationSettings,
    onSuccess: (saved) => queryClient.setQueryData(notificationSettingsQueryKey, saved),
  });
}
