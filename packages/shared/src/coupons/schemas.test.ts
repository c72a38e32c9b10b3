import { describe, expect, it } from 'vitest';
import {
  couponCloseSchema,
  couponCodeAlphabet,
  couponFormSchema,
  couponInputOf,
  couponInputSchema,
  couponMessages,
  generateCouponCode,
  type CouponFormValues,
  type CouponInput,
} from './schemas.ts';

const storeId = 'a0000000-0000-4000-8000-000000000001';
const customerId = 'c0000000-0000-4000-8000-000000000001';

const valid: CouponInput = {
  code: 'FRESH10',
  name: '10% off fresh produce',
  validFrom: '2025-01-01',
  expiresAt: '2025-01-31',
  type: 'DISCOUNT',
  discountPercent: 10,
  maxDiscountPaise: 5_000,
  minOrderValuePaise: 19_900,
  availStartTime: '00:00',
  availEndTime: '23:59',
  usageLimit: 500,
};

/** The reason on each field, as the server's 400 and the form show them (the first one per field). */
function reasons(input: unknown, schema = couponInputSchema): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}

const refused = (changes: Record<string, unknown>) => reasons({ ...valid, ...changes });

describe('the create input', () => {
  it('takes a full coupon, with new users only false and no stores or customers by default', () => {
    expect(couponInputSchema.parse(valid)).toEqual({
      ...valid,
      newUsersOnly: false,
      storeIds: [],
      customerIds: [],
    });
  });

  it('takes the limits to stores and customers, naming each once', () => {
    const parsed = couponInputSchema.parse({
      ...valid,
      newUsersOnly: true,
      storeIds: [storeId, storeId],
      customerIds: [customerId],
    });
    expect(parsed).toMatchObject({ newUsersOnly: true, storeIds: [storeId], customerIds: [customerId] });
  });

  it('requires every field of SPEC §5, each saying so on its own', () => {
    expect(reasons({})).toEqual({
      code: 'is required',
      name: 'is required',
      validFrom: 'is required',
      expiresAt: 'is required',
      type: 'is required',
      discountPercent: 'is required',
      maxDiscountPaise: 'is required',
      minOrderValuePaise: 'is required',
      availStartTime: 'is required',
      availEndTime: 'is required',
      usageLimit: 'is required',
    });
  });

  describe('code', () => {
    it('takes 4 to 20 letters and digits, kept as typed after trimming', () => {
      for (const code of ['ABCD', 'fresh10', 'Diwali2025', 'A'.repeat(20)]) {
        expect(couponInputSchema.parse({ ...valid, code }).code, code).toBe(code);
      }
      expect(couponInputSchema.parse({ ...valid, code: '  SAVE20 ' }).code).toBe('SAVE20');
    });

    it('refuses other characters, a short or long code, a blank one and a number', () => {
      expect(refused({ code: 'SAVE-20' })).toEqual({ code: couponMessages.codeAlphabet });
      expect(refused({ code: 'SAVE 20' })).toEqual({ code: couponMessages.codeAlphabet });
      expect(refused({ code: 'ÉTÉ2025' })).toEqual({ code: couponMessages.codeAlphabet });
      expect(refused({ code: 'ABC' })).toEqual({ code: couponMessages.codeLength });
      expect(refused({ code: 'A'.repeat(21) })).toEqual({ code: couponMessages.codeLength });
      expect(refused({ code: '   ' })).toEqual({ code: 'is required' });
      expect(refused({ code: 1234 })).toEqual({ code: 'must be text' });
    });
  });

  describe('name', () => {
    it('is trimmed, at most 100 characters', () => {
      expect(couponInputSchema.parse({ ...valid, name: '  Weekend  ' }).name).toBe('Weekend');
      expect(couponInputSchema.parse({ ...valid, name: 'n'.repeat(100) }).name).toHaveLength(100);
    });

    it('refuses a blank, long or control-character name', () => {
      expect(refused({ name: '  ' })).toEqual({ name: 'is required' });
      expect(refused({ name: 'n'.repeat(101) })).toEqual({ name: 'must be at most 100 characters' });
      expect(refused({ name: 'a\u0000b' })).toEqual({ name: 'must not contain control characters' });
      expect(refused({ name: 5 })).toEqual({ name: 'must be text' });
    });
  });

  describe('valid from and expires at', () => {
    it('are calendar days; the same day is a one-day coupon', () => {
      expect(couponInputSchema.safeParse({ ...valid, expiresAt: valid.validFrom }).success).toBe(true);
      expect(
        couponInputSchema.safeParse({ ...valid, validFrom: '2024-02-29', expiresAt: '2024-03-01' }).success,
      ).toBe(true);
    });

    it('refuses what is not a real day of 2000 to 2099', () => {
      expect(refused({ validFrom: '2025-02-29' })).toEqual({ validFrom: couponMessages.date });
      expect(refused({ validFrom: '2025-13-01' })).toEqual({ validFrom: couponMessages.date });
      expect(refused({ validFrom: '01/01/2025' })).toEqual({ validFrom: couponMessages.date });
      expect(refused({ validFrom: '2025-01-01T00:00:00Z' })).toEqual({ validFrom: couponMessages.date });
      expect(refused({ expiresAt: '' })).toEqual({ expiresAt: couponMessages.date });
      expect(refused({ validFrom: '1999-12-31' })).toEqual({ validFrom: couponMessages.dateRange });
      expect(refused({ expiresAt: '2100-01-01' })).toEqual({ expiresAt: couponMessages.dateRange });
    });

    it('refuses an expiry before the first valid day, on expiresAt', () => {
      expect(refused({ validFrom: '2025-02-01', expiresAt: '2025-01-31' })).toEqual({
        expiresAt: couponMessages.expiresBeforeValidFrom,
      });
    });
  });

  describe('start and end time', () => {
    it('are HH:mm, the end after the start', () => {
      expect(
        couponInputSchema.safeParse({ ...valid, availStartTime: '09:30', availEndTime: '09:31' }).success,
      ).toBe(true);
    });

    it('refuses other shapes and an end at or before the start, on availEndTime', () => {
      expect(refused({ availStartTime: '9:30' })).toEqual({ availStartTime: couponMessages.time });
      expect(refused({ availStartTime: '24:00' })).toEqual({ availStartTime: couponMessages.time });
      expect(refused({ availEndTime: '23:60' })).toEqual({ availEndTime: couponMessages.time });
      expect(refused({ availEndTime: '11:00 PM' })).toEqual({ availEndTime: couponMessages.time });
      expect(refused({ availStartTime: '10:00', availEndTime: '10:00' })).toEqual({
        availEndTime: couponMessages.endNotAfterStart,
      });
      expect(refused({ availStartTime: '22:00', availEndTime: '06:00' })).toEqual({
        availEndTime: couponMessages.endNotAfterStart,
      });
    });
  });

  describe('type, percent and maximum discount', () => {
    it('a discount takes 1 to 100 percent and a maximum above ₹0.00', () => {
      for (const discountPercent of [1, 55, 100]) {
        expect(couponInputSchema.safeParse({ ...valid, discountPercent }).success, `${discountPercent}`).toBe(
          true,
        );
      }
      expect(refused({ discountPercent: 0 })).toEqual({ discountPercent: couponMessages.discountPercent });
      expect(refused({ discountPercent: 101 })).toEqual({ discountPercent: couponMessages.percent });
      expect(refused({ discountPercent: -5 })).toEqual({ discountPercent: couponMessages.percent });
      expect(refused({ discountPercent: 12.5 })).toEqual({ discountPercent: couponMessages.whole });
      expect(refused({ discountPercent: '10' })).toEqual({ discountPercent: couponMessages.notANumber });
      expect(refused({ maxDiscountPaise: 0 })).toEqual({
        maxDiscountPaise: couponMessages.maxDiscountPositive,
      });
    });

    it('free delivery takes 0 percent and a maximum of 0, which it does not use', () => {
      const free = { ...valid, type: 'FREE_DELIVERY', discountPercent: 0, maxDiscountPaise: 0 };
      expect(couponInputSchema.safeParse(free).success).toBe(true);
      expect(reasons({ ...free, discountPercent: 10 })).toEqual({
        discountPercent: couponMessages.freeDeliveryZero,
      });
      expect(reasons({ ...free, maxDiscountPaise: 100 })).toEqual({
        maxDiscountPaise: couponMessages.freeDeliveryZero,
      });
    });

    it('refuses any other type', () => {
      expect(refused({ type: 'PERCENT' })).toEqual({ type: couponMessages.type });
      expect(refused({ type: 'discount' })).toEqual({ type: couponMessages.type });
    });
  });

  describe('amounts', () => {
    it('are whole paise from 0 to ₹1,00,00,000', () => {
      expect(couponInputSchema.parse({ ...valid, minOrderValuePaise: 0 }).minOrderValuePaise).toBe(0);
      expect(couponInputSchema.parse({ ...valid, maxDiscountPaise: 1_000_000_000 }).maxDiscountPaise).toBe(
        1_000_000_000,
      );
    });

    it('refuses negative, fractional, huge and text amounts', () => {
      expect(refused({ minOrderValuePaise: -1 })).toEqual({ minOrderValuePaise: 'must be 0 or more' });
      expect(refused({ minOrderValuePaise: 10.5 })).toEqual({
        minOrderValuePaise: 'must be a whole number of paise',
      });
      expect(refused({ maxDiscountPaise: 1_000_000_001 })).toEqual({
        maxDiscountPaise: 'must be at most ₹1,00,00,000',
      });
      expect(refused({ maxDiscountPaise: '50' })).toEqual({ maxDiscountPaise: 'must be a number of paise' });
    });
  });

  describe('usage limit', () => {
    it('is a whole number from 1 to 10,00,000', () => {
      expect(couponInputSchema.parse({ ...valid, usageLimit: 1 }).usageLimit).toBe(1);
      expect(couponInputSchema.parse({ ...valid, usageLimit: 1_000_000 }).usageLimit).toBe(1_000_000);
      expect(refused({ usageLimit: 0 })).toEqual({ usageLimit: couponMessages.usageLimit });
      expect(refused({ usageLimit: 1_000_001 })).toEqual({ usageLimit: couponMessages.usageLimit });
      expect(refused({ usageLimit: 2.5 })).toEqual({ usageLimit: couponMessages.whole });
      expect(refused({ usageLimit: null })).toEqual({ usageLimit: couponMessages.notANumber });
    });
  });

  describe('new users only, stores and customers', () => {
    it('refuses a non-boolean, ids that are not ids, and too many', () => {
      expect(refused({ newUsersOnly: 'yes' })).toEqual({ newUsersOnly: couponMessages.boolean });
      expect(refused({ storeIds: ['store-1'] })).toEqual({ 'storeIds.0': 'must be an id' });
      expect(refused({ storeIds: storeId })).toEqual({ storeIds: 'must be a list of ids' });
      expect(refused({ customerIds: [customerId, 7] })).toEqual({ 'customerIds.1': 'must be an id' });
      const many = (n: number) =>
        Array.from({ length: n }, (_, i) => `a0000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
      expect(couponInputSchema.safeParse({ ...valid, storeIds: many(100) }).success).toBe(true);
      expect(refused({ storeIds: many(101) })).toEqual({ storeIds: couponMessages.storeIds });
      expect(refused({ customerIds: many(101) })).toEqual({ customerIds: couponMessages.customerIds });
    });
  });

  it('reports every field at once, the rules between fields included', () => {
    expect(
      refused({
        code: 'AB',
        name: '',
        expiresAt: '2024-12-31',
        usageLimit: 0,
        availEndTime: '00:00',
        discountPercent: 0,
      }),
    ).toEqual({
      code: couponMessages.codeLength,
      name: 'is required',
      usageLimit: couponMessages.usageLimit,
      expiresAt: couponMessages.expiresBeforeValidFrom,
      availEndTime: couponMessages.endNotAfterStart,
      discountPercent: couponMessages.discountPercent,
    });
  });
});

describe('closing', () => {
  it('takes only usageType CLOSE with the version read', () => {
    expect(couponCloseSchema.parse({ usageType: 'CLOSE', version: 3 })).toEqual({
      usageType: 'CLOSE',
      version: 3,
    });
    expect(reasons({ usageType: 'OPEN', version: 3 }, couponCloseSchema as never)).toEqual({
      usageType: couponMessages.closeOnly,
    });
    expect(reasons({ version: 3 }, couponCloseSchema as never)).toEqual({ usageType: 'is required' });
    expect(Object.keys(reasons({ usageType: 'CLOSE' }, couponCloseSchema as never))).toEqual(['version']);
  });
});

describe('the default code', () => {
  it('is 8 characters of the alphabet without look-alikes', () => {
    for (let i = 0; i < 200; i += 1) {
      const code = generateCouponCode();
      expect(code).toMatch(/^[A-Z2-9]{8}$/);
      expect(code).not.toMatch(/[ILO01]/);
      expect(couponInputSchema.shape.code.safeParse(code).success).toBe(true);
    }
    expect(couponCodeAlphabet).toHaveLength(31);
  });

  it('uses every character evenly, dropping the random bytes that would favour some', () => {
    // Bytes 248 to 255 would make the first 8 characters likelier; they are skipped.
    const bytes = [248, 255, 0, 30, 31, 247];
    const fill = (buffer: Uint8Array) => {
      buffer.set(bytes.splice(0, buffer.length).concat(Array(buffer.length).fill(0)).slice(0, buffer.length));
      return buffer;
    };
    expect(generateCouponCode(4, fill)).toBe(`A${couponCodeAlphabet[30]}A${couponCodeAlphabet[247 % 31]}`);

    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i += 1) {
      for (const c of generateCouponCode()) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    expect(counts.size).toBe(31);
    // 16,000 draws: about 516 each; a fair generator stays well inside these bounds.
    for (const count of counts.values()) expect(count).toBeGreaterThan(380);
  });

  it('differs from one call to the next', () => {
    expect(new Set(Array.from({ length: 50 }, () => generateCouponCode())).size).toBe(50);
  });
});

describe("the console's form", () => {
  const form: CouponFormValues = {
    code: 'FRESH10',
    name: '10% off fresh produce',
    validFrom: '2025-01-01',
    expiresAt: '2025-01-31',
    type: 'DISCOUNT',
    discountPercent: '10',
    maxDiscount: '50',
    minOrderValue: '199.50',
    availStartTime: '00:00',
    availEndTime: '23:59',
    usageLimit: '500',
    newUsersOnly: false,
    stores: [{ id: storeId, name: 'Fresh Mart Indiranagar' }],
    customers: [],
  };
  const formReasons = (changes: Partial<CouponFormValues>) =>
    reasons({ ...form, ...changes }, couponFormSchema as never);

  it('turns the typed numbers and rupees into the POST body', () => {
    expect(couponInputOf(couponFormSchema.parse(form))).toEqual({
      code: 'FRESH10',
      name: '10% off fresh produce',
      validFrom: '2025-01-01',
      expiresAt: '2025-01-31',
      type: 'DISCOUNT',
      discountPercent: 10,
      maxDiscountPaise: 5_000,
      minOrderValuePaise: 19_950,
      availStartTime: '00:00',
      availEndTime: '23:59',
      usageLimit: 500,
      newUsersOnly: false,
      storeIds: [storeId],
      customerIds: [],
    });
  });

  it('applies the same rules, on the fields the person typed in', () => {
    expect(formReasons({ discountPercent: '' })).toEqual({ discountPercent: 'is required' });
    expect(formReasons({ discountPercent: '1.5' })).toEqual({ discountPercent: 'Enter a whole number' });
    expect(formReasons({ discountPercent: '0' })).toEqual({
      discountPercent: couponMessages.discountPercent,
    });
    expect(formReasons({ maxDiscount: '0' })).toEqual({ maxDiscount: couponMessages.maxDiscountPositive });
    expect(formReasons({ minOrderValue: '12.345' })).toEqual({
      minOrderValue: 'Enter an amount in rupees, such as 140.50',
    });
    expect(formReasons({ usageLimit: '0' })).toEqual({ usageLimit: couponMessages.usageLimit });
    expect(formReasons({ expiresAt: '2024-12-01' })).toEqual({
      expiresAt: couponMessages.expiresBeforeValidFrom,
    });
    expect(formReasons({ availEndTime: '00:00' })).toEqual({ availEndTime: couponMessages.endNotAfterStart });
    expect(formReasons({ type: 'FREE_DELIVERY' })).toEqual({
      discountPercent: couponMessages.freeDeliveryZero,
      maxDiscount: couponMessages.freeDeliveryZero,
    });
    expect(formReasons({ type: 'FREE_DELIVERY', discountPercent: '0', maxDiscount: '0' })).toEqual({});
  });
});
