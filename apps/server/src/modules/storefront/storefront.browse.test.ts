/**
 * What a customer sees before ordering (ADR 0037): the business, the stores
 * that deliver to a point, a store's catalogue, and the quote of a cart.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import ngeohash from 'ngeohash';
import { businessClock, defaultTimeZone } from '@storedesk/shared/dates';
import { formatRupees } from '@storedesk/shared/money';
import {
  storefrontCatalogueLimit,
  storefrontMessages,
  type StorefrontBusinessProfile,
  type StorefrontCatalogue,
  type StorefrontOrder,
  type StorefrontQuote,
} from '@storedesk/shared/storefront/schemas';
import { distanceKm } from '@storedesk/shared/storefront/serviceability';
import * as t from '#server/db/schema.ts';
import {
  createBusiness,
  createTestApp,
  insertItems,
  keyedOrderHeaders,
  refusalOf,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';

let ctx: TestApp;
let biz: TestBusiness;
let rival: TestBusiness;
let ended: TestBusiness;
let dark: TestBusiness;

/** The customer stands in Koramangala, Bengaluru. */
const customer = { lat: 12.9352, lng: 77.6245 };
/** A point `km` north of the customer. */
const north = (km: number) => ({ lat: customer.lat + km / 111.195, lng: customer.lng });

/** HH:mm of the business's clock `minutes` from now. */
function clockIn(minutes: number): string {
  const minute = (businessClock(new Date(), defaultTimeZone).minute + minutes + 1440) % 1440;
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

const stores = {} as Record<
  'near' | 'middle' | 'far' | 'wide' | 'closed' | 'asleep' | 'unserviceable' | 'deleted' | 'rival',
  string
>;
const items = {} as Record<
  'milk' | 'rice' | 'soldOut' | 'gone' | 'wideItem' | 'asleepItem' | 'rivalItem',
  string
>;
const categories = {} as Record<'dairy' | 'grains', string>;
/** Each item's one variant, by the item's id: an item of one price is one unlabelled variant (B17). */
const variantOf: Record<string, string> = {};

async function addStore(
  business: TestBusiness,
  name: string,
  point: { lat: number; lng: number },
  overrides: Partial<typeof t.stores.$inferInsert> = {},
) {
  const [row] = await ctx.db
    .insert(t.stores)
    .values({
      businessId: business.id,
      zoneId: business.zones[0],
      name,
      description: 'Groceries',
      location: 'Koramangala',
      phone: '9876543210',
      featured: 1,
      latitude: point.lat,
      longitude: point.lng,
      geohash: ngeohash.encode(point.lat, point.lng, 9),
      // Open all day, so the suite passes whatever the hour it runs.
      openTime: '00:00',
      closeTime: '23:59',
      status: 1,
      ...overrides,
    })
    .returning({ id: t.stores.id });
  return row!.id;
}

async function addItem(
  business: TestBusiness,
  storeId: string,
  name: string,
  pricePaise: number,
  overrides: Partial<typeof t.items.$inferInsert> = {},
) {
  const [row] = await insertItems(ctx.db, [
    { businessId: business.id, storeId, name, pricePaise, ...overrides },
  ]);
  variantOf[row!.id] = row!.variantIds[0]!;
  return row!.id;
}

function get(url: string, key: string | null = biz.storefrontKey) {
  return ctx.app.inject({ method: 'GET', url, headers: key ? { 'x-storefront-key': key } : {} });
}

function post(url: string, payload: unknown, key: string = biz.storefrontKey) {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { 'x-storefront-key': key, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
}

/** An order of the business's own system (ADR 0056), to the customer's door, cash on delivery. */
function placeOrder(payload: Record<string, unknown>) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/storefront/orders',
    headers: { ...keyedOrderHeaders(biz), 'content-type': 'application/json' },
    payload: JSON.stringify({
      ...payload,
      deliveryAddress: { label: 'Home', text: '4, 80 Feet Road', ...customer },
      paymentMode: 'COD',
    }),
  });
}

