/**
 * The customer as the customer app knows them (ADR 0038): signed in by phone
 * with a one-time code, with saved addresses.
 */
import { z } from 'zod';
import { languages } from '../languages.ts';
import { limits } from '../limits.ts';
import { singleLine } from '../text.ts';
import { customerPhoneSchema } from './schemas.ts';

export const customerCodePolicy = {
  /** Digits of a code. */
  digits: 6,
  /** A code is good for this long after it is sent, once. */
  ttlMs: 10 * 60 * 1000,
  /* Every count below is kept over 15 minutes from its first (the server's limits, ADR 0054). */
  /** Codes sent to one phone per window: past it, the codes already sent still work. */
  sendsPerPhone: 5,
  /** Codes asked for from one client address per window, whatever the phones. */
  sendsPerAddress: 20,
  /** Wrong codes for one phone from one client address per window. */
  guessesPerPhoneAndAddress: 5,
  /** Wrong codes from one client address per window, whatever the phones. */
  guessesPerAddress: 30,
  /** Wrong codes for one phone from every address together per window: then its codes are void until it passes. */
  guessesPerPhone: 100,
} as const;

/** A customer's signed-in session lasts this long from its last use, and at most `absoluteMs`. */
export const customerSessionPolicy = {
  idleMs: 90 * 24 * 60 * 60 * 1000,
  absoluteMs: 365 * 24 * 60 * 60 * 1000,
} as const;

export const customerMessages = {
  code: 'Enter the 6-digit code we sent you',
  wrongCode: 'This code is not right, or it has expired. Check the latest SMS, or ask for a new code',
  tooManyCodes: 'Too many codes asked for. Use a code already sent to you, or try again later',
  tooManyGuesses: 'Too many wrong codes. Try again later',
  textsUsedUp: 'The shop cannot send more codes today. Try again tomorrow, or call the shop',
  signIn: 'Sign in with your phone number to continue',
  nameNeeded: 'Tell us your name',
  changeNeeded: 'Send a name, a referral code, a language or the WhatsApp choice',
  language: 'must be en, hi or kn',
  whatsappUpdates: 'must be true or false',
} as const;

/** Why a referral code was refused (ADR 0041). */
export const referralMessages = {
  code: 'Enter the referral code your friend shared: 10 letters and digits',
  unknown: 'This referral code is not valid',
  own: 'This is your own referral code: share it with a friend',
  usedUp: 'This referral code has been used as many times as it can be',
  off: 'The referral programme is not running right now',
  afterFirstOrder: 'A referral code can be given only before your first order',
  alreadyGiven: 'You have already given a referral code',
} as const;

export const customerCodeRequestSchema = z.object({ phone: customerPhoneSchema });
export type CustomerCodeRequest = z.output<typeof customerCodeRequestSchema>;

export const customerVerifyRequestSchema = z.object({
  phone: customerPhoneSchema,
  code: z
    .string({ error: customerMessages.code })
    .trim()
    .regex(/^\d{6}$/, customerMessages.code),
  /** The name a new customer goes by; a known customer's stays unless they give one. */
  name: singleLine(limits.nameMax).optional(),
});
export type CustomerVerifyRequest = z.output<typeof customerVerifyRequestSchema>;

export const customerSchema = z.object({
  id: z.string(),
  /** Empty until the customer gives it. */
  name: z.string(),
  phone: z.string(),
  /** Their own code, to share with friends while the business runs a referral programme. */
  referralCode: z.string(),
  /** Whether they gave a friend's code (the programme's offer then applies to their first order). */
  referred: z.boolean(),
  /** The language their order updates are texted in (B19): the app's, as it last told the server. */
  language: z.enum(languages),
  /** Whether they asked for order updates on WhatsApp (B19, ADR 0082); off until they do. */
  whatsappUpdates: z.boolean(),
});
export type Customer = z.infer<typeof customerSchema>;

export const customerVerifyResponseSchema = z.object({
  /** Send as `Authorization: Bearer <token>`, with the storefront key, where a customer is needed. */
  token: z.string(),
  customer: customerSchema,
});

/** A referral code as typed: any case, spaces and dashes ignored. */
export const referralCodeSchema = z
  .string({ error: referralMessages.code })
  .max(40, referralMessages.code)
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{10}$/, referralMessages.code));

/**
 * `PATCH /storefront/account`: a new name, a friend's referral code (before the first order), the
 * language of their texts, whether they want order updates on WhatsApp; any of them, at least one.
 */
export const customerUpdateSchema = z
  .object({
    name: singleLine(limits.nameMax).pipe(z.string().min(1, customerMessages.nameNeeded)).optional(),
    referralCode: referralCodeSchema.optional(),
    language: z.enum(languages, { error: customerMessages.language }).optional(),
    whatsappUpdates: z.boolean({ error: customerMessages.whatsappUpdates }).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: customerMessages.changeNeeded,
    path: ['name'],
  });
export type CustomerUpdate = z.output<typeof customerUpdateSchema>;
