import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { storefrontLimits, storefrontMessages } from '../storefront/schemas.ts';
import { couponRefusal, discountFor, type CouponRules, type CouponTerms } from '../coupons/rules.ts';
import { priceOrder, type DeliverySettings } from './pricing.ts';
import { deliveryChargeLabel } from './snapshots.ts';

const maxPrice = 1_000_000_000;

const line = fc.record({
  itemId: fc.uuid(),
  itemName: fc.string({ maxLength: 20 }),
  pricePaise: fc.oneof(fc.integer({ min: 0, max: 1_000 }), fc.integer({ min: 0, max: maxPrice })),
  quantity: fc.integer({ min: 1, max: storefrontLimits.maxQuantity }),
});
const basket = fc.array(line, { minLength: 1, maxLength: storefrontLimits.maxLines });
const settings: fc.Arbitrary<DeliverySettings> = fc.record({
  deliveryChargesEnabled: fc.boolean(),
  standardDeliveryChargesPaise: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 1_000_000 })),
});
const discountCoupon: fc.Arbitrary<CouponTerms> = fc.record({
  code: fc.string({ minLength: 1, maxLength: 8 }),
  type: fc.constant('DISCOUNT' as const),
  discountPercent: fc.integer({ min: 0, max: 100 }),
  maxDiscountPaise: fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: maxPrice })),
});
const freeDeliveryCoupon: fc.Arbitrary<CouponTerms> = fc.record({
  code: fc.string({ minLength: 1, maxLength: 8 }),
  type: fc.constant('FREE_DELIVERY' as const),
  discountPercent: fc.integer({ min: 0, max: 100 }),
  maxDiscountPaise: fc.integer({ min: 0, max: maxPrice }),
});
const anyCoupon = fc.option(fc.oneof(discountCoupon, freeDeliveryCoupon), { nil: null });

/** Exact arithmetic to check the pricing against: BigInt never rounds. */
const exactItemsTotal = (lines: Array<{ pricePaise: number; quantity: number }>) =>
  lines.reduce((sum, l) => sum + BigInt(l.pricePaise) * BigInt(l.quantity), 0n);
/** Half up to the paisa: floor((total × percent + 50) / 100) on non-negative integers. */
const exactPercent = (total: bigint, percent: number) => (total * BigInt(percent) + 50n) / 100n;

const runs = { numRuns: 2000, seed: 20260105 };

