import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerDetail, CustomerRow } from '@storedesk/shared/customers/schemas';
import { messages } from '@storedesk/shared/messages';
import { OrderStatus } from '@storedesk/shared/orders';
import type { OrderSummary } from '@storedesk/shared/orders/schemas';
import { customerMessages } from '@storedesk/shared/storefront/customers';
import * as t from '#server/db/schema.ts';
import {
  caller,
  createStaffWorld,
  createStoreWithItem,
  errorOf,
  insertOrder,
  refusalOf,
  signInCustomer,
  type Call,
  type CustomerSession,
  type StaffWorld,
} from '#test/harness.ts';

let world: StaffWorld;
let call: Call;
type CustomerList = { items: CustomerRow[]; total: number };
let store: { storeId: string; itemId: string };
let asha: { id: string };
let ravi: { id: string };
let rivalCustomer: { id: string };
/** Asha's orders, newest first. */
let ashaOrders: Array<{ id: string }>;

beforeAll(async () => {
  world = await createStaffWorld();
  call = caller(world.ctx.app);
  const made = await world.ctx.db
    .insert(t.customers)
    .values([
      ...Array.from({ length: 12 }, (_, i) => ({
        businessId: world.biz.id,
        name: `Customer ${String(i + 1).padStart(2, '0')}`,
        phone: `98000000${String(i + 1).padStart(2, '0')}`,
        createdAt: new Date(Date.UTC(2026, 0, i + 1)),
      })),
      {
        businessId: world.biz.id,
        name: 'Asha Rao',
        phone: '9876543210',
        createdAt: new Date(Date.UTC(2026, 1, 1)),
      },
      {
        businessId: world.biz.id,
        name: 'Ravi Kumar',
        phone: '9123456789',
        createdAt: new Date(Date.UTC(2025, 11, 1)),
      },
      { businessId: world.rival.id, name: 'Asha Rival', phone: '9876543211' },
      { businessId: world.rival.id, name: 'Customer 99', phone: '9800000099' },
    ])
    .returning({ id: t.customers.id, name: t.customers.name });
  const byName = (name: string) => made.find((c) => c.name === name)!;
  asha = byName('Asha Rao');
  ravi = byName('Ravi Kumar');
  rivalCustomer = byName('Asha Rival');
  store = await createStoreWithItem(world.ctx.db, world.biz);
  const at = { businessId: world.biz.id, zoneId: world.biz.zones[0], storeId: store.storeId };
  const day = (d: number) => new Date(Date.UTC(2026, 10, d, 6));
  // Asha: two delivered, one cancelled, one open; Ravi: one cancelled; the rest: none.
  const placed = [
    await insertOrder(
      world.ctx.db,
      { ...at, customerId: asha.id },
      {
        billAmountPaise: 12_050,
        status: OrderStatus.Delivered,
        state: 0,
        placedAt: day(1),
      },
    ),
    await insertOrder(
      world.ctx.db,
      { ...at, customerId: asha.id },
      {
        billAmountPaise: 30_000,
        status: OrderStatus.Delivered,
        state: 0,
        placedAt: day(3),
      },
    ),
    await insertOrder(
      world.ctx.db,
      { ...at, customerId: asha.id },
      {
        billAmountPaise: 99_900,
        status: OrderStatus.Cancelled,
        state: 0,
        placedAt: day(5),
      },
    ),
    await insertOrder(
      world.ctx.db,
      { ...at, customerId: asha.id },
      {
        billAmountPaise: 4_500,
        status: OrderStatus.Placed,
        placedAt: day(7),
      },
    ),
  ];
  ashaOrders = placed.reverse();
  await insertOrder(
    world.ctx.db,
    { ...at, customerId: ravi.id },
    {
      billAmountPaise: 7_000,
      status: OrderStatus.Cancelled,
      state: 0,
      placedAt: day(2),
    },
  );
  const [rivalStore] = [await createStoreWithItem(world.ctx.db, world.rival)];
  await insertOrder(
    world.ctx.db,
    {
      businessId: world.rival.id,
      zoneId: world.rival.zones[0],
      storeId: rivalStore.storeId,
      customerId: rivalCustomer.id,
    },
    { billAmountPaise: 50_000, status: OrderStatus.Delivered, state: 0 },
  );
});
afterAll(() => world.ctx.close());

const list = (query = '', session = world.owner) => call(session, 'GET', `/api/customers${query}`);
const names = async (query: string) => (await list(query)).json<CustomerList>().items.map((c) => c.name);

