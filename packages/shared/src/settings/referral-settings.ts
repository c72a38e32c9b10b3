import { groupedDigits } from '../numbers.ts';
import { z } from 'zod';
import { messages } from '../messages.ts';
import { parseRupees } from '../money.ts';
import { singleLine, versionSchema } from '../text.ts';
import { amountPaiseSchema } from '../money-schemas.ts';
import { amountMessages } from '../money.ts';
import { requiredOr, wholeNumberText } from '../text.ts';

/**
 * Settings > Referral Settings (SPEC §3 Referral settings, §5 Referral
 * settings): the reward a customer's invitation gives.
 *
 * - While `enabled` is true every field is required. While it is false the
 *   fields are optional: those sent are checked and kept, those left out keep
 *   their saved values, so a program can be switched off and on again.
 * - Numbers travel as JSON numbers; a string such as "10" is refused with
 *   'must be a number' on its field (no coercion). Amounts are integer paise,
 *   as in order settings and item prices.
 * - A DISCOUNT program gives 1 to 100 percent once enabled; FREE_DELIVERY
 *   also takes 0 (it does not use the percent). One range, one message and one
 *   hint (`referralDiscountPercent`) say so wherever the percent is checked.
 *
 * A business that has never saved them reads `defaultReferralSettings` with
 * version 0; the first PUT, based on version 0, creates its row (version 1).
 */

export const referralTypes = ['DISCOUNT', 'FREE_DELIVERY'] as const;
export type ReferralType = (typeof referralTypes)[number];

export const referralTypeLabels: Record<ReferralType, string> = {
  DISCOUNT: 'Discount',
  FREE_DELIVERY: 'Free delivery',
};

export const referralLimits = {
  nameMax: 100,
  messageMax: 500,
  usageLimitMax: 1_000_000,
  validForDaysMax: 3650,
} as const;

/** A discount's percent: its range, the refusal of any other, and the form's hint, from one rule. */
export const referralDiscountPercent = {
  min: 1,
  max: 100,
  message: 'must be from 1 to 100 for a discount',
  hint: 'From 1 to 100 for a discount.',
} as const;

export const referralMessages = {
  type: 'must be DISCOUNT or FREE_DELIVERY',
  notANumber: 'must be a number',
  whole: 'must be a whole number',
  usageLimit: `must be from 1 to ${groupedDigits(referralLimits.usageLimitMax)}`,
  discountPercent: referralDiscountPercent.message,
  validForDays: `must be from 1 to ${referralLimits.validForDaysMax} days`,
  enabled: 'must be true or false',
} as const;

function wholeNumber(min: number, max: number, rangeMessage: string) {
  return z
    .number({ error: requiredOr(referralMessages.notANumber) })
    .int(referralMessages.whole)
    .min(min, rangeMessage)
    .max(max, rangeMessage);
}

// Line breaks belong in a message people share; other control characters (NUL above all) do not.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const messageControls = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]/;

/** Each field's own rule; which are required depends on `enabled` (`referralRules`). */
export const referralFieldSchemas = {
  name: z.string({ error: requiredOr('must be text') }).pipe(singleLine(referralLimits.nameMax)),
  type: z.enum(referralTypes, { error: requiredOr(referralMessages.type) }),
  usageLimit: wholeNumber(1, referralLimits.usageLimitMax, referralMessages.usageLimit),
  // 0 passes here for free delivery, which does not use it; `referralRules` asks a discount for the minimum.
  discountPercent: wholeNumber(0, referralDiscountPercent.max, referralDiscountPercent.message),
  maxDiscountPaise: amountPaiseSchema,
  minOrderValuePaise: amountPaiseSchema,
  validForDays: wholeNumber(1, referralLimits.validForDaysMax, referralMessages.validForDays),
  referralMessage: z
    .string({ error: requiredOr('must be text') })
    .trim()
    .max(referralLimits.messageMax, `must be at most ${referralLimits.messageMax} characters`)
    .refine((value) => !messageControls.test(value), 'must not contain control characters'),
};

export type ReferralField = keyof typeof referralFieldSchemas;
export const referralFields = Object.keys(referralFieldSchemas) as ReferralField[];

/** Run even when a field failed on its own, so every field's reason comes back at once. */
const always = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