describe('priceOrder, for any basket, settings and coupon', () => {
  it('bills items total − discount + charges, to the paisa, in safe integers', () => {
    fc.assert(
      fc.property(basket, settings, anyCoupon, (lines, delivery, coupon) => {
        const priced = priceOrder(lines, delivery, coupon);
        expect(BigInt(priced.itemsTotalPaise)).toBe(exactItemsTotal(lines));
        for (const amount of [
          priced.itemsTotalPaise,
          priced.discountPaise,
          priced.chargesTotalPaise,
          priced.billAmountPaise,
        ]) {
          expect(Number.isSafeInteger(amount)).toBe(true);
          expect(amount).toBeGreaterThanOrEqual(0);
        }
        expect(BigInt(priced.billAmountPaise)).toBe(
          BigInt(priced.itemsTotalPaise) - BigInt(priced.discountPaise) + BigInt(priced.chargesTotalPaise),
        );
        expect(priced.chargesTotalPaise).toBe(priced.charges.reduce((s, c) => s + c.chargeAmountPaise, 0));
        expect(priced.offer).toEqual(
          coupon ? { coupon: coupon.code, discountPaise: priced.discountPaise } : null,
        );
      }),
      runs,
    );
  });

  it('snapshots every line as sent, with the catalogue price', () => {
    fc.assert(
      fc.property(basket, settings, (lines, delivery) => {
        expect(priceOrder(lines, delivery).items).toEqual(
          lines.map((l) => ({
            itemId: l.itemId,
            itemName: l.itemName,
            itemQuantity: l.quantity,
            itemPricePaise: l.pricePaise,
          })),
        );
      }),
      runs,
    );
  });

  it('a DISCOUNT is its percent rounded half up, never above maxDiscount or the items total', () => {
    fc.assert(
      fc.property(basket, settings, discountCoupon, (lines, delivery, coupon) => {
        const priced = priceOrder(lines, delivery, coupon);
        const total = exactItemsTotal(lines);
        const expected = [
          exactPercent(total, coupon.discountPercent),
          BigInt(coupon.maxDiscountPaise),
          total,
        ].reduce((a, b) => (a < b ? a : b));
        expect(BigInt(priced.discountPaise)).toBe(expected);
        expect(priced.discountPaise).toBeLessThanOrEqual(coupon.maxDiscountPaise);
        expect(priced.discountPaise).toBeLessThanOrEqual(priced.itemsTotalPaise);
        // The delivery charge is never touched by a percent discount.
        expect(priced.chargesTotalPaise).toBe(priceOrder(lines, delivery).chargesTotalPaise);
      }),
      runs,
    );
  });

  it('FREE_DELIVERY takes off exactly the delivery charge, so the bill is the items total', () => {
    fc.assert(
      fc.property(basket, settings, freeDeliveryCoupon, (lines, delivery, coupon) => {
        const priced = priceOrder(lines, delivery, coupon);
        const charged = delivery.deliveryChargesEnabled ? delivery.standardDeliveryChargesPaise : 0;
        expect(priced.chargesTotalPaise).toBe(charged);
        expect(priced.discountPaise).toBe(charged);
        expect(priced.discountPaise).toBeLessThanOrEqual(priced.chargesTotalPaise);
        expect(priced.billAmountPaise).toBe(priced.itemsTotalPaise);
      }),
      runs,
    );
  });

  it('without a coupon the bill is items plus the delivery charge line, when enabled', () => {
    fc.assert(
      fc.property(basket, settings, (lines, delivery) => {
        const priced = priceOrder(lines, delivery);
        const on = delivery.deliveryChargesEnabled && delivery.standardDeliveryChargesPaise > 0;
        expect(priced.charges).toEqual(
          on
            ? [{ chargeLabel: deliveryChargeLabel, chargeAmountPaise: delivery.standardDeliveryChargesPaise }]
            : [],
        );
        expect(priced.discountPaise).toBe(0);
        expect(priced.billAmountPaise).toBe(priced.itemsTotalPaise + priced.chargesTotalPaise);
      }),
      runs,
    );
  });
});

describe('discountFor', () => {
  const coupon = (discountPercent: number, maxDiscountPaise: number): CouponTerms => ({
    code: 'C',
    type: 'DISCOUNT',
    discountPercent,
    maxDiscountPaise,
  });

  it('rounds half up to the paisa', () => {
    expect(discountFor(coupon(15, 1e9), 10_010, [])).toBe(1_502); // 1501.5
    expect(discountFor(coupon(15, 1e9), 24_675, [])).toBe(3_701); // 3701.25
    expect(discountFor(coupon(1, 1e9), 50, [])).toBe(1); // 0.5
    expect(discountFor(coupon(1, 1e9), 49, [])).toBe(0); // 0.49
    expect(discountFor(coupon(10, 1e9), 5, [])).toBe(1); // 0.5
  });

  it('caps at maxDiscount and at the items total, and ignores nonsense percents', () => {
    expect(discountFor(coupon(15, 5_000), 64_950, [])).toBe(5_000);
    expect(discountFor(coupon(250, 1e9), 1_000, [])).toBe(1_000);
    expect(discountFor(coupon(-5, 1e9), 1_000, [])).toBe(0);
    expect(discountFor(coupon(10, -1), 1_000, [])).toBe(0);
  });
});

