import type { Coupon } from '@storedesk/shared/coupons/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { couponsListKey } from './get-coupons.ts';

/**
 * PATCH /api/coupons/:code with `{usageType: 'CLOSE', version}` (D16): 409
 * when the version is stale or the coupon is closed already.
 */
export function closeCoupon({ code, version }: { code: string; version: number }): Promise<Coupon> {
  return apiJson<Coupon>(`/coupons/${encodeURIComponent(code)}`, {
    method: 'PATCH',
    body: { usageType: 'CLOSE', version },
  });
}

export function useCloseCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeCoupon,
    // Refused or not, the list should show the coupon as the server has it now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: couponsListKey }),
  });
}
