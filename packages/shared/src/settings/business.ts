import { z } from 'zod';
import { themeSchema, type Theme } from '../auth/schemas.ts';
import { defaultTimeZone, isTimeZone } from '../dates.ts';
import { limits } from '../limits.ts';
import { optionalGstinSchema } from '../orders/invoice.ts';
import { messages } from '../messages.ts';
import { requiredLine, versionSchema } from '../text.ts';
import { paletteJsonSchema, themes } from '../themes.ts';

/**
 * Settings > About and Settings > Others: the business's own record (SPEC §3
 * Business config, §4 Multi-store switch, §5 Business info, D15, D19). One
 * contract for the server's checks and the console's forms.
 */

export const businessTypes = ['single', 'multiple'] as const;
export type BusinessType = (typeof businessTypes)[number];

export const businessLimits = {
  nameMax: limits.nameMax,
  descriptionMax: 1000,
  timeZoneMax: 64,
  customerAppUrlMax: 2048,
  slugMin: 3,
  slugMax: 60,
  shopDomainMax: 253,
  /** Texts a business may send a day (Settings › Others): its default is more than a small business sends. */
  smsDailyLimitDefault: 500,
  smsDailyLimitMax: 100_000,
} as const;

export const businessMessages = {
  timeZone: 'Choose a time zone from the list, such as Asia/Kolkata',
  theme: `Choose one of the themes: ${themes.map((theme) => theme.name).join(', ')}`,
  type: "must be 'single' or 'multiple'",
  mainStoreRequired: 'Choose the main store of a single-store business',
  mainStoreUnknown: 'Choose a store of this business',
  customerAppUrl: 'Enter a web address that starts with http:// or https://',
  live: 'must be true or false',
  slug: 'Use 3 to 60 lowercase letters, digits and hyphens, such as fresh-mart',
  slugTaken: 'Another business already has this address',
  shopDomain: 'Enter a domain name such as shop.freshmart.in, without http:// or a path',
  shopDomainTaken: 'Another business already uses this domain',
  shopDomainReserved: 'This name is one of this server’s own addresses: choose a domain of your own',
  smsDailyLimit: 'Enter a whole number from 0 to 1,00,000',
} as const;

/** A DNS name of two labels or more (shop.freshmart.in), lower case; not an address. */
const domainPattern =
  /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Whether a text is a domain name a shop may be served at (not an IP address: its last label has a letter). */
export const isShopDomain = (value: string) => domainPattern.test(value);

/**
 * A business's slug names its customer app's origin (SHOP_URL's `{slug}`, B16; the console's old
 * `/shop/<slug>` redirects there): lowercase letters and digits in words joined by single hyphens.
 */
export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A slug made from a business's name: "Demo Fresh Mart" → "demo-fresh-mart"; "shop" when nothing is left. */
export function slugify(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, businessLimits.slugMax)
    .replace(/-+$/, '');
  return words.length >= businessLimits.slugMin ? words : `shop${words ? `-${words}` : ''}`;
}

/**
 * The time zones to choose from, sorted: the runtime's IANA names with UTC and
 * the default (some runtimes list Asia/Kolkata under its old name only).
 */
export function timeZoneNames(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...known, 'UTC', defaultTimeZone])].sort((a, b) => a.localeCompare(b));
}

/** The palette entry whose three colours these are (whatever their case), or undefined. */
export function paletteOf(theme: Theme): (typeof themes)[number] | undefined {
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  return themes.find(
    (entry) =>
      same(entry.primaryColor, theme.primaryColor) &&
      same(entry.accentColor, theme.accentColor) &&
      same(entry.textPrimary, theme.textPrimary),
  );
}

/** An absolute http(s) address with a host and no user name or password in it. */
export function isWebAddress(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.hostname !== '' &&
    url.username === '' &&
    url.password === '' &&
    !/\s/.test(value)
  );
}

// Tabs and line breaks belong in a description; other control characters (NUL above all) do not.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const descriptionControls = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const nameSchema = requiredLine(businessLimits.nameMax, messages.businessName);

const descriptionSchema = z
  .string({ error: 'must be text' })
  .trim()
  .max(businessLimits.descriptionMax, `must be at most ${businessLimits.descriptionMax} characters`)
  .refine((value) => !descriptionControls.test(value), 'must not contain control characters');

const timeZoneSchema = z
  .string({ error: businessMessages.timeZone })
  .trim()
  .max(businessLimits.timeZoneMax, businessMessages.timeZone)
  .refine(isTimeZone, businessMessages.timeZone);

const colour = z.string({ error: businessMessages.theme }).max(20, businessMessages.theme);

/** One of the palette's themes, stored with the palette's own spelling of its colours. */
const paletteThemeSchema = z
  .object(
    { primaryColor: colour, accentColor: colour, textPrimary: colour },
    { error: businessMessages.theme },
  )
  .refine((theme) => paletteOf(theme) !== undefined, businessMessages.theme)
  .transform((theme): Theme => {
    const { primaryColor, accentColor, textPrimary } = paletteOf(theme)!;
    return { primaryColor, accentColor, textPrimary };
  })
  .meta(paletteJsonSchema);

