import type {
  PaymentMode,
  PaymentModeInput,
  PaymentModeList,
  PaymentModeUpdateInput,
} from '@storedesk/shared/settings/payment-modes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiJson } from '@/lib/api-client.ts';

/** Starts with the `settings` topic, so a colleague's change (a live event of that topic) refreshes it. */
export const paymentModesQueryKey = ['settings', 'payment-modes'] as const;

/** GET /api/settings/payment-modes (owner only): at most one mode of each type, COD, UPI, CARD. */
export function getPaymentModes(signal?: AbortSignal): Promise<PaymentModeList> {
  return apiJson<PaymentModeList>('/settings/payment-modes', { signal });
}

export const paymentModesQueryOptions = queryOptions({
  queryKey: paymentModesQueryKey,
  queryFn: ({ signal }) => getPaymentModes(signal),
});

export function usePaymentModes() {
  return useQuery(paymentModesQueryOptions);
}

/** POST /api/settings/payment-modes; 409 with the reason on `fields.type` when the business has that type. */
export function createPaymentMode(input: PaymentModeInput): Promise<PaymentMode> {
  return apiJson<PaymentMode>('/settings/payment-modes', { method: 'POST', body: input });
}

export function useCreatePaymentMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPaymentMode,
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentModesQueryKey }),
  });
}

export type UpdatePaymentMode = { id: string; update: PaymentModeUpdateInput };

/** Pending changes carry this key, so the list can show a switch's new state while it saves. */
export const updatePaymentModeMutationKey = [...paymentModesQueryKey, 'update'] as const;

/** PATCH /api/settings/payment-modes/:id; 409 with the current mode when `version` is stale (D9). */
export function updatePaymentMode({ id, update }: UpdatePaymentMode): Promise<PaymentMode> {
  return apiJson<PaymentMode>(`/settings/payment-modes/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: update,
  });
}

export function useUpdatePaymentMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updatePaymentModeMutationKey,
    mutationFn: updatePaymentMode,
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentModesQueryKey }),
  });
}

/** DELETE /api/settings/payment-modes/:id?version=N: removed for good (payment modes have no trash). */
export async function deletePaymentMode({ id, version }: { id: string; version: number }): Promise<void> {
  await apiFetch(`/settings/payment-modes/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    query: { version },
  });
}

export function useDeletePaymentMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePaymentMode,
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentModesQueryKey }),
  });
}
