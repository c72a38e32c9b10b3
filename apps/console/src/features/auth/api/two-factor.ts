import type { SignInResponse } from '@storedesk/shared/auth/schemas';
import type { EnrolledSignInResponse, TotpEnrolment } from '@storedesk/shared/auth/two-factor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { startSession } from '@/lib/session.ts';

/** POST /api/auth/two-factor: the second step, with the app's code or a recovery code. */
export function signInWithCode(input: { challenge: string; code: string }): Promise<SignInResponse> {
  return apiJson<SignInResponse>('/auth/two-factor', { method: 'POST', body: input });
}

export function useSignInWithCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithCode,
    onSuccess: (answer) => startSession(queryClient, { user: answer.user, business: answer.business }),
  });
}

/** POST /api/auth/two-factor/enrolment: the secret for someone whose business requires two-step sign-in. */
export function startEnrolment(challenge: string): Promise<TotpEnrolment> {
  return apiJson<TotpEnrolment>('/auth/two-factor/enrolment', { method: 'POST', body: { challenge } });
}

export function useStartEnrolment() {
  return useMutation({ mutationFn: startEnrolment });
}

/**
 * POST /api/auth/two-factor/enrolment/confirm: the app's first code. The answer
 * carries the session and the recovery codes; the session starts only once
 * the codes are saved (`startSession` by the caller).
 */
export function confirmEnrolment(input: {
  challenge: string;
  code: string;
}): Promise<EnrolledSignInResponse> {
  return apiJson<EnrolledSignInResponse>('/auth/two-factor/enrolment/confirm', {
    method: 'POST',
    body: input,
  });
}

export function useConfirmEnrolment() {
  return useMutation({ mutationFn: confirmEnrolment });
}
