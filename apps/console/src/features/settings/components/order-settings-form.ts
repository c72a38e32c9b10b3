import {
  dispatchWaitMinutesSchema,
  maxOpenOrdersPerExecutiveSchema,
  orderSettingsFormSchema,
} from '@storedesk/shared/settings/order-settings';
import { z } from 'zod';

/** A field's text as a whole number for the shared schema to check; blank is left out (required). */
function wholeNumberText(schema: z.ZodNumber) {
  return z
    .string()
    .trim()
    .transform((text, context) => {
      if (text === '') return undefined;
      if (!/^-?\d+$/.test(text)) {
        context.addIssue({ code: 'custom', message: 'must be a whole number' });
        return z.NEVER;
      }
      return Number(text);
    })
    .pipe(schema);
}

/**
 * Settings > Order Settings as typed: the shared form's fields and B14's dispatch fields, each
 * checked by the shared schema the server applies (1–50 open orders, 1–240 minutes).
 */
export const orderSettingsFieldsSchema = orderSettingsFormSchema.extend({
  maxOpenOrdersPerExecutive: wholeNumberText(maxOpenOrdersPerExecutiveSchema),
  dispatchWaitMinutes: wholeNumberText(dispatchWaitMinutesSchema),
});
export type OrderSettingsFieldValues = z.input<typeof orderSettingsFieldsSchema>;
export type OrderSettingsFieldOutput = z.output<typeof orderSettingsFieldsSchema>;