describe('GET /api/customers', () => {
  it('lists the business customers by name, 10 a page, with the total', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json<CustomerList>();
    expect(body.total).toBe(14);
    expect(body.items.map((c) => c.name)).toEqual([
      'Asha Rao',
      ...Array.from({ length: 9 }, (_, i) => `Customer 0${i + 1}`),
    ]);
    expect(await names('?page=1')).toEqual(['Customer 10', 'Customer 11', 'Customer 12', 'Ravi Kumar']);
    expect(await names('?page=2')).toEqual([]);
    expect(await names('?pageSize=5&page=2')).toEqual([
      'Customer 10',
      'Customer 11',
      'Customer 12',
      'Ravi Kumar',
    ]);
  });

  it('gives each customer their orders, what their delivered orders came to, and their last order', async () => {
    const body = (await list('?pageSize=25')).json<CustomerList>();
    expect(body.items.find((c) => c.id === asha.id)).toEqual({
      id: asha.id,
      name: 'Asha Rao',
      phone: '9876543210',
      ordersCount: 4,
      totalSpentPaise: 42_050,
      lastOrderAt: '2026-11-07T06:00:00.000Z',
      blockedAt: null,
      createdAt: '2026-02-01T00:00:00.000Z',
    });
    expect(body.items.find((c) => c.id === ravi.id)).toMatchObject({
      ordersCount: 1,
      totalSpentPaise: 0,
      lastOrderAt: '2026-11-02T06:00:00.000Z',
    });
    expect(body.items.find((c) => c.name === 'Customer 01')).toMatchObject({
      ordersCount: 0,
      totalSpentPaise: 0,
      lastOrderAt: null,
    });
    // Every row's figures are what SQL sums of the business's orders say.
    const { rows } = await world.ctx.db.execute<{
      id: string;
      n: number;
      spent: string;
      last: Date | null;
    }>(sql`
      SELECT c.id, count(o.id)::int AS n,
             coalesce(sum(o.bill_amount_paise) FILTER (WHERE o.status = -2), 0)::text AS spent,
             max(o.placed_at) AS last
      FROM customers c LEFT JOIN orders o ON o.customer_id = c.id
      WHERE c.business_id = ${world.biz.id} GROUP BY c.id`);
    expect(rows).toHaveLength(14);
    for (const row of rows) {
      expect(body.items.find((c) => c.id === row.id)).toMatchObject({
        ordersCount: row.n,
        totalSpentPaise: Number(row.spent),
        lastOrderAt: row.last ? new Date(row.last).toISOString() : null,
      });
    }
  });

  it('sorts by name, or by when they became customers', async () => {
    expect(await names('?sort=newest&pageSize=5')).toEqual([
      'Asha Rao',
      'Customer 12',
      'Customer 11',
      'Customer 10',
      'Customer 09',
    ]);
    expect(await names('?sort=oldest&pageSize=5')).toEqual([
      'Ravi Kumar',
      'Customer 01',
      'Customer 02',
      'Customer 03',
      'Customer 04',
    ]);
  });

  it('finds a name ignoring case, or a phone by a run of its digits', async () => {
    expect(await names('?q=asha')).toEqual(['Asha Rao']);
    expect(await names('?q=KUMAR')).toEqual(['Ravi Kumar']);
    expect(await names('?q=ao')).toEqual(['Asha Rao']);
    expect(await names('?q=54321')).toEqual(['Asha Rao']);
    expect(await names('?q=%2B91%2091234')).toEqual(['Ravi Kumar']);
    expect((await list('?q=Customer%201')).json<CustomerList>().total).toBe(3);
    expect((await list('?q=%25')).json<CustomerList>()).toEqual({ items: [], total: 0 });
  });

  it("never shows another business's customers", async () => {
    expect((await list('?q=Rival')).json<CustomerList>().total).toBe(0);
    expect((await list('?q=9800000099')).json<CustomerList>().total).toBe(0);
    const theirs = (await list('?pageSize=25', world.rivalOwner)).json<CustomerList>();
    expect(theirs.items.map((c) => c.name)).toEqual(['Asha Rival', 'Customer 99']);
    expect(theirs.items[0]).toMatchObject({ ordersCount: 1, totalSpentPaise: 50_000 });
  });

  it('refuses a page size, page, sort or search it cannot read with 400 and the fields', async () => {
    const cases: Array<[string, Record<string, string>]> = [
      ['?pageSize=100', { pageSize: 'must be 5, 10 or 25' }],
      ['?sort=spent', { sort: 'must be name, newest or oldest' }],
    ];
    for (const [query, fields] of cases) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect(errorOf(res).fields, query).toEqual(fields);
    }
    for (const query of ['?page=-1', '?page=abc', `?q=${'x'.repeat(101)}`, '?q=a%0Ab']) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(errorOf(res).fields ?? {}), query).toEqual([query.startsWith('?q') ? 'q' : 'page']);
    }
  });

  it('is the owner’s only: an admin of either zone gets 403', async () => {
    for (const admin of [world.admin, world.southAdmin]) {
      const res = await list('', admin);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toEqual({ code: 'forbidden', message: messages.forbidden });
    }
  });
});

