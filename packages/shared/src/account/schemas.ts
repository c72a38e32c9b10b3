import { z } from 'zod';
import { emailSchema, userSchema } from '../auth/schemas.ts';
import { limits } from '../limits.ts';
import { messages } from '../messages.ts';
import { singleLine, versionSchema } from '../text.ts';

/**
 * SPEC §5 account form: name, email, phone required; password optional and
 * only sent when it is not blank after trimming.
 */
export const accountUpdateSchema = z.object({
  name: singleLine(limits.nameMax).pipe(z.string().min(1, messages.isRequired)),
  email: emailSchema,
  phone: z
    .string()
    .trim()
    .min(1, messages.isRequired)
    .max(limits.phoneMax)
    .regex(/^\+?[0-9][0-9 -]*$/, 'Enter a valid phone number'),
  password: z
    .string()
    .max(limits.passwordMax, `must be at most ${limits.passwordMax} characters`)
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? undefined : value))
    .pipe(z.string().min(8, 'Password should be at least 8 characters').optional()),
  version: versionSchema,
});
export type AccountUpdateInput = z.input<typeof accountUpdateSchema>;
export type AccountUpdate = z.output<typeof accountUpdateSchema>;

/** The signed-in user as the account screen shows and edits it. */
export const accountSchema = userSchema.extend({
  businessName: z.string(),
  version: z.number().int(),
});
export type Account = z.infer<typeof accountSchema>;
