import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { OrderStatus, orderStateFor } from '@storedesk/shared/orders';
import type { Executor, Transaction } from '#server/db/client.ts';
import * as t from '#server/db/schema.ts';
import {
  createBusiness,
  createTestApp,
  deliveryAddressNear,
  enableCashOnDelivery,
  insertItems,
  keyedOrderHeaders,
  signInCustomerWithAddress,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';
import { countsUpsert, recountDailyStats } from '#server/modules/orders/daily-stats.repository.ts';
import { closedCounts, placedCounts } from './order-stats.ts';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Row = {
  zone: string;
  day: string;
  total: number;
  delivered: number;
  cancelled: number;
  earnings: number;
  newCustomers: number;
};

/** A business's counters, zone by name (North, South), day by day. */
async function countersOf(db: Executor, b: TestBusiness): Promise<Row[]> {
  const { rows } = await db.execute<Row>(sql`
    SELECT CASE s.zone_id WHEN ${b.zones[0]}::uuid THEN 'North' ELSE 'South' END AS zone, s.day::text AS day,
           s.total, s.delivered, s.cancelled, s.earnings_paise::int AS earnings, s.new_customers AS "newCustomers"
    FROM daily_stats s WHERE s.business_id = ${b.id} ORDER BY s.day, zone`);
  return rows;
}

const row = (zone: string, day: string, counts: Partial<Omit<Row, 'zone' | 'day'>>): Row => ({
  zone,
  day,
  total: 0,
  delivered: 0,
  cancelled: 0,
  earnings: 0,
  newCustomers: 0,
  ...counts,
});

type World = { b: TestBusiness; storeId: string; customer: (name: string) => Promise<string> };

async function world(timeZone = 'Asia/Kolkata'): Promise<World> {
  const b = await createBusiness(ctx.db, { timeZone });
  const [store] = await ctx.db
    .insert(t.stores)
    .values({
      businessId: b.id,
      zoneId: b.zones[0],
      name: `Store ${randomUUID().slice(0, 6)}`,
      description: 'Groceries',
      location: 'MG Road',
      phone: '9876543210',
      featured: 1,
      latitude: 12.97,
      longitude: 77.59,
      geohash: 'tdr1v9q7x',
      // Open all day, so orders are taken whatever the hour the suite runs.
      openTime: '00:00',
      closeTime: '23:59',
      status: 1,
    })
    .returning({ id: t.stores.id });
  const customer = async (name: string) => {
    const [c] = await ctx.db
      .insert(t.customers)
      .values({
        businessId: b.id,
        name,
        phone: `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
      })
      .returning({ id: t.customers.id });
    return c!.id;
  };
  return { b, storeId: store!.id, customer };
}

/**
 * An order written and counted as the order writes do (placed, then closed if
 * it is), through the same upsert; its status is the one it ends with.
 */
async function placeAndCount(
  db: Executor,
  w: World,
  o: { zone: 0 | 1; customerId: string; first: boolean; at: string; status: OrderStatus; bill?: number },
) {
  const bill = o.bill ?? 0;
  const [written] = await db
    .insert(t.orders)
    .values({
      businessId: w.b.id,
      zoneId: w.b.zones[o.zone],
      storeId: w.storeId,
      storeName: 'Store',
      customerId: o.customerId,
      customerName: 'Customer',
      customerPhone: '9876543210',
      placedAt: new Date(o.at),
      status: o.status,
      state: orderStateFor(o.status),
      items: [],
      charges: [],
      itemsTotalPaise: bill,
      billAmountPaise: bill,
    })
    .returning();
  const counted = written!;
  await db.execute(countsUpsert(counted, placedCounts(o.first)));
  const closed = closedCounts(counted, o.status);
  if (closed) await db.execute(countsUpsert(counted, closed));
  return counted;
}

/** Sets the business's zone and counts again, in one transaction, as the settings change does. */
async function changeZone(db: Executor, w: World, timeZone: string) {
  await db.update(t.businesses).set({ timeZone }).where(eq(t.businesses.id, w.b.id));
  await recountDailyStats(db, { businessId: w.b.id });
}

/** A transaction held open until `commit()`, to race another against it. */
function heldTransaction() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let opened!: (tx: Transaction) => void;
  const ready = new Promise<Transaction>((resolve) => (opened = resolve));
  const done = ctx.db.transaction(async (tx) => {
    opened(tx);
    await gate;
  });
  return {
    ready,
    commit: () => {
      release();
      return done;
    },
  };
}

/** Resolves once some statement of this database waits for a lock on daily_stats. */
async function someoneWaitsForDailyStats() {
  for (let tries = 0; tries < 200; tries++) {
    const { rows } = await ctx.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM pg_locks
      WHERE NOT granted AND relation = 'daily_stats'::regclass
        AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`);
    if (rows[0]!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('nobody waited for daily_stats');
}

/** Whether `promise` has settled, told from now on: the answer at any later moment. */
function settledYet(promise: Promise<unknown>): () => boolean {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  return () => done;
}

describe('countsUpsert', () => {
  it("counts an order on its day in its business's time zone", async () => {
    // 20:00 UTC on 22 November is 01:30 on 23 November in Kolkata, and 12:00 on the 22nd in Los Angeles.
    const at = '2026-11-22T20:00:00Z';
    for (const [timeZone, day] of [
      ['Asia/Kolkata', '2026-11-23'],
      ['UTC', '2026-11-22'],
      ['America/Los_Angeles', '2026-11-22'],
      ['Pacific/Kiritimati', '2026-11-23'],
    ] as const) {
      const w = await world(timeZone);
      await placeAndCount(ctx.db, w, {
        zone: 0,
        customerId: await w.customer('Asha'),
        first: true,
        at,
        status: OrderStatus.Delivered,
        bill: 4_200,
      });
      expect(await countersOf(ctx.db, w.b), timeZone).toEqual([
        row('North', day, { total: 1, delivered: 1, earnings: 4_200, newCustomers: 1 }),
      ]);
    }
  });
});

describe('recountDailyStats', () => {
  it('moves every order to its day in the new zone, and back, touching no other business', async () => {
    const w = await world('Asia/Kolkata');
    const bystander = await world('Asia/Kolkata');
    const [asha, ravi] = [await w.customer('Asha'), await w.customer('Ravi')];
    // 01:30 on the 23rd in Kolkata, 20:00 on the 22nd in UTC: the order that changes day.
    await placeAndCount(ctx.db, w, {
      zone: 0,
      customerId: asha,
      first: true,
      at: '2026-11-22T20:00:00Z',
      status: OrderStatus.Delivered,
      bill: 10_000,
    });
    await placeAndCount(ctx.db, w, {
      zone: 0,
      customerId: asha,
      first: false,
      at: '2026-11-23T06:00:00Z',
      status: OrderStatus.Cancelled,
    });
    await placeAndCount(ctx.db, w, {
      zone: 1,
      customerId: ravi,
      first: true,
      at: '2026-11-23T10:00:00Z',
      status: OrderStatus.Placed,
    });
    // 00:30 on the 24th in Kolkata, 19:00 on the 23rd in UTC.
    await placeAndCount(ctx.db, w, {
      zone: 0,
      customerId: ravi,
      first: false,
      at: '2026-11-23T19:00:00Z',
      status: OrderStatus.Confirmed,
    });
    await placeAndCount(ctx.db, bystander, {
      zone: 0,
      customerId: await bystander.customer('Meera'),
      first: true,
      at: '2026-11-22T20:00:00Z',
      status: OrderStatus.Placed,
    });

    const inKolkata = [
      row('North', '2026-11-23', { total: 2, delivered: 1, cancelled: 1, earnings: 10_000, newCustomers: 1 }),
      row('South', '2026-11-23', { total: 1, newCustomers: 1 }),
      row('North', '2026-11-24', { total: 1 }),
    ];
    expect(await countersOf(ctx.db, w.b)).toEqual(inKolkata);
    const bystanderBefore = await countersOf(ctx.db, bystander.b);

    await ctx.db.transaction((tx) => changeZone(tx, w, 'UTC'));
    expect(await countersOf(ctx.db, w.b)).toEqual([
      row('North', '2026-11-22', { total: 1, delivered: 1, earnings: 10_000, newCustomers: 1 }),
      row('North', '2026-11-23', { total: 2, cancelled: 1 }),
      row('South', '2026-11-23', { total: 1, newCustomers: 1 }),
    ]);
    expect(await countersOf(ctx.db, bystander.b)).toEqual(bystanderBefore);

    // Back to Kolkata: exactly what the order writes had counted.
    await ctx.db.transaction((tx) => changeZone(tx, w, 'Asia/Kolkata'));
    expect(await countersOf(ctx.db, w.b)).toEqual(inKolkata);
  });

  it('changes nothing when rolled back with the zone', async () => {
    const w = await world('Asia/Kolkata');
    await placeAndCount(ctx.db, w, {
      zone: 0,
      customerId: await w.customer('Asha'),
      first: true,
      at: '2026-11-22T20:00:00Z',
      status: OrderStatus.Placed,
    });
    const before = await countersOf(ctx.db, w.b);
    await expect(
      ctx.db.transaction(async (tx) => {
        await changeZone(tx, w, 'UTC');
        expect(await countersOf(tx, w.b)).toEqual([
          row('North', '2026-11-22', { total: 1, newCustomers: 1 }),
        ]);
        throw new Error('the settings save failed');
      }),
    ).rejects.toThrow('the settings save failed');
    expect(await countersOf(ctx.db, w.b)).toEqual(before);
  });

  it('refuses to run in a transaction with one snapshot for all its statements', async () => {
    const w = await world('Asia/Kolkata');
    await expect(
      ctx.db.transaction((tx) => changeZone(tx, w, 'UTC'), { isolationLevel: 'repeatable read' }),
    ).rejects.toThrow('recountDailyStats needs a READ COMMITTED transaction, not repeatable read');
  });

  it('waits for an order that counted before it, and counts that order by the new zone', async () => {
    const w = await world('Asia/Kolkata');
    const asha = await w.customer('Asha');
    await placeAndCount(ctx.db, w, {
      zone: 0,
      customerId: asha,
      first: true,
      at: '2026-11-23T06:00:00Z',
      status: OrderStatus.Placed,
    });
    // An order transaction that has counted (on the 23rd, Kolkata) and not committed yet.
    const placing = heldTransaction();
    await placeAndCount(await placing.ready, w, {
      zone: 0,
      customerId: await w.customer('Ravi'),
      first: true,
      at: '2026-11-22T20:30:00Z',
      status: OrderStatus.Placed,
    });

    const change = ctx.db.transaction((tx) => changeZone(tx, w, 'UTC'));
    const changed = settledYet(change);
    // Seen waiting for the order's lock, it had not finished before, and cannot until the order commits.
    await someoneWaitsForDailyStats();
    expect(changed()).toBe(false);
    await placing.commit();
    await change;

    expect(await countersOf(ctx.db, w.b)).toEqual([
      row('North', '2026-11-22', { total: 1, newCustomers: 1 }),
      row('North', '2026-11-23', { total: 1, newCustomers: 1 }),
    ]);
  });

  it('makes an order that counts meanwhile wait, then count on its day in the new zone', async () => {
    const w = await world('UTC');
    await placeAndCount(ctx.db, w, {
      zone: 0,
      customerId: await w.customer('Asha'),
      first: true,
      at: '2026-11-22T20:00:00Z',
      status: OrderStatus.Delivered,
      bill: 700,
    });
    // The zone change has counted again and holds the counters until it commits.
    const changing = heldTransaction();
    await changeZone(await changing.ready, w, 'Asia/Kolkata');

    // 02:30 on the 23rd in Kolkata, still the 22nd in UTC, the zone until the change commits.
    const ravi = await w.customer('Ravi');
    const placing = ctx.db.transaction((tx) =>
      placeAndCount(tx, w, {
        zone: 1,
        customerId: ravi,
        first: true,
        at: '2026-11-22T21:00:00Z',
        status: OrderStatus.Cancelled,
      }),
    );
    const placed = settledYet(placing);
    await someoneWaitsForDailyStats();
    expect(placed()).toBe(false);
    await changing.commit();
    await placing;

    const expected = [
      row('North', '2026-11-23', { total: 1, delivered: 1, earnings: 700, newCustomers: 1 }),
      row('South', '2026-11-23', { total: 1, cancelled: 1, newCustomers: 1 }),
    ];
    expect(await countersOf(ctx.db, w.b)).toEqual(expected);
    // And the same as counting everything again now.
    await ctx.db.transaction((tx) => recountDailyStats(tx, { businessId: w.b.id }));
    expect(await countersOf(ctx.db, w.b)).toEqual(expected);
  });

  it("counts what the storefront's order writes count: a customer's first order is a new customer, a keyed order nobody's", async () => {
    const w = await world('Asia/Kolkata');
    const [item] = await insertItems(ctx.db, [
      { businessId: w.b.id, storeId: w.storeId, name: 'Rice', pricePaise: 50_000 },
    ]);
    await enableCashOnDelivery(ctx.db, w.b);
    const basket = { storeId: w.storeId, items: [{ itemId: item!.id, quantity: 1 }], paymentMode: 'COD' };
    const asha = await signInCustomerWithAddress(ctx, w.b.storefrontKey, '9876500001', 'Asha');
    const ravi = await signInCustomerWithAddress(ctx, w.b.storefrontKey, '9876500002', 'Ravi');
    const orders = [
      ...[asha, ravi, asha].map((customer) => ({
        headers: customer.headers,
        payload: { ...basket, addressId: customer.addressId },
      })),
      // From the business's own system, naming a phone that is a customer's: it joins no account.
      {
        headers: keyedOrderHeaders(w.b),
        payload: {
          ...basket,
          customer: { name: 'Asha', phone: '9876500001' },
          deliveryAddress: deliveryAddressNear,
        },
      },
    ];
    for (const { headers, payload } of orders) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/storefront/orders', headers, payload });
      expect(res.statusCode, res.body).toBe(201);
    }
    const counted = await countersOf(ctx.db, w.b);
    expect(counted.reduce((sum, r) => sum + r.total, 0)).toBe(4);
    expect(counted.reduce((sum, r) => sum + r.newCustomers, 0)).toBe(2);
    await ctx.db.transaction((tx) => recountDailyStats(tx, { businessId: w.b.id }));
    expect(await countersOf(ctx.db, w.b)).toEqual(counted);
  });
});