describe('GET /api/customers/:customerId', () => {
  it('gives the customer with their figures and saved addresses', async () => {
    await world.ctx.db.insert(t.customerAddresses).values([
      {
        businessId: world.biz.id,
        customerId: asha.id,
        label: 'Home',
        text: '12, 4th Cross, Koramangala',
        landmark: 'Opposite the park',
        latitude: 12.94,
        longitude: 77.625,
        createdAt: new Date(Date.UTC(2026, 1, 2)),
      },
      {
        businessId: world.biz.id,
        customerId: asha.id,
        label: 'Old office',
        text: 'Hebbal',
        latitude: 13.1,
        longitude: 77.6,
        deletedAt: new Date(),
      },
    ]);
    const res = await call(world.owner, 'GET', `/api/customers/${asha.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<CustomerDetail>()).toEqual({
      id: asha.id,
      name: 'Asha Rao',
      phone: '9876543210',
      ordersCount: 4,
      totalSpentPaise: 42_050,
      lastOrderAt: '2026-11-07T06:00:00.000Z',
      blockedAt: null,
      blockedByName: null,
      createdAt: '2026-02-01T00:00:00.000Z',
      addresses: [
        {
          id: expect.any(String),
          label: 'Home',
          text: '12, 4th Cross, Koramangala',
          landmark: 'Opposite the park',
          lat: 12.94,
          lng: 77.625,
          createdAt: '2026-02-02T00:00:00.000Z',
        },
      ],
    });
  });

  it("answers 404 for another business's customer, an unknown one or a garbage id, and 403 to an admin", async () => {
    for (const id of [rivalCustomer.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await call(world.owner, 'GET', `/api/customers/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(errorOf(res)).toEqual({ code: 'not_found', message: messages.notFound });
    }
    expect((await call(world.admin, 'GET', `/api/customers/${asha.id}`)).statusCode).toBe(403);
  });
});

describe('GET /api/customers/:customerId/orders', () => {
  it("lists the customer's orders newest first, paged, as the orders list's rows", async () => {
    const res = await call(world.owner, 'GET', `/api/customers/${asha.id}/orders?pageSize=5`);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ items: OrderSummary[]; total: number }>();
    expect(body.total).toBe(4);
    expect(body.items.map((o) => o.id)).toEqual(ashaOrders.map((o) => o.id));
    expect(body.items[0]).toMatchObject({
      id: ashaOrders[0]!.id,
      number: expect.any(Number),
      zoneId: world.biz.zones[0],
      storeId: store.storeId,
      storeName: 'Store',
      customerName: 'Asha',
      placedAt: '2026-11-07T06:00:00.000Z',
      status: 0,
      state: 1,
      billAmountPaise: 4_500,
      dexId: null,
      dexName: null,
      version: 1,
    });
    const second = await call(world.owner, 'GET', `/api/customers/${asha.id}/orders?pageSize=5&page=1`);
    expect(second.json()).toEqual({ items: [], total: 4 });
    const none = await call(world.owner, 'GET', `/api/customers/${ravi.id}/orders`);
    expect(none.json<{ total: number }>().total).toBe(1);
  });

  it('refuses a bad page with 400, another business’s customer with 404, and an admin with 403', async () => {
    const bad = await call(world.owner, 'GET', `/api/customers/${asha.id}/orders?pageSize=7`);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toEqual({ pageSize: 'must be 5, 10 or 25' });
    const theirs = await call(world.owner, 'GET', `/api/customers/${rivalCustomer.id}/orders`);
    expect(theirs.statusCode).toBe(404);
    expect((await call(world.southAdmin, 'GET', `/api/customers/${asha.id}/orders`)).statusCode).toBe(403);
  });
});