/** Every row a quote could write: orders, their timeline, customers, coupon uses and events. */
async function footprint() {
  const result = await ctx.db.execute<{ n: string }>(sql`
    SELECT (SELECT count(*) FROM orders) + (SELECT count(*) FROM order_events) + (SELECT count(*) FROM customers)
         + (SELECT coalesce(sum(used_count), 0) FROM coupons) + (SELECT count(*) FROM events) AS n`);
  return Number(result.rows[0]!.n);
}

beforeAll(async () => {
  ctx = await createTestApp();
  biz = await createBusiness(ctx.db, { name: 'Fresh Mart', description: 'Groceries at your door' });
  rival = await createBusiness(ctx.db);
  ended = await createBusiness(ctx.db, { serviceEndsAt: new Date(Date.now() - 60_000) });
  dark = await createBusiness(ctx.db, { live: false });

  // Its description in Hindi, none in Kannada (ADR 0085).
  stores.near = await addStore(biz, 'Near Mart', north(0.5), { descriptionHi: 'किराना' });
  stores.middle = await addStore(biz, 'Middle Mart', north(3));
  // 6 km away with the default 5 km radius: it does not deliver here.
  stores.far = await addStore(biz, 'Far Mart', north(6));
  // 20 km away, but delivering within 25 km.
  stores.wide = await addStore(biz, 'Wide Mart', north(20), { deliveryRadiusKm: 25 });
  stores.closed = await addStore(biz, 'Shut Mart', north(1), { status: 0 });
  // Open, but its hours begin two hours from now.
  stores.asleep = await addStore(biz, 'Sleepy Mart', north(2), {
    openTime: clockIn(120),
    closeTime: clockIn(180),
  });
  stores.unserviceable = await addStore(biz, 'Gone Quiet Mart', north(1.5), { status: -1 });
  stores.deleted = await addStore(biz, 'Old Mart', north(0.7), { deletedAt: new Date() });
  stores.rival = await addStore(rival, 'Rival Mart', north(0.2));

  const [dairy, grains] = await ctx.db
    .insert(t.categories)
    .values([
      { businessId: biz.id, storeId: stores.near, name: 'Grains', nameHi: 'अनाज', nameKn: 'ಧಾನ್ಯ' },
      { businessId: biz.id, storeId: stores.near, name: 'Dairy' },
    ])
    .returning({ id: t.categories.id, name: t.categories.name });
  categories.grains = dairy!.id;
  categories.dairy = grains!.id;
  await ctx.db
    .insert(t.categories)
    .values({ businessId: biz.id, storeId: stores.near, name: 'Binned', deletedAt: new Date() });

  items.milk = await addItem(biz, stores.near, 'Full Cream Milk (1 L)', 6_800, {
    categoryId: categories.dairy,
    veg: true,
  });
  items.rice = await addItem(biz, stores.near, 'Basmati Rice (5 kg)', 64_950, {
    nameHi: 'बासमती चावल',
    nameKn: 'ಬಾಸ್ಮತಿ ಅಕ್ಕಿ',
    categoryId: categories.grains,
    veg: true,
    featured: 2,
    tags: ['Chawal'],
  });
  items.soldOut = await addItem(biz, stores.near, '100% Alphonso Mangoes', 32_000, { inStock: false });
  items.gone = await addItem(biz, stores.near, 'Old Stock', 5_000, { deletedAt: new Date() });
  items.wideItem = await addItem(biz, stores.wide, 'Bread', 4_500);
  items.asleepItem = await addItem(biz, stores.asleep, 'Eggs', 9_000);
  items.rivalItem = await addItem(rival, stores.rival, 'Rival Milk', 5_000);

  await ctx.db.insert(t.orderSettings).values({
    businessId: biz.id,
    deliveryChargesEnabled: true,
    standardDeliveryChargesPaise: 3_000,
    minimumOrderPaise: 10_000,
  });
  await ctx.db.insert(t.paymentModes).values([
    {
      businessId: biz.id,
      title: 'Pay by UPI',
      type: 'UPI',
      upiName: 'Fresh Mart',
      upiId: 'freshmart@okbank',
    },
    { businessId: biz.id, title: 'Cash on delivery', type: 'COD' },
    { businessId: biz.id, title: 'Card', type: 'CARD', enabled: false, disableReason: 'No gateway yet' },
  ]);
  await ctx.db.insert(t.helplines).values({ businessId: biz.id, title: 'Orders', phoneNumber: '1800123456' });
  const today = businessClock(new Date(), defaultTimeZone).date;
  await ctx.db.insert(t.coupons).values({
    businessId: biz.id,
    code: 'FRESH15',
    name: 'Fresh 15',
    validFrom: today,
    expiresAt: today,
    type: 'DISCOUNT',
    discountPercent: 15,
    maxDiscountPaise: 5_000,
    minOrderValuePaise: 0,
    usageLimit: 100,
  });
  await ctx.db.insert(t.coupons).values({
    businessId: biz.id,
    code: 'EXPIRED',
    name: 'Old',
    validFrom: '2020-01-01',
    expiresAt: '2020-01-31',
    type: 'DISCOUNT',
    discountPercent: 10,
    maxDiscountPaise: 5_000,
    minOrderValuePaise: 0,
    usageLimit: 100,
  });
});
afterAll(() => ctx?.close());

