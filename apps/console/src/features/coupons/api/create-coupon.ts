import type { Coupon, CouponInput } from '@storedesk/shared/coupons/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client.ts';
import { couponsListKey } from './get-coupons.ts';

/** POST /api/coupons; 409 with `fields.code` when the business has the code already, in any case. */
export function createCoupon(input: CouponInput): Promise<Coupon> {
  return apiJson<Coupon>('/coupons', { method: 'POST', body: input });
}

export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCoupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponsListKey }),
  });
}
