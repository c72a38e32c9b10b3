/**
 * A signed-in customer's orders (ADR 0038): placed to a saved address the
 * store delivers to, paid by an enabled mode, with a note; the order keeps a
 * copy of the address; the customer sees only their own orders. An order of
 * the business's own system carries a secret API key (ADR 0056) and names the
 * customer, the address and the payment mode; with neither, nothing is ordered.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import ngeohash from 'ngeohash';
import type { Address } from '@storedesk/shared/storefront/addresses';
import { customerMessages } from '@storedesk/shared/storefront/customers';
import {
  storefrontMessages,
  type CustomerOrder,
  type StorefrontOrder,
} from '@storedesk/shared/storefront/schemas';
import { serviceabilityMessages } from '@storedesk/shared/storefront/serviceability';
import * as t from '#server/db/schema.ts';
import {
  createBusiness,
  createTestApp,
  errorOf,
  insertItems,
  refusalOf,
  signInCustomer,
  type CustomerSession,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';

let ctx: TestApp;
let biz: TestBusiness;
let rival: TestBusiness;
let asha: CustomerSession;
let ravi: CustomerSession;
let nameless: CustomerSession;
let storeId: string;
let itemId: string;
let rivalSession: CustomerSession;
const addresses = {} as Record<'home' | 'far' | 'ravisHome', Address>;

const koramangala = { lat: 12.9352, lng: 77.6245 };

function call(
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; body?: unknown; key?: string } = {},
) {
  return ctx.app.inject({
    method,
    url,
    headers: {
      'x-storefront-key': options.key ?? biz.storefrontKey,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
  });
}

async function saveAddress(session: CustomerSession, body: Record<string, unknown>) {
  const res = await call('POST', '/api/storefront/addresses', { token: session.token, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Address>();
}

const order = (overrides: Record<string, unknown> = {}) => ({
  storeId,
  items: [{ itemId, quantity: 2 }],
  addressId: addresses.home.id,
  paymentMode: 'COD',
  ...overrides,
});

/** Rows an order writes: orders, their timeline, customers, events. */
async function footprint() {
  const result = await ctx.db.execute<{ n: string }>(sql`
    SELECT (SELECT count(*) FROM orders) + (SELECT count(*) FROM order_events) + (SELECT count(*) FROM customers)
         + (SELECT count(*) FROM events) AS n`);
  return Number(result.rows[0]!.n);
}

beforeAll(async () => {
  ctx = await createTestApp();
  biz = await createBusiness(ctx.db);
  rival = await createBusiness(ctx.db);
  const [store] = await ctx.db
    .insert(t.stores)
    .values({
      businessId: biz.id,
      zoneId: biz.zones[0],
      name: 'Fresh Mart Koramangala',
      description: 'Groceries',
      location: 'Koramangala',
      phone: '080-41234567',
      featured: 1,
      latitude: koramangala.lat,
      longitude: koramangala.lng,
      geohash: ngeohash.encode(koramangala.lat, koramangala.lng, 9),
      openTime: '00:00',
      closeTime: '23:59',
      status: 1,
    })
    .returning({ id: t.stores.id });
  storeId = store!.id;
  const [item] = await insertItems(ctx.db, [
    { businessId: biz.id, storeId, name: 'Milk', pricePaise: 6_800 },
  ]);
  itemId = item!.id;
  await ctx.db.insert(t.paymentModes).values([
    { businessId: biz.id, title: 'Cash on delivery', type: 'COD' },
    {
      businessId: biz.id,
      title: 'UPI',
      type: 'UPI',
      upiName: 'Fresh Mart',
      upiId: 'fresh@okbank',
      enabled: false,
    },
    { businessId: biz.id, title: 'Card', type: 'CARD' },
  ]);

  asha = await signInCustomer(ctx, biz.storefrontKey, '9811111111', 'Asha');
  ravi = await signInCustomer(ctx, biz.storefrontKey, '9822222222', 'Ravi');
  nameless = await signInCustomer(ctx, biz.storefrontKey, '9833333333');
  rivalSession = await signInCustomer(ctx, rival.storefrontKey, '9811111111', 'Asha elsewhere');
  addresses.home = await saveAddress(asha, {
    label: 'Home',
    text: '12, 4th Cross, Koramangala',
    landmark: 'Opposite the park',
    lat: 12.94,
    lng: 77.625,
  });
  // 20 km north: outside the store's 5 km.
  addresses.far = await saveAddress(asha, { label: 'Office', text: 'Hebbal', lat: 13.115, lng: 77.625 });
  addresses.ravisHome = await saveAddress(ravi, {
    label: 'Home',
    text: 'HSR Layout',
    lat: 12.912,
    lng: 77.638,
  });
});
afterAll(() => ctx?.close());