describe('GET /api/storefront/business', () => {
  it('shows the business as its customers see it: enabled payment modes, helplines, charges', async () => {
    const res = await get('/api/storefront/business');
    expect(res.statusCode, res.body).toBe(200);
    const business = res.json<StorefrontBusinessProfile>();
    expect(business).toEqual({
      id: biz.id,
      name: 'Fresh Mart',
      description: 'Groceries at your door',
      logoUrl: null,
      theme: expect.objectContaining({ primaryColor: expect.any(String) }),
      live: true,
      timeZone: 'Asia/Kolkata',
      paymentModes: [
        { type: 'COD', title: 'Cash on delivery', upiName: null, upiId: null },
        { type: 'UPI', title: 'Pay by UPI', upiName: 'Fresh Mart', upiId: 'freshmart@okbank' },
      ],
      helplines: [{ title: 'Orders', phoneNumber: '1800123456' }],
      orderSettings: { deliveryChargePaise: 3_000, minimumOrderPaise: 10_000 },
      referral: null,
    });
  });

  it('shows the referral programme while it is on, and the logo by its path on the shop’s origin', async () => {
    await ctx.db.insert(t.referralSettings).values({
      businessId: rival.id,
      enabled: true,
      name: 'Bring a friend',
      type: 'DISCOUNT',
      usageLimit: 1,
      discountPercent: 20,
      maxDiscountPaise: 10_000,
      minOrderValuePaise: 20_000,
      validForDays: 14,
      referralMessage: 'Get 20% off your first order',
    });
    await ctx.db
      .update(t.businesses)
      .set({ iconKey: 'logos/rival.png' })
      .where(eq(t.businesses.id, rival.id));
    const res = await get('/api/storefront/business', rival.storefrontKey);
    expect(res.statusCode, res.body).toBe(200);
    const business = res.json<StorefrontBusinessProfile>();
    expect(business.id).toBe(rival.id);
    expect(business.logoUrl).toBe('/files/logos/rival.png');
    expect(business.referral).toEqual({
      name: 'Bring a friend',
      type: 'DISCOUNT',
      discountPercent: 20,
      maxDiscountPaise: 10_000,
      minOrderValuePaise: 20_000,
      validForDays: 14,
      usageLimit: 1,
      message: 'Get 20% off your first order',
    });
    // Nothing of the other business: its modes and helplines are its own.
    expect(business.paymentModes).toEqual([]);
    expect(business.helplines).toEqual([]);
  });

  it('says a business that is not live is not live, so the app can say so', async () => {
    const res = await get('/api/storefront/business', dark.storefrontKey);
    expect(res.statusCode).toBe(200);
    expect(res.json<StorefrontBusinessProfile>().live).toBe(false);
  });

  it('refuses a missing or unknown key (401) and an ended service (402)', async () => {
    expect(refusalOf(await get('/api/storefront/business', null))).toEqual({
      status: 401,
      code: 'unauthenticated',
      message: storefrontMessages.missingKey,
    });
    expect(refusalOf(await get('/api/storefront/business', 'pk_nobody'))).toMatchObject({
      status: 401,
      message: storefrontMessages.unknownKey,
    });
    expect(refusalOf(await get('/api/storefront/business', ended.storefrontKey))).toMatchObject({
      status: 402,
      code: 'service_ended',
    });
  });
});

