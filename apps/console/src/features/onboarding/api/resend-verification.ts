import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';

/** POST /api/onboarding/verification-email: mails a new link; the one before stops working. */
export async function resendVerification(): Promise<void> {
  await apiFetch('/onboarding/verification-email', { method: 'POST' });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