describe('PATCH /api/customers/:customerId: blocking', () => {
  let customer: CustomerSession;
  const orderBody = () => ({ storeId: store.storeId, items: [{ itemId: store.itemId, quantity: 1 }] });
  const storefront = (body: object, token?: string) =>
    world.ctx.app.inject({
      method: 'POST',
      url: '/api/storefront/orders',
      headers: {
        'x-storefront-key': world.biz.storefrontKey,
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      payload: JSON.stringify(body),
    });
  const orderCount = async () => {
    const { rows } = await world.ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM orders WHERE customer_id = ${customer.customer.id}`,
    );
    return rows[0]!.n;
  };
  const block = (blocked: unknown, id = customer.customer.id, session = world.owner) =>
    call(session, 'PATCH', `/api/customers/${id}`, { blocked });

  beforeAll(async () => {
    customer = await signInCustomer(world.ctx, world.biz.storefrontKey, '9811122233', 'Meera Iyer');
    await world.ctx.db
      .insert(t.paymentModes)
      .values({ businessId: world.biz.id, title: 'Cash', type: 'COD' });
  });

  it('refuses the blocked customer’s orders with the neutral message, until unblocked; their phone alone orders nothing', async () => {
    const address = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/storefront/addresses',
      headers: { 'x-storefront-key': world.biz.storefrontKey, authorization: `Bearer ${customer.token}` },
      payload: { label: 'Home', text: 'MG Road', lat: 12.97, lng: 77.59 },
    });
    expect(address.statusCode).toBe(201);
    const signedIn = { ...orderBody(), addressId: address.json<{ id: string }>().id, paymentMode: 'COD' };
    expect((await storefront(signedIn, customer.token)).statusCode).toBe(201);
    const res = await block(true);
    expect(res.statusCode).toBe(200);
    const blocked = res.json<CustomerDetail>();
    expect(blocked).toMatchObject({
      id: customer.customer.id,
      name: 'Meera Iyer',
      ordersCount: 1,
      blockedByName: world.biz.owner.name,
    });
    expect(Date.now() - Date.parse(blocked.blockedAt!)).toBeLessThan(60_000);
    const [row] = await world.ctx.db
      .execute<{ blocked_by_id: string }>(
        sql`SELECT blocked_by_id FROM customers WHERE id = ${customer.customer.id}`,
      )
      .then((r) => r.rows);
    expect(row!.blocked_by_id).toBe(world.biz.owner.id);

    expect(refusalOf(await storefront(signedIn, customer.token))).toEqual({
      status: 403,
      code: 'forbidden',
      message: messages.customerRefused,
    });
    expect(messages.customerRefused).not.toMatch(/block/i);
    // Naming the phone, without signing in, places nothing in anyone's name (ADR 0056).
    const byPhone = {
      ...orderBody(),
      customer: { name: 'Someone', phone: '+91 98111 22233' },
      deliveryAddress: { label: 'Home', text: 'MG Road', lat: 12.97, lng: 77.59 },
      paymentMode: 'COD',
    };
    expect(refusalOf(await storefront(byPhone))).toEqual({
      status: 401,
      code: 'unauthenticated',
      message: customerMessages.signIn,
    });
    expect(await orderCount()).toBe(1);
    const listed = (await list('?q=Meera')).json<CustomerList>().items[0]!;
    expect(listed.blockedAt).toBe(blocked.blockedAt);

    const unblocked = await block(false);
    expect(unblocked.statusCode).toBe(200);
    expect(unblocked.json<CustomerDetail>()).toMatchObject({ blockedAt: null, blockedByName: null });
    expect((await storefront(signedIn, customer.token)).statusCode).toBe(201);
    expect(await orderCount()).toBe(2);
  });

  it('blocks once: blocking again keeps who and when, and unblocking twice is the same answer', async () => {
    const first = (await block(true)).json<CustomerDetail>();
    const again = await block(true);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first);
    await block(false);
    const twice = await block(false);
    expect(twice.statusCode).toBe(200);
    expect(twice.json<CustomerDetail>().blockedAt).toBeNull();
  });

  it('refuses garbage with 400 and the field, writing nothing', async () => {
    const before = await world.ctx.db.execute(sql`SELECT * FROM customers ORDER BY id`);
    for (const blocked of ['yes', 1, null, undefined, { x: 1 }]) {
      const res = await block(blocked);
      expect(res.statusCode, String(blocked)).toBe(400);
      expect(errorOf(res).fields, String(blocked)).toEqual({ blocked: 'must be true or false' });
    }
    const text = await world.ctx.app.inject({
      method: 'PATCH',
      url: `/api/customers/${customer.customer.id}`,
      headers: { ...world.owner.headers, 'content-type': 'application/json' },
      payload: 'not json',
    });
    expect(text.statusCode).toBe(400);
    expect((await world.ctx.db.execute(sql`SELECT * FROM customers ORDER BY id`)).rows).toEqual(before.rows);
  });

  it("answers 404 for another business's customer or a garbage id, and 403 to an admin, changing nothing", async () => {
    for (const id of [rivalCustomer.id, 'not-a-uuid']) {
      const res = await block(true, id);
      expect(res.statusCode, id).toBe(404);
    }
    const res = await block(true, customer.customer.id, world.admin);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toEqual({ code: 'forbidden', message: messages.forbidden });
    const { rows } = await world.ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM customers WHERE blocked_at IS NOT NULL`,
    );
    expect(rows[0]!.n).toBe(0);
  });
});
