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
  /**
   * Needed (D18) when the password or the e-mail changes; checked by the
   * server, which alone knows whether the e-mail changed.
   */
  currentPassword: z
    .string()
    .max(limits.passwordMax, `must be at most ${limits.passwordMax} characters`)
    .optional()
    .transform((value) => (value === undefined || value === '' ? undefined : value)),
  version: versionSchema,
});
export type AccountUpdateInput = z.input<typeof accountUpdateSchema>;
export type AccountUpdate = z.output<typeof accountUpdateSchema>;

/** The signed-in user as the account screen shows and edits it. */
export const accountSchema = userSchema.extend({
  businessName: z.string(),
  version: z.number().int(),
  /** A new e-mail waiting for its verification link to be followed; `email` stays the sign-in one until then. */
  pendingEmail: z.string().nullable(),
});
export type Account = z.infer<typeof accountSchema>;

/** What the account endpoints say, shared so the console shows the same words. */
export const accountMessages = {
  currentPasswordRequired: 'Enter your current password to change your password or email',
  currentPasswordWrong: 'The current password is not correct',
  currentPasswordTooMany: 'Too many wrong passwords. Please try again in 15 minutes',
  verificationLinkInvalid: 'This verification link is not valid',
  verificationLinkUsed: 'This verification link has already been used',
  verificationLinkExpired: 'This verification link has expired; ask for a new one',
  alreadyVerified: 'Your email is already verified',
  tooManyVerificationEmails: 'A verification email was sent a moment ago; please wait before asking again',
} as const;

/** The account screen's words after an e-mail change (D18). */
export const pendingEmailNotice = (email: string) =>
  `We sent a link to ${email}; your sign-in e-mail changes when you follow it.`;

/** GET /api/account/verify-email?token=… (the link mailed to the address to prove). */
export const verifyEmailQuerySchema = z.object({ token: z.string().min(1).max(200) });
