/**
 * The whole data model of SPEC §3 and its Decisions. Every business table
 * carries business_id (the tenant and the natural distribution key) and every
 * mutable record an integer version for stale-write detection (D9). Money is
 * integer paise (D11); soft-deleted records carry deleted_at (D7).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type {
  OrderChargeSnapshot,
  OrderItemSnapshot,
  OrderOfferSnapshot,
} from '@storedesk/shared/orders/snapshots';
import { ifMissingChoices } from '@storedesk/shared/orders/if-missing';
import type { StoreDeliveryRule } from '@storedesk/shared/stores/delivery-rule';
import { languages } from '@storedesk/shared/languages';
import { orderEventKinds } from '@storedesk/shared/orders/event-kinds';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });
const pgSnapshot = customType<{ data: string }>({ dataType: () => 'pg_snapshot' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => bigint(name, { mode: 'number' });
const id = () => uuid('id').primaryKey().defaultRandom();
const businessId = () =>
  uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });
const version = () => integer('version').notNull().default(1);
const createdAt = () => ts('created_at').notNull().defaultNow();
const updatedAt = () => ts('updated_at').notNull().defaultNow();
const deletedAt = () => ts('deleted_at');
/** Who moved a record to the trash (D7, B7): kept by name, so the trash still says it after they leave. */
const deletedBy = () => ({
  deletedById: uuid('deleted_by_id'),
  deletedByName: text('deleted_by_name'),
});

export type ThemeColours = { primaryColor: string; accentColor: string; textPrimary: string };

export const businesses = pgTable(
  'businesses',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    type: text('type', { enum: ['single', 'multiple'] })
      .notNull()
      .default('multiple'),
    mainStoreId: uuid('main_store_id'),
    theme: jsonb('theme').$type<ThemeColours>().notNull(),
    iconKey: text('icon_key'),
    live: boolean('live').notNull().default(false),
    customerAppUrl: text('customer_app_url'),
    /** IANA time zone of the business's days, months and clock (D19). */
    timeZone: text('time_zone').notNull().default('Asia/Kolkata'),
    storefrontKey: text('storefront_key').notNull().unique(),
    /** The customer app's address is /shop/<slug> (Settings › Others; ADR 0037). */
    slug: text('slug').notNull().unique('businesses_slug_key'),
    serviceEndsAt: ts('service_ends_at'),
    /** The business's GSTIN (Settings › About): with it, bills are GST tax invoices (B15). */
    gstin: text('gstin'),
    /** The owner requires two-step sign-in of every staff member (B15). */
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    /** A host name of the business's own (Settings › Others) that serves its customer app beside SHOP_URL's (B16). */
    shopDomain: text('shop_domain'),
    /** Texts the business may send a day, on its own clock (Settings › Others): past it, 429 (B16). */
    smsDailyLimit: integer('sms_daily_limit').notNull().default(500),
    /** Bumped (by trigger) whenever a store is added, renamed, moved, deleted or restored: see list-index.ts. */
    storeListVersion: bigint('store_list_version', { mode: 'number' }).notNull().default(0),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('businesses_shop_domain_idx').on(sql`lower(${t.shopDomain})`)],
);

/** Texts sent per business and day (its own clock), counted before each is sent (B16). */
export const smsUsage = pgTable(
  'sms_usage',
  {
    businessId: businessId(),
    day: date('day').notNull(),
    sent: integer('sent').notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.day] })],
);

