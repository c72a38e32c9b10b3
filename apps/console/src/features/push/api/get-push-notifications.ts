import type { PushNotificationList, PushNotificationListQuery } from '@storedesk/shared/push/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';

/** Under the `push` topic: a live event of a send (started, progress, ended) refreshes the history. */
export const pushListKey = ['push', 'list'] as const;

/** GET /api/push-notifications (owner only): the sends, newest first, and how many subscribers there are now. */
export function getPushNotifications(
  query: PushNotificationListQuery,
  signal?: AbortSignal,
): Promise<PushNotificationList> {
  return apiJson<PushNotificationList>('/push-notifications', { query, signal });
}

export function pushNotificationsQueryOptions(query: PushNotificationListQuery) {
  return queryOptions({
    queryKey: [...pushListKey, query],
    queryFn: ({ signal }) => getPushNotifications(query, signal),
    // Keep the page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function usePushNotifications(query: PushNotificationListQuery) {
  return useQuery(pushNotificationsQueryOptions(query));
}
