import {
  and,
  asc,
  between,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { Executor, Transaction } from '#server/db/client.ts';
import {
  businesses,
  categories,
  orderEvents,
  coupons,
  helplines,
  items,
  itemVariants,
  orderSettings,
  tips,
  orders,
  paymentModes,
  referralClaims,
  slotBookings,
  users,
  executivePresence,
  stores,
} from '#server/db/schema.ts';
import type { ReferralSignal } from './referral-signals.ts';
import { specialDaysOf } from '#server/lib/special-days.ts';
import { likePattern, nameMatches } from '#server/lib/search.ts';
import { jsonArrayOf, jsonObjectOf } from '#server/lib/json-columns.ts';
import {
  ofBusiness,
  ofCustomer,
  sqlOfBusiness,
  sqlOfCustomer,
  theBusiness,
  type CustomerScope,
} from '#server/lib/scope.ts';

/**
 * The business of a storefront key, or null; with `also`, another module's column read with it in
 * the same statement (the customer's session, ADR 0088), given the business's id to correlate on.
 */
export async function findBusinessByStorefrontKey<T = null>(
  db: Executor,
  key: string,
  also?: (businessId: AnyColumn) => SQL<T>,
) {
  const [row] = await db
    .select({
      id: businesses.id,
      name: businesses.name,
      serviceEndsAt: businesses.serviceEndsAt,
      timeZone: businesses.timeZone,
      live: businesses.live,
      also: also ? also(businesses.id) : sql<T>`NULL`,
    })
    .from(businesses)
    .where(eq(businesses.storefrontKey, key));
  return row ?? null;
}

/** What the customer app's page is made with: the business whose slug it is, or null. */
export async function findBusinessBySlug(db: Executor, slug: string) {
  const [row] = await db
    .select({
      name: businesses.name,
      slug: businesses.slug,
      description: businesses.description,
      storefrontKey: businesses.storefrontKey,
      theme: businesses.theme,
      iconKey: businesses.iconKey,
      shopDomain: businesses.shopDomain,
    })
    .from(businesses)
    .where(eq(businesses.slug, slug));
  return row ?? null;
}

/**
 * Holds the referral signals of an order until its transaction ends (ADR 0058), one at a time in
 * one order, so two orders claiming the same address or device wait on each other, never in a cycle.
 */
export async function lockReferralSignals(tx: Transaction, businessId: string, signals: ReferralSignal[]) {
  const keys = signals
    .map(({ signal, hash }) => `referral:${businessId}:${signal}:${hash.toString('hex')}`)
    .sort();
  for (const key of keys) await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/** Whether an offer went to any of these signals already. */
export async function anyReferralClaimed(db: Executor, businessId: string, signals: ReferralSignal[]) {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(referralClaims)
    .where(
      and(
        ofBusiness(referralClaims, { businessId }),
        or(
          ...signals.map(({ signal, hash }) =>
            and(eq(referralClaims.signal, signal), eq(referralClaims.valueHash, hash)),
          ),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertReferralClaims(
  tx: Executor,
  businessId: string,
  orderId: string,
  signals: ReferralSignal[],
) {
  await tx
    .insert(referralClaims)
    .values(signals.map(({ signal, hash }) => ({ businessId, signal, valueHash: hash, orderId })))
    .onConflictDoNothing();
}

/** Every business's own shop domain (lower case), with its slug. */
export async function findShopDomains(db: Executor) {
  return db
    .select({ domain: sql<string>`lower(${businesses.shopDomain})`, slug: businesses.slug })
    .from(businesses)
    .where(isNotNull(businesses.shopDomain));
}

/** What the customer app is shown of a store, and what its rules of ordering read. */
const storeColumns = {
  id: stores.id,
  name: stores.name,
  zoneId: stores.zoneId,
  status: stores.status,
  location: stores.location,
  description: stores.description,
  descriptionHi: stores.descriptionHi,
  descriptionKn: stores.descriptionKn,
  phone: stores.phone,
  imageKey: stores.imageKey,
  latitude: stores.latitude,
  longitude: stores.longitude,
  deliveryRadiusKm: stores.deliveryRadiusKm,
  openTime: sql<string>`to_char(${stores.openTime}, 'HH24:MI')`,
  closeTime: sql<string>`to_char(${stores.closeTime}, 'HH24:MI')`,
  featured: stores.featured,
  slotLengthMinutes: stores.slotLengthMinutes,
  slotCapacity: stores.slotCapacity,
  slotDaysAhead: stores.slotDaysAhead,
  slotCutoffMinutes: stores.slotCutoffMinutes,
  specialDays: specialDaysOf(stores.id),
  deliveryRule: stores.deliveryRule,
};
export type StorefrontStoreRow = Omit<NonNullable<Awaited<ReturnType<typeof findStore>>>, 'now'>;

/**
 * A live store of the business (or null), with the transaction's time (`now()`, fixed for the whole
 * transaction) read in the same statement: the clock its ordering rules are judged on.
 */
export async function findStore(db: Executor, businessId: string, storeId: string) {
  const [row] = await db
    .select({ ...storeColumns, now: sql<Date>`now()`.mapWith((value: Date | string) => new Date(value)) })
    .from(stores)
    .where(and(eq(stores.id, storeId), ofBusiness(stores, { businessId }), isNull(stores.deletedAt)));
  return row ?? null;
}

/** An item of the store as an order's line reads it (`storeItemColumns`). */
export type StoreItemRow = {
  id: string;
  name: string;
  variants: StoreVariant[];
  gstRate: number;
  hsn: string | null;
  inStock: boolean;
  deleted: boolean;
};

/** What an order or a quote reads before it writes anything (`findOrderInputs`). */
export type OrderInputs = {
  store: StorefrontStoreRow;
  now: Date;
  items: StoreItemRow[];
  settings: OrderSettingsRow;
  /** The enabled payment modes' types, when asked for. */
  paymentModes: string[];
  /** The signed-in customer, when there is one: null when their row is gone. */
  customer: { id: string; referredAt: Date | null; blockedAt: Date | null; firstOrder: boolean } | null;
  /** The customer's address the order names, when it names one: null when it is not theirs (or deleted). */
  address: { label: string; text: string; landmark: string; lat: number; lng: number } | null;
};

/**
 * Everything an order (or a quote) of a store reads before it writes, in one statement (ADR 0088):
 * the live store with the database's time, the lines' items, the order settings, the enabled
 * payment modes, and the signed-in customer (blocked or not, whether this is their first order)
 * with the address named. Null when the store is not a live store of the business. What is read
 * here is checked again where it matters by the statement that writes the order: stock and the
 * slot's place under their rows' locks, and the customer's first order by `orders_first_of_customer`.
 */
export async function findOrderInputs(
  db: Executor,
  businessId: string,
  storeId: string,
  want: {
    itemIds: string[];
    paymentModes: boolean;
    customer: CustomerScope | null;
    addressId: string | null;
  },
): Promise<OrderInputs | null> {
  const scope = { businessId };
  const itemRows = jsonArrayOf<StoreItemRow>(
    storeItemColumns,
    sql`FROM items WHERE ${sqlOfBusiness('items', scope)} AND "items"."store_id" = ${storeId}::uuid
      AND "items"."id" = ANY(${sql.param(want.itemIds)}::uuid[])`,
  );
  const settingsRow = sql`(SELECT ${jsonObjectOf(orderSettingsColumns)}
    FROM order_settings WHERE ${sqlOfBusiness('order_settings', scope)})`;
  const modes = want.paymentModes
    ? sql`(SELECT coalesce(json_agg(p.type), '[]'::json) FROM payment_modes p WHERE ${sqlOfBusiness('p', scope)} AND p.enabled)`
    : sql`'[]'::json`;
  const customer = want.customer
    ? sql`(SELECT json_build_object('id', c.id, 'referredAt', c.referred_at, 'blockedAt', c.blocked_at,
          'firstOrder', NOT EXISTS (SELECT 1 FROM orders o WHERE ${sqlOfCustomer('o', want.customer)}))
        FROM customers c WHERE ${sqlOfBusiness('c', want.customer)} AND c.id = ${want.customer.customerId}::uuid)`
    : sql`NULL::json`;
  const address =
    want.customer && want.addressId !== null
      ? sql`(SELECT json_build_object('label', a.label, 'text', a.text, 'landmark', a.landmark,
            'lat', a.latitude, 'lng', a.longitude)
          FROM customer_addresses a WHERE ${sqlOfCustomer('a', want.customer)}
            AND a.id = ${want.addressId}::uuid AND a.deleted_at IS NULL)`
      : sql`NULL::json`;
  const [row] = await db
    .select({
      ...storeColumns,
      now: sql<Date>`now()`.mapWith((value: Date | string) => new Date(value)),
      items: itemRows,
      settings: sql<OrderSettingsRow | null>`${settingsRow}`,
      paymentModes: sql<string[]>`${modes}`,
      customer: sql<{
        id: string;
        referredAt: string | null;
        blockedAt: string | null;
        firstOrder: boolean;
      } | null>`${customer}`,
      address: sql<OrderInputs['address']>`${address}`,
    })
    .from(stores)
    .where(and(eq(stores.id, storeId), ofBusiness(stores, scope), isNull(stores.deletedAt)));
  if (!row) return null;
  const { now, items: found, settings, paymentModes: enabled, customer: who, address: where, ...store } = row;
  return {
    store,
    now,
    items: found,
    settings: settings ?? noOrderSettings,
    paymentModes: enabled,
    customer: who && {
      id: who.id,
      firstOrder: who.firstOrder,
      referredAt: who.referredAt === null ? null : new Date(who.referredAt),
      blockedAt: who.blockedAt === null ? null : new Date(who.blockedAt),
    },
    address: where,
  };
}

/** How many orders each of a store's slots from `from` on holds (ADR 0077), by the slot's start as ISO text. */
export async function findSlotBookings(db: Executor, businessId: string, storeId: string, from: Date) {
  const rows = await db
    .select({ startsAt: slotBookings.startsAt, booked: slotBookings.booked })
    .from(slotBookings)
    .where(
      and(
        ofBusiness(slotBookings, { businessId }),
        eq(slotBookings.storeId, storeId),
        gte(slotBookings.startsAt, from),
      ),
    );
  return new Map(rows.map((row) => [row.startsAt.toISOString(), row.booked]));
}

/**
 * The business's live stores that are not Unserviceable inside a box of
 * latitudes and longitudes: the candidates, which the service measures.
 */
export function findStoresInBox(
  db: Executor,
  businessId: string,
  box: { minLat: number; maxLat: number; minLng: number; maxLng: number },
) {
  return db
    .select(storeColumns)
    .from(stores)
    .where(
      and(
        ofBusiness(stores, { businessId }),
        isNull(stores.deletedAt),
        ne(stores.status, -1),
        between(stores.latitude, box.minLat, box.maxLat),
        between(stores.longitude, box.minLng, box.maxLng),
      ),
    );
}

/**
 * The store as `findStore` reads it, with what its catalogue is made of now in one short text
 * (ADR 0091): the store's catalogue version, which triggers move with any change to its items or
 * categories, and its variants counted with the sum of their rows' transaction ids (`xmin`), which
 * any insert, update or delete changes, a sale's stock included. Whichever code wrote the change,
 * the text changes, so the customer app's catalogue is answered 304 while it is the same. Reading
 * it costs the store's row and its variants' rows, not its items'. The store's id is spelt with its
 * table: in a select of one table, drizzle writes a column bare, and the variants' own would shadow it.
 */
export async function findCatalogueStore(db: Executor, businessId: string, storeId: string) {
  const [row] = await db
    .select({
      ...storeColumns,
      now: sql<Date>`now()`.mapWith((value: Date | string) => new Date(value)),
      fingerprint: sql<string>`${stores.catalogueVersion} || '/' || (
        SELECT count(*) || ':' || coalesce(sum(v.xmin::text::bigint), 0) FROM item_variants v
        WHERE ${sqlOfBusiness('v', { businessId })} AND v.store_id = "stores"."id")`,
    })
    .from(stores)
    .where(and(eq(stores.id, storeId), ofBusiness(stores, { businessId }), isNull(stores.deletedAt)));
  return row ?? null;
}

/** The store's live categories in its order: by position, then name (B17). */
export function findCategories(db: Executor, businessId: string, storeId: string) {
  return db
    .select({
      id: categories.id,
      name: categories.name,
      nameHi: categories.nameHi,
      nameKn: categories.nameKn,
    })
    .from(categories)
    .where(
      and(
        ofBusiness(categories, { businessId }),
        eq(categories.storeId, storeId),
        isNull(categories.deletedAt),
      ),
    )
    .orderBy(asc(categories.position), asc(sql`lower(${categories.name})`), asc(categories.id));
}

/**
 * The store's live items, featured first (1 before 9), then by name; narrowed
 * to a part of the name and to a category when asked; at most `limit`.
 */
/** A variant as the customer app and the order path read it. */
export type StoreVariant = {
  id: string;
  label: string;
  pricePaise: number;
  mrpPaise: number | null;
  stepGrams: number | null;
  maxGrams: number | null;
  stock: number | null;
  lowStockAt: number | null;
};

/** A variant as the customer app and the order path read it (`StoreVariant`). */
const storeVariantColumns = {
  id: itemVariants.id,
  label: itemVariants.label,
  pricePaise: itemVariants.pricePaise,
  mrpPaise: itemVariants.mrpPaise,
  stepGrams: itemVariants.stepGrams,
  maxGrams: itemVariants.maxGrams,
  stock: itemVariants.stock,
  lowStockAt: itemVariants.lowStockAt,
};

/** An item's variants in their order, as JSON: a column of a statement that reads `items`. */
const variantsOfItem = jsonArrayOf<StoreVariant>(
  storeVariantColumns,
  sql`FROM ${itemVariants} WHERE ${itemVariants.itemId} = ${items.id}`,
  itemVariants.position,
);

export function findCatalogueItems(
  db: Executor,
  businessId: string,
  storeId: string,
  /** `nearly`: names a word of which is nearly `q`, for a search that found nothing as it was typed. */
  filter: { q?: string; categoryId?: string; nearly?: boolean },
  limit: number,
) {
  return db
    .select({
      id: items.id,
      name: items.name,
      nameHi: items.nameHi,
      nameKn: items.nameKn,
      tags: items.tags,
      aliases: items.aliases,
      categoryId: items.categoryId,
      variants: variantsOfItem,
      veg: items.veg,
      featured: items.featured,
      imageKey: items.imageKey,
      inStock: items.inStock,
    })
    .from(items)
    .where(
      and(
        ofBusiness(items, { businessId }),
        eq(items.storeId, storeId),
        isNull(items.deletedAt),
        filter.q && filter.nearly
          ? // A word of the name (in any of its languages) or of another name with a letter wrong or
            // missing ("basmti", "chawl"): among one store's items.
            or(
              sql`word_similarity(${filter.q.toLowerCase()}, lower(${items.name})) >= 0.5`,
              sql`word_similarity(${filter.q.toLowerCase()}, lower(${items.nameHi})) >= 0.5`,
              sql`word_similarity(${filter.q.toLowerCase()}, lower(${items.nameKn})) >= 0.5`,
              sql`EXISTS (SELECT 1 FROM unnest(${items.aliases}) AS alias WHERE word_similarity(${filter.q.toLowerCase()}, lower(alias)) >= 0.5)`,
            )
          : filter.q
            ? or(
                nameMatches(items.name, filter.q),
                // Its name in Hindi and in Kannada (ADR 0085), as the app shows it to a reader of those.
                nameMatches(items.nameHi, filter.q),
                nameMatches(items.nameKn, filter.q),
                // What customers also call it ("chawal", "चावल"), as the app's own search finds it.
                sql`EXISTS (SELECT 1 FROM unnest(${items.aliases}) AS alias WHERE lower(alias) LIKE ${likePattern(filter.q.toLowerCase())})`,
                sql`EXISTS (SELECT 1 FROM unnest(${items.tags}) AS tag WHERE lower(tag) LIKE ${likePattern(filter.q.toLowerCase())})`,
                // A pack's SKU or barcode, as a shelf or a scanner gives it.
                sql`EXISTS (SELECT 1 FROM item_variants v WHERE v.item_id = "items"."id" AND (v.sku = ${filter.q} OR v.barcode = ${filter.q}))`,
              )
            : undefined,
        filter.categoryId ? eq(items.categoryId, filter.categoryId) : undefined,
      ),
    )
    .orderBy(sql`${items.featured} = 0`, asc(items.featured), asc(items.name), asc(items.id))
    .limit(limit);
}

/** What the customer app shows of the business. */
export async function findBusinessProfile(db: Executor, businessId: string) {
  const [row] = await db
    .select({
      id: businesses.id,
      name: businesses.name,
      description: businesses.description,
      iconKey: businesses.iconKey,
      theme: businesses.theme,
      live: businesses.live,
      timeZone: businesses.timeZone,
    })
    .from(businesses)
    .where(theBusiness(businesses, { businessId }));
  return row ?? null;
}

/** The business's name. */
export async function findBusinessName(db: Executor, businessId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ name: businesses.name })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return row?.name;
}

/** The enabled payment modes, COD first, then UPI, then CARD, then ONLINE. */
export function findEnabledPaymentModes(db: Executor, businessId: string) {
  return db
    .select({
      type: paymentModes.type,
      title: paymentModes.title,
      upiName: paymentModes.upiName,
      upiId: paymentModes.upiId,
    })
    .from(paymentModes)
    .where(and(ofBusiness(paymentModes, { businessId }), eq(paymentModes.enabled, true)))
    .orderBy(sql`array_position(ARRAY['COD','UPI','CARD','ONLINE'], ${paymentModes.type})`);
}

export function findHelplines(db: Executor, businessId: string) {
  return db
    .select({ title: helplines.title, phoneNumber: helplines.phoneNumber })
    .from(helplines)
    .where(ofBusiness(helplines, { businessId }))
    .orderBy(asc(helplines.createdAt), asc(helplines.id));
}

/** An item of the store as an order's line reads it: by `findStoreItems`, and as JSON by `findOrderInputs`. */
const storeItemColumns = {
  id: items.id,
  name: items.name,
  variants: variantsOfItem,
  gstRate: items.gstRate,
  hsn: items.hsn,
  inStock: items.inStock,
  deleted: sql<boolean>`${items.deletedAt} IS NOT NULL`,
};

/** The store's items among `ids`, deleted ones included (so they can be told apart from unknown ones). */
export function findStoreItems(db: Executor, businessId: string, storeId: string, ids: string[]) {
  return db
    .select(storeItemColumns)
    .from(items)
    .where(and(ofBusiness(items, { businessId }), eq(items.storeId, storeId), inArray(items.id, ids)));
}

/** A store's own delivery rule (ADR 0081), deleted or not: null when it follows the business's settings. */
export async function findStoreDeliveryRule(db: Executor, businessId: string, storeId: string) {
  const [row] = await db
    .select({ rule: stores.deliveryRule })
    .from(stores)
    .where(and(ofBusiness(stores, { businessId }), eq(stores.id, storeId)));
  return row?.rule ?? null;
}

/** The order settings an order is priced by: read by `findOrderSettings`, and as JSON by `findOrderInputs`. */
const orderSettingsColumns = {
  deliveryChargesEnabled: orderSettings.deliveryChargesEnabled,
  standardDeliveryChargesPaise: orderSettings.standardDeliveryChargesPaise,
  minimumOrderPaise: orderSettings.minimumOrderPaise,
  executiveFee: {
    perDeliveryPaise: orderSettings.executiveFeePaise,
    perKmPaise: orderSettings.executiveFeePerKmPaise,
  },
};

export async function findOrderSettings(db: Executor, businessId: string) {
  const [row] = await db
    .select(orderSettingsColumns)
    .from(orderSettings)
    .where(ofBusiness(orderSettings, { businessId }));
  return row ?? noOrderSettings;
}

/** The order settings of a business that has saved none. */
const noOrderSettings = {
  deliveryChargesEnabled: false,
  standardDeliveryChargesPaise: 0,
  minimumOrderPaise: 0,
  executiveFee: { perDeliveryPaise: 0, perKmPaise: 0 },
};
export type OrderSettingsRow = typeof noOrderSettings;

/**
 * The business's coupon with this code (the exact spelling first, else the
 * one that differs only in case), locked until the transaction ends so its
 * usage count is read and raised by one order at a time.
 */
export async function lockCoupon(tx: Transaction, businessId: string, code: string) {
  return findCoupon(tx, businessId, code, true);
}

/** The business's coupon with this code, as lockCoupon finds it; read without a lock unless `lock`. */
export async function findCoupon(db: Executor, businessId: string, code: string, lock = false) {
  const query = db
    .select({
      code: coupons.code,
      type: coupons.type,
      discountPercent: coupons.discountPercent,
      maxDiscountPaise: coupons.maxDiscountPaise,
      minOrderValuePaise: coupons.minOrderValuePaise,
      validFrom: coupons.validFrom,
      expiresAt: coupons.expiresAt,
      availStartTime: sql<string>`to_char(${coupons.availStartTime}, 'HH24:MI')`,
      availEndTime: sql<string>`to_char(${coupons.availEndTime}, 'HH24:MI')`,
      usageLimit: coupons.usageLimit,
      usedCount: coupons.usedCount,
      newUsersOnly: coupons.newUsersOnly,
      usageType: coupons.usageType,
      storeIds: coupons.storeIds,
      customerIds: coupons.customerIds,
    })
    .from(coupons)
    .where(and(ofBusiness(coupons, { businessId }), sql`lower(${coupons.code}) = lower(${code})`))
    .orderBy(sql`${coupons.code} = ${code} DESC`)
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** One more order placed with the code: `used_count` is the count of orders that used it. */
export async function countCouponUse(tx: Transaction, businessId: string, code: string) {
  await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(and(ofBusiness(coupons, { businessId }), eq(coupons.code, code)));
}

/* ---- A signed-in customer's own orders (ADR 0038) ---- */

export function findCustomerOrders(db: Executor, scope: CustomerScope, offset: number, limit: number) {
  return db
    .select()
    .from(orders)
    .where(ofCustomer(orders, scope))
    .orderBy(desc(orders.placedAt), desc(orders.id))
    .offset(offset)
    .limit(limit);
}

export async function countCustomerOrders(db: Executor, scope: CustomerScope) {
  const [row] = await db.select({ n: count() }).from(orders).where(ofCustomer(orders, scope));
  return row?.n ?? 0;
}

/** One of the customer's orders, with its store's phone; null for anyone else's. */
export async function findCustomerOrder(db: Executor, scope: CustomerScope, orderId: string) {
  // The business's first helpline, which puts a customer's call to their executive through (B19).
  const helpline = db
    .select({ phoneNumber: helplines.phoneNumber })
    .from(helplines)
    .where(ofBusiness(helplines, scope))
    .orderBy(asc(helplines.createdAt), asc(helplines.id))
    .limit(1);
  const [row] = await db
    .select({
      order: orders,
      storePhone: stores.phone,
      store: { lat: stores.latitude, lng: stores.longitude },
      tip: { amountPaise: tips.amountPaise, method: tips.method, paidAt: tips.paidAt },
      // The executive of an open order, where they were last, and the helpline (B19).
      executive: {
        name: users.name,
        phone: users.phone,
        lat: executivePresence.lat,
        lng: executivePresence.lng,
        seenAt: executivePresence.seenAt,
      },
      helpline: sql<string | null>`(${helpline})`,
    })
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .leftJoin(tips, and(eq(tips.orderId, orders.id), eq(tips.state, 'PAID')))
    .leftJoin(users, and(eq(users.id, orders.dexId), ofBusiness(users, scope), eq(orders.state, 1)))
    .leftJoin(
      executivePresence,
      and(eq(executivePresence.userId, users.id), ofBusiness(executivePresence, scope)),
    )
    .where(and(ofCustomer(orders, scope), eq(orders.id, orderId)));
  return row ?? null;
}

/** The order's status changes, oldest first (staff notes left out). */
export function findStatusChanges(db: Executor, scope: CustomerScope, orderId: string) {
  return db
    .select({ status: sql<number>`${orderEvents.toStatus}`, at: orderEvents.createdAt })
    .from(orderEvents)
    .where(
      and(ofBusiness(orderEvents, scope), eq(orderEvents.orderId, orderId), isNotNull(orderEvents.toStatus)),
    )
    .orderBy(asc(orderEvents.id));
}
