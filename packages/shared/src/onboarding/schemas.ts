import { z } from 'zod';
import { signInResponseSchema, type Theme } from '../auth/schemas.ts';
import { paletteOf } from '../settings/business.ts';
import { paletteJsonSchema } from '../themes.ts';
import { limits } from '../limits.ts';
import { messages } from '../messages.ts';
import { singleLine } from '../text.ts';

/**
 * The onboarding wizard (SPEC §2 Onboarding wizard, §3 Onboarding data, §5
 * Onboarding, §7 Onboarding and identity, D5, D6, D14, D18): one contract for
 * the console's steps and the server's checks.
 *
 * The calls, in order:
 * 1. `POST /api/onboarding/account` with `onboardingAccountInputSchema` (leaving
 *    User details) → 201 `onboardingAccountResponseSchema`. The answer sets the
 *    httpOnly cookie `storedesk_onboarding` (path /api/onboarding) and returns the
 *    same value as `onboardingToken`; the next calls present either the cookie or
 *    the header `X-Onboarding-Token`. Registering the same e-mail again makes
 *    another registration with its own link and token; none replaces another
 *    (ADR 0057). 429 past the limit per client address, or per e-mail from one
 *    client address.
 * 2. `POST /api/onboarding/verification-email` (Resend link, no body) → 204 and a
 *    new mail for this registration; its link mailed before no longer works. 401
 *    without a valid token, 409 once the e-mail is verified.
 * 3. `GET /api/onboarding/verify?token=…` is the mailed link (24 hours, single
 *    use); it verifies the registration it was mailed for and no other. A browser
 *    is redirected (303) to `/onboarding?verification=verified`, or `=expired`,
 *    `=used`, `=invalid`: `onboardingVerificationMessages` says what each means. A
 *    client that asks for JSON (Accept: application/json) gets 200
 *    `onboardingVerifyResponseSchema`, or 400 with `fields.token` saying
 *    which (expired, used or invalid).
 * 4. `POST /api/onboarding` (Finish) with the token of a verified registration
 *    and `onboardingSubmitSchema` → 201 `onboardingSubmitResponseSchema`, exactly
 *    what sign-in answers (the session cookie is set too); 403 while the link has
 *    not been followed. `user.email` must be the registration's e-mail (400 on
 *    `user.email` otherwise); the password is the one registered. Finishing
 *    removes the e-mail's other registrations, so none of them finishes later.
 */

export const onboardingMessages = {
  logoRequired: 'Please upload business logo',
  logoTooLarge: 'Image size should be less then 100KB',
  logoType: messages.imageType,
  businessName: messages.businessName,
  theme: 'Please select business theme',
  description: 'Please enter your business description',
  name: 'Please enter name',
  emailRequired: 'Please enter email',
  emailInvalid: 'Please enter valid email address',
  emailTooLong: `Email should be at most ${limits.emailMax} characters`,
  phone: 'Please enter valid phone number',
  passwordLength: 'Password should be atleast 8 characters',
  passwordTooLong: `Password should be at most ${limits.passwordMax} characters`,
  confirmPassword: 'Confirm password should be same as password',
  /** 400 on `user.email` at Finish when it is not the address registered at User details. */
  emailChanged: 'This is not the email registered at User details. Go back and register it again.',
  /**
   * 401: no pending registration behind the cookie or token (never made, its link expired unused,
   * or a sign-up of the e-mail finished).
   */
  noPendingAccount:
    'Your sign-up has not started or has already finished. Please fill in User details again.',
  /** 401 at Finish: the password is not the one registered at User details. */
  passwordChanged: 'This is not the password registered at User details. Go back and register it again.',
  tooManyAccounts: 'Too many sign-ups from one place in a short time. Please try again later.',
  /** 429 at User details: this e-mail has been signed up from this address too often today (ADR 0057). */
  tooManyForEmail: 'This email has been signed up from here too many times today. Please try again later.',
  /** 403 at Finish: the registration's mailed link has not been followed yet. */
  notVerified:
    'Please verify your email first: open the link we sent you, or use Resend link for a new one, then press Finish.',
  tooManyFinishes: 'Too many attempts to finish signing up. Please try again later.',
  /** 409 of Resend link once the link has been followed. */
  alreadyVerified: 'Your email is already verified.',
  alreadyVerifiedTitle: 'Email verified',
  tooManyEmails: 'Too many verification emails. Please wait a little and try again.',
  /** Resend link → dialog. */
  emailSentTitle: 'Email sent',
  emailSent: 'Verification email is sent.',
  /** Registration or Finish failed. */
  oopsTitle: 'Oops...',
  oops: 'Something went wrong, please try again.',
} as const;

