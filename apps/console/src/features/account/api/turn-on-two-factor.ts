import type { RecoveryCodes, TotpEnrolment } from '@storedesk/shared/auth/two-factor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { twoFactorQueryKey } from './get-two-factor.ts';

/** POST /api/account/two-factor/totp: a secret for the app, pending until a code of it is confirmed. */
export function startTotp(currentPassword: string): Promise<TotpEnrolment> {
  return apiJson<TotpEnrolment>('/account/two-factor/totp', { method: 'POST', body: { currentPassword } });
}

/** POST /api/account/two-factor/totp/confirm: turns it on and answers the recovery codes. */
export function confirmTotp(code: string): Promise<RecoveryCodes> {
  return apiJson<RecoveryCodes>('/account/two-factor/totp/confirm', { method: 'POST', body: { code } });
}

export function useStartTotp() {
  return useMutation({ mutationFn: startTotp });
}

export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTotp,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: twoFactorQueryKey }),
  });
}
