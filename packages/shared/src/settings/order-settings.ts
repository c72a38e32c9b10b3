import { z } from 'zod';
import { messages } from '../messages.ts';
import { parseRupees } from '../money.ts';
import { versionSchema } from '../text.ts';

/**
 * Settings > Order Settings (SPEC §3 Order settings, §5 Order settings, D11,
 * D12): delivery charges on or off, the standard delivery charge and the
 * minimum order value. Amounts travel and are stored as integer paise, as
 * item prices do (`pricePaise`); the console's fields take rupees with up to
 * two decimals and turn them into paise with `rupeesTextSchema`.
 *
 * A business that has never saved them reads `defaultOrderSettings` with
 * version 0; the first PUT, based on version 0, creates its row (version 1).
 */

export const amountLimits = { maxPaise: 1_000_000_000 } as const;

export const amountMessages = {
  notANumber: 'must be a number of paise',
  wholePaise: 'must be a whole number of paise',
  negative: 'must be 0 or more',
  tooLarge: 'must be at most ₹1,00,00,000',
  rupees: 'Enter an amount in rupees, such as 140.50',
} as const;

/** 'is required' when the field is missing, else `message`. */
export function requiredOr(message: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? messages.isRequired : message);
}

/** An amount of money as integer paise (D11), from 0 to ₹1,00,00,000; a string such as "30" is refused. */
export const amountPaiseSchema = z
  .number({ error: requiredOr(amountMessages.notANumber) })
  .int(amountMessages.wholePaise)
  .min(0, amountMessages.negative)
  .max(amountLimits.maxPaise, amountMessages.tooLarge);

/**
 * What a person types in a rupees field ("30", "1,499.50", "₹ 99") as paise:
 * required, at most two decimals, then the rules of `amountPaiseSchema`.
 */
export const rupeesTextSchema = z
  .string()
  .trim()
  .min(1, messages.isRequired)
  .transform((text, context) => {
    const paise = parseRupees(text);
    if (paise === null) {
      context.addIssue({ code: 'custom', message: amountMessages.rupees });
      return z.NEVER;
    }
    return paise;
  })
  .pipe(amountPaiseSchema);

/** Paise as a person would type them again: "30.00". */
export function rupeesText(paise: number): string {
  const abs = Math.abs(paise);
  return `${paise < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** PUT /api/settings/order: every field, with the `version` it is based on (0 while never saved). */
export const orderSettingsUpdateSchema = z.object({
  deliveryChargesEnabled: z.boolean({ error: requiredOr('must be true or false') }),
  standardDeliveryChargesPaise: amountPaiseSchema,
  minimumOrderPaise: amountPaiseSchema,
  version: versionSchema,
});
export type OrderSettingsUpdate = z.infer<typeof orderSettingsUpdateSchema>;

export const orderSettingsSchema = z.object({
  deliveryChargesEnabled: z.boolean(),
  standardDeliveryChargesPaise: z.number().int(),
  minimumOrderPaise: z.number().int(),
  /** 0 while the business has never saved its order settings. */
  version: z.number().int(),
  /** When they were last saved; null while never. */
  updatedAt: z.string().nullable(),
});
export type OrderSettings = z.infer<typeof orderSettingsSchema>;

/** What a business that has never saved its order settings reads (and the storefront applies). */
export const defaultOrderSettings: OrderSettings = {
  deliveryChargesEnabled: false,
  standardDeliveryChargesPaise: 0,
  minimumOrderPaise: 0,
  version: 0,
  updatedAt: null,
};

/**
 * The console's form: the PUT's fields (without its version), with the
 * amounts typed in rupees and turned into paise under the server's rules.
 */
export const orderSettingsFormSchema = z.object({
  deliveryChargesEnabled: z.boolean(),
  standardDeliveryChargesPaise: rupeesTextSchema,
  minimumOrderPaise: rupeesTextSchema,
});
export type OrderSettingsFormValues = z.input<typeof orderSettingsFormSchema>;
export type OrderSettingsFormOutput = z.output<typeof orderSettingsFormSchema>;
