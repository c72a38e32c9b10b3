import { groupedDigits } from '../numbers.ts';
import { z } from 'zod';
import { isCalendarDay } from '../dates.ts';
import { listQuerySchema } from '../lists.ts';
import { limits } from '../limits.ts';
import { messages } from '../messages.ts';
import { amountPaiseSchema, rupeesTextSchema } from '../money-schemas.ts';
import { requiredOr } from '../text.ts';
import { requiredLine, versionSchema } from '../text.ts';

/**
 * Coupons (SPEC §3 Coupon, §5 Coupon, §9, D16): one contract for the server's
 * checks and the console's Create dialog. Decisions (docs/decisions/0021-coupons.md):
 *
 * - A code is 4 to 20 letters and digits, kept as typed, unique in the
 *   business whatever its case (409 on `code`), as the customer app matches
 *   codes ignoring case. The default code is 8 characters from an alphabet
 *   without look-alikes (no I, L, O, 0 or 1).
 * - Amounts are integer paise (D11) with the rules of order settings and item
 *   prices (`amountPaiseSchema`); the console's fields take rupees.
 * - A DISCOUNT takes 1 to 100 percent and a maximum discount above ₹0.00. A
 *   FREE_DELIVERY coupon waives the delivery charges whatever its percent and
 *   maximum, so both must be 0: what is stored is what applies.
 * - The daily window is HH:mm to HH:mm, the end after the start, both minutes
 *   included; the validity is from one calendar day to another, both included,
 *   in the business's time zone.
 * - Closing (usageType CLOSE) is final: a coupon cannot be opened again, and
 *   closing one that is already closed is 409.
 */

export const couponTypes = ['DISCOUNT', 'FREE_DELIVERY'] as const;
export type CouponType = (typeof couponTypes)[number];

export const couponTypeLabels: Record<CouponType, string> = {
  DISCOUNT: 'Discount',
  FREE_DELIVERY: 'Free delivery',
};

export const couponUsageTypes = ['OPEN', 'CLOSE'] as const;
export type CouponUsageType = (typeof couponUsageTypes)[number];

export const couponLimits = {
  codeMin: 4,
  codeMax: 20,
  /** SPEC §9: the default code is 8 characters. */
  generatedCodeLength: 8,
  nameMax: limits.nameMax,
  usageLimitMax: 1_000_000,
  /** Stores and customers a coupon may be limited to. */
  storeIdsMax: 100,
  customerIdsMax: 100,
  /** Years a validity date may name: enough for any promotion, and no year 20250. */
  yearMin: 2000,
  yearMax: 2099,
} as const;

/** SPEC §9: the default availability window. */
export const defaultCouponWindow = { availStartTime: '00:00', availEndTime: '23:59' } as const;

export const couponMessages = {
  codeAlphabet: 'Use letters and digits only',
  codeLength: `must be ${couponLimits.codeMin} to ${couponLimits.codeMax} letters and digits`,
  codeTaken: 'A coupon with this code already exists',
  date: 'must be a date such as 2025-01-31',
  /** The dialog's words for a date left empty: its field shows DD/MM/YYYY. */
  validFromEmpty: 'Enter the first day it can be used, as DD/MM/YYYY',
  expiresAtEmpty: 'Enter the last day it can be used, as DD/MM/YYYY',
  dateRange: `must be a date from ${couponLimits.yearMin} to ${couponLimits.yearMax}`,
  expiresBeforeValidFrom: 'must not be before the valid from date',
  expiresInPast: 'must be today or later',
  time: 'must be a time such as 09:30',
  endNotAfterStart: 'must be after the start time',
  type: 'must be DISCOUNT or FREE_DELIVERY',
  notANumber: 'must be a number',
  whole: 'must be a whole number',
  percent: 'must be from 0 to 100',
  discountPercent: 'must be from 1 to 100 for a discount',
  freeDeliveryZero: 'must be 0 for free delivery',
  maxDiscountPositive: 'must be more than ₹0.00 for a discount',
  usageLimit: `must be from 1 to ${groupedDigits(couponLimits.usageLimitMax)}`,
  boolean: 'must be true or false',
  storeIds: `at most ${couponLimits.storeIdsMax} stores`,
  customerIds: `at most ${couponLimits.customerIdsMax} customers`,
  unknownStores: 'Choose stores of this business',
  unknownCustomers: 'Choose customers of this business',
  closeOnly: 'must be CLOSE',
  alreadyClosed: 'This coupon is already closed',
} as const;

