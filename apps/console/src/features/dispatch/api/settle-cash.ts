import type { CashRow, CashSettlementInput } from '@storedesk/shared/delivery/schemas';
import { cashRowSchema } from '@storedesk/shared/delivery/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson, isApiError } from '@/lib/api-client.ts';
import { dispatchKeys } from './dispatch-keys.ts';

/**
 * POST /api/dispatch/cash/settlements: the executive handed over the day's cash as the row showed
 * it. 409 with the row as it is now when more was collected since, or when it is settled already.
 */
export function settleCash(input: CashSettlementInput): Promise<CashRow> {
  return apiJson<CashRow>('/dispatch/cash/settlements', { method: 'POST', body: input });
}

/** The row a 409 carries, when it is one. */
export function currentCashRowOf(error: unknown): CashRow | null {
  if (!isApiError(error, 409)) return null;
  const current = cashRowSchema.safeParse(error.current);
  return current.success ? current.data : null;
}

export function useSettleCash() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settleCash,
    // The row, and the totals with it, as the server has them now, whether saved or refused; the
    // payouts net the cash still to settle.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dispatchKeys.cash }),
        queryClient.invalidateQueries({ queryKey: dispatchKeys.payouts }),
      ]),
  });
}