describe('couponRefusal', () => {
  // 2026-03-10 12:00 in Kolkata.
  const now = new Date('2026-03-10T06:30:00Z');
  const storeId = 'store-1';
  const customerId = 'customer-1';
  const rules = (overrides: Partial<CouponRules> = {}): CouponRules => ({
    code: 'FRESH10',
    type: 'DISCOUNT',
    discountPercent: 10,
    maxDiscountPaise: 5_000,
    usageType: 'OPEN',
    validFrom: '2026-03-10',
    expiresAt: '2026-03-10',
    availStartTime: '00:00',
    availEndTime: '23:59',
    minOrderValuePaise: 19_900,
    usageLimit: 10,
    usedCount: 0,
    newUsersOnly: false,
    storeIds: [],
    customerIds: [],
    ...overrides,
  });
  const context = {
    now,
    timeZone: 'Asia/Kolkata',
    storeId,
    customerId,
    firstOrder: false,
    itemsTotalPaise: 19_900,
  };
  const reasons = storefrontMessages.coupon;

  it('accepts a coupon inside every rule, on its first and last day, at its minimum', () => {
    expect(couponRefusal(rules(), context)).toBeNull();
    expect(couponRefusal(rules({ storeIds: [storeId], customerIds: [customerId] }), context)).toBeNull();
    expect(couponRefusal(rules({ newUsersOnly: true }), { ...context, firstOrder: true })).toBeNull();
    expect(couponRefusal(rules({ usageLimit: 1, usedCount: 0 }), context)).toBeNull();
  });

  it('counts the days in Kolkata, both ends included', () => {
    const coupon = rules({ validFrom: '2026-03-10', expiresAt: '2026-03-11' });
    const at = (iso: string) => couponRefusal(coupon, { ...context, now: new Date(iso) });
    expect(at('2026-03-09T18:29:59Z')).toBe(reasons.notYetValid('10/03/2026'));
    expect(at('2026-03-09T18:30:00Z')).toBeNull();
    expect(at('2026-03-11T18:29:59Z')).toBeNull();
    expect(at('2026-03-11T18:30:00Z')).toBe(reasons.expired);
  });

  it("counts the days and hours in the business's own zone", () => {
    const coupon = rules({ validFrom: '2026-03-10', expiresAt: '2026-03-10', availStartTime: '09:00' });
    const at = (iso: string, timeZone: string) =>
      couponRefusal(coupon, { ...context, now: new Date(iso), timeZone });
    // 20:00 UTC on the 9th is already the 10th (01:30) in Kolkata, and still the 9th in UTC.
    expect(at('2026-03-09T20:00:00Z', 'UTC')).toBe(reasons.notYetValid('10/03/2026'));
    expect(at('2026-03-09T20:00:00Z', 'Asia/Kolkata')).toBe(reasons.outsideHours('09:00', '23:59'));
    // 04:00 UTC on the 10th: 09:30 in Kolkata, 04:00 in UTC.
    expect(at('2026-03-10T04:00:00Z', 'Asia/Kolkata')).toBeNull();
    expect(at('2026-03-10T04:00:00Z', 'UTC')).toBe(reasons.outsideHours('09:00', '23:59'));
    // 20:00 UTC on the 10th: the 11th in Kolkata (expired), 20:00 on the 10th in UTC.
    expect(at('2026-03-10T20:00:00Z', 'Asia/Kolkata')).toBe(reasons.expired);
    expect(at('2026-03-10T20:00:00Z', 'UTC')).toBeNull();
  });

  it('gives each broken rule its own reason', () => {
    const cases: Array<[Partial<CouponRules>, Partial<typeof context>, string]> = [
      [{ usageType: 'CLOSE' }, {}, reasons.closed],
      [{ validFrom: '2026-03-11', expiresAt: '2026-03-31' }, {}, reasons.notYetValid('11/03/2026')],
      [{ validFrom: '2026-03-01', expiresAt: '2026-03-09' }, {}, reasons.expired],
      [{ availStartTime: '14:00', availEndTime: '18:30' }, {}, reasons.outsideHours('14:00', '18:30')],
      [{ storeIds: ['store-2'] }, {}, reasons.otherStore],
      [{ customerIds: ['customer-2'] }, {}, reasons.otherCustomer],
      [{ newUsersOnly: true }, { firstOrder: false }, reasons.newUsersOnly],
      [{}, { itemsTotalPaise: 19_899 }, reasons.belowMinimum('₹199.00')],
      [{ usageLimit: 5, usedCount: 5 }, {}, reasons.usedUp],
      [{ usageLimit: 0 }, {}, reasons.usedUp],
    ];
    for (const [overrides, ctx, reason] of cases) {
      expect(couponRefusal(rules(overrides), { ...context, ...ctx }), reason).toBe(reason);
    }
  });
});