/** The characters of a generated code: letters and digits that cannot be mistaken for one another. */
export const couponCodeAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/**
 * A fresh default code (SPEC §9): `length` characters of `couponCodeAlphabet`,
 * each chosen uniformly with the platform's cryptographic random numbers
 * (`crypto.getRandomValues`, in browsers and Node alike).
 */
export function generateCouponCode(
  length: number = couponLimits.generatedCodeLength,
  fillRandom: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes),
): string {
  const size = couponCodeAlphabet.length;
  // Bytes at or above the largest multiple of the alphabet's size are dropped, so no character is likelier.
  const limit = 256 - (256 % size);
  let code = '';
  while (code.length < length) {
    for (const byte of fillRandom(new Uint8Array(length * 2))) {
      if (byte < limit && code.length < length) code += couponCodeAlphabet[byte % size];
    }
  }
  return code;
}

export const couponCodeSchema = z
  .string({ error: requiredOr('must be text') })
  .trim()
  .min(1, messages.isRequired)
  .regex(/^[A-Za-z0-9]*$/, couponMessages.codeAlphabet)
  .min(couponLimits.codeMin, couponMessages.codeLength)
  .max(couponLimits.codeMax, couponMessages.codeLength);

/** A calendar day as YYYY-MM-DD (a day, not a moment: the business's time zone says when it starts). */
export const couponDateSchema = z
  .string({ error: requiredOr(couponMessages.date) })
  .regex(/^\d{4}-\d{2}-\d{2}$/, couponMessages.date)
  .refine(isCalendarDay, couponMessages.date)
  .refine((text) => {
    const year = Number(text.slice(0, 4));
    return year >= couponLimits.yearMin && year <= couponLimits.yearMax;
  }, couponMessages.dateRange);

/** A time of day as 24-hour HH:mm. */
export const couponTimeSchema = z
  .string({ error: requiredOr(couponMessages.time) })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, couponMessages.time);

function wholeNumber(min: number, max: number, rangeMessage: string) {
  return z
    .number({ error: requiredOr(couponMessages.notANumber) })
    .int(couponMessages.whole)
    .min(min, rangeMessage)
    .max(max, rangeMessage);
}

const idList = (max: number, message: string) =>
  z
    .array(z.uuid({ error: 'must be an id' }), { error: 'must be a list of ids' })
    .max(max, message)
    // The same store or customer named twice is the same limit.
    .transform((ids) => [...new Set(ids)]);

/** Each field's own rule; `couponRules` adds the rules between fields. */
export const couponFieldSchemas = {
  code: couponCodeSchema,
  name: z.string({ error: requiredOr('must be text') }).pipe(requiredLine(couponLimits.nameMax)),
  validFrom: couponDateSchema,
  expiresAt: couponDateSchema,
  type: z.enum(couponTypes, { error: requiredOr(couponMessages.type) }),
  discountPercent: wholeNumber(0, 100, couponMessages.percent),
  maxDiscountPaise: amountPaiseSchema,
  minOrderValuePaise: amountPaiseSchema,
  availStartTime: couponTimeSchema,
  availEndTime: couponTimeSchema,
  usageLimit: wholeNumber(1, couponLimits.usageLimitMax, couponMessages.usageLimit),
  newUsersOnly: z.boolean({ error: couponMessages.boolean }),
  storeIds: idList(couponLimits.storeIdsMax, couponMessages.storeIds),
  customerIds: idList(couponLimits.customerIdsMax, couponMessages.customerIds),
};