describe('placing an order as a signed-in customer', () => {
  it('goes to the saved address, copied into the order, paid by the chosen mode, with the note', async () => {
    const res = await call('POST', '/api/storefront/orders', {
      token: asha.token,
      body: order({ note: '  Ring the bell twice  ' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json<StorefrontOrder>();
    expect(placed).toMatchObject({
      customerId: asha.customer.id,
      customerName: 'Asha',
      customerPhone: '9811111111',
      status: 0,
      billAmountPaise: 13_600,
      deliveryAddress: {
        label: 'Home',
        text: '12, 4th Cross, Koramangala',
        landmark: 'Opposite the park',
        lat: 12.94,
        lng: 77.625,
      },
      paymentMode: 'COD',
      paid: false,
      note: 'Ring the bell twice',
      // Unsaid, the store calls when an item is missing.
      ifMissing: 'CALL',
    });
    expect(placed.deliveryCode).toMatch(/^\d{4}$/);

    // Deleting the address later leaves the order's copy as it was.
    await call('POST', '/api/storefront/addresses', {
      token: asha.token,
      body: { label: 'x', text: 'y', lat: 1, lng: 1 },
    });
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/storefront/addresses/${addresses.home.id}`,
      headers: { 'x-storefront-key': biz.storefrontKey, authorization: `Bearer ${asha.token}` },
    });
    const followed = await call('GET', `/api/storefront/orders/${placed.id}`, { token: asha.token });
    expect(followed.statusCode).toBe(200);
    const detail = followed.json<CustomerOrder>();
    expect(detail.deliveryAddress).toEqual(placed.deliveryAddress);
    expect(detail).toMatchObject({
      storePhone: '080-41234567',
      deliveryCode: placed.deliveryCode,
      timeline: [{ status: 0, at: expect.any(String) }],
    });
    addresses.home = await saveAddress(asha, {
      label: 'Home',
      text: '12, 4th Cross, Koramangala',
      lat: 12.94,
      lng: 77.625,
    });
  });

  it('keeps what the customer asks to be done if an item is missing, for staff to see', async () => {
    const res = await call('POST', '/api/storefront/orders', {
      token: asha.token,
      body: order({ ifMissing: 'SUBSTITUTE' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<StorefrontOrder>().ifMissing).toBe('SUBSTITUTE');
    const { rows } = await ctx.db.$client.query('SELECT if_missing FROM orders WHERE id = $1', [
      res.json<StorefrontOrder>().id,
    ]);
    expect(rows[0]).toEqual({ if_missing: 'SUBSTITUTE' });
  });

  it('refuses what it cannot deliver or be paid by, with the field at fault, writing nothing', async () => {
    const before = await footprint();
    const cases: Array<
      [CustomerSession, Record<string, unknown>, number, Record<string, string> | undefined]
    > = [
      [asha, order({ addressId: undefined }), 400, { addressId: storefrontMessages.addressNeeded }],
      [asha, order({ paymentMode: undefined }), 400, { paymentMode: storefrontMessages.paymentModeNeeded }],
      [asha, order({ paymentMode: 'CARD' }), 400, { paymentMode: storefrontMessages.cardUnavailable }],
      [asha, order({ paymentMode: 'UPI' }), 400, { paymentMode: storefrontMessages.paymentModeOff('UPI') }],
      [asha, order({ paymentMode: 'CHEQUE' }), 400, { paymentMode: 'must be COD, UPI, CARD or ONLINE' }],
      [
        asha,
        order({ addressId: addresses.far.id }),
        400,
        { addressId: serviceabilityMessages.outsideRadius },
      ],
      [asha, order({ note: 'x'.repeat(501) }), 400, { note: 'must be at most 500 characters' }],
      [asha, order({ ifMissing: 'IGNORE' }), 400, { ifMissing: 'must be CALL, SUBSTITUTE or REMOVE' }],
      [
        nameless,
        order({ addressId: undefined }),
        400,
        {
          name: customerMessages.nameNeeded,
          addressId: storefrontMessages.addressNeeded,
        },
      ],
      // Another customer's address, or one that does not exist, is not theirs to use.
      [asha, order({ addressId: addresses.ravisHome.id }), 404, undefined],
      [asha, order({ addressId: randomUUID() }), 404, undefined],
    ];
    for (const [session, body, status, fields] of cases) {
      const res = await call('POST', '/api/storefront/orders', { token: session.token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(errorOf(res).fields, JSON.stringify(body)).toEqual(fields);
    }
    expect(await footprint()).toBe(before);
  });

  it("refuses a token of another business's customer, or of nobody, with 401", async () => {
    for (const token of [rivalSession.token, 'forged-token']) {
      const res = await call('POST', '/api/storefront/orders', { token, body: order() });
      expect(refusalOf(res)).toEqual({
        status: 401,
        code: 'unauthenticated',
        message: customerMessages.signIn,
      });
    }
  });
});

/** Orders of the test's database waiting at their write for a lock. */
async function ordersWaitingForLocks(): Promise<number> {
  const { rows } = await ctx.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database()
      AND wait_event_type = 'Lock' AND query LIKE 'with "written" as (insert into "orders"%'`,
  );
  return rows[0]!.n;
}

/** The new customers the business's dashboard counts, over every day. */
async function newCustomers(): Promise<number> {
  const { rows } = await ctx.db.execute<{ n: string }>(
    sql`SELECT coalesce(sum(new_customers), 0) AS n FROM daily_stats WHERE business_id = ${biz.id}`,
  );
  return Number(rows[0]!.n);
}

describe("the dashboard's new customers", () => {
  it("counts a signed-in customer's first order as a new customer's, and their second not", async () => {
    const meena = await signInCustomer(ctx, biz.storefrontKey, '9877777777', 'Meena');
    const home = await saveAddress(meena, { label: 'Home', text: 'Ejipura', lat: 12.938, lng: 77.628 });
    const before = await newCustomers();
    const first = await call('POST', '/api/storefront/orders', {
      token: meena.token,
      body: order({ addressId: home.id }),
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(await newCustomers()).toBe(before + 1);
    const second = await call('POST', '/api/storefront/orders', {
      token: meena.token,
      body: order({ addressId: home.id }),
    });
    expect(second.statusCode).toBe(201);
    expect(await newCustomers()).toBe(before + 1);
  });

  it('counts one new customer when their first orders arrive together, each written as first or not by what the database holds', async () => {
    const nisha = await signInCustomer(ctx, biz.storefrontKey, '9877777778', 'Nisha');
    const home = await saveAddress(nisha, { label: 'Home', text: 'Ejipura', lat: 12.938, lng: 77.628 });
    const before = await newCustomers();
    // The business's order-number row held, as by another order being written: each of the six
    // reads "first order" and then waits at its write, so all six were priced as her first.
    const placed = await ctx.db
      .transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO order_numbers (business_id, last_number) VALUES (${biz.id}, 0)
        ON CONFLICT (business_id) DO UPDATE SET last_number = order_numbers.last_number`);
        const placing = Array.from({ length: 6 }, () =>
          call('POST', '/api/storefront/orders', { token: nisha.token, body: order({ addressId: home.id }) }),
        );
        for (let tries = 0; tries < 500 && (await ordersWaitingForLocks()) < 6; tries += 1) await sleep(20);
        expect(await ordersWaitingForLocks()).toBe(6);
        return placing;
      })
      .then((placing) => Promise.all(placing));
    expect(placed.map((res) => res.statusCode)).toEqual(Array(6).fill(201));
    expect(await newCustomers()).toBe(before + 1);
    const rows = await ctx.db
      .select({ first: t.orders.firstOfCustomer })
      .from(t.orders)
      .where(eq(t.orders.customerPhone, '9877777778'))
      .orderBy(t.orders.number);
    expect(rows.map((row) => row.first)).toEqual([true, false, false, false, false, false]);
  });

  it('gives up after the database refuses an order three times as no longer her first, with 409 and nothing written', async () => {
    const tara = await signInCustomer(ctx, biz.storefrontKey, '9877777779', 'Tara');
    const home = await saveAddress(tara, { label: 'Home', text: 'Ejipura', lat: 12.938, lng: 77.628 });
    // Her other orders keep landing between each read and its write: the database's check says so
    // every time (in this file's own database), and counts how often it was asked.
    const { rows } = await ctx.db.execute<{ definition: string }>(
      sql`SELECT pg_get_functiondef('orders_first_of_customer'::regproc) AS definition`,
    );
    const original = rows[0]!.definition;
    await ctx.db.execute(sql`CREATE SEQUENCE first_order_refusals`);
    await ctx.db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION orders_first_of_customer() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          PERFORM nextval('first_order_refusals');
          RAISE EXCEPTION 'first order changed' USING ERRCODE = 'SD411', DETAIL = NEW.customer_id::text;
        END $$`),
    );
    const before = { rows: await footprint(), newCustomers: await newCustomers() };
    try {
      const res = await call('POST', '/api/storefront/orders', {
        token: tara.token,
        body: order({ addressId: home.id }),
      });
      expect(refusalOf(res)).toEqual({
        status: 409,
        code: 'conflict',
        message: storefrontMessages.orderChanged,
      });
    } finally {
      await ctx.db.execute(sql.raw(original));
    }
    const asked = await ctx.db.execute<{ n: string }>(sql`SELECT last_value AS n FROM first_order_refusals`);
    expect(Number(asked.rows[0]!.n)).toBe(3);
    expect(await footprint()).toBe(before.rows);
    expect(await newCustomers()).toBe(before.newCustomers);
    // Once her orders stop changing, the same order goes through as her first.
    const again = await call('POST', '/api/storefront/orders', {
      token: tara.token,
      body: order({ addressId: home.id }),
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(await newCustomers()).toBe(before.newCustomers + 1);
  });
});

describe("an order of the business's own system, with a secret API key", () => {
  it('names the customer, the address in full and the payment mode, and joins no account', async () => {
    const res = await call('POST', '/api/storefront/orders', {
      token: biz.apiKey,
      body: {
        storeId,
        items: [{ itemId, quantity: 1 }],
        customer: { name: 'Walk-in', phone: '9844444444' },
        deliveryAddress: { label: 'Shop', text: '1 MG Road', lat: 12.936, lng: 77.624 },
        paymentMode: 'COD',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<StorefrontOrder>()).toMatchObject({
      customerId: null,
      customerName: 'Walk-in',
      deliveryAddress: { label: 'Shop', text: '1 MG Road', landmark: '', lat: 12.936, lng: 77.624 },
      paymentMode: 'COD',
      paid: false,
      note: null,
    });
  });

  it('is refused without the address and the payment mode, writing nothing', async () => {
    const before = await footprint();
    const res = await call('POST', '/api/storefront/orders', {
      token: biz.apiKey,
      body: {
        storeId,
        items: [{ itemId, quantity: 1 }],
        customer: { name: 'Simulator', phone: '9855555555' },
      },
    });
    expect(refusalOf(res)).toEqual({
      status: 400,
      code: 'invalid_input',
      message: storefrontMessages.addressNeeded,
      fields: {
        deliveryAddress: storefrontMessages.addressNeeded,
        paymentMode: storefrontMessages.paymentModeNeeded,
      },
    });
    expect(await footprint()).toBe(before);
  });

  it('must name the customer, may not name a saved address, and is held to the radius', async () => {
    const before = await footprint();
    const given = {
      storeId,
      items: [{ itemId, quantity: 1 }],
      deliveryAddress: { label: 'Shop', text: '1 MG Road', lat: 12.936, lng: 77.624 },
      paymentMode: 'COD',
    };
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [given, { customer: storefrontMessages.customerNeeded }],
      [
        { ...given, customer: { name: 'A', phone: '9866666666' }, addressId: addresses.home.id },
        { addressId: storefrontMessages.customerNeeded },
      ],
      [
        {
          ...given,
          customer: { name: 'A', phone: '9866666666' },
          deliveryAddress: { label: 'Far', text: 'Mysuru', lat: 12.2958, lng: 76.6394 },
        },
        { deliveryAddress: serviceabilityMessages.outsideRadius },
      ],
    ];
    for (const [body, fields] of cases) {
      const res = await call('POST', '/api/storefront/orders', { token: biz.apiKey, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).fields).toEqual(fields);
    }
    expect(await footprint()).toBe(before);
  });
});

describe('an order with neither a signed-in customer nor a secret API key', () => {
  it('is refused with 401 before its body is read, writing nothing', async () => {
    const before = await footprint();
    const good = {
      storeId,
      items: [{ itemId, quantity: 1 }],
      customer: { name: 'Asha', phone: '9811111111' },
      deliveryAddress: { label: 'Home', text: '1 MG Road', lat: 12.936, lng: 77.624 },
      paymentMode: 'COD',
    };
    for (const body of [good, { garbage: true }]) {
      const res = await call('POST', '/api/storefront/orders', { body });
      expect(refusalOf(res), JSON.stringify(body)).toEqual({
        status: 401,
        code: 'unauthenticated',
        message: customerMessages.signIn,
      });
    }
    expect(await footprint()).toBe(before);
  });
});

describe("the customer's own orders", () => {
  it('lists only their orders, newest first; another customer gets 404 for them', async () => {
    const first = (
      await call('POST', '/api/storefront/orders', {
        token: ravi.token,
        body: order({ addressId: addresses.ravisHome.id }),
      })
    ).json<StorefrontOrder>();
    const second = (
      await call('POST', '/api/storefront/orders', {
        token: ravi.token,
        body: order({ addressId: addresses.ravisHome.id, paymentMode: 'COD' }),
      })
    ).json<StorefrontOrder>();
    const mine = await call('GET', '/api/storefront/orders', { token: ravi.token });
    expect(mine.statusCode).toBe(200);
    const listed = mine.json<{ items: StorefrontOrder[]; total: number }>();
    expect(listed.total).toBe(2);
    expect(listed.items.map((o) => o.id)).toEqual([second.id, first.id]);

    for (const orderId of [first.id, randomUUID(), 'not-an-id']) {
      const res = await call('GET', `/api/storefront/orders/${orderId}`, { token: asha.token });
      expect(refusalOf(res), orderId).toMatchObject({ status: 404, code: 'not_found' });
    }
    const ashas = (await call('GET', '/api/storefront/orders', { token: asha.token })).json<{
      items: StorefrontOrder[];
    }>();
    expect(ashas.items.map((o) => o.id)).not.toContain(first.id);
    // The same phone at another business is another customer, with none of these orders.
    const elsewhere = await call('GET', '/api/storefront/orders', {
      token: rivalSession.token,
      key: rival.storefrontKey,
    });
    expect(elsewhere.json()).toEqual({ items: [], total: 0 });
  });

  it('pages, and shows the delivery code only while the order is open', async () => {
    const placed = (
      await call('POST', '/api/storefront/orders', { token: asha.token, body: order() })
    ).json<StorefrontOrder>();
    const page = await call('GET', '/api/storefront/orders?pageSize=5&page=0', { token: asha.token });
    expect(page.json<{ items: StorefrontOrder[] }>().items[0]!.id).toBe(placed.id);
    const badPage = await call('GET', '/api/storefront/orders?pageSize=7', { token: asha.token });
    expect(refusalOf(badPage)).toMatchObject({ status: 400, fields: { pageSize: 'must be 5, 10 or 25' } });

    await ctx.db.update(t.orders).set({ status: -2, state: 0 }).where(eq(t.orders.id, placed.id));
    const closed = await call('GET', `/api/storefront/orders/${placed.id}`, { token: asha.token });
    expect(closed.json<CustomerOrder>()).toMatchObject({ status: -2, deliveryCode: null });
  });

  it('needs a signed-in customer', async () => {
    const res = await call('GET', '/api/storefront/orders');
    expect(refusalOf(res)).toEqual({
      status: 401,
      code: 'unauthenticated',
      message: customerMessages.signIn,
    });
  });
});
