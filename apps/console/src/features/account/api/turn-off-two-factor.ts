import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { twoFactorQueryKey } from './get-two-factor.ts';

/** DELETE /api/account/two-factor: removes the app's secret and the recovery codes. */
export async function turnOffTwoFactor(currentPassword: string): Promise<void> {
  await apiFetch('/account/two-factor', { method: 'DELETE', body: { currentPassword } });
}

export function useTurnOffTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: turnOffTwoFactor,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: twoFactorQueryKey }),
  });
}