/** The customer app's address (D15): an http(s) address, or none ('' or null). */
const customerAppUrlSchema = z
  .string({ error: businessMessages.customerAppUrl })
  .trim()
  .max(businessLimits.customerAppUrlMax, `must be at most ${businessLimits.customerAppUrlMax} characters`)
  .refine((value) => value === '' || isWebAddress(value), businessMessages.customerAppUrl)
  .transform((value) => (value === '' ? null : value))
  .nullable();

/** Settings > About: name required ('Please enter business name'), description, time zone, GSTIN (B15). */
export const businessAboutSchema = z.object({
  name: nameSchema,
  description: descriptionSchema,
  timeZone: timeZoneSchema,
  gstin: optionalGstinSchema.optional(),
});
export type BusinessAboutInput = z.input<typeof businessAboutSchema>;
export type BusinessAbout = z.output<typeof businessAboutSchema>;

/** A business's own domain for its customer app (ADR 0055), or none ('' or null). */
const shopDomainSchema = z
  .string({ error: businessMessages.shopDomain })
  .trim()
  .toLowerCase()
  .max(businessLimits.shopDomainMax, businessMessages.shopDomain)
  .refine((value) => value === '' || isShopDomain(value), businessMessages.shopDomain)
  .transform((value) => (value === '' ? null : value))
  .nullable();

/** Settings > Others, field by field; `businessOthersSchema` adds the rule between type and main store. */
export const businessOthersFieldsSchema = z.object({
  type: z.enum(businessTypes, { error: businessMessages.type }),
  mainStoreId: z.uuid({ error: businessMessages.mainStoreUnknown }).nullable(),
  theme: paletteThemeSchema,
  live: z.boolean({ error: businessMessages.live }),
  customerAppUrl: customerAppUrlSchema,
  slug: z
    .string({ error: businessMessages.slug })
    .trim()
    .toLowerCase()
    .min(businessLimits.slugMin, businessMessages.slug)
    .max(businessLimits.slugMax, businessMessages.slug)
    .regex(slugPattern, businessMessages.slug),
  shopDomain: shopDomainSchema,
  smsDailyLimit: z
    .number({ error: businessMessages.smsDailyLimit })
    .int(businessMessages.smsDailyLimit)
    .min(0, businessMessages.smsDailyLimit)
    .max(businessLimits.smsDailyLimitMax, businessMessages.smsDailyLimit),
});

/** A single-store business names its main store (SPEC §4: with multiple stores the selector is off). */
function mainStoreRule(value: { type?: BusinessType; mainStoreId?: string | null }, ctx: z.RefinementCtx) {
  if (value.type === 'single' && value.mainStoreId === null) {
    ctx.addIssue({ code: 'custom', path: ['mainStoreId'], message: businessMessages.mainStoreRequired });
  }
}

export const businessOthersSchema = businessOthersFieldsSchema.superRefine(mainStoreRule);
export type BusinessOthersInput = z.input<typeof businessOthersSchema>;
export type BusinessOthers = z.output<typeof businessOthersSchema>;

/**
 * PATCH /api/settings/business: the `version` it is based on (D9) and any of
 * the editable fields. Whether a named main store is a live store of the
 * business is the server's check (400 on mainStoreId), as is whether a
 * single-store business left without a main store names one.
 */
export const businessSettingsUpdateSchema = businessAboutSchema
  .extend(businessOthersFieldsSchema.shape)
  .partial()
  .extend({ version: versionSchema })
  .superRefine(mainStoreRule);
export type BusinessSettingsUpdateInput = z.input<typeof businessSettingsUpdateSchema>;
export type BusinessSettingsUpdate = z.output<typeof businessSettingsUpdateSchema>;

/** POST /api/settings/business/storefront-key: a new key, based on the version read. */
export const storefrontKeyRotationSchema = z.object({ version: versionSchema });
export type StorefrontKeyRotation = z.infer<typeof storefrontKeyRotationSchema>;

/** The business's record as the owner reads and saves it. */
export const businessSettingsSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  timeZone: z.string(),
  /** With it, the bill is a GST tax invoice (B15). */
  gstin: z.string().nullable(),
  type: z.enum(businessTypes),
  mainStoreId: z.string().nullable(),
  /** The main store's name; null when there is none or it has been deleted since. */
  mainStoreName: z.string().nullable(),
  theme: themeSchema,
  live: z.boolean(),
  customerAppUrl: z.string().nullable(),
  slug: z.string(),
  /** The business's own domain for its customer app, beside SHOP_URL's address for its slug. */
  shopDomain: z.string().nullable(),
  /** Where its customer app is served: its own domain, or SHOP_URL's address for its slug (ADR 0055). */
  shopUrl: z.string(),
  /** Texts it may send a day, on its own clock. */
  smsDailyLimit: z.number().int(),
  /** The publishable key the customer app sends as X-Storefront-Key. */
  storefrontKey: z.string(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type BusinessSettings = z.infer<typeof businessSettingsSchema>;

/** GET /api/settings/sms-usage: the texts the business has sent today, on its own clock, and its ceiling. */
export const smsUsageSchema = z.object({
  /** Today, YYYY-MM-DD in the business's time zone. */
  day: z.string(),
  sent: z.number().int(),
  limit: z.number().int(),
});
export type SmsUsage = z.infer<typeof smsUsageSchema>;
