import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Level } from '@storedesk/shared/levels';
import { messages } from '@storedesk/shared/messages';
import { OrderStatus } from '@storedesk/shared/orders';
import type { OrderDetail, OrderListResponse, OrderSummary } from '@storedesk/shared/orders/schemas';
import * as t from '#server/db/schema.ts';
import {
  caller,
  createStaffWorld,
  type Call,
  errorOf,
  type Session,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';

let ctx: TestApp;
let call: Call;
let biz: TestBusiness;
let rival: TestBusiness;
let owner: Session;
let admin: Session;
let southAdmin: Session;
let rivalOwner: Session;

beforeAll(async () => {
  ({ ctx, biz, rival, owner, admin, southAdmin, rivalOwner } = await createStaffWorld());
  call = caller(ctx.app);
  // These tests give one executive many open orders: the limit per executive has its own tests
  // (delivery.routes.test.ts), so here it is out of the way.
  await ctx.db.insert(t.orderSettings).values({ businessId: biz.id, maxOpenOrdersPerExecutive: 1_000_000 });
});
afterAll(() => ctx.close());

// ---------------------------------------------------------------------------
// Fixtures: the server has no staff endpoint that places orders, so they are
// written straight to the database, the way the storefront would leave them.
// ---------------------------------------------------------------------------

type StoreRef = { id: string; name: string; zoneId: string; businessId: string };
type Dex = { id: string; name: string };

const tag = () => randomBytes(3).toString('hex');

async function makeStore(business: TestBusiness, zoneId: string = business.zones[0]): Promise<StoreRef> {
  const name = `Store ${tag()}`;
  const [row] = await ctx.db
    .insert(t.stores)
    .values({
      businessId: business.id,
      zoneId,
      name,
      description: 'Fresh groceries',
      location: 'MG Road',
      phone: '+91-9876543210',
      featured: 1,
      latitude: 12.9716,
      longitude: 77.5946,
      geohash: 'tdr1vzc6f',
      openTime: '07:00',
      closeTime: '22:00',
    })
    .returning({ id: t.stores.id });
  return { id: row!.id, name, zoneId, businessId: business.id };
}

async function makeUser(business: TestBusiness, zoneId: string | null, level: number): Promise<Dex> {
  const name = `Rider ${tag()}`;
  const [row] = await ctx.db
    .insert(t.users)
    .values({
      businessId: business.id,
      zoneId,
      level,
      name,
      email: `rider.${randomUUID()}@example.test`,
      phone: '+91-9111111111',
      passwordHash: 'not-a-hash',
    })
    .returning({ id: t.users.id });
  return { id: row!.id, name };
}

const makeDex = (business: TestBusiness, zoneId: string = business.zones[0]) =>
  makeUser(business, zoneId, Level.DeliveryExecutive);

type Item = { itemId: string; itemName: string; itemQuantity: number; itemPricePaise: number };
type Charge = { chargeLabel: string; chargeAmountPaise: number };

type OrderSpec = {
  customerName?: string;
  customerPhone?: string;
  placedAt?: Date;
  status?: number;
  dex?: Dex;
  items?: Item[];
  charges?: Charge[];
  offer?: { coupon: string; discountPaise: number } | null;
};

let clock = Date.now() - 3_600_000;
const nextTime = () => new Date((clock -= 1000));
let phoneSeq = 0;

async function makeOrders(store: StoreRef, specs: OrderSpec[]) {
  const values = [];
  for (const spec of specs) {
    const phone = spec.customerPhone ?? `8${String(++phoneSeq).padStart(9, '0')}`;
    const [customer] = await ctx.db
      .insert(t.customers)
      .values({ businessId: store.businessId, name: spec.customerName ?? 'Asha Rao', phone })
      .onConflictDoUpdate({
        target: [t.customers.businessId, t.customers.phone],
        set: { name: spec.customerName ?? 'Asha Rao' },
      })
      .returning({ id: t.customers.id });
    const items = spec.items ?? [
      { itemId: randomUUID(), itemName: 'Milk 1L', itemQuantity: 2, itemPricePaise: 6000 },
    ];
    const charges = spec.charges ?? [];
    const offer = spec.offer ?? null;
    const itemsTotal = items.reduce((sum, i) => sum + i.itemQuantity * i.itemPricePaise, 0);
    const chargesTotal = charges.reduce((sum, c) => sum + c.chargeAmountPaise, 0);
    const discount = offer?.discountPaise ?? 0;
    const status = spec.status ?? OrderStatus.Placed;
    values.push({
      businessId: store.businessId,
      zoneId: store.zoneId,
      storeId: store.id,
      storeName: store.name,
      customerId: customer!.id,
      customerName: spec.customerName ?? 'Asha Rao',
      customerPhone: phone,
      placedAt: spec.placedAt ?? nextTime(),
      status,
      state: status < 0 ? 0 : 1,
      items,
      charges,
      offer,
      couponCode: offer?.coupon ?? null,
      itemsTotalPaise: itemsTotal,
      discountPaise: discount,
      chargesTotalPaise: chargesTotal,
      billAmountPaise: itemsTotal - discount + chargesTotal,
      dexId: spec.dex?.id ?? null,
      dexName: spec.dex?.name ?? null,
    });
  }
  return ctx.db
    .insert(t.orders)
    .values(values)
    .returning({ id: t.orders.id, number: t.orders.number, placedAt: t.orders.placedAt });
}

async function makeOrder(store: StoreRef, spec: OrderSpec = {}) {
  return (await makeOrders(store, [spec]))[0]!;
}

// What the database holds, to prove that refused writes wrote nothing.
async function stored(orderId: string) {
  const { rows } = await ctx.db.execute<{
    status: number;
    state: number;
    version: number;
    dex_id: string | null;
    timeline: number;
    events: number;
  }>(sql`
    SELECT o.status, o.state, o.version, o.dex_id,
      (SELECT count(*)::int FROM order_events e WHERE e.order_id = o.id) AS timeline,
      (SELECT count(*)::int FROM events v WHERE v.topic = 'orders' AND v.record_id = o.id::text) AS events
    FROM orders o WHERE o.id = ${orderId}`);
  return rows[0]!;
}

async function dayStats(businessId: string, zoneId: string, day: string) {
  const { rows } = await ctx.db.execute<{
    total: number;
    delivered: number;
    cancelled: number;
    earnings: number;
  }>(sql`
    SELECT total, delivered, cancelled, earnings_paise::int AS earnings FROM daily_stats
    WHERE business_id = ${businessId} AND zone_id = ${zoneId} AND day = ${day}::date`);
  return rows[0] ?? { total: 0, delivered: 0, cancelled: 0, earnings: 0 };
}

/** The day an instant falls on in Asia/Kolkata (UTC+05:30, no daylight saving). */
const istDay = (at: Date) => new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);

