import type { Passkey, PasskeyList, WebauthnOptions } from '@storedesk/shared/auth/passkeys';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiJson } from '@/lib/api-client.ts';
import { createPasskey } from '@/lib/webauthn.ts';

export const passkeysQueryKey = ['account', 'passkeys'] as const;

export const passkeysQueryOptions = queryOptions({
  queryKey: passkeysQueryKey,
  queryFn: ({ signal }) => apiJson<PasskeyList>('/account/passkeys', { signal }),
});

/** GET /api/account/passkeys: the signed-in person's passkeys. */
export function usePasskeys() {
  return useQuery(passkeysQueryOptions);
}

/**
 * Adds a passkey: the options (after the current password), the browser's new credential, then the
 * credential under the name given (ADR 0049).
 */
export async function addPasskey(input: { name: string; currentPassword: string }): Promise<Passkey> {
  const { options } = await apiJson<WebauthnOptions>('/account/passkeys/options', {
    method: 'POST',
    body: { currentPassword: input.currentPassword },
  });
  const credential = await createPasskey(options);
  return apiJson<Passkey>('/account/passkeys', { method: 'POST', body: { name: input.name, credential } });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}

/** DELETE /api/account/passkeys/:id, with the current password. */
export async function removePasskey(input: { id: string; currentPassword: string }): Promise<void> {
  await apiFetch(`/account/passkeys/${encodeURIComponent(input.id)}`, {
    method: 'DELETE',
    body: { currentPassword: input.currentPassword },
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}
