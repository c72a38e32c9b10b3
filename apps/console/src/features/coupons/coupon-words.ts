import type { CouponType } from '@storedesk/shared/coupons/schemas';
import type { MessageId } from '@/i18n/index.ts';

/** A coupon's type, which travels as a code, in the language shown. */
export const couponTypeText: Record<CouponType, MessageId> = {
  DISCOUNT: 'coupons.typeDiscount',
  FREE_DELIVERY: 'coupons.typeFreeDelivery',
};