describe('GET /api/storefront/stores', () => {
  const near = (point = customer, key?: string) =>
    get(`/api/storefront/stores?lat=${point.lat}&lng=${point.lng}`, key);

  it('lists the stores whose radius covers the point, nearest first, with distance and whether open now', async () => {
    const res = await near();
    expect(res.statusCode, res.body).toBe(200);
    const listed = res.json<{
      items: Array<{ id: string; distanceKm: number; openNow: boolean; notice: string | null }>;
    }>().items;
    expect(listed.map((store) => store.id)).toEqual([
      stores.near,
      stores.closed,
      stores.asleep,
      stores.middle,
      stores.wide,
    ]);
    expect(listed.map((store) => store.distanceKm)).toEqual([0.5, 1, 2, 3, 20]);
    const byId = new Map(listed.map((store) => [store.id, store]));
    expect(byId.get(stores.near)).toMatchObject({ openNow: true, notice: null, closure: null });
    expect(byId.get(stores.closed)).toMatchObject({
      openNow: false,
      notice: storefrontMessages.storeNotOpen,
      closure: { kind: 'notOpen' },
    });
    expect(byId.get(stores.asleep)!.openNow).toBe(false);
    expect(byId.get(stores.asleep)!.notice).toMatch(
      /^This store is closed now\. It takes orders from \d\d:\d\d [AP]M to/,
    );
  });

  it('answers each store as the app shows it', async () => {
    const res = await near();
    const first = res.json<{ items: unknown[] }>().items[0];
    expect(first).toEqual({
      id: stores.near,
      name: 'Near Mart',
      location: 'Koramangala',
      description: 'Groceries',
      descriptionHi: 'किराना',
      descriptionKn: null,
      phone: '9876543210',
      imageUrl: null,
      latitude: north(0.5).lat,
      longitude: customer.lng,
      deliveryRadiusKm: 5,
      openTime: '00:00',
      closeTime: '23:59',
      openNow: true,
      notice: null,
      closure: null,
      featured: 1,
      deliversInSlots: false,
      deliveryRule: null,
      distanceKm: 0.5,
    });
  });

  it('finds a store at the edge of its radius and not a step beyond', async () => {
    const far = north(6);
    // Far Mart (radius 5) is 6 km north: 1.1 km further north of the customer it is 4.9 km away.
    const inside = await near({ lat: customer.lat + 1.1 / 111.195, lng: customer.lng });
    const ids = inside.json<{ items: Array<{ id: string }> }>().items.map((store) => store.id);
    expect(ids).toContain(stores.far);
    expect(distanceKm(far, customer)).toBeGreaterThan(5);
    expect((await near()).json<{ items: Array<{ id: string }> }>().items.map((s) => s.id)).not.toContain(
      stores.far,
    );
  });

  it("lists nothing where no store delivers, and never another business's stores", async () => {
    const res = await near({ lat: 28.6139, lng: 77.209 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [] });
    const theirs = await near(customer, rival.storefrontKey);
    expect(theirs.json<{ items: Array<{ id: string }> }>().items.map((store) => store.id)).toEqual([
      stores.rival,
    ]);
  });

  it('refuses a missing or impossible point with the field at fault', async () => {
    for (const [query, field] of [
      ['lat=12.9', 'lng'],
      ['lng=77.6', 'lat'],
      ['lat=91&lng=77.6', 'lat'],
      ['lat=12.9&lng=-181', 'lng'],
      ['lat=north&lng=77.6', 'lat'],
    ] as const) {
      const res = await get(`/api/storefront/stores?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json<{ error: { fields: object } }>().error.fields), query).toEqual([field]);
    }
  });
});

describe('GET /api/storefront/stores/:storeId/catalogue', () => {
  const catalogue = (storeId: string, query = '', key?: string) =>
    get(`/api/storefront/stores/${storeId}/catalogue${query}`, key);

  it('gives the live categories by name and the live items, featured first, out-of-stock flagged', async () => {
    const res = await catalogue(stores.near);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<StorefrontCatalogue>();
    expect(body.store).toMatchObject({ id: stores.near, name: 'Near Mart', openNow: true });
    expect(body.categories).toEqual([
      { id: categories.dairy, name: 'Dairy', nameHi: null, nameKn: null },
      { id: categories.grains, name: 'Grains', nameHi: 'अनाज', nameKn: 'ಧಾನ್ಯ' },
    ]);
    expect(body.items).toEqual([
      {
        id: items.rice,
        name: 'Basmati Rice (5 kg)',
        nameHi: 'बासमती चावल',
        nameKn: 'ಬಾಸ್ಮತಿ ಅಕ್ಕಿ',
        tags: ['Chawal'],
        aliases: [],
        categoryId: categories.grains,
        pricePaise: 64_950,
        variants: [
          {
            id: variantOf[items.rice],
            label: '',
            pricePaise: 64_950,
            mrpPaise: null,
            stepGrams: null,
            maxGrams: null,
            inStock: true,
            left: null,
          },
        ],
        veg: true,
        featured: 2,
        imageUrl: null,
        inStock: true,
      },
      {
        id: items.soldOut,
        name: '100% Alphonso Mangoes',
        nameHi: null,
        nameKn: null,
        tags: [],
        aliases: [],
        categoryId: null,
        pricePaise: 32_000,
        variants: [
          {
            id: variantOf[items.soldOut],
            label: '',
            pricePaise: 32_000,
            mrpPaise: null,
            stepGrams: null,
            maxGrams: null,
            inStock: false,
            left: null,
          },
        ],
        veg: false,
        featured: 0,
        imageUrl: null,
        inStock: false,
      },
      {
        id: items.milk,
        name: 'Full Cream Milk (1 L)',
        nameHi: null,
        nameKn: null,
        tags: [],
        aliases: [],
        categoryId: categories.dairy,
        pricePaise: 6_800,
        variants: [
          {
            id: variantOf[items.milk],
            label: '',
            pricePaise: 6_800,
            mrpPaise: null,
            stepGrams: null,
            maxGrams: null,
            inStock: true,
            left: null,
          },
        ],
        veg: true,
        featured: 0,
        imageUrl: null,
        inStock: true,
      },
    ]);
    expect(body.truncated).toBe(false);
  });

  it('searches by a part of the name or of a tag in any case, taking % literally, and narrows to a category', async () => {
    const ids = async (query: string) =>
      (await catalogue(stores.near, query)).json<StorefrontCatalogue>().items.map((item) => item.id);
    expect(await ids('?q=MILK')).toEqual([items.milk]);
    // What people also call it.
    expect(await ids('?q=chawal')).toEqual([items.rice]);
    expect(await ids('?q=100%25')).toEqual([items.soldOut]);
    expect(await ids('?q=%25')).toEqual([items.soldOut]);
    expect(await ids('?q=old')).toEqual([]);
    expect(await ids(`?categoryId=${categories.grains}`)).toEqual([items.rice]);
    expect(await ids(`?categoryId=${categories.grains}&q=milk`)).toEqual([]);
  });

  it('shows a Closed store’s catalogue with why it takes no orders', async () => {
    const res = await catalogue(stores.closed);
    expect(res.statusCode).toBe(200);
    expect(res.json<StorefrontCatalogue>().store).toMatchObject({
      openNow: false,
      notice: storefrontMessages.storeNotOpen,
      closure: { kind: 'notOpen' },
    });
  });

  it(`holds at most ${storefrontCatalogueLimit} items and says when there were more`, async () => {
    const big = await addStore(biz, 'Big Mart', north(30));
    await insertItems(
      ctx.db,
      Array.from({ length: storefrontCatalogueLimit + 1 }, (_, i) => ({
        businessId: biz.id,
        storeId: big,
        name: `Item ${String(i).padStart(4, '0')}`,
        pricePaise: 100,
      })),
    );
    const body = (await catalogue(big)).json<StorefrontCatalogue>();
    expect(body.items).toHaveLength(storefrontCatalogueLimit);
    expect(body.truncated).toBe(true);
    const narrowed = (await catalogue(big, '?q=item 1000')).json<StorefrontCatalogue>();
    expect(narrowed.items.map((item) => item.name)).toEqual(['Item 1000']);
    expect(narrowed.truncated).toBe(false);
  });

  it("answers 404 for a deleted, unknown, malformed or another business's store, and 400 for a malformed category", async () => {
    for (const [storeId, key] of [
      [stores.deleted, biz.storefrontKey],
      [randomUUID(), biz.storefrontKey],
      [stores.rival, biz.storefrontKey],
      [stores.near, rival.storefrontKey],
      ['not-a-store', biz.storefrontKey],
    ] as const) {
      expect(refusalOf(await catalogue(storeId, '', key))).toMatchObject({ status: 404, code: 'not_found' });
    }
    const badCategory = await catalogue(stores.near, '?categoryId=dairy');
    expect(badCategory.statusCode).toBe(400);
    expect(badCategory.json<{ error: { fields: object } }>().error.fields).toEqual({
      categoryId: 'must be the id of a category',
    });
  });
});

describe('POST /api/storefront/quote', () => {
  const cart = (overrides: Record<string, unknown> = {}) => ({
    storeId: stores.near,
    items: [
      { itemId: items.milk, quantity: 2 },
      { itemId: items.rice, quantity: 1 },
    ],
    ...overrides,
  });

  it('prices the cart exactly as the order of it is then priced, and stores nothing', async () => {
    const before = await footprint();
    const quote = await post('/api/storefront/quote', cart({ couponCode: 'fresh15' }));
    expect(quote.statusCode, quote.body).toBe(200);
    // 2 × 68.00 + 649.50 = 785.50; 15 % is 117.83, capped at 50.00; delivery 30.00.
    expect(quote.json<StorefrontQuote>()).toEqual({
      storeId: stores.near,
      storeName: 'Near Mart',
      items: [
        {
          itemId: items.milk,
          variantId: variantOf[items.milk],
          itemName: 'Full Cream Milk (1 L)',
          variantLabel: '',
          itemQuantity: 2,
          itemPricePaise: 6_800,
          mrpPaise: null,
        },
        {
          itemId: items.rice,
          variantId: variantOf[items.rice],
          itemName: 'Basmati Rice (5 kg)',
          variantLabel: '',
          itemQuantity: 1,
          itemPricePaise: 64_950,
          mrpPaise: null,
        },
      ],
      itemsTotalPaise: 78_550,
      couponCode: 'FRESH15',
      offer: { coupon: 'FRESH15', discountPaise: 5_000 },
      discountPaise: 5_000,
      charges: [{ chargeLabel: 'Delivery charges', chargeAmountPaise: 3_000 }],
      chargesTotalPaise: 3_000,
      billAmountPaise: 76_550,
    });
    expect(await footprint()).toBe(before);

    const order = await placeOrder(
      cart({ couponCode: 'fresh15', customer: { name: 'Asha', phone: '9811111111' } }),
    );
    expect(order.statusCode, order.body).toBe(201);
    const placed = order.json<StorefrontOrder>();
    const { storeId, storeName, items: lines, itemsTotalPaise, couponCode, offer, discountPaise } = placed;
    const { charges, chargesTotalPaise, billAmountPaise } = placed;
    expect({
      storeId,
      storeName,
      items: lines,
      itemsTotalPaise,
      couponCode,
      offer,
      discountPaise,
      charges,
      chargesTotalPaise,
      billAmountPaise,
    }).toEqual(quote.json());
  });

  it('refuses what an order would refuse, with the same field and reason, writing nothing', async () => {
    const before = await footprint();
    const refusals: Array<[Record<string, unknown>, number, Record<string, string>]> = [
      [cart({ couponCode: 'EXPIRED' }), 400, { couponCode: storefrontMessages.coupon.expired }],
      [cart({ couponCode: 'NOSUCH' }), 400, { couponCode: storefrontMessages.coupon.unknown }],
      [
        cart({ items: [{ itemId: items.milk, quantity: 1 }] }),
        400,
        { items: storefrontMessages.belowMinimumOrder(formatRupees(10_000)) },
      ],
      [
        cart({ items: [{ itemId: items.milk, quantity: 0 }] }),
        400,
        { 'items.0.quantity': storefrontMessages.quantity },
      ],
      [
        cart({ items: [{ itemId: items.milk, quantity: 100 }] }),
        400,
        { 'items.0.quantity': storefrontMessages.quantity },
      ],
      [
        cart({ items: [{ itemId: items.wideItem, quantity: 30 }] }),
        400,
        { 'items.0.itemId': storefrontMessages.itemNotSold },
      ],
      [
        cart({
          items: [
            { itemId: items.soldOut, quantity: 1 },
            { itemId: items.gone, quantity: 1 },
          ],
        }),
        400,
        {
          'items.0.itemId': storefrontMessages.itemOutOfStock,
          'items.1.itemId': storefrontMessages.itemDeleted,
        },
      ],
      [cart({ items: [] }), 400, { items: storefrontMessages.noItems }],
      [
        cart({ storeId: stores.closed, items: [{ itemId: items.milk, quantity: 5 }] }),
        409,
        { storeId: storefrontMessages.storeNotOpen },
      ],
    ];
    for (const [body, status, fields] of refusals) {
      const res = await post('/api/storefront/quote', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json<{ error: { fields: object } }>().error.fields, JSON.stringify(body)).toEqual(fields);
    }
    expect(refusalOf(await post('/api/storefront/quote', cart({ storeId: stores.rival })))).toMatchObject({
      status: 404,
    });
    expect(await footprint()).toBe(before);
  });

  it('refuses a store outside its hours, for the quote and the order alike, saying its hours', async () => {
    const before = await footprint();
    const basket = { storeId: stores.asleep, items: [{ itemId: items.asleepItem, quantity: 2 }] };
    const quote = await post('/api/storefront/quote', basket);
    const order = await placeOrder({ ...basket, customer: { name: 'Ravi', phone: '9822222222' } });
    for (const res of [quote, order]) {
      expect(res.statusCode, res.body).toBe(409);
      const error = res.json<{ error: { message: string; fields: { storeId: string } } }>().error;
      expect(error.message).toMatch(
        /^This store is closed now\. It takes orders from \d\d:\d\d [AP]M to \d\d:\d\d [AP]M$/,
      );
      expect(error.fields.storeId).toBe(error.message);
    }
    expect(await footprint()).toBe(before);
  });

  it('binds no order to a stale quote: the order is priced, and refused, as the catalogue is when it is placed', async () => {
    const quoted = await post('/api/storefront/quote', cart());
    expect(quoted.json<StorefrontQuote>().itemsTotalPaise).toBe(78_550);
    // Staff change the rice's price after the cart was priced: the order has the new one.
    await ctx.db
      .update(t.itemVariants)
      .set({ pricePaise: 70_000 })
      .where(eq(t.itemVariants.itemId, items.rice));
    try {
      const placed = await placeOrder(cart({ customer: { name: 'Asha', phone: '9811111111' } }));
      expect(placed.statusCode, placed.body).toBe(201);
      expect(placed.json<StorefrontOrder>()).toMatchObject({
        items: [
          { itemId: items.milk, itemPricePaise: 6_800 },
          { itemId: items.rice, itemPricePaise: 70_000 },
        ],
        itemsTotalPaise: 83_600,
        billAmountPaise: 86_600,
      });
      // And the milk runs out after the next quote: the order is refused at that line, writing nothing.
      expect((await post('/api/storefront/quote', cart())).statusCode).toBe(200);
      await ctx.db.update(t.items).set({ inStock: false }).where(eq(t.items.id, items.milk));
      const before = await footprint();
      const refused = await placeOrder(cart({ customer: { name: 'Asha', phone: '9811111111' } }));
      expect(refusalOf(refused)).toEqual({
        status: 400,
        code: 'invalid_input',
        message: storefrontMessages.itemsUnavailable,
        fields: { 'items.0.itemId': storefrontMessages.itemOutOfStock },
      });
      expect(await footprint()).toBe(before);
    } finally {
      await ctx.db
        .update(t.itemVariants)
        .set({ pricePaise: 64_950 })
        .where(eq(t.itemVariants.itemId, items.rice));
      await ctx.db.update(t.items).set({ inStock: true }).where(eq(t.items.id, items.milk));
    }
  });

  it('refuses every quote while the business is not live', async () => {
    const res = await post('/api/storefront/quote', cart(), dark.storefrontKey);
    expect(refusalOf(res)).toEqual({
      status: 409,
      code: 'conflict',
      message: storefrontMessages.businessNotLive,
    });
  });
});
