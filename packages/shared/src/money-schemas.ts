import { z } from 'zod';
import { messages } from './messages.ts';
import { amountLimits, amountMessages, parseRupees } from './money.ts';
import { requiredOr } from './text.ts';

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
