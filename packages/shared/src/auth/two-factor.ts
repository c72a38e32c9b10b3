import { z } from 'zod';
import { limits } from '../limits.ts';
import { messages } from '../messages.ts';
import { versionSchema } from '../text.ts';
import { signInResponseSchema } from './schemas.ts';
import { twoFactorMessages } from './two-factor-messages.ts';

const passwordSchema = z
  .string()
  .min(1, messages.isRequired)
  .max(limits.passwordMax, `must be at most ${limits.passwordMax} characters`);

/** A body that proves the signed-in person knows their password (enrol, new codes, turn off). */
export const currentPasswordSchema = z.object({ currentPassword: passwordSchema });
export type CurrentPassword = z.infer<typeof currentPasswordSchema>;

/**
 * A code as typed: an authenticator app's 6 digits or a recovery code; spaces
 * and dashes are only for reading, so they are dropped.
 */
export const twoFactorCodeSchema = z
  .string()
  .max(64, 'must be at most 64 characters')
  .transform((value) => value.replace(/[\s-]/g, '').toLowerCase())
  .pipe(
    z
      .string()
      .min(1, messages.isRequired)
      .regex(/^[0-9a-z]+$/, twoFactorMessages.codeWrong),
  );

/** An authenticator app's code only (confirming the app at enrolment). */
export const totpCodeSchema = z
  .string()
  .max(64, 'must be at most 64 characters')
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, twoFactorMessages.codeRequired));

export const totpConfirmSchema = z.object({ code: totpCodeSchema });
export type TotpConfirm = z.input<typeof totpConfirmSchema>;

/** The secret to give the authenticator app: as a QR code of `otpauthUrl`, or typed. */
export const totpEnrolmentSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

/** Shown once: each works once, in place of a code. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()).length(10) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** GET /api/account/two-factor. */
export const twoFactorStatusSchema = z.object({
  totpEnabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** Whether the business requires it of every staff member. */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

const challengeSchema = z.string().min(1, messages.isRequired).max(200, 'must be at most 200 characters');

/** The sign-in's answer, with no session, when a second step must follow the password. */
export const twoFactorRequiredSchema = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
  /** Whether the person has a passkey to use in place of a code (ADR 0049). */
  passkey: z.boolean(),
});
export type TwoFactorRequired = z.infer<typeof twoFactorRequiredSchema>;

/** The sign-in's answer, with no session, when the business requires two-step sign-in and it is not set up. */
export const twoFactorEnrolmentRequiredSchema = z.object({
  twoFactorEnrolmentRequired: z.literal(true),
  challenge: z.string(),
});
export type TwoFactorEnrolmentRequired = z.infer<typeof twoFactorEnrolmentRequiredSchema>;

/** POST /api/auth/two-factor: the second step, with a code of the app or a recovery code. */
export const twoFactorSignInSchema = z.object({ challenge: challengeSchema, code: twoFactorCodeSchema });
export type TwoFactorSignIn = z.input<typeof twoFactorSignInSchema>;

/** POST /api/auth/two-factor/enrolment: the secret for a person who must set up two-step sign-in first. */
export const enrolmentStartSchema = z.object({ challenge: challengeSchema });

/** POST /api/auth/two-factor/enrolment/confirm: the app's first code; signs in and answers the recovery codes. */
export const enrolmentConfirmSchema = z.object({ challenge: challengeSchema, code: totpCodeSchema });
export const enrolledSignInResponseSchema = signInResponseSchema.extend(recoveryCodesSchema.shape);
export type EnrolledSignInResponse = z.infer<typeof enrolledSignInResponseSchema>;

/** GET/PUT /api/settings/two-factor (owner only). */
export const twoFactorSettingSchema = z.object({ required: z.boolean(), version: z.number().int() });
export type TwoFactorSetting = z.infer<typeof twoFactorSettingSchema>;
export const twoFactorSettingUpdateSchema = z.object({
  required: z.boolean(),
  version: versionSchema.optional(),
});
export type TwoFactorSettingUpdate = z.infer<typeof twoFactorSettingUpdateSchema>;