/**
 * The business's secret API keys (`sk_…`, Settings › Others): its own systems place orders with
 * one (B16). Shown once when made; only the hash of the whole key is kept, and its last four characters.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    businessId: businessId(),
    name: text('name').notNull(),
    tokenHash: bytea('token_hash').notNull(),
    lastFour: text('last_four').notNull(),
    createdById: uuid('created_by_id'),
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    uniqueIndex('api_keys_token_idx').on(t.tokenHash),
    index('api_keys_business_idx').on(t.businessId, t.createdAt),
  ],
);

export const zones = pgTable(
  'zones',
  {
    id: id(),
    businessId: businessId(),
    name: text('name').notNull(),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
    ...deletedBy(),
  },
  (t) => [
    // The trash and its purge read only deleted rows.
    index('zones_trash_idx')
      .on(t.businessId, t.deletedAt)
      .where(sql`${t.deletedAt} IS NOT NULL`),
    index('zones_business_idx').on(t.businessId, t.name),
    // A live zone's name is unique within its business, whatever its case.
    uniqueIndex('zones_name_idx')
      .on(t.businessId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} IS NULL`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    businessId: businessId(),
    zoneId: uuid('zone_id').references(() => zones.id, { onDelete: 'set null' }),
    level: smallint('level').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** When the owner of `email` proved it by following a link; null until then (the console shows a banner). */
    emailVerifiedAt: ts('email_verified_at'),
    /** Two-step sign-in (B15): the confirmed TOTP secret (base32), one being enrolled, and the last step used (no replay). */
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabledAt: ts('totp_enabled_at'),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    // One live account per e-mail in a business (ADR 0033); a deleted user's e-mail may be given to someone else.
    uniqueIndex('users_email_idx')
      .on(t.businessId, sql`lower(${t.email})`)
      .where(sql`${t.deletedAt} IS NULL`),
    // Sign-in and forgot password find every live account of an address, whatever its business.
    index('users_email_lookup_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.deletedAt} IS NULL`),
    index('users_business_level_idx').on(t.businessId, t.level, t.zoneId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: bytea('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessId: businessId(),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * Each delivery executive's open orders, kept by the database (routines.sql) as orders are given to
 * them and closed (ADR 0087): the limit of B14 is checked on this row, by the statement that
 * assigns, under its lock, instead of counting their orders in a transaction of its own.
 */
export const executiveOpenOrders = pgTable('executive_open_orders', {
  executiveId: uuid('executive_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  businessId: businessId(),
  openOrders: integer('open_orders').notNull().default(0),
});

/** Failed sign-in counters per account and per address, shared by every instance. */
export const signInThrottle = pgTable('sign_in_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: ts('window_started_at').notNull(),
});

export const stores = pgTable(
  'stores',
  {
    id: id(),
    businessId: businessId(),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => zones.id),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** The description in Hindi and in Kannada (B19, ADR 0085); null: the English. */
    descriptionHi: text('description_hi'),
    descriptionKn: text('description_kn'),
    location: text('location').notNull(),
    phone: text('phone').notNull(),
    featured: smallint('featured').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    geohash: text('geohash').notNull(),
    openTime: time('open_time').notNull(),
    closeTime: time('close_time').notNull(),
    /** The customers it delivers to are those within this many km (ADR 0037). */
    deliveryRadiusKm: doublePrecision('delivery_radius_km').notNull().default(5),
    /**
     * Delivery slots (B19, ADR 0077): slots of this many minutes within its hours, this many orders
     * each, for today and this many days ahead, booked up to this many minutes before they start.
     * All null: it delivers as soon as possible only.
     */
    slotLengthMinutes: smallint('slot_length_minutes'),
    slotCapacity: integer('slot_capacity'),
    slotDaysAhead: smallint('slot_days_ahead'),
    slotCutoffMinutes: smallint('slot_cutoff_minutes'),
    /**
     * Its own minimum order and delivery fee by distance (B19, ADR 0081), as the store form sends
     * it (validated by deliveryRuleSchema); null: it follows the business's order settings.
     */
    deliveryRule: jsonb('delivery_rule').$type<StoreDeliveryRule>(),
    imageKey: text('image_key'),
    status: smallint('status').notNull().default(0),
    /** Bumped (by trigger) whenever one of its items is added, renamed, deleted or restored: see list-index.ts. */
    itemListVersion: bigint('item_list_version', { mode: 'number' }).notNull().default(0),
    /**
     * Bumped (by trigger) by any change to its items or categories: with its variants' row versions,
     * what the customer app's catalogue tag is made of (ADR 0091).
     */
    catalogueVersion: bigint('catalogue_version', { mode: 'number' }).notNull().default(0),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
    ...deletedBy(),
  },
  (t) => [
    // The trash and its purge read only deleted rows.
    index('stores_trash_idx')
      .on(t.businessId, t.deletedAt)
      .where(sql`${t.deletedAt} IS NOT NULL`),
    // The list order (name, id) of live stores, per business and per zone.
    index('stores_list_idx')
      .on(t.businessId, t.name, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    index('stores_zone_list_idx')
      .on(t.zoneId, t.name, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    index('stores_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    // The customer app's stores near a point narrow by latitude first (ADR 0037).
    index('stores_point_idx')
      .on(t.businessId, t.latitude)
      .where(sql`${t.deletedAt} IS NULL`),
    check('stores_delivery_radius_check', sql`${t.deliveryRadiusKm} >= 0.5 AND ${t.deliveryRadiusKm} <= 50`),
    check(
      'stores_slots_check',
      sql`(${t.slotLengthMinutes} IS NULL) = (${t.slotCapacity} IS NULL)
        AND (${t.slotLengthMinutes} IS NULL) = (${t.slotDaysAhead} IS NULL)
        AND (${t.slotLengthMinutes} IS NULL) = (${t.slotCutoffMinutes} IS NULL)
        AND (${t.slotCapacity} IS NULL OR ${t.slotCapacity} >= 1)`,
    ),
    check(
      'stores_delivery_rule_check',
      sql`${t.deliveryRule} IS NULL OR (jsonb_typeof(${t.deliveryRule}) = 'object'
        AND jsonb_typeof(${t.deliveryRule} -> 'feeBands') = 'array'
        AND jsonb_array_length(${t.deliveryRule} -> 'feeBands') >= 1)`,
    ),
  ],
);

export const categories = pgTable(
  'categories',
  {
    id: id(),
    businessId: businessId(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The name in Hindi and in Kannada (B19, ADR 0085); null: the English. */
    nameHi: text('name_hi'),
    nameKn: text('name_kn'),
    /** Where the category stands in the store's menu (B17): lower first, then by name. */
    position: integer('position').notNull().default(0),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
    ...deletedBy(),
  },
  (t) => [
    // The trash and its purge read only deleted rows.
    index('categories_trash_idx')
      .on(t.businessId, t.deletedAt)
      .where(sql`${t.deletedAt} IS NOT NULL`),
    index('categories_list_idx')
      .on(t.storeId, t.businessId, t.name, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    // A live category's name is unique within its store, whatever its case.
    uniqueIndex('categories_name_idx')
      .on(t.storeId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} IS NULL`),
  ],
);

export const items = pgTable(
  'items',
  {
    id: id(),
    businessId: businessId(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    /** The product this item is a store's copy of: copies share it, and their shared fields (ADR 0063). */
    productId: uuid('product_id').notNull().defaultRandom(),
    name: text('name').notNull(),
    /** The name in Hindi and in Kannada (B19, ADR 0085), shown to customers who chose that language; null: the English. */
    nameHi: text('name_hi'),
    nameKn: text('name_kn'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Other names and spellings customers search by ("chawal", "चावल"): searched, never shown (B17). */
    aliases: text('aliases')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    inStock: boolean('in_stock').notNull().default(true),
    veg: boolean('veg').notNull().default(false),
    featured: smallint('featured').notNull().default(0),
    /** GST rate in percent (0, 5, 12, 18 or 28); prices include it (B15). */
    gstRate: smallint('gst_rate').notNull().default(0),
    /** HSN code for the tax invoice, when the business gives one. */
    hsn: text('hsn'),
    imageKey: text('image_key'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
    ...deletedBy(),
  },
  (t) => [
    // The trash and its purge read only deleted rows.
    index('items_trash_idx')
      .on(t.businessId, t.deletedAt)
      .where(sql`${t.deletedAt} IS NOT NULL`),
    // The list order (name, id) of a store's live items: deep pages walk the index alone.
    index('items_list_idx')
      .on(t.storeId, t.businessId, t.name, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    index('items_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('items_product_idx').on(t.businessId, t.productId),
    check('items_gst_rate_check', sql`${t.gstRate} IN (0, 5, 12, 18, 28)`),
  ],
);

/**
 * An item's pack sizes (B17, ADR 0063): each with its own price, MRP, SKU or barcode and, when
 * counted, its stock. An item has at least one; its variants are listed by `position`.
 */
export const itemVariants = pgTable(
  'item_variants',
  {
    id: id(),
    businessId: businessId(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    /** The same variant in every store's copy of the item (ADR 0063). */
    sharedId: uuid('shared_id').notNull().defaultRandom(),
    position: smallint('position').notNull(),
    /** "500 g", "1 kg", "Pack of 6"; empty only on an item's single variant. */
    label: text('label').notNull(),
    pricePaise: money('price_paise').notNull(),
    mrpPaise: money('mrp_paise'),
    sku: text('sku'),
    barcode: text('barcode'),
    /**
     * Sold loose (B17): the step a customer buys in, in grams (250: 250 g, 500 g, 750 g…); null
     * for a pack. A loose variant's prices are per kilogram and its stock is in grams.
     */
    stepGrams: integer('step_grams'),
    /** The most one order may take of a loose variant, in grams. */
    maxGrams: integer('max_grams'),
    /** Units in stock (grams when loose); null when the store does not count this variant. */
    stock: integer('stock'),
    /** At or below this many the console calls it low stock (and the customer app "only N left"). */
    lowStockAt: integer('low_stock_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('item_variants_item_idx').on(t.itemId, t.position),
    index('item_variants_store_idx').on(t.storeId, t.businessId),
    index('item_variants_shared_idx').on(t.businessId, t.sharedId),
    // A SKU or barcode names one variant of the store's catalogue (imports match rows by it).
    uniqueIndex('item_variants_sku_idx')
      .on(t.businessId, t.storeId, t.sku)
      .where(sql`${t.sku} IS NOT NULL`),
    uniqueIndex('item_variants_barcode_idx')
      .on(t.businessId, t.storeId, t.barcode)
      .where(sql`${t.barcode} IS NOT NULL`),
    // Never below zero, whatever arrives together: the order's decrement fails instead.
    check('item_variants_stock_check', sql`${t.stock} IS NULL OR ${t.stock} >= 0`),
    check(
      'item_variants_price_check',
      sql`${t.pricePaise} >= 0 AND (${t.mrpPaise} IS NULL OR ${t.mrpPaise} >= ${t.pricePaise})`,
    ),
    // A loose variant has a step and a maximum, and its step costs whole paise at its price and MRP (priced exactly).
    check(
      'item_variants_loose_check',
      sql`(${t.stepGrams} IS NULL AND ${t.maxGrams} IS NULL) OR (${t.stepGrams} > 0 AND ${t.maxGrams} >= ${t.stepGrams} AND (${t.pricePaise}::bigint * ${t.stepGrams}) % 1000 = 0 AND (${t.mrpPaise} IS NULL OR (${t.mrpPaise}::bigint * ${t.stepGrams}) % 1000 = 0))`,
    ),
  ],
);

/** Each change staff made to a variant's stock, and why (B17): the audit log records it. */
export const stockAdjustments = pgTable(
  'stock_adjustments',
  {
    id: id(),
    businessId: businessId(),
    storeId: uuid('store_id').notNull(),
    itemId: uuid('item_id').notNull(),
    variantId: uuid('variant_id')
      .notNull()
      .references(() => itemVariants.id, { onDelete: 'cascade' }),
    /** received, damaged or counted. */
    reason: text('reason').notNull(),
    stockFrom: integer('stock_from'),
    stockTo: integer('stock_to').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('stock_adjustments_variant_idx').on(t.variantId, t.createdAt)],
);

export const slides = pgTable(
  'slides',
  {
    id: id(),
    businessId: businessId(),
    title: text('title').notNull(),
    /** The title in Hindi and in Kannada (B19, ADR 0085); null: the English. */
    titleHi: text('title_hi'),
    titleKn: text('title_kn'),
    position: smallint('position').notNull(),
    imageKey: text('image_key'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
    ...deletedBy(),
  },
  (t) => [
    // The trash and its purge read only deleted rows.
    index('slides_trash_idx')
      .on(t.businessId, t.deletedAt)
      .where(sql`${t.deletedAt} IS NOT NULL`),
    index('slides_business_idx').on(t.businessId, t.position),
  ],
);

export const coupons = pgTable(
  'coupons',
  {
    businessId: businessId(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    expiresAt: date('expires_at', { mode: 'string' }).notNull(),
    type: text('type', { enum: ['DISCOUNT', 'FREE_DELIVERY'] }).notNull(),
    discountPercent: integer('discount_percent').notNull(),
    maxDiscountPaise: money('max_discount_paise').notNull(),
    minOrderValuePaise: money('min_order_value_paise').notNull(),
    availStartTime: time('avail_start_time').notNull().default('00:00'),
    availEndTime: time('avail_end_time').notNull().default('23:59'),
    usageLimit: integer('usage_limit').notNull(),
    usedCount: integer('used_count').notNull().default(0),
    newUsersOnly: boolean('new_users_only').notNull().default(false),
    usageType: text('usage_type', { enum: ['OPEN', 'CLOSE'] })
      .notNull()
      .default('OPEN'),
    storeIds: uuid('store_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    customerIds: uuid('customer_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.code] }),
    /** The customer app matches codes ignoring case, so two codes may not differ only in case. */
    uniqueIndex('coupons_code_ci_idx').on(t.businessId, sql`lower(${t.code})`),
    index('coupons_open_idx').on(t.businessId, t.usageType, t.updatedAt),
  ],
);

export const customers = pgTable(
  'customers',
  {
    id: id(),
    businessId: businessId(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    /** The code this customer shares with friends (ADR 0041): 10 letters and digits, unique in the business. */
    referralCode: text('referral_code')
      .notNull()
      .default(sql`new_referral_code()`),
    /** The customer whose code they gave before their first order, and when; null when none. */
    referredById: uuid('referred_by_id').references((): AnyPgColumn => customers.id, {
      onDelete: 'set null',
    }),
    referredAt: ts('referred_at'),
    /** When the owner blocked this customer, and who; their orders are refused while set (B15). */
    blockedAt: ts('blocked_at'),
    blockedById: uuid('blocked_by_id'),
    blockedByName: text('blocked_by_name'),
    /** The language their order updates are texted in (B19): en, hi or kn, as their app last said. */
    language: text('language', { enum: languages }).notNull().default('en'),
    /** When they asked for order updates on WhatsApp (B19, ADR 0082); null: they have not, or withdrew. */
    whatsappOptInAt: ts('whatsapp_opt_in_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('customers_language_check', sql`${t.language} IN ('en', 'hi', 'kn')`),
    uniqueIndex('customers_phone_idx').on(t.businessId, t.phone),
    uniqueIndex('customers_referral_code_idx').on(t.businessId, t.referralCode),
    index('customers_referred_by_idx').on(t.referredById),
    index('customers_created_idx').on(t.businessId, t.createdAt),
    // The coupon dialog's customer search: a part of a name, or a run of a phone's digits.
    index('customers_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('customers_phone_trgm_idx').using('gin', sql`${t.phone} gin_trgm_ops`),
  ],
);

/** One-time sign-in codes sent to customers' phones (ADR 0038): stored hashed, good once for 10 minutes. */
export const customerCodes = pgTable(
  'customer_codes',
  {
    id: id(),
    businessId: businessId(),
    phone: text('phone').notNull(),
    /** SHA-256 of the row's id and the code: the code itself is never stored. */
    codeHash: bytea('code_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('customer_codes_phone_idx').on(t.businessId, t.phone, t.createdAt)],
);

/** A signed-in customer's session: a bearer token, stored hashed, in the customer app. */
export const customerSessions = pgTable(
  'customer_sessions',
  {
    id: id(),
    tokenHash: bytea('token_hash').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    businessId: businessId(),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('customer_sessions_token_idx').on(t.tokenHash),
    index('customer_sessions_customer_idx').on(t.customerId),
  ],
);

/** A customer's saved delivery addresses, each with its point on the map. */
export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: id(),
    businessId: businessId(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    text: text('text').notNull(),
    landmark: text('landmark').notNull().default(''),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    createdAt: createdAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('customer_addresses_customer_idx')
      .on(t.customerId, t.createdAt)
      .where(sql`${t.deletedAt} IS NULL`),
  ],
);

/** The delivery address an order was placed to, copied as it was then (ADR 0038). */
export type OrderAddressSnapshot = {
  label: string;
  text: string;
  landmark: string;
  lat: number;
  lng: number;
};

export type { OrderChargeSnapshot, OrderItemSnapshot, OrderOfferSnapshot };

export const orders = pgTable(
  'orders',
  {
    id: id(),
    /** The business's own order number, from 1: given by the orders_number trigger (migration 0014), never by the caller. */
    number: bigint('number', { mode: 'number' }).notNull().default(0),
    businessId: businessId(),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => zones.id),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    storeName: text('store_name').notNull(),
    /** The customer's account; null for an order the business's own systems placed with a secret key (B16). */
    customerId: uuid('customer_id').references(() => customers.id),
    customerName: text('customer_name').notNull(),
    customerPhone: text('customer_phone').notNull(),
    /**
     * Whether it is its customer's first order with the business, as it was priced (ADR 0088): the
     * orders_first_of_customer trigger refuses it when that is no longer so. Null for orders placed
     * before it was kept, and for orders without a customer account.
     */
    firstOfCustomer: boolean('first_of_customer'),
    placedAt: ts('placed_at').notNull().defaultNow(),
    /** -2 delivered, -1 cancelled, 0 placed, 1 confirmed, 2 picked up (SPEC §4). */
    status: smallint('status').notNull().default(0),
    /** 1 while open, 0 once delivered or cancelled. */
    state: smallint('state').notNull().default(1),
    items: jsonb('items').$type<OrderItemSnapshot[]>().notNull(),
    charges: jsonb('charges').$type<OrderChargeSnapshot[]>().notNull(),
    offer: jsonb('offer').$type<OrderOfferSnapshot | null>(),
    couponCode: text('coupon_code'),
    itemsTotalPaise: money('items_total_paise').notNull(),
    discountPaise: money('discount_paise').notNull().default(0),
    chargesTotalPaise: money('charges_total_paise').notNull().default(0),
    billAmountPaise: money('bill_amount_paise').notNull(),
    dexId: uuid('dex_id').references(() => users.id, { onDelete: 'set null' }),
    dexName: text('dex_name'),
    /** Where to deliver, as the customer's saved address was when the order was placed; null for API orders without one. */
    deliveryAddress: jsonb('delivery_address').$type<OrderAddressSnapshot | null>(),
    /** COD, UPI or CARD; null for API orders that named none. */
    paymentMode: text('payment_mode'),
    /** When staff marked the payment received, and who. */
    paidAt: ts('paid_at'),
    /** How much was received then (B18): its bill at that moment; null for orders paid before it was kept (their bill). */
    paidPaise: money('paid_paise'),
    paidById: uuid('paid_by_id'),
    paidByName: text('paid_by_name'),
    /** The customer's note to the store. */
    note: text('note'),
    /** What the customer asked the store to do if an item is missing (B18): CALL, SUBSTITUTE or REMOVE. */
    ifMissing: text('if_missing', { enum: ifMissingChoices }).notNull().default('CALL'),
    /** The 4 digits the customer gives the executive at the door. */
    deliveryCode: text('delivery_code'),
    /** When it was delivered; with a COD order, the cash its executive collected then (ADR 0042). */
    deliveredAt: ts('delivered_at'),
    cashCollectedPaise: money('cash_collected_paise'),
    /**
     * The business's gap-free tax invoice number: given when the order is delivered, by a business with a
     * GSTIN (B18, the orders_invoice_number trigger); orders billed before that kept the one their bill gave.
     */
    invoiceNumber: bigint('invoice_number', { mode: 'number' }),
    /** Why it was cancelled (B18), a code of packages/shared's cancellation reasons; null otherwise. */
    cancelReason: text('cancel_reason'),
    /** The UPI reference (UTR) the customer gave with "I have paid", and when (B18); staff still confirm the payment. */
    upiReference: text('upi_reference'),
    upiReportedAt: ts('upi_reported_at'),
    /** The sum of its refunds not failed (B18, ADR 0069), kept with each refund under the order's lock. */
    refundedPaise: money('refunded_paise').notNull().default(0),
    /**
     * Paid online (B18, ADR 0072): the payment gateway's order the customer pays, and until when the
     * order waits for it (state 2, unseen by staff); lapsed after that.
     */
    gatewayOrderId: text('gateway_order_id'),
    payBy: ts('pay_by'),
    /**
     * Paid online, then changed to more than was paid (ADR 0074): the gateway's order for what is due
     * and its amount, made when the customer first asks to pay it; cleared by the next item change.
     */
    dueGatewayOrderId: text('due_gateway_order_id'),
    dueGatewayPaise: money('due_gateway_paise'),
    /**
     * What delivering it earns its executive (B18, ADR 0073): the business's fee per delivery and per km
     * when it was placed; null for orders placed before fees were kept (they earn none).
     */
    executiveFeePaise: money('executive_fee_paise'),
    /** The payout that paid its executive its fee (and its online tip); null while unpaid. */
    payoutId: uuid('payout_id'),
    /** The delivery slot it is booked for (B19, ADR 0077); null: as soon as possible. */
    slotStartsAt: ts('slot_starts_at'),
    slotEndsAt: ts('slot_ends_at'),
    /** The customer's rating after delivery (B19, ADR 0078): 1 to 5 stars, a comment, and when; null until rated. */
    ratingStars: smallint('rating_stars'),
    ratingComment: text('rating_comment'),
    ratedAt: ts('rated_at'),
    /** The customer's stars for the executive who delivered it (B19, ADR 0084): 1 to 5; null when not given. */
    executiveStars: smallint('executive_stars'),
    version: version(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_business_number_idx').on(t.businessId, t.number),
    check('orders_rating_stars_check', sql`${t.ratingStars} BETWEEN 1 AND 5`),
    check('orders_executive_stars_check', sql`${t.executiveStars} BETWEEN 1 AND 5`),
    uniqueIndex('orders_gateway_order_idx')
      .on(t.gatewayOrderId)
      .where(sql`${t.gatewayOrderId} IS NOT NULL`),
    uniqueIndex('orders_due_gateway_order_idx')
      .on(t.dueGatewayOrderId)
      .where(sql`${t.dueGatewayOrderId} IS NOT NULL`),
    index('orders_pay_by_idx')
      .on(t.payBy)
      .where(sql`${t.state} = 2 AND ${t.status} = 0`),
    uniqueIndex('orders_invoice_number_idx')
      .on(t.businessId, t.invoiceNumber)
      .where(sql`${t.invoiceNumber} IS NOT NULL`),
    index('orders_active_idx').on(t.businessId, t.zoneId, t.state, t.placedAt),
    index('orders_business_placed_idx').on(t.businessId, t.placedAt),
    // The open orders of a whole business (the owner's /orders and its tab counts) are few among millions.
    // The migration adds INCLUDE (status), which the builder cannot say, so the tab counts read the index alone.
    index('orders_open_idx')
      .on(t.businessId, t.placedAt)
      .where(sql`${t.state} = 1`),
    index('orders_customer_idx').on(t.customerId),
    // An executive's open orders: the delivery app's list, the picker's load and the limit per executive.
    index('orders_dex_open_idx')
      .on(t.dexId, t.placedAt)
      .where(sql`${t.state} = 1`),
    // An executive's deliveries by when (B18): their earnings and the payouts.
    index('orders_dex_delivered_idx')
      .on(t.dexId, t.deliveredAt)
      .where(sql`${t.status} = -2`),
    // Cash collected per executive and day (B14).
    index('orders_cash_idx')
      .on(t.businessId, t.deliveredAt)
      .where(sql`${t.cashCollectedPaise} IS NOT NULL`),
    // The ratings of a period (B19): the few rated orders among many.
    index('orders_rated_idx')
      .on(t.businessId, t.ratedAt)
      .where(sql`${t.ratedAt} IS NOT NULL`),
  ],
);

/**
 * A store's holidays and special hours (B19, ADR 0080): a day of the business's calendar it is
 * closed, or keeps other hours (`open_time`/`close_time`), for a reason its customers are shown.
 */
export const storeSpecialDays = pgTable(
  'store_special_days',
  {
    businessId: businessId(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    openTime: time('open_time'),
    closeTime: time('close_time'),
    reason: text('reason').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.day] }),
    check('store_special_days_hours_check', sql`(${t.openTime} IS NULL) = (${t.closeTime} IS NULL)`),
  ],
);

/**
 * How many orders each delivery slot of a store holds (B19, ADR 0077), kept by the orders_slot_booking
 * trigger as orders are placed for it and cancelled: an order past the slot's capacity is refused.
 */
export const slotBookings = pgTable(
  'slot_bookings',
  {
    businessId: businessId(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    startsAt: ts('starts_at').notNull(),
    booked: integer('booked').notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.startsAt] })],
);

/** The last order number each business gave out; the orders_number trigger counts on from it. */
export const orderNumbers = pgTable('order_numbers', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  lastNumber: bigint('last_number', { mode: 'number' }).notNull(),
});

/** The last tax invoice number each business gave out (B15): taken under the row's lock, so numbers have no gaps. */
export const invoiceNumbers = pgTable('invoice_numbers', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  lastNumber: bigint('last_number', { mode: 'number' }).notNull(),
});

/** Every status change and staff note of an order (D8, B5). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    businessId: businessId(),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status'),
    dexId: uuid('dex_id'),
    dexName: text('dex_name'),
    note: text('note'),
    /** Why, on a change to Cancelled (B18): a code of packages/shared's cancellation reasons. */
    reason: text('reason'),
    /**
     * A row that is not a status change, a note or the payment marked received (B18): a refund
     * (`REFUND`), the customer's UPI reference (`UPI_REPORTED`), or a change of the order's items
     * (`ITEMS`); null for the rest. It names no status either way.
     */
    kind: text('kind', { enum: orderEventKinds }),
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

/**
 * Money given back for a paid order (B18, ADR 0069): recorded by staff for cash and UPI (processed
 * at once), or made through the payment gateway (pending until it answers). A refund of an order
 * that had its tax invoice carries a credit note, numbered per business and financial year.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    businessId: businessId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountPaise: money('amount_paise').notNull(),
    method: text('method', { enum: ['CASH', 'UPI', 'GATEWAY'] }).notNull(),
    state: text('state', { enum: ['PENDING', 'PROCESSED', 'FAILED'] }).notNull(),
    reference: text('reference'),
    note: text('note'),
    /** A gateway refund's id at the gateway, once it has taken it (B18, ADR 0072); null until then and for cash and UPI. */
    gatewayRefundId: text('gateway_refund_id'),
    /** The online payment it gives back, for a refund through the gateway (ADR 0072). */
    gatewayPaymentId: uuid('gateway_payment_id').references(() => gatewayPayments.id),
    /**
     * A gateway refund's sends (ADR 0072): each claims it for a while, so two senders never send it at
     * once; a send after the first asks the gateway whether an earlier one was made before making one.
     */
    sendTries: integer('send_tries').notNull().default(0),
    sentAt: ts('sent_at'),
    /** The financial year (by the year it starts) and number of its credit note; null without one. */
    creditNoteYear: smallint('credit_note_year'),
    creditNoteNumber: bigint('credit_note_number', { mode: 'number' }),
    createdById: uuid('created_by_id'),
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId, t.createdAt),
    index('refunds_business_created_idx').on(t.businessId, t.createdAt),
    uniqueIndex('refunds_credit_note_idx')
      .on(t.businessId, t.creditNoteYear, t.creditNoteNumber)
      .where(sql`${t.creditNoteNumber} IS NOT NULL`),
    check('refunds_amount_check', sql`${t.amountPaise} > 0`),
  ],
);

/**
 * A payment made online through the gateway (B18, ADR 0072), one row per payment the gateway took:
 * APPLIED when it paid its order, REFUNDED when it came for an order that could not take it (lapsed,
 * cancelled, paid already, or a wrong amount) and was given back.
 */
export const gatewayPayments = pgTable(
  'gateway_payments',
  {
    id: id(),
    businessId: businessId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The gateway's ids of the payment and of its order. */
    paymentRef: text('payment_ref').notNull(),
    gatewayOrderId: text('gateway_order_id').notNull(),
    amountPaise: money('amount_paise').notNull(),
    /** The gateway's fee and the tax on it, when it said. */
    feePaise: money('fee_paise'),
    /** upi, card, netbanking, wallet… as the gateway names it. */
    method: text('method'),
    state: text('state', { enum: ['APPLIED', 'REFUNDED'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('gateway_payments_ref_idx').on(t.provider, t.paymentRef),
    index('gateway_payments_business_created_idx').on(t.businessId, t.createdAt),
    index('gateway_payments_order_idx').on(t.orderId),
    check('gateway_payments_amount_check', sql`${t.amountPaise} > 0`),
  ],
);

/** The gateway's webhook events applied (B18, ADR 0072): an event delivered twice is applied once. */
export const gatewayEvents = pgTable(
  'gateway_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    /** The business it concerned. */
    businessId: businessId(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.eventId] }),
    index('gateway_events_received_idx').on(t.receivedAt),
  ],
);

/** The last credit note number each business gave out in each financial year (B18): gap-free, as invoices are. */
export const creditNoteNumbers = pgTable(
  'credit_note_numbers',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    financialYear: smallint('financial_year').notNull(),
    lastNumber: bigint('last_number', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.financialYear] })],
);

/** Per-day order counters kept with every order write, so the dashboard never scans orders. */
export const dailyStats = pgTable(
  'daily_stats',
  {
    businessId: businessId(),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => zones.id),
    day: date('day', { mode: 'string' }).notNull(),
    total: integer('total').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
    cancelled: integer('cancelled').notNull().default(0),
    earningsPaise: money('earnings_paise').notNull().default(0),
    /** Customers whose first order was placed that day in that zone (the dashboard's users card). */
    newCustomers: integer('new_customers').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.zoneId, t.day] })],
);

/**
 * The sales reports' rollup (B15, ADR 0046), kept in the statement of every order
 * write that closes an order: per business, zone, day the order was placed (in
 * the business's time zone), dimension and key, the closed orders' figures.
 * `dimension` is store, paymentMode, coupon, executive (the order's, '' for
 * none) or item (the item's id; its quantities and gross only).
 */
export const salesStats = pgTable(
  'sales_stats',
  {
    businessId: businessId(),
    dimension: text('dimension').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => zones.id),
    key: text('key').notNull(),
    orders: integer('orders').notNull().default(0),
    itemsSold: bigint('items_sold', { mode: 'number' }).notNull().default(0),
    grossPaise: money('gross_paise').notNull().default(0),
    discountPaise: money('discount_paise').notNull().default(0),
    chargesPaise: money('charges_paise').notNull().default(0),
    netPaise: money('net_paise').notNull().default(0),
    cancelled: integer('cancelled').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.dimension, t.day, t.zoneId, t.key] })],
);

export const orderSettings = pgTable('order_settings', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  deliveryChargesEnabled: boolean('delivery_charges_enabled').notNull().default(false),
  standardDeliveryChargesPaise: money('standard_delivery_charges_paise').notNull().default(0),
  minimumOrderPaise: money('minimum_order_paise').notNull().default(0),
  /** Open orders one delivery executive may carry at once (B14). */
  maxOpenOrdersPerExecutive: integer('max_open_orders_per_executive').notNull().default(5),
  /** Minutes an order may wait without an executive before Dispatch highlights it. */
  dispatchWaitMinutes: integer('dispatch_wait_minutes').notNull().default(10),
  /** Print the kitchen ticket when an order is confirmed on the order's screen (B15). */
  printKitchenOnConfirm: boolean('print_kitchen_on_confirm').notNull().default(false),
  /** Minutes an order paid online waits for its payment before it lapses (B18, ADR 0072). */
  payWithinMinutes: integer('pay_within_minutes').notNull().default(15),
  /** What an executive earns per order delivered, and per km of its distance (B18, ADR 0073). */
  executiveFeePaise: money('executive_fee_paise').notNull().default(0),
  executiveFeePerKmPaise: money('executive_fee_per_km_paise').notNull().default(0),
  version: version(),
  updatedAt: updatedAt(),
});

export const referralSettings = pgTable('referral_settings', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  name: text('name').notNull().default(''),
  type: text('type', { enum: ['DISCOUNT', 'FREE_DELIVERY'] })
    .notNull()
    .default('DISCOUNT'),
  usageLimit: integer('usage_limit').notNull().default(1),
  discountPercent: integer('discount_percent').notNull().default(0),
  maxDiscountPaise: money('max_discount_paise').notNull().default(0),
  minOrderValuePaise: money('min_order_value_paise').notNull().default(0),
  validForDays: integer('valid_for_days').notNull().default(30),
  referralMessage: text('referral_message').notNull().default(''),
  version: version(),
  updatedAt: updatedAt(),
});

/**
 * Settings › Notifications (B19, ADR 0075): which status changes of an order text its customer, by
 * SMS and by WhatsApp. A change is queued as an `order_messages` row by the trigger on `orders`
 * (routines.sql), in the statement that changes the status.
 */
export const notificationSettings = pgTable('notification_settings', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  smsConfirmed: boolean('sms_confirmed').notNull().default(false),
  smsPickedUp: boolean('sms_picked_up').notNull().default(false),
  smsDelivered: boolean('sms_delivered').notNull().default(false),
  smsCancelled: boolean('sms_cancelled').notNull().default(false),
  whatsappConfirmed: boolean('whatsapp_confirmed').notNull().default(false),
  whatsappPickedUp: boolean('whatsapp_picked_up').notNull().default(false),
  whatsappDelivered: boolean('whatsapp_delivered').notNull().default(false),
  whatsappCancelled: boolean('whatsapp_cancelled').notNull().default(false),
  /** A refund made, and the order's items changed by staff (ADR 0082). */
  smsRefunded: boolean('sms_refunded').notNull().default(false),
  smsItemsChanged: boolean('sms_items_changed').notNull().default(false),
  whatsappRefunded: boolean('whatsapp_refunded').notNull().default(false),
  whatsappItemsChanged: boolean('whatsapp_items_changed').notNull().default(false),
  version: version(),
  updatedAt: updatedAt(),
});

/**
 * Order updates to send to customers (B19, ADR 0075): one per channel and status change, queued by
 * the trigger on `orders`, sent by the order-updates sender (claimed for a while, so one instance
 * sends each), tried again with backoff, and kept with what became of it.
 */
export const orderMessages = pgTable(
  'order_messages',
  {
    id: id(),
    businessId: businessId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['SMS', 'WHATSAPP'] }).notNull(),
    /** The status the order changed to, which the text tells (the order's status then, for the others). */
    status: smallint('status').notNull(),
    /** What it tells: a change of status, a refund made, or the items changed by staff (ADR 0082). */
    kind: text('kind', { enum: ['STATUS', 'REFUNDED', 'ITEMS'] })
      .notNull()
      .default('STATUS'),
    /** A refund's amount, for its text. */
    amountPaise: money('amount_paise'),
    toPhone: text('to_phone').notNull(),
    state: text('state', { enum: ['PENDING', 'SENT', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    tries: integer('tries').notNull().default(0),
    nextAt: ts('next_at').notNull().defaultNow(),
    claimedUntil: ts('claimed_until'),
    lastError: text('last_error'),
    sentAt: ts('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_messages_due_idx')
      .on(t.nextAt)
      .where(sql`${t.state} = 'PENDING'`),
    index('order_messages_order_idx').on(t.orderId),
  ],
);

/**
 * What a referral programme's first-order offer was given to (ADR 0058): the delivery address and
 * the device of each order that got one, as hashes; a later order from either gets none.
 */
export const referralClaims = pgTable(
  'referral_claims',
  {
    businessId: businessId(),
    /** address-text, address-point or device. */
    signal: text('signal').notNull(),
    valueHash: bytea('value_hash').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.signal, t.valueHash] })],
);

export const paymentModes = pgTable(
  'payment_modes',
  {
    id: id(),
    businessId: businessId(),
    title: text('title').notNull(),
    type: text('type').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disableReason: text('disable_reason'),
    upiName: text('upi_name'),
    upiId: text('upi_id'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // One mode of each type per business (COD, UPI, CARD).
  (t) => [uniqueIndex('payment_modes_type_idx').on(t.businessId, t.type)],
);

export const helplines = pgTable(
  'helplines',
  {
    id: id(),
    businessId: businessId(),
    title: text('title').notNull(),
    phoneNumber: text('phone_number').notNull(),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('helplines_business_idx').on(t.businessId)],
);

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    businessId: businessId(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    /** A delivery executive's device, told of their new assignments (ADR 0042); null for customers'. */
    executiveId: uuid('executive_id').references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_idx').on(t.businessId, t.endpoint)],
);

export const pushNotifications = pgTable(
  'push_notifications',
  {
    id: id(),
    businessId: businessId(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    sentById: uuid('sent_by_id').references(() => users.id, { onDelete: 'set null' }),
    sentByName: text('sent_by_name').notNull(),
    /** Subscriptions the send was addressed to, counted when it started. */
    total: integer('total').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    status: text('status', { enum: ['sending', 'sent', 'failed'] })
      .notNull()
      .default('sending'),
    finishedAt: ts('finished_at'),
    createdAt: createdAt(),
  },
  (t) => [index('push_notifications_business_idx').on(t.businessId, t.createdAt)],
);

/** Live events (D10): one row per change, announced with NOTIFY and replayed by id. */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    businessId: businessId(),
    zoneId: uuid('zone_id'),
    topic: text('topic').notNull(),
    action: text('action').notNull(),
    recordId: text('record_id'),
    sessionId: uuid('session_id'),
    /** The customer whose order it is, for their own live stream (ADR 0039); null for everything else. */
    customerId: uuid('customer_id'),
    /** The delivery executives an order's change concerns (the one it has, and one it was taken from), for theirs (ADR 0042). */
    executiveIds: uuid('executive_ids').array(),
    /**
     * What a reader needs to update what it shows without asking again (ADR 0051): for an order's
     * change, the order as the lists show it after the change and the timeline entry it added.
     */
    data: jsonb('data'),
    /** The writing transaction and what it could see: transactions it could not see may commit later. */
    tx: xid8('tx')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    snapshot: pgSnapshot('snapshot')
      .notNull()
      .default(sql`pg_current_snapshot()`),
    createdAt: createdAt(),
  },
  (t) => [index('events_business_idx').on(t.businessId, t.id), index('events_created_idx').on(t.createdAt)],
);

/**
 * A delivery executive's duty and last position (B13, ADR 0042): one row each,
 * written often, so kept apart from their account (whose version staff edit by).
 */
export const executivePresence = pgTable('executive_presence', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  businessId: businessId(),
  onDuty: boolean('on_duty').notNull().default(false),
  dutySince: ts('duty_since').notNull().defaultNow(),
  lat: doublePrecision('lat'),
  lng: doublePrecision('lng'),
  accuracy: doublePrecision('accuracy'),
  seenAt: ts('seen_at'),
});

/** Positions of executives while they carry open orders: their trips, kept 7 days (ADR 0042). */
export const executiveTrail = pgTable(
  'executive_trail',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    businessId: businessId(),
    executiveId: uuid('executive_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [
    index('executive_trail_executive_idx').on(t.executiveId, t.at),
    index('executive_trail_at_idx').on(t.at),
  ],
);

/** Cash on delivery handed over by an executive for a day, recorded by staff (B14). */
export const cashSettlements = pgTable(
  'cash_settlements',
  {
    businessId: businessId(),
    executiveId: uuid('executive_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The business's day (its time zone) the cash was collected on. */
    day: date('day', { mode: 'string' }).notNull(),
    amountPaise: money('amount_paise').notNull(),
    settledById: uuid('settled_by_id'),
    settledByName: text('settled_by_name').notNull(),
    settledAt: ts('settled_at').notNull().defaultNow(),
    /** The payout it was netted in (B18), when it was. */
    payoutId: uuid('payout_id'),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.executiveId, t.day] })],
);

/**
 * A customer's tip for the executive who delivered their order (B18, ADR 0073), one per order: online
 * through the gateway (PENDING until paid), or cash the executive recorded (PAID at once).
 */
export const tips = pgTable(
  'tips',
  {
    id: id(),
    businessId: businessId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    executiveId: uuid('executive_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountPaise: money('amount_paise').notNull(),
    method: text('method', { enum: ['ONLINE', 'CASH'] }).notNull(),
    state: text('state', { enum: ['PENDING', 'PAID'] }).notNull(),
    /** Online: the gateway's order for this amount, and the payment that paid it, with its fee. */
    gatewayOrderId: text('gateway_order_id'),
    paymentRef: text('payment_ref'),
    feePaise: money('fee_paise'),
    paidAt: ts('paid_at'),
    /** The payout that paid it to the executive (online tips only). */
    payoutId: uuid('payout_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tips_order_idx').on(t.orderId),
    uniqueIndex('tips_gateway_order_idx')
      .on(t.gatewayOrderId)
      .where(sql`${t.gatewayOrderId} IS NOT NULL`),
    check('tips_amount_check', sql`${t.amountPaise} > 0`),
  ],
);

/** What staff paid an executive for a period (B18, ADR 0073): their unpaid earnings less the cash they held. */
export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    businessId: businessId(),
    executiveId: uuid('executive_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The business's days it covers, both included. */
    fromDay: date('from_day', { mode: 'string' }).notNull(),
    toDay: date('to_day', { mode: 'string' }).notNull(),
    earningsPaise: money('earnings_paise').notNull(),
    cashNettedPaise: money('cash_netted_paise').notNull(),
    /** earnings − cash netted: paid to the executive (negative: handed over by them). */
    amountPaise: money('amount_paise').notNull(),
    paidById: uuid('paid_by_id'),
    paidByName: text('paid_by_name').notNull(),
    paidAt: ts('paid_at').notNull().defaultNow(),
  },
  (t) => [index('payouts_executive_idx').on(t.businessId, t.executiveId, t.toDay)],
);

/** Accounts registered by the onboarding wizard before their business exists. */
export const onboardingAccounts = pgTable(
  'onboarding_accounts',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    verificationTokenHash: bytea('verification_token_hash'),
    verificationExpiresAt: ts('verification_expires_at'),
    verifiedAt: ts('verified_at'),
    createdAt: createdAt(),
  },
  // Several registrations may wait for one e-mail: none replaces another (B16).
  (t) => [index('onboarding_accounts_email_idx').on(sql`lower(${t.email})`)],
);

/**
 * Single-use links mailed to a user: a password reset (30 minutes) or the
 * proof of a new e-mail address (24 hours). Only the token's hash is kept.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: id(),
    kind: text('kind', { enum: ['reset-password', 'verify-email'] }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address the link was sent to: for verify-email, the address it proves. */
    email: text('email').notNull(),
    tokenHash: bytea('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('account_tokens_hash_idx').on(t.tokenHash),
    index('account_tokens_user_idx').on(t.userId, t.kind),
  ],
);

/** Server-wide key/value settings, such as the VAPID key pair created on first start. */
export const serverSettings = pgTable('server_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

/** Who changed what (B15): every staff write, recorded in the change's own transaction; kept one year. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    businessId: businessId(),
    at: ts('at').notNull().defaultNow(),
    /** The staff member; null for an unknown address's failed sign-in. Kept by name, so the log still says it after they leave. */
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull(),
    ip: text('ip'),
    /** create, edit, delete, restore, status, settings, key-rotation, sign-in, sign-in-failed, … */
    action: text('action').notNull(),
    /** The kind of record: store, category, item, slide, zone, coupon, admin, delivery-executive, order, settings, … */
    kind: text('kind').notNull(),
    recordId: text('record_id'),
    /** Each changed field's { from, to }; never a password, a secret or a token. */
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>().notNull().default({}),
  },
  (t) => [
    index('audit_log_business_idx').on(t.businessId, t.at, t.id),
    index('audit_log_actor_idx').on(t.businessId, t.actorId, t.at),
    index('audit_log_kind_idx').on(t.businessId, t.kind, t.at),
    index('audit_log_at_idx').on(t.at),
  ],
);

/** Single-use recovery codes of two-step sign-in (B15), stored hashed. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: bytea('code_hash').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** A password accepted, the second step awaited (B15): short-lived, hashed, with its failed guesses counted. */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: id(),
    tokenHash: bytea('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessId: businessId(),
    /** The WebAuthn challenge offered with it, base64url; null when none. */
    webauthnChallenge: text('webauthn_challenge'),
    failures: integer('failures').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('two_factor_challenges_token_idx').on(t.tokenHash),
    index('two_factor_challenges_expiry_idx').on(t.expiresAt),
  ],
);

/**
 * WebAuthn challenges offered to a browser (ADR 0049): to register a passkey (for `user_id`), or to
 * sign in with one (no user yet: the passkey says whose it is). Each is used once and lasts minutes.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    /** The challenge itself, base64url: 256 random bits. */
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose', { enum: ['register', 'sign-in'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webauthn_challenges_expiry_idx').on(t.expiresAt)],
);

/** Passkeys (WebAuthn credentials) of staff (B15), a second step or the way in. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessId: businessId(),
    /** The authenticator's credential id, base64url. */
    credentialId: text('credential_id').notNull(),
    publicKey: bytea('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [uniqueIndex('passkeys_credential_idx').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);
