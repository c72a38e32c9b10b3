import type { SignInResponse } from '@storedesk/shared/auth/schemas';
import type { WebauthnOptions } from '@storedesk/shared/auth/passkeys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { startSession } from '@/lib/session.ts';

/**
 * Signs in with a passkey (ADR 0049): alone (POST /api/auth/passkey/options, then /auth/passkey),
 * or, with the challenge the password answered, as the second step (/auth/two-factor/passkey…).
 */
export async function signInWithPasskey(challenge?: string): Promise<SignInResponse> {
  const base = challenge ? '/auth/two-factor/passkey' : '/auth/passkey';
  const body = challenge ? { challenge } : {};
  // The browser's side loads when it is asked for: the sign-in page sends it to no one who does not.
  const [{ options }, { getPasskey }] = await Promise.all([
    apiJson<WebauthnOptions>(`${base}/options`, { method: 'POST', body }),
    import('@/lib/webauthn.ts'),
  ]);
  const credential = await getPasskey(options);
  return apiJson<SignInResponse>(base, { method: 'POST', body: { ...body, credential } });
}

export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithPasskey,
    onSuccess: (answer) => startSession(queryClient, { user: answer.user, business: answer.business }),
  });
}
