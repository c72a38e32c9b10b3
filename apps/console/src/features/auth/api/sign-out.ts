import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, isApiError } from '@/lib/api-client.ts';
import { resumeLiveEvents, stopLiveEvents } from '@/lib/live-connections.ts';
import { clearSession } from '@/lib/session.ts';

export async function signOut(): Promise<void> {
  try {
    await apiFetch('/auth/sign-out', { method: 'POST' });
  } catch (error) {
    // A session that already ended is as good as signed out.
    if (!isApiError(error, 401)) throw error;
  }
}

/** SPEC §4: sign-out stops all live subscriptions, then signs out. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      stopLiveEvents();
      try {
        await signOut();
      } catch (error) {
        resumeLiveEvents();
        throw error;
      }
    },
    onSuccess: () => clearSession(queryClient),
  });
}