/** What `?verification=` on /onboarding means after the mailed link was followed. */
export const onboardingVerificationMessages = {
  verified: 'Your email is verified.',
  expired: 'This verification link has expired. Use Resend link to get a new one.',
  used: 'This verification link has already been used.',
  // Not "the latest e-mail": with several sign-ups of one address, the latest may be someone else's.
  invalid: 'This verification link is not valid. Use Resend link where you signed up to get a new one.',
} as const;
export type OnboardingVerificationResult = keyof typeof onboardingVerificationMessages;

export const onboardingLimits = {
  /** Bytes of the decoded logo (D6). */
  logoMaxBytes: limits.logoMaxBytes,
  phoneDigits: 10,
  passwordMin: 8,
  passwordMax: limits.passwordMax,
  emailMax: limits.emailMax,
  nameMax: limits.nameMax,
  descriptionMax: 1000,
  /** How long the mailed link works. */
  verificationHours: 24,
} as const;

const text = (message: string) => z.string({ error: message });

/** A required single line whose empty message is the spec's. */
const requiredText = (max: number, emptyMessage: string) =>
  z.string({ error: emptyMessage }).pipe(singleLine(max)).pipe(z.string().min(1, emptyMessage));

export const onboardingEmailSchema = text(onboardingMessages.emailRequired)
  .trim()
  .min(1, onboardingMessages.emailRequired)
  .max(onboardingLimits.emailMax, onboardingMessages.emailTooLong)
  .pipe(z.email(onboardingMessages.emailInvalid))
  .meta({ format: 'email' });

export const onboardingPasswordSchema = text(onboardingMessages.passwordLength)
  .min(onboardingLimits.passwordMin, onboardingMessages.passwordLength)
  .max(onboardingLimits.passwordMax, onboardingMessages.passwordTooLong);

/** User details: name, email, phone of exactly 10 digits, password (8–128) and its confirmation. */
export const onboardingAccountInputSchema = z
  .object({
    name: requiredText(onboardingLimits.nameMax, onboardingMessages.name),
    email: onboardingEmailSchema,
    phone: text(onboardingMessages.phone)
      .trim()
      .regex(new RegExp(`^[0-9]{${onboardingLimits.phoneDigits}}$`), onboardingMessages.phone),
    password: onboardingPasswordSchema,
    confirmPassword: text(onboardingMessages.confirmPassword),
  })
  .superRefine((value, ctx) => {
    if (value.confirmPassword !== value.password) {
      ctx.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: onboardingMessages.confirmPassword,
      });
    }
  });
export type OnboardingAccountInput = z.input<typeof onboardingAccountInputSchema>;
export type OnboardingAccount = z.output<typeof onboardingAccountInputSchema>;

// Tabs and line breaks belong in a description; other control characters do not.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const descriptionControls = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** One of the palette's themes (packages/shared/src/themes.ts), stored with the palette's spelling. */
export const onboardingThemeSchema = z
  .object(
    {
      primaryColor: text(onboardingMessages.theme).max(20, onboardingMessages.theme),
      accentColor: text(onboardingMessages.theme).max(20, onboardingMessages.theme),
      textPrimary: text(onboardingMessages.theme).max(20, onboardingMessages.theme),
    },
    { error: onboardingMessages.theme },
  )
  .refine((theme) => paletteOf(theme) !== undefined, onboardingMessages.theme)
  .transform((theme): Theme => {
    const { primaryColor, accentColor, textPrimary } = paletteOf(theme)!;
    return { primaryColor, accentColor, textPrimary };
  })
  .meta(paletteJsonSchema);

