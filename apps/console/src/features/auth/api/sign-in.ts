import type { ChooseBusinessResponse, SignInRequest, SignInResponse } from '@storedesk/shared/auth/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { startSession } from '@/lib/session.ts';

/** A session, or the businesses to choose from when the address signs in to several (ADR 0033). */
export function signIn(credentials: SignInRequest): Promise<SignInResponse | ChooseBusinessResponse> {
  return apiJson<SignInResponse | ChooseBusinessResponse>('/auth/sign-in', {
    method: 'POST',
    body: credentials,
  });
}

/** Signs in; the session cookie carries on from here, so the token is not kept. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (answer) => {
      if (!('chooseBusiness' in answer))
        startSession(queryClient, { user: answer.user, business: answer.business });
    },
  });
}