const list = async (session: Session, query: string) => {
  const res = await call(session, 'GET', `/api/orders?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<OrderListResponse>();
};
const ids = (response: { items: Array<{ id: string }> }) => response.items.map((o) => o.id);

const detail = async (session: Session, orderId: string) => {
  const res = await call(session, 'GET', `/api/orders/${orderId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<OrderDetail>();
};

const change = (session: Session, orderId: string, body: object) =>
  call(session, 'POST', `/api/orders/${orderId}/status`, body);

// ---------------------------------------------------------------------------

describe('listing orders', () => {
  it('the active view shows only placed, confirmed and picked-up orders, newest first', async () => {
    const store = await makeStore(biz);
    const dex = await makeDex(biz);
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 10, 8, minutes));
    const made = await makeOrders(store, [
      { status: OrderStatus.Placed, placedAt: at(1) },
      { status: OrderStatus.Confirmed, placedAt: at(5), dex },
      { status: OrderStatus.Delivered, placedAt: at(9), dex },
      { status: OrderStatus.PickedUp, placedAt: at(3), dex },
      { status: OrderStatus.Cancelled, placedAt: at(7) },
    ]);
    const active = await list(owner, `storeId=${store.id}`);
    expect(ids(active)).toEqual([made[1]!.id, made[3]!.id, made[0]!.id]);
    expect(active.total).toBe(3);
    expect(active.items.every((o) => o.state === 1 && o.status >= 0)).toBe(true);
    expect(active.items[0]).toMatchObject({
      number: made[1]!.number,
      storeId: store.id,
      storeName: store.name,
      zoneId: store.zoneId,
      customerName: 'Asha Rao',
      placedAt: at(5).toISOString(),
      status: 1,
      state: 1,
      billAmountPaise: 12000,
      dexId: dex.id,
      dexName: dex.name,
      version: 1,
    });
    // view=active is the default
    expect(ids(await list(owner, `storeId=${store.id}&view=active`))).toEqual(ids(active));

    const completed = await list(owner, `storeId=${store.id}&view=completed`);
    expect(ids(completed)).toEqual([made[2]!.id, made[4]!.id]);
    expect(completed.items.map((o) => [o.status, o.state])).toEqual([
      [-2, 0],
      [-1, 0],
    ]);
  });

  it('the completed view lists the newest 100 closed orders and its pages stop there', async () => {
    const store = await makeStore(biz);
    const base = Date.UTC(2026, 1, 1, 12);
    const made = await makeOrders(
      store,
      Array.from({ length: 105 }, (_, i) => ({
        status: i % 3 === 0 ? OrderStatus.Cancelled : OrderStatus.Delivered,
        placedAt: new Date(base - i * 60_000),
      })),
    );
    await makeOrder(store, { placedAt: new Date(base + 60_000) });
    const newest100 = made.slice(0, 100).map((o) => o.id);

    const pages: string[] = [];
    for (let page = 0; page < 4; page++) {
      const res = await list(owner, `view=completed&storeId=${store.id}&pageSize=25&page=${page}`);
      expect(res.total).toBe(100);
      expect(res.items).toHaveLength(25);
      pages.push(...ids(res));
    }
    expect(pages).toEqual(newest100);
    const beyond = await list(owner, `view=completed&storeId=${store.id}&pageSize=25&page=4`);
    expect(beyond).toMatchObject({ items: [], total: 100 });

    const tenth = await list(owner, `view=completed&storeId=${store.id}&pageSize=10&page=9`);
    expect(ids(tenth)).toEqual(newest100.slice(90, 100));
    expect((await list(owner, `view=completed&storeId=${store.id}&pageSize=10&page=10`)).items).toEqual([]);
    const lastFive = await list(owner, `view=completed&storeId=${store.id}&pageSize=5&page=19`);
    expect(ids(lastFive)).toEqual(newest100.slice(95, 100));
    expect((await list(owner, `view=completed&storeId=${store.id}&pageSize=5&page=20`)).items).toEqual([]);

    // Unfiltered, the whole business has more than 100 closed orders by now: still at most 100.
    const all = await list(owner, 'view=completed&pageSize=25&page=3');
    expect(all.total).toBe(100);
    expect((await list(owner, 'view=completed&pageSize=25&page=4')).items).toEqual([]);

    const active = await list(owner, `storeId=${store.id}`);
    expect(active.total).toBe(1);
  });

  it('sorting the completed view reorders the newest 100; it never swaps which 100', async () => {
    const store = await makeStore(biz);
    const base = Date.UTC(2026, 2, 1, 12);
    const made = await makeOrders(
      store,
      Array.from({ length: 105 }, (_, i) => ({
        status: i % 2 ? OrderStatus.Cancelled : OrderStatus.Delivered,
        placedAt: new Date(base - i * 60_000),
      })),
    );
    const newest100 = made.slice(0, 100).map((o) => o.id);
    const seen: string[] = [];
    for (let page = 0; page < 4; page++) {
      seen.push(
        ...ids(await list(owner, `view=completed&storeId=${store.id}&sort=oldest&pageSize=25&page=${page}`)),
      );
    }
    expect(seen).toEqual([...newest100].reverse());
    const byStatus = await list(owner, `view=completed&storeId=${store.id}&sort=status&pageSize=25&page=0`);
    expect(byStatus.total).toBe(100);
    // Delivered (-2) sorts before Cancelled (-1); within a status, newest first.
    expect(ids(byStatus)).toEqual(newest100.filter((_, i) => i % 2 === 0).slice(0, 25));
  });

  it('pages the active view with a total', async () => {
    const store = await makeStore(biz);
    const made = await makeOrders(
      store,
      Array.from({ length: 12 }, () => ({})),
    );
    const first = await list(owner, `storeId=${store.id}&pageSize=5&page=0`);
    const third = await list(owner, `storeId=${store.id}&pageSize=5&page=2`);
    expect(first.total).toBe(12);
    expect(ids(first)).toEqual(made.slice(0, 5).map((o) => o.id));
    expect(ids(third)).toEqual(made.slice(10).map((o) => o.id));
    for (const bad of ['pageSize=7', 'page=-1', 'view=all', 'sort=cheapest', 'status=3', 'status=-3']) {
      const res = await call(owner, 'GET', `/api/orders?${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
    for (const bad of ['storeId=nope', 'from=2026-1-5', 'to=yesterday', 'zoneId=12']) {
      const res = await call(owner, 'GET', `/api/orders?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(Object.keys(errorOf(res).fields ?? {})).toEqual([bad.split('=')[0]]);
    }
  });

  it('filters by status tab and store; the tab counts follow every filter but the tab', async () => {
    const store = await makeStore(biz);
    const other = await makeStore(biz);
    const dex = await makeDex(biz);
    const made = await makeOrders(store, [
      { status: 0 },
      { status: 0, customerName: 'Kiran Mehta' },
      { status: 1, dex },
      { status: 2, dex },
      { status: 2, dex, customerName: 'Kiran Mehta' },
      { status: 2, dex },
      { status: -1 },
      { status: -2, dex },
    ]);
    await makeOrders(other, [{ status: 0 }, { status: 1, dex }]);

    const confirmed = await list(owner, `storeId=${store.id}&status=1`);
    expect(ids(confirmed)).toEqual([made[2]!.id]);
    expect(confirmed.total).toBe(1);
    expect(confirmed.counts).toEqual({ all: 6, placed: 2, confirmed: 1, pickedUp: 3 });

    const pickedUp = await list(owner, `storeId=${store.id}&status=2`);
    expect(ids(pickedUp)).toEqual([made[3]!.id, made[4]!.id, made[5]!.id]);
    expect(pickedUp.counts).toEqual(confirmed.counts);

    const everything = await list(owner, `storeId=${store.id}`);
    expect(everything.total).toBe(6);
    expect(everything.counts).toEqual(confirmed.counts);

    // A search narrows the counts as well.
    const kiran = await list(owner, `storeId=${store.id}&q=kiran&status=0`);
    expect(ids(kiran)).toEqual([made[1]!.id]);
    expect(kiran.counts).toEqual({ all: 2, placed: 1, confirmed: 0, pickedUp: 1 });

    // The completed view filters by status too; it has no tabs, so no counts.
    const cancelled = await list(owner, `storeId=${store.id}&view=completed&status=-1`);
    expect(ids(cancelled)).toEqual([made[6]!.id]);
    expect(cancelled).not.toHaveProperty('counts');
    expect(ids(await list(owner, `storeId=${store.id}&view=completed&status=-2`))).toEqual([made[7]!.id]);
    // An open status in the completed view, or a closed one in the active view, matches nothing.
    expect((await list(owner, `storeId=${store.id}&view=completed&status=0`)).total).toBe(0);
    expect((await list(owner, `storeId=${store.id}&status=-2`)).total).toBe(0);

    const otherList = await list(owner, `storeId=${other.id}`);
    expect(otherList.total).toBe(2);
    expect(otherList.counts).toEqual({ all: 2, placed: 1, confirmed: 1, pickedUp: 0 });
    expect((await list(owner, `storeId=${randomUUID()}`)).total).toBe(0);
  });

  it('filters by days in Asia/Kolkata, both ends included', async () => {
    const store = await makeStore(biz);
    const [lateOn9th, earlyOn10th, lateOn10th, earlyOn11th] = await makeOrders(store, [
      { placedAt: new Date('2026-03-09T18:29:00Z') }, // 23:59 IST on the 9th
      { placedAt: new Date('2026-03-09T19:00:00Z') }, // 00:30 IST on the 10th, the 9th in UTC
      { placedAt: new Date('2026-03-10T18:29:59Z') }, // 23:59:59 IST on the 10th
      { placedAt: new Date('2026-03-10T18:30:00Z') }, // 00:00 IST on the 11th, the 10th in UTC
    ]);
    const days = async (query: string) => ids(await list(owner, `storeId=${store.id}&${query}`));
    expect(await days('from=2026-03-10&to=2026-03-10')).toEqual([lateOn10th!.id, earlyOn10th!.id]);
    expect(await days('to=2026-03-09')).toEqual([lateOn9th!.id]);
    expect(await days('from=2026-03-11')).toEqual([earlyOn11th!.id]);
    expect(await days('from=2026-03-10')).toEqual([earlyOn11th!.id, lateOn10th!.id, earlyOn10th!.id]);
    expect(await days('from=2026-03-09&to=2026-03-10&sort=oldest')).toEqual([
      lateOn9th!.id,
      earlyOn10th!.id,
      lateOn10th!.id,
    ]);
    expect(await days('from=2026-03-11&to=2026-03-10')).toEqual([]);
    const counted = await list(owner, `storeId=${store.id}&from=2026-03-10&to=2026-03-10`);
    expect(counted.counts?.all).toBe(2);
  });

  it('searches by order number (with or without #), part of the name in any case, and phone digits', async () => {
    const store = await makeStore(biz);
    const made = await makeOrders(store, [
      { customerName: 'Priya Venkataraman', customerPhone: '9845012345' },
      { customerName: 'Rahul Sharma', customerPhone: '7022098765' },
      { customerName: 'Meera Iyer', customerPhone: '6300055501' },
    ]);
    const [priya, rahul, meera] = made;
    const search = async (q: string) =>
      ids(await list(owner, `storeId=${store.id}&q=${encodeURIComponent(q)}`)).sort();

    // No phone holds a digit that the number is spelled with, so only the number can match.
    const number = String(meera!.number);
    const unused = '0123456789'.split('').find((d) => !number.includes(d))!;
    await ctx.db.execute(
      sql`UPDATE orders SET customer_phone = ${unused.repeat(10)} WHERE store_id = ${store.id}`,
    );
    expect(await search(number)).toEqual([meera!.id]);
    expect(await search(`#${number}`)).toEqual([meera!.id]);
    await ctx.db.execute(sql`
      UPDATE orders SET customer_phone = CASE id
        WHEN ${priya!.id}::uuid THEN '9845012345'
        WHEN ${rahul!.id}::uuid THEN '7022098765'
        ELSE '6300055501' END
      WHERE store_id = ${store.id}`);

    expect(await search('venkat')).toEqual([priya!.id]);
    expect(await search('SHARMA')).toEqual([rahul!.id]);
    expect(await search('  meera iy ')).toEqual([meera!.id]);
    expect(await search('r')).toEqual(ids({ items: made }).sort());
    expect(await search('9845012345')).toEqual([priya!.id]);
    expect(await search('2209876')).toEqual([rahul!.id]);
    // A phone as people write it: with +91, spaces, dashes or brackets.
    expect(await search('+91 98450-12345')).toEqual([priya!.id]);
    expect(await search('(702) 209 8765')).toEqual([rahul!.id]);
    expect(await search('63000 55501')).toEqual([meera!.id]);
    expect(await search('nobody')).toEqual([]);
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
  });

  it('sorts newest, oldest, by status and by status descending', async () => {
    const store = await makeStore(biz);
    const dex = await makeDex(biz);
    const at = (h: number) => new Date(Date.UTC(2026, 2, 20, h));
    const [a, b, c, d, e] = await makeOrders(store, [
      { status: 1, dex, placedAt: at(1) },
      { status: 0, placedAt: at(2) },
      { status: 2, dex, placedAt: at(3) },
      { status: 0, placedAt: at(4) },
      { status: 1, dex, placedAt: at(5) },
    ]);
    const sorted = async (sort: string) => ids(await list(owner, `storeId=${store.id}&sort=${sort}`));
    expect(await sorted('newest')).toEqual([e, d, c, b, a].map((o) => o!.id));
    expect(await sorted('oldest')).toEqual([a, b, c, d, e].map((o) => o!.id));
    // Within one status, newest first.
    expect(await sorted('status')).toEqual([d, b, e, a, c].map((o) => o!.id));
    expect(await sorted('-status')).toEqual([c, e, a, d, b].map((o) => o!.id));
  });

  it('an admin sees only their zone; the owner every zone or the one named; another business nothing', async () => {
    const name = `Zonal ${tag()}`;
    const north = await makeOrder(await makeStore(biz, biz.zones[0]), { customerName: name });
    const south = await makeOrder(await makeStore(biz, biz.zones[1]), { customerName: name });
    const foreign = await makeOrder(await makeStore(rival, rival.zones[0]), { customerName: name });
    const q = `q=${encodeURIComponent(name)}`;

    const forAdmin = await list(admin, q);
    expect(ids(forAdmin)).toEqual([north.id]);
    expect(forAdmin.counts?.all).toBe(1);
    expect(ids(await list(admin, `${q}&zoneId=${biz.zones[0]}`))).toEqual([north.id]);
    expect(ids(await list(southAdmin, q))).toEqual([south.id]);
    expect(ids(await list(owner, q))).toEqual([north.id, south.id]);
    expect((await list(owner, q)).counts?.all).toBe(2);
    expect(ids(await list(owner, `${q}&zoneId=${biz.zones[1]}`))).toEqual([south.id]);
    expect(ids(await list(rivalOwner, q))).toEqual([foreign.id]);
    // A zone of another business shows nothing of it.
    expect(ids(await list(owner, `${q}&zoneId=${rival.zones[0]}`))).toEqual([]);

    for (const zoneId of [biz.zones[1], rival.zones[0], randomUUID()]) {
      const res = await call(admin, 'GET', `/api/orders?${q}&zoneId=${zoneId}`);
      expect(res.statusCode, zoneId).toBe(403);
      expect(errorOf(res).code).toBe('forbidden');
    }
    // Closed orders are scoped the same way.
    const closedName = `Closed ${tag()}`;
    const closedSouth = await makeOrder(await makeStore(biz, biz.zones[1]), {
      customerName: closedName,
      status: -2,
    });
    const cq = `view=completed&q=${encodeURIComponent(closedName)}`;
    expect(ids(await list(admin, cq))).toEqual([]);
    expect(ids(await list(southAdmin, cq))).toEqual([closedSouth.id]);
    expect(ids(await list(rivalOwner, cq))).toEqual([]);
    expect((await call(admin, 'GET', `/api/orders?${cq}&zoneId=${biz.zones[1]}`)).statusCode).toBe(403);
  });
});

describe('one order', () => {
  it('shows its items, charges, offer, totals and its timeline in order', async () => {
    const store = await makeStore(biz);
    const dex = await makeDex(biz);
    const items = [
      { itemId: randomUUID(), itemName: 'Basmati Rice 5kg', itemQuantity: 2, itemPricePaise: 4950 },
      { itemId: randomUUID(), itemName: 'Ghee 500g', itemQuantity: 1, itemPricePaise: 12000 },
    ];
    const charges = [
      { chargeLabel: 'Delivery', chargeAmountPaise: 3000 },
      { chargeLabel: 'Packing', chargeAmountPaise: 500 },
    ];
    const order = await makeOrder(store, {
      customerName: 'Farah Khan',
      customerPhone: '9988776655',
      items,
      charges,
      offer: { coupon: 'SAVE10', discountPaise: 1000 },
    });

    const fresh = await detail(admin, order.id);
    expect(fresh).toEqual({
      id: order.id,
      number: order.number,
      zoneId: biz.zones[0],
      storeId: store.id,
      storeName: store.name,
      customerName: 'Farah Khan',
      customerPhone: '9988776655',
      placedAt: order.placedAt.toISOString(),
      status: 0,
      state: 1,
      billAmountPaise: 21900 - 1000 + 3500,
      dexId: null,
      dexName: null,
      version: 1,
      closedAt: null,
      slot: null,
      items,
      itemsTotalPaise: 21900,
      couponCode: 'SAVE10',
      offer: { coupon: 'SAVE10', discountPaise: 1000 },
      charges,
      discountPaise: 1000,
      chargesTotalPaise: 3500,
      // An order placed without them by an API client.
      deliveryAddress: null,
      paymentMode: null,
      paidAt: null,
      paidByName: null,
      note: null,
      ifMissing: 'CALL',
      cancelReason: null,
      paidPaise: null,
      refundedPaise: 0,
      upiReference: null,
      upiReportedAt: null,
      rating: null,
      timeline: [],
    });

    expect(
      (await change(admin, order.id, { status: 1, dexId: dex.id, note: 'Rider on the way', version: 1 }))
        .statusCode,
    ).toBe(200);
    expect((await change(owner, order.id, { status: 2, version: 2 })).statusCode).toBe(200);
    expect(
      (await change(owner, order.id, { status: 2, note: 'Customer called', version: 3 })).statusCode,
    ).toBe(200);

    const later = await detail(owner, order.id);
    expect(later.timeline.map(({ id: _id, at: _at, ...rest }) => rest)).toEqual([
      {
        fromStatus: 0,
        toStatus: 1,
        dexName: dex.name,
        note: 'Rider on the way',
        reason: null,
        kind: null,
        actorName: biz.admin.name,
      },
      {
        fromStatus: 1,
        toStatus: 2,
        dexName: null,
        note: null,
        reason: null,
        kind: null,
        actorName: biz.owner.name,
      },
      {
        fromStatus: 2,
        toStatus: null,
        dexName: null,
        note: 'Customer called',
        reason: null,
        kind: null,
        actorName: biz.owner.name,
      },
    ]);
    const eventIds = later.timeline.map((e) => e.id);
    expect([...eventIds].sort((x, y) => x - y)).toEqual(eventIds);
    const times = later.timeline.map((e) => Date.parse(e.at));
    expect([...times].sort((x, y) => x - y)).toEqual(times);
    expect(times.every((ms) => Math.abs(ms - Date.now()) < 60_000)).toBe(true);
    expect(later).toMatchObject({ status: 2, dexId: dex.id, dexName: dex.name, version: 4 });
  });

  it('another zone, another business, an unknown or a malformed id answer 404', async () => {
    const south = await makeOrder(await makeStore(biz, biz.zones[1]));
    for (const session of [admin, rivalOwner]) {
      const res = await call(session, 'GET', `/api/orders/${south.id}`);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe('not_found');
    }
    expect((await detail(southAdmin, south.id)).id).toBe(south.id);
    expect((await detail(owner, south.id)).id).toBe(south.id);
    for (const id of [randomUUID(), 'not-a-uuid', '12', `${south.id}x`]) {
      const res = await call(owner, 'GET', `/api/orders/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(errorOf(res).code).toBe('not_found');
    }
  });
});

describe('changing the status of an order', () => {
  it('a Confirmed order takes a note, or the same status, without naming its executive again', async () => {
    const store = await makeStore(biz);
    const order = await makeOrder(store, { status: OrderStatus.Confirmed, dex: biz.dex });
    const same = await change(admin, order.id, { status: 1, version: 1 });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ version: 1, dexName: biz.dex.name, timeline: [] });
    const noted = await change(admin, order.id, { status: 1, note: 'Gate code 4321', version: 1 });
    expect(noted.statusCode, noted.body).toBe(200);
    expect(noted.json()).toMatchObject({
      status: 1,
      version: 2,
      dexName: biz.dex.name,
      timeline: [{ fromStatus: 1, toStatus: null, dexName: null, note: 'Gate code 4321' }],
    });
  });

  it('Confirmed needs a delivery executive of the order’s zone and business', async () => {
    const store = await makeStore(biz);
    const order = await makeOrder(store);
    const southDex = await makeDex(biz, biz.zones[1]);
    const rivalDex = await makeDex(rival, rival.zones[0]);
    const deletedDex = await makeDex(biz);
    await ctx.db.execute(sql`UPDATE users SET deleted_at = now() WHERE id = ${deletedDex.id}`);
    const before = await stored(order.id);

    const missing = await change(admin, order.id, { status: 1, version: 1 });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toMatchObject({
      code: 'invalid_input',
      fields: { dexId: messages.dexRequired },
    });
    for (const dexId of [southDex.id, rivalDex.id, biz.admin.id, biz.owner.id, deletedDex.id, randomUUID()]) {
      const res = await change(admin, order.id, { status: 1, dexId, version: 1 });
      expect(res.statusCode, dexId).toBe(400);
      expect(errorOf(res).fields).toEqual({ dexId: messages.unknownDex });
    }
    expect(await stored(order.id)).toEqual(before);
  });

  it('Confirmed with a good executive names them, bumps the version and records who did it', async () => {
    const store = await makeStore(biz);
    const order = await makeOrder(store);
    const res = await change(admin, order.id, {
      status: 1,
      dexId: biz.dex.id,
      note: '  Please call before delivery  ',
      version: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<OrderDetail>();
    expect(body).toMatchObject({
      id: order.id,
      status: 1,
      state: 1,
      dexId: biz.dex.id,
      dexName: biz.dex.name,
      version: 2,
    });
    expect(body.timeline).toHaveLength(1);
    expect(body.timeline[0]).toMatchObject({
      fromStatus: 0,
      toStatus: 1,
      dexName: biz.dex.name,
      note: 'Please call before delivery',
      actorName: biz.admin.name,
    });
    expect(await detail(owner, order.id)).toEqual(body);
    expect(await stored(order.id)).toMatchObject({ status: 1, version: 2, timeline: 1, events: 1 });
  });

  it('answers each change with the whole timeline as a fresh read shows it, the new row last', async () => {
    const order = await makeOrder(await makeStore(biz));
    const steps = [
      { status: 1, dexId: biz.dex.id },
      { status: 1, note: 'Rang the customer' },
      { status: 2 },
      { status: -2, note: 'Left at the door' },
    ];
    let version = 1;
    for (const [i, step] of steps.entries()) {
      const res = await change(admin, order.id, { ...step, version });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<OrderDetail>();
      expect(body.timeline).toHaveLength(i + 1);
      expect(body).toEqual(await detail(owner, order.id));
      version = body.version;
    }
    const last = (await detail(owner, order.id)).timeline;
    expect(last.map((row) => [row.fromStatus, row.toStatus, row.note])).toEqual([
      [0, 1, null],
      [1, null, 'Rang the customer'],
      [1, 2, null],
      [2, -2, 'Left at the door'],
    ]);
    expect(last.every((row) => !Number.isNaN(Date.parse(row.at)) && row.at.endsWith('Z'))).toBe(true);
  });

  it('records a live event for each change, in the order’s zone', async () => {
    const order = await makeOrder(await makeStore(biz, biz.zones[1]));
    const res = await change(southAdmin, order.id, { status: -1, version: 1 });
    expect(res.statusCode).toBe(200);
    const { rows } = await ctx.db.execute<{
      topic: string;
      action: string;
      zone_id: string;
      business_id: string;
    }>(sql`SELECT topic, action, zone_id, business_id FROM events WHERE record_id = ${order.id} ORDER BY id`);
    expect(rows).toEqual([{ topic: 'orders', action: 'status', zone_id: biz.zones[1], business_id: biz.id }]);
  });

  it('Picked Up needs an executive when none is assigned, and keeps the one assigned otherwise', async () => {
    const store = await makeStore(biz);
    const [bare, bare2, assigned] = await makeOrders(store, [{}, {}, { status: 1, dex: biz.dex }]);
    const dex = await makeDex(biz);

    const refused = await change(admin, bare!.id, { status: 2, version: 1 });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).fields).toEqual({ dexId: messages.dexRequired });
    expect(await stored(bare!.id)).toMatchObject({ status: 0, version: 1, timeline: 0, events: 0 });

    const withDex = await change(admin, bare!.id, { status: 2, dexId: dex.id, version: 1 });
    expect(withDex.statusCode).toBe(200);
    expect(withDex.json()).toMatchObject({ status: 2, dexId: dex.id, dexName: dex.name, version: 2 });

    const otherZone = await change(admin, bare2!.id, {
      status: 2,
      dexId: (await makeDex(biz, biz.zones[1])).id,
      version: 1,
    });
    expect(otherZone.statusCode).toBe(400);

    const kept = await change(admin, assigned!.id, { status: 2, version: 1 });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ status: 2, dexId: biz.dex.id, dexName: biz.dex.name, version: 2 });
    expect(kept.json<OrderDetail>().timeline).toMatchObject([{ fromStatus: 1, toStatus: 2, dexName: null }]);
  });

  it('Delivered and Cancelled close the order and count on the day it was placed in Asia/Kolkata', async () => {
    const store = await makeStore(biz);
    // 00:30 IST on 5 April 2026 is still 4 April in UTC.
    const placedAt = new Date('2026-04-04T19:00:00Z');
    const [delivered, cancelled, confirmed] = await makeOrders(store, [
      {
        placedAt,
        items: [{ itemId: randomUUID(), itemName: 'Atta', itemQuantity: 3, itemPricePaise: 31550 }],
      },
      { placedAt },
      { placedAt, status: 1, dex: biz.dex },
    ]);
    const istDay = () => dayStats(biz.id, biz.zones[0], '2026-04-05');
    const utcDay = () => dayStats(biz.id, biz.zones[0], '2026-04-04');
    const [ist0, utc0] = [await istDay(), await utcDay()];

    const res = await change(admin, delivered!.id, { status: -2, version: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: -2, state: 0, version: 2 });
    expect(await istDay()).toEqual({
      ...ist0,
      delivered: ist0.delivered + 1,
      earnings: ist0.earnings + 94650,
    });

    expect((await change(admin, cancelled!.id, { status: -1, version: 1 })).json()).toMatchObject({
      status: -1,
      state: 0,
    });
    expect((await change(admin, confirmed!.id, { status: -2, version: 1 })).statusCode).toBe(200);
    expect(await istDay()).toEqual({
      total: ist0.total,
      delivered: ist0.delivered + 2,
      cancelled: ist0.cancelled + 1,
      earnings: ist0.earnings + 94650 + 12000,
    });
    expect(await utcDay()).toEqual(utc0);

    // Closed orders move to the completed view.
    const completed = await list(owner, `view=completed&storeId=${store.id}`);
    expect(ids(completed).sort()).toEqual([delivered!.id, cancelled!.id, confirmed!.id].sort());
    expect((await list(owner, `storeId=${store.id}`)).total).toBe(0);
  });

  it('a closed order is final: 409 conflict with the current order, and nothing written', async () => {
    const store = await makeStore(biz);
    const [done, gone] = await makeOrders(store, [{ status: -2, dex: biz.dex }, { status: -1 }]);
    const dex = await makeDex(biz);
    const day = istDay(done!.placedAt);
    expect(istDay(gone!.placedAt)).toBe(day);
    const statsBefore = await dayStats(biz.id, biz.zones[0], day);
    for (const order of [done!, gone!]) {
      const current = await detail(owner, order.id);
      const before = await stored(order.id);
      for (const body of [
        { status: 0 },
        { status: 1, dexId: dex.id },
        { status: 2, dexId: dex.id },
        { status: -1 },
        { status: -2 },
        { status: current.status, note: 'late note' },
        { status: current.status },
      ]) {
        const res = await change(owner, order.id, { ...body, version: 1 });
        expect(res.statusCode, JSON.stringify(body)).toBe(409);
        expect(errorOf(res)).toMatchObject({ code: 'conflict', message: messages.orderClosed });
        expect(errorOf(res).current).toEqual(current);
      }
      expect(await stored(order.id)).toEqual(before);
    }
    expect(await dayStats(biz.id, biz.zones[0], day)).toEqual(statsBefore);
  });

  it('a stale version gets 409 with the current order, and the losing write changes nothing', async () => {
    const order = await makeOrder(await makeStore(biz));
    expect((await change(admin, order.id, { status: 1, dexId: biz.dex.id, version: 1 })).statusCode).toBe(
      200,
    );
    const current = await detail(owner, order.id);
    const before = await stored(order.id);
    for (const version of [1, 3, 0, 2_147_483_647]) {
      const res = await change(owner, order.id, { status: -1, version });
      expect(res.statusCode, String(version)).toBe(409);
      expect(errorOf(res)).toMatchObject({ code: 'conflict', message: messages.staleRecord });
      expect(errorOf(res).current).toEqual(current);
    }
    expect(await stored(order.id)).toEqual(before);
  });

  it('the current status alone changes nothing; with a note it adds a note to the timeline', async () => {
    const store = await makeStore(biz);
    for (const spec of [{ status: 0 }, { status: 2, dex: biz.dex }]) {
      const order = await makeOrder(store, spec);
      const before = await detail(admin, order.id);
      const same = await change(admin, order.id, { status: spec.status, version: 1 });
      expect(same.statusCode).toBe(200);
      expect(same.json()).toEqual(before);
      // A blank note is no note.
      const blank = await change(admin, order.id, { status: spec.status, note: '   ', version: 1 });
      expect(blank.json()).toEqual(before);
      // Fields the API does not take are ignored, never written.
      const extra = await change(admin, order.id, {
        status: spec.status,
        version: 1,
        state: 0,
        billAmountPaise: 1,
        dexName: 'Somebody else',
        number: 1,
      });
      expect(extra.statusCode).toBe(200);
      expect(extra.json()).toEqual(before);
      expect(await stored(order.id)).toMatchObject({
        status: spec.status,
        state: 1,
        version: 1,
        timeline: 0,
        events: 0,
      });

      const noted = await change(admin, order.id, {
        status: spec.status,
        note: 'Gate code 4512',
        version: 1,
      });
      expect(noted.statusCode).toBe(200);
      const body = noted.json<OrderDetail>();
      // A note is a change of the order: its version moves, so a change decided without it is stale (D9).
      expect(body).toMatchObject({
        status: spec.status,
        state: 1,
        dexId: spec.dex?.id ?? null,
        dexName: spec.dex?.name ?? null,
        version: 2,
      });
      expect(body.timeline).toMatchObject([
        {
          fromStatus: spec.status,
          toStatus: null,
          dexName: null,
          note: 'Gate code 4512',
          actorName: biz.admin.name,
        },
      ]);
      expect(await stored(order.id)).toMatchObject({
        status: spec.status,
        version: 2,
        timeline: 1,
        events: 1,
      });
      const unaware = await change(admin, order.id, { status: -1, version: 1 });
      expect(unaware.statusCode).toBe(409);
      expect(errorOf(unaware).current).toEqual(body);
    }
  });

  it('re-assigning the executive on the current status is a change of its own', async () => {
    const order = await makeOrder(await makeStore(biz), { status: 1, dex: biz.dex });
    const dex = await makeDex(biz);
    const res = await change(owner, order.id, { status: 1, dexId: dex.id, version: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 1, dexId: dex.id, dexName: dex.name, version: 2 });
    expect(res.json<OrderDetail>().timeline).toMatchObject([
      { fromStatus: 1, toStatus: null, dexName: dex.name, actorName: biz.owner.name },
    ]);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const order = await makeOrder(await makeStore(biz));
    const before = await stored(order.id);
    const cases: Array<[object, string]> = [
      [{ status: 3, version: 1 }, 'status'],
      [{ status: -3, version: 1 }, 'status'],
      [{ status: 0.5, version: 1 }, 'status'],
      [{ status: '-1', version: 1 }, 'status'],
      [{ status: 'Cancelled', version: 1 }, 'status'],
      [{ status: null, version: 1 }, 'status'],
      [{ version: 1 }, 'status'],
      [{ status: -1 }, 'version'],
      [{ status: -1, version: '1' }, 'version'],
      [{ status: -1, version: -1 }, 'version'],
      [{ status: -1, version: 1.5 }, 'version'],
      [{ status: 1, dexId: 'rider-7', version: 1 }, 'dexId'],
      [{ status: 1, dexId: 42, version: 1 }, 'dexId'],
      [{ status: -1, note: 42, version: 1 }, 'note'],
      [{ status: -1, note: ['a'], version: 1 }, 'note'],
      [{ status: -1, note: 'x'.repeat(501), version: 1 }, 'note'],
      [{ status: -1, note: 'line\nbreak', version: 1 }, 'note'],
    ];
    for (const [payload, field] of cases) {
      const res = await change(admin, order.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res).code).toBe('invalid_input');
      expect(Object.keys(errorOf(res).fields ?? {}), JSON.stringify(payload)).toContain(field);
    }
    for (const payload of ['not json', '[]', 'null', '']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/orders/${order.id}/status`,
        headers: { ...admin.headers, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
    }
    expect(await stored(order.id)).toEqual(before);
  });

  it('another zone or business, or a malformed id, gets 404 and nothing changes', async () => {
    const south = await makeOrder(await makeStore(biz, biz.zones[1]));
    const before = await stored(south.id);
    for (const session of [admin, rivalOwner]) {
      const res = await change(session, south.id, { status: -1, version: 1 });
      expect(res.statusCode).toBe(404);
    }
    expect((await change(owner, 'not-a-uuid', { status: -1, version: 1 })).statusCode).toBe(404);
    expect((await change(owner, randomUUID(), { status: -1, version: 1 })).statusCode).toBe(404);
    expect(await stored(south.id)).toEqual(before);
  });
});

describe('changing the status of several orders', () => {
  const bulk = (session: Session, body: object) => call(session, 'POST', '/api/orders/status', body);
  /** Orders named at the version they were made with. */
  const atFirst = (ids: string[]) => ids.map((id) => ({ id, version: 1 }));

  it('succeeds for all, answering the summaries in the order asked', async () => {
    const store = await makeStore(biz);
    const made = await makeOrders(store, [{}, { status: 1, dex: biz.dex }, {}]);
    const asked = atFirst([made[2]!.id, made[0]!.id, made[1]!.id]);
    const res = await bulk(admin, { orders: asked, status: -1, note: 'Store closed early' });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json<{ items: OrderSummary[] }>().items;
    expect(items.map((o) => o.id)).toEqual([made[2]!.id, made[0]!.id, made[1]!.id]);
    expect(items.every((o) => o.status === -1 && o.state === 0 && o.version === 2)).toBe(true);
    expect(items[2]).toMatchObject({ dexId: biz.dex.id, dexName: biz.dex.name });
    for (const order of made) {
      const one = await detail(admin, order.id);
      expect(one.timeline).toHaveLength(1);
      expect(one.timeline[0]).toMatchObject({
        toStatus: -1,
        note: 'Store closed early',
        actorName: biz.admin.name,
      });
      expect(await stored(order.id)).toMatchObject({ events: 1 });
    }
  });

  it('takes ids in upper case as the database does, for a change as for a stale version', async () => {
    const store = await makeStore(biz);
    const made = await makeOrders(store, [{}, {}]);
    const upper = made.map((o) => o.id.toUpperCase());
    const stale = await bulk(owner, {
      orders: [
        { id: upper[0], version: 7 },
        { id: upper[1], version: 1 },
      ],
      status: -1,
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(errorOf(stale).current).toMatchObject({
      items: [{ id: made[0]!.id, version: 1 }, { id: made[1]!.id }],
    });
    const res = await bulk(owner, { orders: atFirst([upper[1]!, upper[0]!]), status: -1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ items: OrderSummary[] }>().items).toMatchObject([
      { id: made[1]!.id, status: -1, version: 2 },
      { id: made[0]!.id, status: -1, version: 2 },
    ]);
  });

  it('one order out of reach makes it 404 and changes none', async () => {
    const store = await makeStore(biz);
    const mine = await makeOrders(store, [{}, {}]);
    const southOrder = await makeOrder(await makeStore(biz, biz.zones[1]));
    const foreign = await makeOrder(await makeStore(rival, rival.zones[0]));
    const before = await Promise.all(mine.map((o) => stored(o.id)));
    for (const [session, outsider] of [
      [owner, foreign.id],
      [admin, southOrder.id],
      [owner, randomUUID()],
    ] as const) {
      const res = await bulk(session, { orders: atFirst([mine[0]!.id, outsider, mine[1]!.id]), status: -1 });
      expect(res.statusCode, outsider).toBe(404);
      expect(errorOf(res).code).toBe('not_found');
    }
    expect(await Promise.all(mine.map((o) => stored(o.id)))).toEqual(before);
    expect(await stored(foreign.id)).toMatchObject({ status: 0, version: 1, timeline: 0 });
    expect(await stored(southOrder.id)).toMatchObject({ status: 0, version: 1, timeline: 0 });
  });

  it('one closed order among them makes it 409 and changes none', async () => {
    const store = await makeStore(biz);
    const [open1, closed, open2] = await makeOrders(store, [{}, { status: -2, dex: biz.dex }, {}]);
    const before = await Promise.all([open1, closed, open2].map((o) => stored(o!.id)));
    const day = istDay(open1!.placedAt);
    const statsBefore = await dayStats(biz.id, biz.zones[0], day);
    const res = await bulk(owner, { orders: atFirst([open1!.id, closed!.id, open2!.id]), status: -1 });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({ code: 'conflict', message: messages.orderClosed });
    expect(errorOf(res).current).toEqual(await detail(owner, closed!.id));
    expect(await Promise.all([open1, closed, open2].map((o) => stored(o!.id)))).toEqual(before);
    expect(await dayStats(biz.id, biz.zones[0], day)).toEqual(statsBefore);
  });

  it('Confirmed needs an executive that fits the zone of every order', async () => {
    const north = await makeOrder(await makeStore(biz, biz.zones[0]));
    const south = await makeOrder(await makeStore(biz, biz.zones[1]));
    const named = atFirst([north.id, south.id]);
    const missing = await bulk(owner, { orders: named, status: 1 });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).fields).toEqual({ dexId: messages.dexRequired });
    const halfway = await bulk(owner, { orders: named, status: 1, dexId: biz.dex.id });
    expect(halfway.statusCode).toBe(400);
    expect(errorOf(halfway).fields).toEqual({ dexId: messages.unknownDex });
    expect(await stored(north.id)).toMatchObject({ status: 0, version: 1, dex_id: null, timeline: 0 });
    expect(await stored(south.id)).toMatchObject({ status: 0, version: 1, dex_id: null, timeline: 0 });

    const rivalDex = await makeDex(rival, rival.zones[0]);
    expect(
      (await bulk(owner, { orders: atFirst([north.id]), status: 1, dexId: rivalDex.id })).statusCode,
    ).toBe(400);

    const north2 = await makeOrder(await makeStore(biz, biz.zones[0]));
    const ok = await bulk(owner, { orders: atFirst([north.id, north2.id]), status: 1, dexId: biz.dex.id });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<{ items: OrderSummary[] }>().items).toMatchObject([
      { id: north.id, status: 1, dexId: biz.dex.id, dexName: biz.dex.name, version: 2 },
      { id: north2.id, status: 1, dexId: biz.dex.id, dexName: biz.dex.name, version: 2 },
    ]);
  });

  it('Delivered in bulk counts each order on its own day', async () => {
    const store = await makeStore(biz);
    const [a, b] = await makeOrders(store, [
      { placedAt: new Date('2026-05-01T18:45:00Z'), status: 2, dex: biz.dex }, // 2 May IST
      { placedAt: new Date('2026-05-02T05:00:00Z'), status: 2, dex: biz.dex }, // 2 May IST
    ]);
    const before = await dayStats(biz.id, biz.zones[0], '2026-05-02');
    const res = await bulk(admin, { orders: atFirst([a!.id, b!.id]), status: -2 });
    expect(res.statusCode).toBe(200);
    expect(await dayStats(biz.id, biz.zones[0], '2026-05-02')).toEqual({
      ...before,
      delivered: before.delivered + 2,
      earnings: before.earnings + 24000,
    });
  });

  it('one order changed since it was chosen makes it 409 with every order as it is now, and changes none', async () => {
    const store = await makeStore(biz);
    const [first, second] = await makeOrders(store, [{}, {}]);
    const moved = await change(admin, second!.id, {
      status: 1,
      dexId: biz.dex.id,
      version: 1,
    });
    expect(moved.statusCode).toBe(200);
    const before = await Promise.all([first, second].map((o) => stored(o!.id)));

    const res = await bulk(owner, { orders: atFirst([first!.id, second!.id]), status: -1 });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({ code: 'conflict', message: messages.staleRecord });
    expect(errorOf(res).current).toEqual({
      items: [
        expect.objectContaining({ id: first!.id, status: 0, version: 1 }),
        expect.objectContaining({ id: second!.id, status: 1, version: 2, dexName: biz.dex.name }),
      ],
    });
    expect(await Promise.all([first, second].map((o) => stored(o!.id)))).toEqual(before);

    const again = await bulk(owner, {
      orders: [
        { id: first!.id, version: 1 },
        { id: second!.id, version: 2 },
      ],
      status: -1,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ items: OrderSummary[] }>().items.map((o) => [o.status, o.version])).toEqual([
      [-1, 2],
      [-1, 3],
    ]);
  });

  it('refuses more than 100 orders, none, an order named twice, or entries that are not orders at versions', async () => {
    const order = await makeOrder(await makeStore(biz));
    const many = atFirst(Array.from({ length: 101 }, () => randomUUID()));
    for (const [orders, field] of [
      [[...many.slice(1), { id: order.id, version: 1 }], 'orders'],
      [[], 'orders'],
      [
        [
          { id: order.id, version: 1 },
          { id: order.id, version: 1 },
        ],
        'orders',
      ],
      [[{ id: 'nope', version: 1 }], 'orders.0.id'],
      [[{ id: order.id }], 'orders.0.version'],
      [[{ id: order.id, version: -1 }], 'orders.0.version'],
      [[{ id: order.id, version: 1.5 }], 'orders.0.version'],
      [[order.id], 'orders.0'],
    ] as const) {
      const res = await bulk(owner, { orders, status: -1 });
      expect(res.statusCode, JSON.stringify(orders).slice(0, 80)).toBe(400);
      expect(Object.keys(errorOf(res).fields ?? {})).toContain(field);
    }
    expect((await bulk(owner, { status: -1 })).statusCode).toBe(400);
    expect((await bulk(owner, { orderIds: [order.id], status: -1 })).statusCode).toBe(400);
    expect((await bulk(owner, { orders: atFirst([order.id]), status: 5 })).statusCode).toBe(400);
    // Exactly 100 is allowed (and unknown ids make it 404).
    expect((await bulk(owner, { orders: many.slice(1), status: -1 })).statusCode).toBe(404);
    expect(await stored(order.id)).toMatchObject({ status: 0, version: 1, timeline: 0 });
  });
});

describe('status rules under any sequence of changes', () => {
  type Step = { status: number; withDex: boolean; note: string | null; stale: boolean };
  const step: fc.Arbitrary<Step> = fc.record({
    // Open statuses come up more often, so that sequences run on for a while before the order closes.
    status: fc.oneof(
      { arbitrary: fc.constantFrom(0, 1, 2), weight: 4 },
      { arbitrary: fc.constantFrom(-2, -1), weight: 1 },
    ),
    withDex: fc.boolean(),
    note: fc.option(fc.constantFrom('Called the customer', 'Rider delayed', 'Left at the gate'), {
      freq: 3,
    }),
    // One write in five is based on a version that is no longer current.
    stale: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
  });

  it('a closed order never changes, state follows status, and the timeline has one row per change', async () => {
    const store = await makeStore(biz);
    const dexes = [biz.dex, await makeDex(biz)];
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 12 }),
        fc.constantFrom(0, 1, 2),
        async (steps, start) => {
          runs++;
          const order = await makeOrder(store, { status: start, dex: start > 0 ? biz.dex : undefined });
          const model: { status: number; dexId: string | null; version: number; timeline: number } = {
            status: start,
            dexId: start > 0 ? biz.dex.id : null,
            version: 1,
            timeline: 0,
          };
          for (const [i, s] of steps.entries()) {
            const dex = dexes[i % 2]!;
            // The console always sends the picked executive with Confirmed.
            const withDex = s.withDex || s.status === 1;
            const body = {
              status: s.status,
              version: s.stale ? model.version - 1 : model.version,
              ...(withDex ? { dexId: dex.id } : {}),
              ...(s.note ? { note: s.note } : {}),
            };
            const res = await change(i % 2 ? owner : admin, order.id, body);
            const closed = model.status < 0;
            const needsDex = s.status === 1 || (s.status === 2 && model.dexId === null);
            if (s.stale || closed) {
              expect(res.statusCode, res.body).toBe(409);
              expect(errorOf(res).code).toBe('conflict');
            } else if (needsDex && !withDex) {
              expect(res.statusCode, res.body).toBe(400);
            } else {
              expect(res.statusCode, res.body).toBe(200);
              const moves = s.status !== model.status;
              if (moves || withDex || s.note) model.version++;
              if (moves || withDex || s.note) model.timeline++;
              model.status = s.status;
              if (withDex) model.dexId = dex.id;
            }
            const now = await detail(owner, order.id);
            expect(now.state === 0).toBe(now.status === -1 || now.status === -2);
            expect(now).toMatchObject({ status: model.status, dexId: model.dexId, version: model.version });
            expect(now.timeline).toHaveLength(model.timeline);
            // Each effective change from the current status is chained on the timeline.
            let at: number = start;
            for (const row of now.timeline) {
              expect(row.fromStatus).toBe(at);
              if (row.toStatus !== null) at = row.toStatus;
            }
            expect(at).toBe(model.status);
          }
        },
      ),
      { seed: 20260115, numRuns: 50, endOnFailure: true },
    );
    expect(runs).toBe(50);
  }, 120_000);

  it('a burst of parallel changes on one version has exactly one winner', async () => {
    const store = await makeStore(biz);
    const random = fc.sample(
      fc.array(fc.record({ status: fc.constantFrom(-2, -1, 0, 1, 2), note: fc.boolean() }), {
        minLength: 10,
        maxLength: 10,
      }),
      { seed: 72026, numRuns: 4 },
    );
    for (const burst of random) {
      const order = await makeOrder(store, { placedAt: new Date('2026-06-10T20:00:00Z') });
      const day = () => dayStats(biz.id, biz.zones[0], '2026-06-11');
      const statsBefore = await day();
      // Every request changes something: a move, an executive, or a note.
      const bodies = burst.map((b, i) => ({
        status: b.status,
        version: 1,
        dexId: biz.dex.id,
        ...(b.note ? { note: `note ${i}` } : {}),
      }));
      const answers = await Promise.all(
        bodies.map((body, i) => change(i % 2 ? owner : admin, order.id, body)),
      );
      const winners = answers.filter((r) => r.statusCode === 200);
      const losers = answers.filter((r) => r.statusCode !== 200);
      expect(winners).toHaveLength(1);
      expect(losers.map((r) => r.statusCode)).toEqual(Array(9).fill(409));
      const won = winners[0]!.json<OrderDetail>();
      const wonBody = bodies[answers.indexOf(winners[0]!)]!;
      for (const loser of losers) {
        expect(errorOf(loser).code).toBe('conflict');
        expect(errorOf(loser).current).toMatchObject({ version: 2, status: wonBody.status });
      }
      const now = await detail(owner, order.id);
      expect(now).toEqual(won);
      expect(now).toMatchObject({
        status: wonBody.status,
        state: wonBody.status < 0 ? 0 : 1,
        dexId: biz.dex.id,
        version: 2,
      });
      expect(now.timeline).toHaveLength(1);
      expect(now.timeline[0]).toMatchObject({
        fromStatus: 0,
        toStatus: wonBody.status === 0 ? null : wonBody.status,
        note: wonBody.note ?? null,
      });
      expect(await stored(order.id)).toMatchObject({ timeline: 1, events: 1 });
      const statsAfter = await day();
      expect(statsAfter).toEqual({
        ...statsBefore,
        delivered: statsBefore.delivered + (wonBody.status === -2 ? 1 : 0),
        cancelled: statsBefore.cancelled + (wonBody.status === -1 ? 1 : 0),
        earnings: statsBefore.earnings + (wonBody.status === -2 ? 12000 : 0),
      });
    }
  });
});
