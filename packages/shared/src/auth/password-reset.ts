import { z } from 'zod';
import { limits } from '../limits.ts';
import { messages } from '../messages.ts';
import { passwordResetMessages } from './password-reset-messages.ts';
import { emailSchema } from './schemas.ts';

export { passwordResetMessages };

/** How long a reset link works, and how many are mailed to one account an hour (B8). */
export const passwordResetPolicy = {
  linkValidMs: 30 * 60 * 1000,
  /** Forgot-password requests per client address per window, beyond which it answers 429. */
  perAddress: 5,
  addressWindowMs: 15 * 60 * 1000,
  /** Mails per account per hour; beyond that the request still answers the same but nothing is sent. */
  mailsPerAccountPerHour: 3,
} as const;

export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

export const forgotPasswordResponseSchema = z.object({ message: z.string() });
export type ForgotPasswordResponse = z.infer<typeof forgotPasswordResponseSchema>;

/** A new password follows the one rule of every password: 8 to 128 characters (D18). */
export const newPasswordSchema = z
  .string()
  .min(8, messages.passwordLength)
  .max(limits.passwordMax, `must be at most ${limits.passwordMax} characters`);

export const resetPasswordRequestSchema = z.object({
  token: z.string().min(1, messages.isRequired).max(200, passwordResetMessages.invalid),
  password: newPasswordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;
