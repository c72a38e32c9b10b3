import { z } from 'zod';
import { payWithinLimits } from '../payments/online.ts';
import { amountPaiseSchema, rupeesTextSchema } from '../money-schemas.ts';
import { requiredOr, versionSchema, wholeNumberText } from '../text.ts';
import { defaultDispatchWaitMinutes, defaultMaxOpenOrdersPerExecutive } from '../delivery/rules.ts';

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

/** Open orders one executive may carry at once (B14): 1 to 50. */
export const maxOpenOrdersPerExecutiveSchema = z
  .number({ error: requiredOr('must be a whole number') })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(50, 'must be at most 50');
/** Minutes an order may wait without an executive before Dispatch highlights it: 1 to 240. */
export const dispatchWaitMinutesSchema = z
  .number({ error: requiredOr('must be a whole number') })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(240, 'must be at most 240');

/** Minutes an order paid online waits for its payment before it lapses (B18, ADR 0072): 5 to 120. */
export const payWithinMinutesSchema = z
  .number({ error: requiredOr('must be a whole number') })
  .int('must be a whole number')
  .min(payWithinLimits.min, `must be at least ${payWithinLimits.min}`)
  .max(payWithinLimits.max, `must be at most ${payWithinLimits.max}`);

/**
 * PUT /api/settings/order: every field, with the `version` it is based on (0 while never saved).
 * The dispatch fields (B14) may be left out, which keeps them as they are.
 */
export const orderSettingsUpdateSchema = z.object({
  deliveryChargesEnabled: z.boolean({ error: requiredOr('must be true or false') }),
  standardDeliveryChargesPaise: amountPaiseSchema,
  minimumOrderPaise: amountPaiseSchema,
  maxOpenOrdersPerExecutive: maxOpenOrdersPerExecutiveSchema.optional(),
  dispatchWaitMinutes: dispatchWaitMinutesSchema.optional(),
  /** B15: print the kitchen ticket when an order is confirmed on its screen; left out, kept as it is. */
  printKitchenOnConfirm: z.boolean({ error: 'must be true or false' }).optional(),
  /** B18: minutes to pay online before the order lapses; left out, kept as it is. */
  payWithinMinutes: payWithinMinutesSchema.optional(),
  /** B18 (ADR 0073): what an executive earns per order delivered, and per km of its distance; left out, kept. */
  executiveFeePaise: amountPaiseSchema.optional(),
  executiveFeePerKmPaise: amountPaiseSchema.optional(),
  version: versionSchema,
});
export type OrderSettingsUpdate = z.infer<typeof orderSettingsUpdateSchema>;

export const orderSettingsSchema = z.object({
  deliveryChargesEnabled: z.boolean(),
  standardDeliveryChargesPaise: z.number().int(),
  minimumOrderPaise: z.number().int(),
  maxOpenOrdersPerExecutive: z.number().int(),
  dispatchWaitMinutes: z.number().int(),
  printKitchenOnConfirm: z.boolean(),
  payWithinMinutes: z.number().int(),
  executiveFeePaise: z.number().int(),
  executiveFeePerKmPaise: z.number().int(),
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
  maxOpenOrdersPerExecutive: defaultMaxOpenOrdersPerExecutive,
  dispatchWaitMinutes: defaultDispatchWaitMinutes,
  printKitchenOnConfirm: false,
  payWithinMinutes: payWithinLimits.default,
  executiveFeePaise: 0,
  executiveFeePerKmPaise: 0,
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

/**
 * The console's form with B14's dispatch fields as typed: each checked by the schema the server
 * applies (1–50 open orders, 1–240 minutes); blank is refused.
 */
export const orderSettingsFieldsSchema = orderSettingsFormSchema.extend({
  maxOpenOrdersPerExecutive: wholeNumberText(maxOpenOrdersPerExecutiveSchema, 'must be a whole number'),
  dispatchWaitMinutes: wholeNumberText(dispatchWaitMinutesSchema, 'must be a whole number'),
  printKitchenOnConfirm: z.boolean(),
  payWithinMinutes: wholeNumberText(payWithinMinutesSchema, 'must be a whole number'),
  executiveFeePaise: rupeesTextSchema,
  executiveFeePerKmPaise: rupeesTextSchema,
});
export type OrderSettingsFieldValues = z.input<typeof orderSettingsFieldsSchema>;
export type OrderSettingsFieldOutput = z.output<typeof orderSettingsFieldsSchema>;
