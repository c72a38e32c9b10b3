import type { RecoveryCodes } from '@storedesk/shared/auth/two-factor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { twoFactorQueryKey } from './get-two-factor.ts';

/** POST /api/account/two-factor/recovery-codes: ten new codes in place of the old ones. */
export function renewRecoveryCodes(currentPassword: string): Promise<RecoveryCodes> {
  return apiJson<RecoveryCodes>('/account/two-factor/recovery-codes', {
    method: 'POST',
    body: { currentPassword },
  });
}

export function useRenewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewRecoveryCodes,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: twoFactorQueryKey }),
  });
}
