import type { PayoutInput, PayoutRow } from '@storedesk/shared/delivery/earnings';
import { payoutRowSchema } from '@storedesk/shared/delivery/earnings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson, isApiError } from '@/lib/api-client.ts';
import { dispatchKeys } from './dispatch-keys.ts';

/**
 * POST /api/payouts ("Mark paid"): pays the executive the period's unpaid fees and online tips less
 * the cash of its days they still hold, at the net their row showed; that cash counts as handed
 * over. 409 with the row as it is now when the figures changed since; 400 when there is nothing.
 */
export function createPayout(input: PayoutInput): Promise<PayoutRow> {
  return apiJson<PayoutRow>('/payouts', { method: 'POST', body: input });
}

/** The row a 409 carries, when it is one (null too when the executive has none left). */
export function currentPayoutRowOf(error: unknown): PayoutRow | null {
  if (!isApiError(error, 409)) return null;
  const current = payoutRowSchema.safeParse(error.current);
  return current.success ? current.data : null;
}

export function useCreatePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPayout,
    // The row and the totals as the server has them now, whether paid or refused; a payout
    // settles the cash of its days too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dispatchKeys.payouts }),
        queryClient.invalidateQueries({ queryKey: dispatchKeys.cash }),
      ]),
  });
}
