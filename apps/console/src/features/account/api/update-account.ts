import type { Account, AccountUpdate } from '@storedesk/shared/account/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { sessionQueryKey, updateSessionUser } from '@/lib/session.ts';
import { accountQueryKey } from './get-account.ts';

/**
 * PATCH /api/account. The password and current password go only when set: the
 * shared schema has already turned blank ones into undefined.
 */
export function updateAccount(update: AccountUpdate): Promise<Account> {
  const { name, email, phone, password, currentPassword, version } = update;
  const body = {
    name,
    email,
    phone,
    ...(password === undefined ? {} : { password }),
    ...(currentPassword === undefined ? {} : { currentPassword }),
    version,
  };
  return apiJson<Account>('/account', { method: 'PATCH', body });
}

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: (account) => {
      queryClient.setQueryData(accountQueryKey, account);
      // The greeting shows at once; the session is then read again from the server.
      updateSessionUser(queryClient, { name: account.name, email: account.email, phone: account.phone });
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
