/**
 * The coupon and referral rules (SPEC §3, D11, D12, ADR 0041): whether a coupon applies to an
 * order, what it takes off, and the referral programme's offer, which is priced as a coupon.
 * Pure: the server loads what these look at and stores what they answer.
 */
import { businessClock, withinWindow } from '../dates.ts';
import { formatRupees, percentOf } from '../money.ts';
import { storefrontMessages } from '../storefront/schemas.ts';
import { deliveryChargeLabel, type OrderChargeSnapshot } from '../orders/snapshots.ts';

export type CouponType = 'DISCOUNT' | 'FREE_DELIVERY';

/** What a coupon takes off, once it is known to apply. */
export type CouponTerms = {
  code: string;
  type: CouponType;
  discountPercent: number;
  maxDiscountPaise: number;
};

/**
 * What a coupon takes off. DISCOUNT: its percent of the items total (rounded
 * half up to the paisa by the one money helper), at most maxDiscount and never
 * more than the items. FREE_DELIVERY: exactly the delivery charges, which stay
 * on the bill as a charge line so the order shows what was waived.
 */
export function discountFor(coupon: CouponTerms, itemsTotalPaise: number, charges: OrderChargeSnapshot[]) {
  if (coupon.type === 'FREE_DELIVERY') {
    return charges
      .filter((charge) => charge.chargeLabel === deliveryChargeLabel)
      .reduce((sum, charge) => sum + charge.chargeAmountPaise, 0);
  }
  const percent = Math.min(100, Math.max(0, coupon.discountPercent));
  return Math.min(percentOf(itemsTotalPaise, percent), Math.max(0, coupon.maxDiscountPaise), itemsTotalPaise);
}

/** The referral programme as its settings say (ADR 0041). */
export type ReferralProgramme = {
  enabled: boolean;
  name: string;
  type: CouponType;
  discountPercent: number;
  maxDiscountPaise: number;
  minOrderValuePaise: number;
  validForDays: number;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The programme's offer on a referred customer's order, as the terms of a coupon, or null: only
 * while the programme is on, on their first order, within `validForDays` of giving the code, and
 * from its minimum order value. The order shows it as it shows a coupon, by the programme's name.
 */
export function referralOffer(
  programme: ReferralProgramme | null,
  customer: { firstOrder: boolean; referredAt: Date | null },
  now: Date,
  itemsTotalPaise: number,
): CouponTerms | null {
  if (!programme?.enabled || !customer.firstOrder || customer.referredAt === null) return null;
  if (now.getTime() > customer.referredAt.getTime() + programme.validForDays * DAY_MS) return null;
  if (itemsTotalPaise < programme.minOrderValuePaise) return null;
  return {
    code: `Referral: ${programme.name || 'Refer a friend'}`,
    type: programme.type,
    discountPercent: programme.discountPercent,
    maxDiscountPaise: programme.maxDiscountPaise,
  };
}

/** Everything the coupon rules of SPEC §3 look at, as stored. */
export type CouponRules = CouponTerms & {
  usageType: 'OPEN' | 'CLOSE';
  /** YYYY-MM-DD, both days included, in the business's time zone. */
  validFrom: string;
  expiresAt: string;
  /** HH:mm (or HH:mm:ss), both minutes included; a start after the end is a window across midnight. */
  availStartTime: string;
  availEndTime: string;
  minOrderValuePaise: number;
  usageLimit: number;
  /** Orders already placed with the code. */
  usedCount: number;
  newUsersOnly: boolean;
  /** Empty: every store, every customer. */
  storeIds: string[];
  customerIds: string[];
};

export type CouponContext = {
  now: Date;
  /** The business's time zone (D19): its days and hours are the coupon's. */
  timeZone: string;
  storeId: string;
  customerId: string;
  /** The customer has no earlier order with the business. */
  firstOrder: boolean;
  itemsTotalPaise: number;
};

const hhmm = (time: string) => time.slice(0, 5);
const ddmmyyyy = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/**
 * Why a coupon cannot be used for this order, or null when it can. The first
 * rule broken is the one reported, in this order: closed, not yet valid,
 * expired, outside its hours, another store, another customer, first orders
 * only, below its minimum order, used up.
 */
export function couponRefusal(coupon: CouponRules, context: CouponContext): string | null {
  const reasons = storefrontMessages.coupon;
  if (coupon.usageType !== 'OPEN') return reasons.closed;
  const clock = businessClock(context.now, context.timeZone);
  if (clock.date < coupon.validFrom) return reasons.notYetValid(ddmmyyyy(coupon.validFrom));
  if (clock.date > coupon.expiresAt) return reasons.expired;
  if (!withinWindow(clock.minute, coupon.availStartTime, coupon.availEndTime)) {
    return reasons.outsideHours(hhmm(coupon.availStartTime), hhmm(coupon.availEndTime));
  }
  if (coupon.storeIds.length > 0 && !coupon.storeIds.includes(context.storeId)) return reasons.otherStore;
  if (coupon.customerIds.length > 0 && !coupon.customerIds.includes(context.customerId)) {
    return reasons.otherCustomer;
  }
  if (coupon.newUsersOnly && !context.firstOrder) return reasons.newUsersOnly;
  if (context.itemsTotalPaise < coupon.minOrderValuePaise) {
    return reasons.belowMinimum(formatRupees(coupon.minOrderValuePaise));
  }
  if (coupon.usedCount >= coupon.usageLimit) return reasons.usedUp;
  return null;
}
