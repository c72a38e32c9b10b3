import type { ChooseBusinessResponse, SignInRequest, SignInResponse } from '@storedesk/shared/auth/schemas';
import type { TwoFactorEnrolmentRequired, TwoFactorRequired } from '@storedesk/shared/auth/two-factor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { startSession } from '@/lib/session.ts';

/**
 * A session; or the businesses to choose from when the address signs in to
 * several (ADR 0033); or, with no session yet, the second step of two-step
 * sign-in or its setting up (ADR 0044).
 */
export type SignInAnswer =
  SignInResponse | ChooseBusinessResponse | TwoFactorRequired | TwoFactorEnrolmentRequired;

export function signIn(credentials: SignInRequest): Promise<SignInAnswer> {
  return apiJson<SignInAnswer>('/auth/sign-in', { method: 'POST', body: credentials });
}

/** Signs in; the session cookie carries on from here, so the token is not kept. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (answer) => {
      if ('user' in answer) startSession(queryClient, { user: answer.user, business: answer.business });
    },
  });
}