/** The rules between fields: all required while enabled; a discount of at least 1 percent. */
export function referralRules(value: Record<string, unknown>, ctx: z.RefinementCtx) {
  if (value.enabled !== true) return;
  for (const field of referralFields) {
    const given = value[field];
    if (given === undefined || (typeof given === 'string' && given.trim() === '')) {
      ctx.addIssue({ code: 'custom', path: [field], message: messages.isRequired });
    }
  }
  if (
    value.type === 'DISCOUNT' &&
    typeof value.discountPercent === 'number' &&
    value.discountPercent < referralDiscountPercent.min
  ) {
    ctx.addIssue({ code: 'custom', path: ['discountPercent'], message: referralDiscountPercent.message });
  }
}

const enabledSchema = z.boolean({ error: requiredOr(referralMessages.enabled) });

/** PUT /api/settings/referral, with the `version` it is based on (0 while never saved). */
export const referralSettingsUpdateSchema = z
  .object({
    enabled: enabledSchema,
    name: referralFieldSchemas.name.optional(),
    type: referralFieldSchemas.type.optional(),
    usageLimit: referralFieldSchemas.usageLimit.optional(),
    discountPercent: referralFieldSchemas.discountPercent.optional(),
    maxDiscountPaise: referralFieldSchemas.maxDiscountPaise.optional(),
    minOrderValuePaise: referralFieldSchemas.minOrderValuePaise.optional(),
    validForDays: referralFieldSchemas.validForDays.optional(),
    referralMessage: referralFieldSchemas.referralMessage.optional(),
    version: versionSchema,
  })
  .superRefine(referralRules, always);
export type ReferralSettingsUpdateInput = z.input<typeof referralSettingsUpdateSchema>;
export type ReferralSettingsUpdate = z.output<typeof referralSettingsUpdateSchema>;

export const referralSettingsSchema = z.object({
  enabled: z.boolean(),
  name: z.string(),
  type: z.enum(referralTypes),
  usageLimit: z.number().int(),
  discountPercent: z.number().int(),
  maxDiscountPaise: z.number().int(),
  minOrderValuePaise: z.number().int(),
  validForDays: z.number().int(),
  referralMessage: z.string(),
  /** 0 while the business has never saved its referral settings. */
  version: z.number().int(),
  /** When they were last saved; null while never. */
  updatedAt: z.string().nullable(),
});
export type ReferralSettings = z.infer<typeof referralSettingsSchema>;

/** What a business that has never saved its referral settings reads: no referral program. */
export const defaultReferralSettings: ReferralSettings = {
  enabled: false,
  name: '',
  type: 'DISCOUNT',
  usageLimit: 1,
  discountPercent: 0,
  maxDiscountPaise: 0,
  minOrderValuePaise: 0,
  validForDays: 30,
  referralMessage: '',
  version: 0,
  updatedAt: null,
};

/** A form field's text as a whole number; blank is none (required or not by `referralRules`). */
const wholeNumberField = (schema: z.ZodNumber) => wholeNumberText(schema.optional(), 'Enter a whole number');

/** A form field's text in rupees as paise; blank is none. */
const rupeesText = z
  .string()
  .trim()
  .transform((text, context) => {
    if (text === '') return undefined;
    const paise = parseRupees(text);
    if (paise === null) {
      context.addIssue({ code: 'custom', message: amountMessages.rupees });
      return z.NEVER;
    }
    return paise;
  })
  .pipe(amountPaiseSchema.optional());

/**
 * The console's form: the PUT's fields (without its version), with numbers as
 * typed text (rupees for the amounts) turned into the PUT's values under the
 * same rules as the server.
 */
export const referralFormSchema = z
  .object({
    enabled: z.boolean(),
    name: referralFieldSchemas.name,
    type: referralFieldSchemas.type,
    usageLimit: wholeNumberField(referralFieldSchemas.usageLimit),
    discountPercent: wholeNumberField(referralFieldSchemas.discountPercent),
    maxDiscountPaise: rupeesText,
    minOrderValuePaise: rupeesText,
    validForDays: wholeNumberField(referralFieldSchemas.validForDays),
    referralMessage: referralFieldSchemas.referralMessage,
  })
  .superRefine(referralRules, always);
export type ReferralFormValues = z.input<typeof referralFormSchema>;
export type ReferralFormOutput = z.output<typeof referralFormSchema>;
