import type { SignInRequest, SignInResponse } from '@storedesk/shared/auth/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client.ts';
import { startSession } from '../../../lib/session.ts';

export function signIn(credentials: SignInRequest): Promise<SignInResponse> {
  return apiJson<SignInResponse>('/auth/sign-in', { method: 'POST', body: credentials });
}

/** Signs in; the session cookie carries on from here, so the token is not kept. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: ({ user, business }) => startSession(queryClient, { user, business }),
  });
}
