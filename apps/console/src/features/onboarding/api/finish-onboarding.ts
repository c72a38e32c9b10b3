import type { OnboardingSubmitInput, OnboardingSubmitResponse } from '@storedesk/shared/onboarding/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { startSession } from '@/lib/session.ts';

/** POST /api/onboarding (Finish): creates the business and signs its owner in, as sign-in does. */
export function finishOnboarding(input: OnboardingSubmitInput): Promise<OnboardingSubmitResponse> {
  return apiJson<OnboardingSubmitResponse>('/onboarding', { method: 'POST', body: input });
}

/** Finishes sign-up; the new session moves the signed-out guard on to the dashboard. */
export function useFinishOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: finishOnboarding,
    onSuccess: ({ user, business }) => startSession(queryClient, { user, business }),
  });
}
