import type { OnboardingAccountInput, OnboardingAccountResponse } from '@storedesk/shared/onboarding/schemas';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';

/**
 * POST /api/onboarding/account: registers the pending owner and mails the
 * verification link. The answer's cookie carries the sign-up on to Finish.
 */
export function registerAccount(account: OnboardingAccountInput): Promise<OnboardingAccountResponse> {
  return apiJson<OnboardingAccountResponse>('/onboarding/account', { method: 'POST', body: account });
}

export function useRegisterAccount() {
  return useMutation({ mutationFn: registerAccount });
}