/** The fields the rules between fields read, under the names a schema gives them. */
type RuleKeys = { maxDiscount: string };

/**
 * The rules between fields: expires at not before valid from, the end time
 * after the start, and the percent and maximum that fit the type. Each rule
 * speaks only when the fields it compares are valid on their own.
 */
export function couponRules(keys: RuleKeys = { maxDiscount: 'maxDiscountPaise' }) {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const { validFrom, expiresAt, availStartTime, availEndTime, type, discountPercent } = value;
    const maxDiscount = value[keys.maxDiscount];
    const day = (text: unknown) => couponDateSchema.safeParse(text).success;
    if (day(validFrom) && day(expiresAt) && (expiresAt as string) < (validFrom as string)) {
      ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: couponMessages.expiresBeforeValidFrom });
    }
    const time = (text: unknown) => couponTimeSchema.safeParse(text).success;
    if (
      time(availStartTime) &&
      time(availEndTime) &&
      (availEndTime as string) <= (availStartTime as string)
    ) {
      ctx.addIssue({ code: 'custom', path: ['availEndTime'], message: couponMessages.endNotAfterStart });
    }
    const percent = typeof discountPercent === 'number' ? discountPercent : undefined;
    const amount = typeof maxDiscount === 'number' ? maxDiscount : undefined;
    if (type === 'DISCOUNT') {
      if (percent === 0) {
        ctx.addIssue({ code: 'custom', path: ['discountPercent'], message: couponMessages.discountPercent });
      }
      if (amount === 0) {
        ctx.addIssue({
          code: 'custom',
          path: [keys.maxDiscount],
          message: couponMessages.maxDiscountPositive,
        });
      }
    }
    if (type === 'FREE_DELIVERY') {
      if (percent !== undefined && percent !== 0) {
        ctx.addIssue({ code: 'custom', path: ['discountPercent'], message: couponMessages.freeDeliveryZero });
      }
      if (amount !== undefined && amount !== 0) {
        ctx.addIssue({ code: 'custom', path: [keys.maxDiscount], message: couponMessages.freeDeliveryZero });
      }
    }
  };
}

/** Run the rules between fields even when a field failed on its own, so every reason comes back at once. */
const always = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

/**
 * POST /api/coupons: every field of SPEC §5 is required; new users only
 * defaults to false, and no stores or customers means every one. Numbers
 * travel as JSON numbers (a string such as "10" is refused on its field).
 */
export const couponInputSchema = z
  .object({
    ...couponFieldSchemas,
    newUsersOnly: couponFieldSchemas.newUsersOnly.default(false),
    storeIds: couponFieldSchemas.storeIds.default([]),
    customerIds: couponFieldSchemas.customerIds.default([]),
  })
  .superRefine(couponRules(), always);
export type CouponInput = z.input<typeof couponInputSchema>;
export type CouponCreate = z.output<typeof couponInputSchema>;

/** PATCH /api/coupons/:code: closing, based on the version read (D9). Nothing else changes a coupon. */
export const couponCloseSchema = z.object({
  usageType: z.literal('CLOSE', { error: requiredOr(couponMessages.closeOnly) }),
  version: versionSchema,
});
export type CouponClose = z.infer<typeof couponCloseSchema>;

export const couponListQuerySchema = listQuerySchema;
export type CouponListQuery = z.infer<typeof couponListQuerySchema>;

