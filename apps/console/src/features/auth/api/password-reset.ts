import type {
  ForgotPasswordRequest,
  ForgotPasswordResponse,
  ResetPasswordRequest,
} from '@storedesk/shared/auth/password-reset';
import { useMutation } from '@tanstack/react-query';
import { apiFetch, apiJson, isApiError } from '@/lib/api-client.ts';

export function forgotPassword(input: ForgotPasswordRequest): Promise<ForgotPasswordResponse> {
  return apiJson<ForgotPasswordResponse>('/auth/forgot-password', { method: 'POST', body: input });
}

export async function resetPassword(input: ResetPasswordRequest): Promise<void> {
  await apiFetch('/auth/reset-password', { method: 'POST', body: input });
}

/** Asks for a reset link; the answer is the same whether or not the account exists. */
export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

/** Sets a new password with the link's token. */
export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

/** A refusal of the link itself (expired 400, used 409, not valid 400), as opposed to the password. */
export function isLinkRefusal(error: unknown): boolean {
  return isApiError(error, 409) || (isApiError(error, 400) && Boolean(error.fields?.token));
}
