import type { PushNotification, PushNotificationInput } from '@storedesk/shared/push/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { pushListKey } from './get-push-notifications.ts';

/**
 * POST /api/push-notifications: answers 202 with the send as recorded
 * ('sending'); the server delivers it in the background and the history
 * follows its progress live.
 */
export function sendPushNotification(input: PushNotificationInput): Promise<PushNotification> {
  return apiJson<PushNotification>('/push-notifications', { method: 'POST', body: input });
}

export function useSendPushNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendPushNotification,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: pushListKey });
    },
  });
}
