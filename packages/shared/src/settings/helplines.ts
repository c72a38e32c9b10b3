import { z } from 'zod';
import { messages } from '../messages.ts';
import { singleLine, versionSchema } from '../text.ts';

/**
 * Settings > Helplines (SPEC §3 Business config helplines, §5 Helpline): the
 * numbers the customer app shows for calling the business. A title is
 * required ('Enter helpline title'); the phone number is 3 to 15 digits once
 * spaces and dashes are taken out, with an optional leading + ('Enter valid
 * phone number'). The number is kept as typed (trimmed), so "1800-123-4567"
 * reads as the business wrote it. A business has at most `helplineLimits.perBusiness`.
 */

export const helplineLimits = { titleMax: 60, phoneMax: 24, perBusiness: 20 } as const;

export const helplineMessages = {
  tooMany: `A business can have at most ${helplineLimits.perBusiness} helplines`,
} as const;

/** Digits a person dials: an optional + and 3 to 15 digits, once spaces and dashes are removed. */
export function isHelplinePhone(value: string): boolean {
  return /^\+?\d{3,15}$/.test(value.replace(/[\s-]/g, ''));
}

export const helplineInputSchema = z.object({
  title: z
    .string({ error: messages.helplineTitle })
    .pipe(singleLine(helplineLimits.titleMax))
    .pipe(z.string().min(1, messages.helplineTitle)),
  phoneNumber: z
    .string({ error: messages.helplinePhone })
    .trim()
    .max(helplineLimits.phoneMax, messages.helplinePhone)
    .refine(isHelplinePhone, messages.helplinePhone)
    // The same rule for the API document, with the spaces and dashes allowed anywhere.
    .meta({ pattern: '^[\\s-]*\\+?[\\s-]*(?:\\d[\\s-]*){3,15}$' }),
});
export type HelplineInput = z.infer<typeof helplineInputSchema>;

/** PATCH /api/settings/helplines/:id: the whole helpline again, with the `version` it is based on (D9). */
export const helplineUpdateSchema = helplineInputSchema.extend({ version: versionSchema });
export type HelplineUpdate = z.infer<typeof helplineUpdateSchema>;

export const helplineSchema = z.object({
  id: z.string(),
  title: z.string(),
  phoneNumber: z.string(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type Helpline = z.infer<typeof helplineSchema>;

/** GET /api/settings/helplines: every helpline of the business, oldest first. */
export const helplineListSchema = z.object({ items: z.array(helplineSchema), total: z.number().int() });
export type HelplineList = z.infer<typeof helplineListSchema>;