/** Business details: name, description and a theme of the palette (the logo travels as iconFileData). */
export const onboardingBusinessInputSchema = z.object({
  name: requiredText(onboardingLimits.nameMax, onboardingMessages.businessName),
  description: text(onboardingMessages.description)
    .trim()
    .min(1, onboardingMessages.description)
    .max(onboardingLimits.descriptionMax, `must be at most ${onboardingLimits.descriptionMax} characters`)
    .refine((value) => !descriptionControls.test(value), 'must not contain control characters'),
  theme: onboardingThemeSchema,
});
export type OnboardingBusinessInput = z.input<typeof onboardingBusinessInputSchema>;
export type OnboardingBusiness = z.output<typeof onboardingBusinessInputSchema>;

export type LogoType = 'image/png' | 'image/jpeg';

/** The image type its first bytes say (PNG or JPEG), or null. */
export function logoTypeOf(bytes: Uint8Array): LogoType | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((byte, i) => bytes[i] === byte)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

const dataUrlPattern = /^data:([\w.+-]+\/[\w.+-]+)?(?:;[\w.+-]+=[\w.+-]+)*;base64,([A-Za-z0-9+/]*={0,2})$/;

/** Decoded bytes of a base64 data URL, or null when the text is not one. */
export function dataUrlBytes(dataUrl: string): Uint8Array | null {
  const match = dataUrlPattern.exec(dataUrl);
  if (!match || match[2]!.length % 4 !== 0) return null;
  try {
    const binary = atob(match[2]!);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

/** Longest data URL worth decoding: the base64 of the largest logo plus a generous header. */
const dataUrlMax = Math.ceil(onboardingLimits.logoMaxBytes / 3) * 4 + 200;

/**
 * The logo as a data URL (`data:image/png;base64,…`): PNG or JPEG by its bytes,
 * at most 102,400 decoded bytes. Whatever the URL's own type claims, the bytes decide.
 */
export const logoDataUrlSchema = z
  .string({ error: onboardingMessages.logoRequired })
  .min(1, onboardingMessages.logoRequired)
  .superRefine((value, ctx) => {
    if (value.length > dataUrlMax) {
      ctx.addIssue({ code: 'custom', message: onboardingMessages.logoTooLarge });
      return;
    }
    const bytes = dataUrlBytes(value);
    if (bytes === null || bytes.length === 0) {
      ctx.addIssue({ code: 'custom', message: onboardingMessages.logoRequired });
    } else if (bytes.length > onboardingLimits.logoMaxBytes) {
      ctx.addIssue({ code: 'custom', message: onboardingMessages.logoTooLarge });
    } else if (logoTypeOf(bytes) === null) {
      ctx.addIssue({ code: 'custom', message: onboardingMessages.logoType });
    }
  });

/** POST /api/onboarding (Finish), as SPEC §7 sends it. */
export const onboardingSubmitSchema = z.object({
  business: onboardingBusinessInputSchema,
  user: onboardingAccountInputSchema,
  iconFileData: logoDataUrlSchema,
});
export type OnboardingSubmitInput = z.input<typeof onboardingSubmitSchema>;
export type OnboardingSubmit = z.output<typeof onboardingSubmitSchema>;

/** 201 of POST /api/onboarding/account. */
export const onboardingAccountResponseSchema = z.object({
  email: z.string(),
  verified: z.boolean(),
  /** The same value as the httpOnly cookie; send it as X-Onboarding-Token if cookies are not used. */
  onboardingToken: z.string(),
});
export type OnboardingAccountResponse = z.infer<typeof onboardingAccountResponseSchema>;

/** 200 of GET /api/onboarding/verify with Accept: application/json. */
export const onboardingVerifyResponseSchema = z.object({ email: z.string(), verified: z.literal(true) });
export type OnboardingVerifyResponse = z.infer<typeof onboardingVerifyResponseSchema>;

/** 201 of POST /api/onboarding: the new owner's session, exactly as POST /api/auth/sign-in answers. */
export const onboardingSubmitResponseSchema = signInResponseSchema;
export type OnboardingSubmitResponse = z.infer<typeof onboardingSubmitResponseSchema>;

export const ONBOARDING_COOKIE = 'storedesk_onboarding';
export const ONBOARDING_TOKEN_HEADER = 'x-onboarding-token';
