import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import ngeohash from 'ngeohash';
import type { LightMyRequestResponse } from 'fastify';
import { businessClock, defaultTimeZone } from '@storedesk/shared/dates';
import { messages } from '@storedesk/shared/messages';
import { storefrontMessages, type StorefrontOrder } from '@storedesk/shared/storefront/schemas';
import * as t from '#server/db/schema.ts';
import {
  createBusiness,
  createTestApp,
  deliveryAddressNear,
  enableCashOnDelivery,
  errorOf,
  insertItems,
  keyedOrderHeaders,
  signInCustomer,
  signInCustomerWithAddress,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';

let ctx: TestApp;
let biz: TestBusiness;
let rival: TestBusiness;
let ended: TestBusiness;

/** Business A's open store in its South zone, and what else the tests order from. */
const stores = {} as Record<
  'main' | 'second' | 'closed' | 'unserviceable' | 'deleted' | 'rival' | 'ended',
  string
>;
const items = {} as Record<
  'milk' | 'rice' | 'oil' | 'chips' | 'odd' | 'gone' | 'soldOut' | 'secondStore' | 'rival' | 'closedStore',
  string
>;

const today = businessClock(new Date(), defaultTimeZone).date;
const dayOffset = (days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function addStore(
  business: TestBusiness,
  zoneId: string,
  overrides: Partial<typeof t.stores.$inferInsert> = {},
) {
  const [row] = await ctx.db
    .insert(t.stores)
    .values({
      businessId: business.id,
      zoneId,
      name: `Store ${randomUUID().slice(0, 6)}`,
      description: 'Groceries',
      location: 'MG Road',
      phone: '9876543210',
      featured: 1,
      latitude: 12.97,
      longitude: 77.59,
      geohash: ngeohash.encode(12.97, 77.59, 9),
      // Open all day, so orders are taken whatever the hour the suite runs.
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
  return row!.id;
}

async function addCoupon(
  business: TestBusiness,
  code: string,
  overrides: Partial<typeof t.coupons.$inferInsert> = {},
) {
  await ctx.db.insert(t.coupons).values({
    businessId: business.id,
    code,
    name: code,
    validFrom: today,
    expiresAt: today,
    type: 'DISCOUNT',
    discountPercent: 15,
    maxDiscountPaise: 5_000,
    minOrderValuePaise: 0,
    usageLimit: 100,
    ...overrides,
  });
}

beforeAll(async () => {
  ctx = await createTestApp();
  biz = await createBusiness(ctx.db);
  rival = await createBusiness(ctx.db);
  ended = await createBusiness(ctx.db, { serviceEndsAt: new Date(Date.now() - 60_000) });
  const [north, south] = biz.zones;
  stores.main = await addStore(biz, south, { name: 'Fresh Mart Koramangala' });
  stores.second = await addStore(biz, north);
  stores.closed = await addStore(biz, north, { status: 0 });
  stores.unserviceable = await addStore(biz, north, { status: -1 });
  stores.deleted = await addStore(biz, north, { deletedAt: new Date() });
  stores.rival = await addStore(rival, rival.zones[0]);
  stores.ended = await addStore(ended, ended.zones[0]);

  items.milk = await addItem(biz, stores.main, 'Full Cream Milk (1 L)', 6_800);
  items.rice = await addItem(biz, stores.main, 'Basmati Rice (5 kg)', 64_950);
  items.oil = await addItem(biz, stores.main, 'Sunflower Oil (1 L)', 17_875);
  items.chips = await addItem(biz, stores.main, 'Masala Chips', 2_000);
  items.odd = await addItem(biz, stores.main, 'Cashews (250 g)', 10_010);
  items.gone = await addItem(biz, stores.main, 'Old Stock', 5_000, { deletedAt: new Date() });
  items.soldOut = await addItem(biz, stores.main, 'Alphonso Mangoes (1 kg)', 32_000, { inStock: false });
  items.secondStore = await addItem(biz, stores.second, 'Bread', 4_500);
  items.closedStore = await addItem(biz, stores.closed, 'Butter', 5_500);
  items.rival = await addItem(rival, stores.rival, 'Rival Rice', 50_000);
  await addItem(ended, stores.ended, 'Ended Rice', 50_000);
  await enableCashOnDelivery(ctx.db, biz);
  await enableCashOnDelivery(ctx.db, rival);

  await ctx.db.insert(t.orderSettings).values({
    businessId: biz.id,
    deliveryChargesEnabled: true,
    standardDeliveryChargesPaise: 3_000,
    minimumOrderPaise: 9_900,
  });
});
afterAll(() => ctx.close());

let phoneCounter = 0;
/** A phone no test has used yet. */
const freshPhone = () => `98${String(10_000_000 + ++phoneCounter * 7).padStart(8, '0')}`;

/** An order as the business's own system sends it: the customer named, the address in full, cash on delivery. */
const body = (overrides: Record<string, unknown> = {}) => ({
  customer: { name: 'Asha Rao', phone: freshPhone() },
  storeId: stores.main,
  items: [
    { itemId: items.milk, quantity: 2 },
    { itemId: items.rice, quantity: 1 },
  ],
  deliveryAddress: deliveryAddressNear,
  paymentMode: 'COD',
  ...overrides,
});

/** An order of the business's own system, with its storefront key and its secret key (ADR 0056). */
const place = (business: TestBusiness, payload: unknown, headers: Record<string, string> = {}) =>
  placeWithKey(business.storefrontKey, payload, { ...keyedOrderHeaders(business), ...headers });

/** An order with this storefront key (or none), and no other credential unless `headers` has one. */
function placeWithKey(key: string | undefined, payload: unknown, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/storefront/orders',
    headers: {
      ...(key === undefined ? {} : { 'x-storefront-key': key }),
      ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    payload: payload as string,
  });
}

/** A signed-in customer's order (milk and oil unless `overrides` say otherwise) to their saved address. */
const placeAsCustomer = (
  customer: { addressId: string; headers: Record<string, string> },
  overrides: Record<string, unknown> = {},
) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/storefront/orders',
    headers: customer.headers,
    payload: {
      storeId: stores.main,
      items: [
        { itemId: items.milk, quantity: 1 },
        { itemId: items.oil, quantity: 1 },
      ],
      addressId: customer.addressId,
      paymentMode: 'COD',
      ...overrides,
    },
  });

/** Everything an order writes, or a refused one must not. */
async function footprint() {
  const result = await ctx.db.execute<{
    orders: number;
    customers: number;
    orderEvents: number;
    dailyRows: number;
    dailyTotal: number;
    newCustomers: number;
    events: number;
    couponUses: number;
  }>(sql`
    SELECT (SELECT count(*) FROM orders)::int AS orders,
           (SELECT count(*) FROM customers)::int AS customers,
           (SELECT count(*) FROM order_events)::int AS "orderEvents",
           (SELECT count(*) FROM daily_stats)::int AS "dailyRows",
           (SELECT coalesce(sum(total), 0) FROM daily_stats)::int AS "dailyTotal",
           (SELECT coalesce(sum(new_customers), 0) FROM daily_stats)::int AS "newCustomers",
           (SELECT count(*) FROM events)::int AS events,
           (SELECT coalesce(sum(used_count), 0) FROM coupons)::int AS "couponUses"`);
  return result.rows[0]!;
}

/** An order of business A with these changes to a good one is refused so, and leaves no trace. */
const expectOrderRefused = (
  overrides: Record<string, unknown>,
  status: number,
  expected?: Parameters<typeof expectRefused>[2],
) => expectRefused(() => place(biz, body(overrides)), status, expected);

/** The request is refused with this status (and reason), and leaves no trace. */
async function expectRefused(
  request: () => Promise<LightMyRequestResponse>,
  status: number,
  expected: { code?: string; message?: string; fields?: Record<string, string>; field?: string } = {},
) {
  const before = await footprint();
  const res = await request();
  expect(res.statusCode, res.body).toBe(status);
  const error = errorOf(res);
  if (expected.code) expect(error.code).toBe(expected.code);
  if (expected.message) expect(error.message).toBe(expected.message);
  if (expected.fields) expect(error.fields).toEqual(expected.fields);
  if (expected.field) expect(Object.keys(error.fields ?? {}), res.body).toContain(expected.field);
  expect(await footprint()).toEqual(before);
  return error;
}

describe('the storefront key', () => {
  it('is required: missing, blank or unknown keys get 401 with the envelope, whatever the body', async () => {
    const secret = { authorization: `Bearer ${biz.apiKey}` };
    await expectRefused(() => placeWithKey(undefined, body(), secret), 401, {
      code: 'unauthenticated',
      message: storefrontMessages.missingKey,
    });
    await expectRefused(() => placeWithKey('', body(), secret), 401, {
      message: storefrontMessages.missingKey,
    });
    for (const key of [`pk_test_${randomUUID()}`, 'x'.repeat(5000), `${biz.storefrontKey} `]) {
      await expectRefused(() => placeWithKey(key, body(), secret), 401, {
        code: 'unauthenticated',
        message: storefrontMessages.unknownKey,
      });
    }
    // The key is checked before the body: a bad body with no key learns nothing about the body.
    await expectRefused(() => placeWithKey(undefined, 'not json'), 401);
    await expectRefused(() => placeWithKey(undefined, { items: 'x' }), 401);
  });

  it('is not a session: a staff bearer token does not stand in for it', async () => {
    await expectRefused(
      () => placeWithKey(undefined, body(), { authorization: `Bearer ${randomUUID()}` }),
      401,
    );
  });

  it('of a business whose service has ended gets 402 with the spec message', async () => {
    await expectRefused(() => place(ended, body({ storeId: stores.ended })), 402, {
      code: 'service_ended',
      message: messages.serviceEnded,
    });
  });

  it("of business A cannot order from business B's store, nor B's items from A's store", async () => {
    await expectOrderRefused({ storeId: stores.rival, items: [{ itemId: items.rival, quantity: 1 }] }, 404, {
      code: 'not_found',
    });
    await expectRefused(() => place(rival, body({ storeId: stores.main })), 404, {
      code: 'not_found',
    });
    await expectOrderRefused(
      {
        items: [
          { itemId: items.rice, quantity: 1 },
          { itemId: items.rival, quantity: 1 },
        ],
      },
      400,
      { fields: { 'items.1.itemId': storefrontMessages.itemNotSold } },
    );
    await expectRefused(
      () => place(rival, body({ storeId: stores.rival, items: [{ itemId: items.milk, quantity: 5 }] })),
      400,
      { fields: { 'items.0.itemId': storefrontMessages.itemNotSold } },
    );
  });

  it('is accepted from another origin (the customer app), unlike a console write', async () => {
    const res = await place(biz, body(), {
      origin: 'https://shop.example.test',
      'sec-fetch-site': 'cross-site',
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('calls from a browser on another origin (CORS)', () => {
  it('answers the preflight for POST with the key header, from any origin, with no session', async () => {
    const res = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/storefront/orders',
      headers: {
        origin: 'https://shop.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-storefront-key',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, POST',
      'access-control-allow-headers':
        'content-type, authorization, last-event-id, x-storefront-key, x-device-id',
      'access-control-max-age': '600',
    });
    expect(res.body).toBe('');
  });

  it('lets the page read every answer, orders and refusals alike', async () => {
    const origin = { origin: 'https://shop.example.com' };
    const placed = await place(biz, body(), origin);
    expect(placed.statusCode, placed.body).toBe(201);
    const refused = await placeWithKey('pk_unknown', body(), origin);
    expect(refused.statusCode).toBe(401);
    const malformed = await place(biz, { customer: {} }, origin);
    expect(malformed.statusCode).toBe(400);
    for (const res of [placed, refused, malformed]) {
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-expose-headers']).toBe('retry-after');
    }
  });

  it('opens no other endpoint to other origins', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://shop.example.com' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('a good order', () => {
  it('is priced from the catalogue, ignoring prices the client sends', async () => {
    const before = await footprint();
    const res = await place(biz, {
      customer: { name: '  Asha Rao ', phone: '+91 98765-43210' },
      storeId: stores.main,
      items: [
        { itemId: items.milk, quantity: 2, price: 1, itemPricePaise: 1, pricePaise: 1 },
        { itemId: items.rice, quantity: 1, itemPricePaise: 0 },
      ],
      deliveryAddress: deliveryAddressNear,
      paymentMode: 'COD',
      itemsTotalPaise: 100,
      billAmountPaise: 100,
      discountPaise: 99_999,
      charges: [],
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<StorefrontOrder>();
    expect(order).toMatchObject({
      storeId: stores.main,
      storeName: 'Fresh Mart Koramangala',
      customerId: null,
      customerName: 'Asha Rao',
      customerPhone: '9876543210',
      status: 0,
      state: 1,
      items: [
        { itemId: items.milk, itemName: 'Full Cream Milk (1 L)', itemQuantity: 2, itemPricePaise: 6_800 },
        { itemId: items.rice, itemName: 'Basmati Rice (5 kg)', itemQuantity: 1, itemPricePaise: 64_950 },
      ],
      itemsTotalPaise: 78_550,
      couponCode: null,
      offer: null,
      discountPaise: 0,
      charges: [{ chargeLabel: 'Delivery charges', chargeAmountPaise: 3_000 }],
      chargesTotalPaise: 3_000,
      billAmountPaise: 81_550,
      deliveryAddress: { ...deliveryAddressNear },
      paymentMode: 'COD',
    });
    expect(order.number).toBeGreaterThan(0);
    expect(Math.abs(Date.parse(order.placedAt) - Date.now())).toBeLessThan(60_000);

    // It joins no customer's account: no customer is made, and it is nobody's first order.
    const after = await footprint();
    expect(after).toEqual({
      ...before,
      orders: before.orders + 1,
      orderEvents: before.orderEvents + 1,
      dailyRows: after.dailyRows,
      dailyTotal: before.dailyTotal + 1,
      events: before.events + 1,
    });

    // Stored as answered, in the store's zone, with its timeline row, counter and live event.
    const [row] = await ctx.db.select().from(t.orders).where(eq(t.orders.id, order.id));
    expect(row).toMatchObject({
      businessId: biz.id,
      zoneId: biz.zones[1],
      customerId: null,
      items: order.items,
      charges: order.charges,
      offer: null,
      billAmountPaise: 81_550,
    });
    const timeline = await ctx.db.select().from(t.orderEvents).where(eq(t.orderEvents.orderId, order.id));
    // Placed by the business's own system: the timeline names its key.
    expect(timeline).toEqual([
      expect.objectContaining({
        businessId: biz.id,
        fromStatus: null,
        toStatus: 0,
        actorName: 'Tests (secret key)',
      }),
    ]);
    const [stats] = await ctx.db
      .select()
      .from(t.dailyStats)
      .where(
        and(
          eq(t.dailyStats.businessId, biz.id),
          eq(t.dailyStats.zoneId, biz.zones[1]),
          eq(t.dailyStats.day, today),
        ),
      );
    expect(stats!.total).toBeGreaterThanOrEqual(1);
    const published = await ctx.db.select().from(t.events).where(eq(t.events.recordId, order.id));
    expect(published).toEqual([
      expect.objectContaining({
        businessId: biz.id,
        zoneId: biz.zones[1],
        topic: 'orders',
        action: 'created',
      }),
    ]);
  });

  it("joins no customer's account, not even the one of the phone it names, and is nobody's first order", async () => {
    const phone = freshPhone();
    const kabir = await signInCustomer(ctx, biz.storefrontKey, phone, 'Kabir Das');
    const before = await footprint();
    for (const written of [phone, `+91-${phone.slice(0, 5)} ${phone.slice(5)}`]) {
      const res = await place(biz, body({ customer: { name: 'Kabir D.', phone: written } }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<StorefrontOrder>()).toMatchObject({
        customerId: null,
        customerName: 'Kabir D.',
        customerPhone: phone,
      });
    }
    const after = await footprint();
    expect(after.customers).toBe(before.customers);
    expect(after.orders).toBe(before.orders + 2);
    expect(after.dailyTotal).toBe(before.dailyTotal + 2);
    expect(after.newCustomers).toBe(before.newCustomers);
    // Nor does either show in the customer's app.
    const theirs = await ctx.app.inject({
      url: '/api/storefront/orders',
      headers: { 'x-storefront-key': biz.storefrontKey, authorization: `Bearer ${kabir.token}` },
    });
    expect(theirs.json()).toEqual({ items: [], total: 0 });
  });

  it('the same phone at another business is another customer', async () => {
    const phone = freshPhone();
    const mine = await signInCustomerWithAddress(ctx, biz.storefrontKey, phone, 'Meera');
    const theirs = await signInCustomerWithAddress(ctx, rival.storefrontKey, phone, 'Meera');
    expect(theirs.customer.id).not.toBe(mine.customer.id);
    const placedHere = await placeAsCustomer(mine);
    const placedThere = await placeAsCustomer(theirs, {
      storeId: stores.rival,
      items: [{ itemId: items.rival, quantity: 1 }],
    });
    expect(placedHere.statusCode, placedHere.body).toBe(201);
    expect(placedThere.statusCode, placedThere.body).toBe(201);
    expect(placedHere.json<StorefrontOrder>().customerId).toBe(mine.customer.id);
    expect(placedThere.json<StorefrontOrder>().customerId).toBe(theirs.customer.id);
    // Business B has no order settings: no delivery charge and no minimum.
    expect(placedThere.json<StorefrontOrder>()).toMatchObject({ charges: [], billAmountPaise: 50_000 });
  });
});

describe('refusals, each with its status and reason, writing nothing', () => {
  it('a store that is closed or unserviceable: 409; deleted or unknown: 404', async () => {
    for (const storeId of [stores.closed, stores.unserviceable]) {
      await expectOrderRefused({ storeId, items: [{ itemId: items.closedStore, quantity: 20 }] }, 409, {
        code: 'conflict',
        message: storefrontMessages.storeNotOpen,
      });
    }
    for (const storeId of [stores.deleted, randomUUID()]) {
      await expectOrderRefused({ storeId }, 404, {
        code: 'not_found',
        message: messages.notFound,
      });
    }
  });

  it('items that this store cannot sell now, each line named with its reason', async () => {
    await expectOrderRefused(
      {
        items: [
          { itemId: items.rice, quantity: 1 },
          { itemId: randomUUID(), quantity: 1 },
          { itemId: items.secondStore, quantity: 1 },
          { itemId: items.gone, quantity: 1 },
          { itemId: items.soldOut, quantity: 1 },
          { itemId: items.rival, quantity: 1 },
        ],
      },
      400,
      {
        code: 'invalid_input',
        message: storefrontMessages.itemsUnavailable,
        fields: {
          'items.1.itemId': storefrontMessages.itemNotSold,
          'items.2.itemId': storefrontMessages.itemNotSold,
          'items.3.itemId': storefrontMessages.itemDeleted,
          'items.4.itemId': storefrontMessages.itemOutOfStock,
          'items.5.itemId': storefrontMessages.itemNotSold,
        },
      },
    );
  });

  it('an order under the minimum order value of the order settings', async () => {
    await expectOrderRefused({ items: [{ itemId: items.milk, quantity: 1 }] }, 400, {
      message: 'The minimum order value is ₹99.00',
      fields: { items: 'The minimum order value is ₹99.00' },
    });
    // Just over it (5 × ₹20 = ₹100 against ₹99) is taken.
    const res = await place(biz, body({ items: [{ itemId: items.chips, quantity: 5 }] }));
    expect(res.statusCode, res.body).toBe(201);
  });

  it('the same item on two lines', async () => {
    await expectOrderRefused(
      {
        items: [
          { itemId: items.rice, quantity: 1 },
          { itemId: items.milk, quantity: 1 },
          { itemId: items.rice, quantity: 2 },
        ],
      },
      400,
      { fields: { 'items.2.itemId': storefrontMessages.duplicateLine } },
    );
  });

  it('quantities that are not whole numbers from 1 to 99', async () => {
    for (const quantity of [0, -1, 1.5, 100, 1e9, '2', null, true, undefined]) {
      await expectOrderRefused({ items: [{ itemId: items.rice, quantity }] }, 400, {
        fields: { 'items.0.quantity': storefrontMessages.quantity },
      });
    }
  });

  it('garbage bodies', async () => {
    const ten = (n: number) => Array.from({ length: n }, () => ({ itemId: randomUUID(), quantity: 1 }));
    const cases: Array<[unknown, string | null]> = [
      ['not json', null],
      ['null', null],
      ['[]', null],
      ['"order"', null],
      ['{"customer":', null],
      [{}, 'storeId'],
      [body({ customer: undefined }), 'customer'],
      [body({ customer: 'Asha' }), 'customer'],
      [body({ customer: { name: 'Asha' } }), 'customer.phone'],
      [body({ customer: { name: '   ', phone: freshPhone() } }), 'customer.name'],
      [body({ customer: { name: 'A\u0000B', phone: freshPhone() } }), 'customer.name'],
      [body({ customer: { name: 'x'.repeat(101), phone: freshPhone() } }), 'customer.name'],
      [body({ customer: { name: 'Asha', phone: '12345' } }), 'customer.phone'],
      [body({ customer: { name: 'Asha', phone: 'abcdefghij' } }), 'customer.phone'],
      [body({ customer: { name: 'Asha', phone: 9876543210 } }), 'customer.phone'],
      [body({ customer: { name: 'Asha', phone: '+1 98765 43210 1' } }), 'customer.phone'],
      [body({ storeId: 'store-1' }), 'storeId'],
      [body({ storeId: 42 }), 'storeId'],
      [body({ storeId: undefined }), 'storeId'],
      [body({ items: undefined }), 'items'],
      [body({ items: 'rice' }), 'items'],
      [body({ items: {} }), 'items'],
      [body({ items: [] }), 'items'],
      [body({ items: [{ quantity: 1 }] }), 'items.0.itemId'],
      [body({ items: [{ itemId: 'rice', quantity: 1 }] }), 'items.0.itemId'],
      [body({ items: [null] }), 'items.0'],
      [body({ items: ten(101) }), 'items'],
      [body({ items: ten(10_000) }), 'items'],
      [body({ couponCode: 123 }), 'couponCode'],
      [body({ couponCode: 'x'.repeat(51) }), 'couponCode'],
      [body({ couponCode: 'FRE\u0000SH' }), 'couponCode'],
    ];
    for (const [payload, field] of cases) {
      await expectRefused(() => place(biz, payload), 400, {
        code: 'invalid_input',
        ...(field ? { field } : {}),
      });
    }
    // Not JSON at all.
    await expectRefused(() => place(biz, JSON.stringify(body()), { 'content-type': 'text/plain' }), 415);
  });
});

describe('coupons', () => {
  const withCoupon = (couponCode: string, overrides: Record<string, unknown> = {}) =>
    body({
      couponCode,
      items: [
        { itemId: items.milk, quantity: 1 },
        { itemId: items.oil, quantity: 1 },
      ],
      ...overrides,
    });

  beforeAll(async () => {
    await addCoupon(biz, 'SAVE15');
    await addCoupon(biz, 'FREEDEL', { type: 'FREE_DELIVERY', discountPercent: 0, maxDiscountPaise: 0 });
    await addCoupon(biz, 'CLOSED', { usageType: 'CLOSE' });
    await addCoupon(biz, 'LATER', { validFrom: dayOffset(1), expiresAt: dayOffset(10) });
    await addCoupon(biz, 'OVER', { validFrom: dayOffset(-10), expiresAt: dayOffset(-1) });
    const minute = businessClock(new Date(), defaultTimeZone).minute;
    const hhmm = (m: number) =>
      `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    await addCoupon(biz, 'LUNCH', {
      availStartTime: hhmm((minute + 60) % 1440),
      availEndTime: hhmm((minute + 120) % 1440),
    });
    await addCoupon(biz, 'SECONDONLY', { storeIds: [stores.second] });
    await addCoupon(biz, 'MAINONLY', { storeIds: [stores.main, stores.second] });
    await addCoupon(biz, 'BIGBASKET', { minOrderValuePaise: 100_000 });
    await addCoupon(biz, 'ONCE', { usageLimit: 1 });
    await addCoupon(biz, 'RACE', { usageLimit: 1 });
    await addCoupon(biz, 'NEWBIE', { newUsersOnly: true });
    await addCoupon(rival, 'RIVAL10');
  });

  const discountOf = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(201);
    return res.json<StorefrontOrder>();
  };

  it('DISCOUNT: percent of the items total, rounded half up, capped at maxDiscount, counted as a use', async () => {
    const before = await footprint();
    // ₹68 + ₹178.75 = ₹246.75; 15% = ₹37.0125 → ₹37.01.
    const small = discountOf(await place(biz, withCoupon('SAVE15')));
    expect(small).toMatchObject({
      itemsTotalPaise: 24_675,
      couponCode: 'SAVE15',
      offer: { coupon: 'SAVE15', discountPaise: 3_701 },
      discountPaise: 3_701,
      chargesTotalPaise: 3_000,
      billAmountPaise: 24_675 - 3_701 + 3_000,
    });
    // ₹100.10 × 15% = ₹15.015 → ₹15.02 (half up); the code matches in any case.
    const half = discountOf(
      await place(biz, body({ couponCode: 'save15', items: [{ itemId: items.odd, quantity: 1 }] })),
    );
    expect(half).toMatchObject({
      couponCode: 'SAVE15',
      discountPaise: 1_502,
      billAmountPaise: 10_010 - 1_502 + 3_000,
    });
    // ₹649.50 × 2 × 15% = ₹194.85, capped at ₹50.
    const capped = discountOf(
      await place(biz, body({ couponCode: ' SAVE15 ', items: [{ itemId: items.rice, quantity: 2 }] })),
    );
    expect(capped).toMatchObject({ discountPaise: 5_000, billAmountPaise: 129_900 - 5_000 + 3_000 });
    const after = await footprint();
    expect(after.couponUses).toBe(before.couponUses + 3);
    const [coupon] = await ctx.db
      .select({ usedCount: t.coupons.usedCount })
      .from(t.coupons)
      .where(and(eq(t.coupons.businessId, biz.id), eq(t.coupons.code, 'SAVE15')));
    const used = await ctx.db.$count(
      t.orders,
      and(eq(t.orders.businessId, biz.id), eq(t.orders.couponCode, 'SAVE15')),
    );
    expect(coupon!.usedCount).toBe(used);
  });

  it('FREE_DELIVERY: the delivery charge stays on the bill and the offer takes it off', async () => {
    const order = discountOf(
      await place(biz, withCoupon('FREEDEL', { items: [{ itemId: items.rice, quantity: 1 }] })),
    );
    expect(order).toMatchObject({
      itemsTotalPaise: 64_950,
      charges: [{ chargeLabel: 'Delivery charges', chargeAmountPaise: 3_000 }],
      offer: { coupon: 'FREEDEL', discountPaise: 3_000 },
      discountPaise: 3_000,
      billAmountPaise: 64_950,
    });
  });

  it('restricted to some stores: good at those', async () => {
    discountOf(await place(biz, withCoupon('MAINONLY')));
  });

  it('each broken rule is refused with its own reason, and nothing is written', async () => {
    const reasons = storefrontMessages.coupon;
    const cases: Array<[string, string]> = [
      ['NOSUCHCODE', reasons.unknown],
      ['RIVAL10', reasons.unknown],
      ['CLOSED', reasons.closed],
      [
        'LATER',
        reasons.notYetValid(
          `${dayOffset(1).slice(8, 10)}/${dayOffset(1).slice(5, 7)}/${dayOffset(1).slice(0, 4)}`,
        ),
      ],
      ['OVER', reasons.expired],
      ['SECONDONLY', reasons.otherStore],
      ['BIGBASKET', reasons.belowMinimum('₹1,000.00')],
    ];
    for (const [code, reason] of cases) {
      await expectRefused(() => place(biz, withCoupon(code)), 400, {
        code: 'invalid_input',
        message: reason,
        fields: { couponCode: reason },
      });
    }
    const error = await expectRefused(() => place(biz, withCoupon('LUNCH')), 400);
    expect(error.fields!.couponCode).toMatch(
      /^This coupon can be used only between \d\d:\d\d and \d\d:\d\d$/,
    );
  });

  it('a usage limit counts the orders that used the code', async () => {
    discountOf(await place(biz, withCoupon('ONCE')));
    await expectRefused(() => place(biz, withCoupon('ONCE')), 400, {
      fields: { couponCode: storefrontMessages.coupon.usedUp },
    });
  });

  it('a usage limit holds when orders race for the last use', async () => {
    const results = await Promise.all(Array.from({ length: 4 }, () => place(biz, withCoupon('RACE'))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400, 400, 400]);
    const used = await ctx.db.$count(
      t.orders,
      and(eq(t.orders.businessId, biz.id), eq(t.orders.couponCode, 'RACE')),
    );
    expect(used).toBe(1);
  });

  it('new users only: good on a customer’s first order, refused after, and on an order of the business’s own system', async () => {
    const nisha = await signInCustomerWithAddress(ctx, biz.storefrontKey, freshPhone(), 'Nisha');
    discountOf(await placeAsCustomer(nisha, { couponCode: 'NEWBIE' }));
    await expectRefused(() => placeAsCustomer(nisha, { couponCode: 'NEWBIE' }), 400, {
      fields: { couponCode: storefrontMessages.coupon.newUsersOnly },
    });
    // A keyed order is nobody's first, whatever phone it names.
    await expectRefused(() => place(biz, withCoupon('NEWBIE')), 400, {
      fields: { couponCode: storefrontMessages.coupon.newUsersOnly },
    });
  });

  it('restricted to some customers: good for them, refused for anyone else, and on a keyed order in their name', async () => {
    const phone = freshPhone();
    const vikram = await signInCustomerWithAddress(ctx, biz.storefrontKey, phone, 'Vikram');
    await addCoupon(biz, 'VIP', { customerIds: [vikram.customer.id] });
    discountOf(await placeAsCustomer(vikram, { couponCode: 'VIP' }));
    const someoneElse = await signInCustomerWithAddress(ctx, biz.storefrontKey, freshPhone(), 'Ravi');
    await expectRefused(() => placeAsCustomer(someoneElse, { couponCode: 'VIP' }), 400, {
      fields: { couponCode: storefrontMessages.coupon.otherCustomer },
    });
    await expectRefused(() => place(biz, withCoupon('VIP', { customer: { name: 'Vikram', phone } })), 400, {
      fields: { couponCode: storefrontMessages.coupon.otherCustomer },
    });
  });
});

describe('a business that is not live', () => {
  let paused: TestBusiness;
  let pausedStore: string;
  let pausedItem: string;
  beforeAll(async () => {
    paused = await createBusiness(ctx.db, { live: false });
    pausedStore = await addStore(paused, paused.zones[0]);
    pausedItem = await addItem(paused, pausedStore, 'Paused Rice', 50_000);
    await enableCashOnDelivery(ctx.db, paused);
  });

  const pausedOrder = () => body({ storeId: pausedStore, items: [{ itemId: pausedItem, quantity: 1 }] });

  it('refuses every order with 409 and the reason, and writes nothing', async () => {
    await expectRefused(() => place(paused, pausedOrder()), 409, {
      code: 'conflict',
      message: storefrontMessages.businessNotLive,
    });
    expect(storefrontMessages.businessNotLive).toBe('This business is not taking orders right now');
  });

  it('refuses before reading the body: garbage gets the same 409, not a field error', async () => {
    for (const payload of ['{"customer":', { storeId: 'nope' }, {}]) {
      await expectRefused(() => place(paused, payload), 409, {
        code: 'conflict',
        message: storefrontMessages.businessNotLive,
      });
    }
  });

  it('still shows its slides, and a missing or unknown key is still 401 before anything else', async () => {
    const slides = await ctx.app.inject({
      method: 'GET',
      url: '/api/storefront/slides',
      headers: { 'x-storefront-key': paused.storefrontKey },
    });
    expect(slides.statusCode, slides.body).toBe(200);
    expect(slides.json()).toEqual({ items: [] });
    await expectRefused(
      () => placeWithKey(undefined, pausedOrder(), { authorization: `Bearer ${paused.apiKey}` }),
      401,
      { code: 'unauthenticated', message: storefrontMessages.missingKey },
    );
  });

  it('takes orders again once it is live, at once', async () => {
    await ctx.db.update(t.businesses).set({ live: true }).where(eq(t.businesses.id, paused.id));
    const res = await place(paused, pausedOrder());
    expect(res.statusCode, res.body).toBe(201);
    await ctx.db.update(t.businesses).set({ live: false }).where(eq(t.businesses.id, paused.id));
    await expectRefused(() => place(paused, pausedOrder()), 409, {
      message: storefrontMessages.businessNotLive,
    });
  });
});

describe("the business's time zone (D19)", () => {
  // UTC+14 and UTC−11: at any moment their calendar days differ, by one day or two.
  const east = 'Pacific/Kiritimati';
  const west = 'Pacific/Pago_Pago';
  const setUp = async (timeZone: string) => {
    const business = await createBusiness(ctx.db, { timeZone });
    const storeId = await addStore(business, business.zones[0]);
    const itemId = await addItem(business, storeId, 'Zone Rice', 50_000);
    await enableCashOnDelivery(ctx.db, business);
    return { business, storeId, itemId };
  };
  const order = (storeId: string, itemId: string, couponCode?: string) =>
    body({ storeId, items: [{ itemId, quantity: 1 }], ...(couponCode ? { couponCode } : {}) });

  it("applies a coupon by the business's own day, not the server's nor another zone's", async () => {
    const eastToday = businessClock(new Date(), east).date;
    const westToday = businessClock(new Date(), west).date;
    expect(eastToday > westToday).toBe(true);
    const eastern = await setUp(east);
    const western = await setUp(west);
    // The same coupon at both: valid on the eastern business's today only.
    for (const { business } of [eastern, western]) {
      await addCoupon(business, 'EASTDAY', { validFrom: eastToday, expiresAt: eastToday });
    }
    const good = await place(eastern.business, order(eastern.storeId, eastern.itemId, 'EASTDAY'));
    expect(good.statusCode, good.body).toBe(201);
    expect(good.json<StorefrontOrder>().discountPaise).toBe(5_000);
    const reason = storefrontMessages.coupon.notYetValid(
      `${eastToday.slice(8, 10)}/${eastToday.slice(5, 7)}/${eastToday.slice(0, 4)}`,
    );
    await expectRefused(
      () => place(western.business, order(western.storeId, western.itemId, 'EASTDAY')),
      400,
      { fields: { couponCode: reason } },
    );
  });

  it("counts a placed order on the business's day in its zone", async () => {
    const eastern = await setUp(east);
    const western = await setUp(west);
    for (const { business, storeId, itemId } of [eastern, western]) {
      const res = await place(business, order(storeId, itemId));
      expect(res.statusCode, res.body).toBe(201);
      const placedAt = new Date(res.json<StorefrontOrder>().placedAt);
      const { rows } = await ctx.db.execute<{ day: string; total: number; new_customers: number }>(
        sql`SELECT day::text AS day, total, new_customers FROM daily_stats WHERE business_id = ${business.id}`,
      );
      expect(rows).toEqual([
        {
          day: businessClock(placedAt, business === eastern.business ? east : west).date,
          total: 1,
          // An order of the business's own system is nobody's first: no new customer.
          new_customers: 0,
        },
      ]);
    }
  });
});