/** A coupon as the console reads it. */
export const couponSchema = z.object({
  code: z.string(),
  name: z.string(),
  validFrom: z.string(),
  expiresAt: z.string(),
  type: z.enum(couponTypes),
  discountPercent: z.number().int(),
  maxDiscountPaise: z.number().int(),
  minOrderValuePaise: z.number().int(),
  availStartTime: z.string(),
  availEndTime: z.string(),
  usageLimit: z.number().int(),
  /** Orders placed with the code so far. */
  usedCount: z.number().int(),
  newUsersOnly: z.boolean(),
  usageType: z.enum(couponUsageTypes),
  storeIds: z.array(z.string()),
  customerIds: z.array(z.string()),
  version: z.number().int(),
  updatedAt: z.string(),
  /** Its last valid day is before today in the business's time zone (the server decides). */
  expired: z.boolean(),
});
export type Coupon = z.infer<typeof couponSchema>;

/** A store or a customer the Create dialog limits a coupon to, as it shows them. */
const choiceSchema = z.object({ id: z.uuid(), name: z.string() });

/** A form field's text as a whole number (blank is 'is required'); then the field's own rule. */
function wholeNumberText(schema: z.ZodType<number, number>) {
  return z
    .string()
    .trim()
    .min(1, messages.isRequired)
    .transform((text, context) => {
      if (!/^-?\d+$/.test(text)) {
        context.addIssue({ code: 'custom', message: 'Enter a whole number' });
        return z.NEVER;
      }
      return Number(text);
    })
    .pipe(schema);
}

/**
 * The console's Create dialog: the POST's fields with numbers as typed text
 * (rupees for the amounts, as `maxDiscount` and `minOrderValue`) and the
 * chosen stores and customers, under the same rules as the server.
 */
export const couponFormSchema = z
  .object({
    code: couponFieldSchemas.code,
    name: couponFieldSchemas.name,
    // The day fields hand over a real day or nothing: nothing is named in the field's own words.
    validFrom: z.string().min(1, couponMessages.validFromEmpty).pipe(couponFieldSchemas.validFrom),
    expiresAt: z.string().min(1, couponMessages.expiresAtEmpty).pipe(couponFieldSchemas.expiresAt),
    type: couponFieldSchemas.type,
    discountPercent: wholeNumberText(couponFieldSchemas.discountPercent),
    maxDiscount: rupeesTextSchema,
    minOrderValue: rupeesTextSchema,
    availStartTime: couponFieldSchemas.availStartTime,
    availEndTime: couponFieldSchemas.availEndTime,
    usageLimit: wholeNumberText(couponFieldSchemas.usageLimit),
    newUsersOnly: z.boolean(),
    stores: z.array(choiceSchema).max(couponLimits.storeIdsMax, couponMessages.storeIds),
    customers: z.array(choiceSchema).max(couponLimits.customerIdsMax, couponMessages.customerIds),
  })
  .superRefine(couponRules({ maxDiscount: 'maxDiscount' }), always);
export type CouponFormValues = z.input<typeof couponFormSchema>;
export type CouponFormOutput = z.output<typeof couponFormSchema>;

/** The POST body of what the dialog holds. */
export function couponInputOf(form: CouponFormOutput): CouponCreate {
  const { maxDiscount, minOrderValue, stores, customers, ...rest } = form;
  return {
    ...rest,
    maxDiscountPaise: maxDiscount,
    minOrderValuePaise: minOrderValue,
    storeIds: stores.map((store) => store.id),
    customerIds: customers.map((customer) => customer.id),
  };
}

/** Which form field shows the server's reason on each field of the POST. */
export const couponFormFieldOf: Record<string, keyof CouponFormValues> = {
  code: 'code',
  name: 'name',
  validFrom: 'validFrom',
  expiresAt: 'expiresAt',
  type: 'type',
  discountPercent: 'discountPercent',
  maxDiscountPaise: 'maxDiscount',
  minOrderValuePaise: 'minOrderValue',
  availStartTime: 'availStartTime',
  availEndTime: 'availEndTime',
  usageLimit: 'usageLimit',
  newUsersOnly: 'newUsersOnly',
  storeIds: 'stores',
  customerIds: 'customers',
};
