import { z } from 'zod';
import { limits } from '../limits.ts';
import { emailProblem, signInPasswordProblem } from './sign-in-fields.ts';
import type { OffsetSpan } from '../dates.ts';

/**
 * A zod check that gives the message a plain rule of `sign-in-fields.ts` returns, so the rule is
 * written once for the server, the forms that load zod and the sign-in page that does not.
 */
const ruledBy =
  (rule: (value: string) => string | undefined): z.core.CheckFn<string> =>
  (payload) => {
    const message = rule(payload.value);
    if (message) payload.issues.push({ code: 'custom', message, input: payload.value });
  };

/** Required, at most 64 characters, a valid address (`emailProblem`); trimmed. */
export const emailSchema = z
  .string()
  .trim()
  .check(ruledBy(emailProblem))
  .meta({ format: 'email', minLength: 1, maxLength: limits.emailMax });

/**
 * SPEC §5 sign-in: email required, valid, ≤ 64; password required, ≤ 128.
 * `businessId` chooses among the businesses an address signs in to (ADR 0033),
 * once the server has answered `chooseBusiness`.
 */
export const signInRequestSchema = z.object({
  email: emailSchema,
  password: z
    .string()
    .check(ruledBy(signInPasswordProblem))
    .meta({ minLength: 1, maxLength: limits.passwordMax }),
  businessId: z.uuid().optional(),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

export const themeSchema = z.object({
  primaryColor: z.string(),
  accentColor: z.string(),
  textPrimary: z.string(),
});
export type Theme = z.infer<typeof themeSchema>;

/** The signed-in user, as SPEC §3 lists it (the access token travels as a cookie or `token`). */
export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  level: z.number().int(),
  zoneId: z.string().nullable(),
  businessId: z.string(),
  /** False until the user follows a verification link sent to `email`; the console shows a banner meanwhile. */
  emailVerified: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** What the shell needs of the business: name, customer app, theme, time zone, end of service (D5). */
export const businessSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  customerAppUrl: z.string().nullable(),
  slug: z.string(),
  /**
   * Where the server serves its customer app, on an origin of its own (ADR 0055): its own domain, or
   * SHOP_URL's address for its slug. Open App opens it unless customerAppUrl is set.
   */
  shopUrl: z.string(),
  theme: themeSchema,
  /** IANA name of the time zone every date of the console is shown in (D19). */
  timeZone: z.string(),
  /**
   * The time zone's offset from UTC in minutes, over the span around the answer's time that it holds
   * (up to 28 days either side, to its changes for daylight saving): the console reads the
   * business's clock from it without `Intl` (ADR 0097), and asks `Intl` outside it.
   */
  utcOffset: z.object({
    minutes: z.number().int(),
    from: z.string(),
    until: z.string(),
  }) satisfies z.ZodType<OffsetSpan>,
  serviceEndsAt: z.string().nullable(),
  serviceEnded: z.boolean(),
});
export type BusinessSummary = z.infer<typeof businessSummarySchema>;

export const meResponseSchema = z.object({
  user: userSchema,
  business: businessSummarySchema,
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/** GET /api/auth/session: the caller's session, or null when nobody is signed in (never a 401). */
export const sessionResponseSchema = z.object({ session: meResponseSchema.nullable() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const signInResponseSchema = meResponseSchema.extend({ token: z.string() });
export type SignInResponse = z.infer<typeof signInResponseSchema>;

/**
 * The answer, with no session, when the e-mail and password open accounts in
 * several businesses and the request named none: sign in again with one's id.
 */
export const chooseBusinessResponseSchema = z.object({
  chooseBusiness: z.array(z.object({ id: z.string(), name: z.string() })).min(2),
});
export type ChooseBusinessResponse = z.infer<typeof chooseBusinessResponseSchema>;
