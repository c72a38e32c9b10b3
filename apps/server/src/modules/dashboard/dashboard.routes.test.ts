import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSchema, type Dashboard } from '@storedesk/shared/dashboard/schemas';
import { businessDay } from '@storedesk/shared/dates';
import { OrderStatus } from '@storedesk/shared/orders';
import type { Executor } from '#server/db/client.ts';
import { closedCounts, placedCounts } from '#server/modules/orders/order-stats.ts';
import {
  countsUpsert,
  type CountedOrder,
  type Counts,
} from '#server/modules/orders/daily-stats.repository.ts';
import {
  caller,
  createBusiness,
  createStaffWorld,
  errorOf,
  signIn,
  type Call,
  type Session,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';
import { dashboardOf, percentChange } from './dashboard.service.ts';

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
});
afterAll(() => ctx.close());

type Outcome = 'open' | 'delivered' | 'cancelled';

/** Moves the counters as the order writes do, through the same upsert. */
const countOrder = (db: Executor, order: CountedOrder, counts: Counts) =>
  db.execute(countsUpsert(order, counts));

/** An order's effect on the counters, through the same code the order writes use. */
async function order(
  db: Executor,
  b: TestBusiness,
  zone: 0 | 1,
  placedAt: string,
  outcome: Outcome,
  billAmountPaise = 0,
) {
  const counted = { businessId: b.id, zoneId: b.zones[zone], placedAt: new Date(placedAt), billAmountPaise };
  await countOrder(db, counted, placedCounts(false));
  if (outcome === 'delivered') await countOrder(db, counted, closedCounts(counted, OrderStatus.Delivered)!);
  if (outcome === 'cancelled') await countOrder(db, counted, closedCounts(counted, OrderStatus.Cancelled)!);
}

/** Customers whose first orders were placed at these instants, in the north zone. */
async function customersJoined(db: Executor, b: TestBusiness, instants: string[]) {
  for (const at of instants) {
    const counted = { businessId: b.id, zoneId: b.zones[0], placedAt: new Date(at), billAmountPaise: 0 };
    await countOrder(db, counted, { newCustomers: 1 });
  }
}

const all = (b: TestBusiness) => ({ businessId: b.id, zoneId: null });
const zone = (b: TestBusiness, i: 0 | 1) => ({ businessId: b.id, zoneId: b.zones[i] });

describe('percent change since last month', () => {
  it('is relative to the previous value, rounded to 2 decimals with halves away from zero', () => {
    expect(percentChange(11, 7)).toBe(57.14); // 57.142857…
    expect(percentChange(2, 3)).toBe(-33.33); // −33.333…
    expect(percentChange(1, 3)).toBe(-66.67); // −66.666…
    expect(percentChange(33, 32)).toBe(3.13); // 3.125 exactly
    expect(percentChange(31, 32)).toBe(-3.13); // −3.125 exactly
    expect(percentChange(5, 4)).toBe(25);
    expect(percentChange(0, 9)).toBe(-100);
    expect(percentChange(9, 9)).toBe(0);
    expect(Object.is(percentChange(1_000_000, 1_000_001), 0)).toBe(true); // −0.000099…, never −0
  });

  it('is relative to 1 when last month had none', () => {
    expect(percentChange(3, 0)).toBe(300);
    expect(percentChange(1, 0)).toBe(100);
    expect(percentChange(0, 0)).toBe(0);
  });
});

const kolkata = 'Asia/Kolkata';

describe('days in the business’s time zone', () => {
  it('an instant belongs to its day in Asia/Kolkata (UTC+05:30)', () => {
    expect(businessDay(new Date('2025-02-28T18:29:59Z'), kolkata)).toBe('2025-02-28'); // 23:59:59 IST
    expect(businessDay(new Date('2025-02-28T18:30:00Z'), kolkata)).toBe('2025-03-01'); // 00:00 IST
    expect(businessDay(new Date('2024-12-31T19:00:00Z'), kolkata)).toBe('2025-01-01');
  });
});

describe('the figures, at a fixed moment', () => {
  // 12:00 on 10 March 2025 in Asia/Kolkata.
  const now = new Date('2025-03-10T06:30:00Z');
  let b: TestBusiness;
  let other: TestBusiness;

  beforeAll(async () => {
    const db = ctx.db;
    b = await createBusiness(db);
    other = await createBusiness(db);

    // January: 23:30 IST on the 31st is still January, although nothing in UTC says otherwise.
    await order(db, b, 0, '2025-01-31T18:00:00Z', 'delivered', 1_000_000);

    // February (last month): 5 orders in the north, 2 in the south; 3 cancelled.
    await order(db, b, 0, '2025-01-31T19:00:00Z', 'delivered', 12_345); // 00:30 IST on 1 February
    await order(db, b, 0, '2025-02-15T06:00:00Z', 'delivered', 100_000);
    await order(db, b, 0, '2025-02-15T07:00:00Z', 'cancelled');
    await order(db, b, 0, '2025-02-15T08:00:00Z', 'delivered', 99);
    await order(db, b, 0, '2025-02-28T18:00:00Z', 'cancelled'); // 23:30 IST on 28 February
    await order(db, b, 1, '2025-02-10T06:00:00Z', 'open');
    await order(db, b, 1, '2025-02-10T07:00:00Z', 'cancelled');

    // March so far: 7 in the north, 4 in the south; 2 cancelled.
    await order(db, b, 0, '2025-02-28T19:00:00Z', 'delivered', 45_050); // 00:30 IST on 1 March
    await order(db, b, 0, '2025-03-03T18:15:00Z', 'delivered', 10); // 23:45 IST on 3 March, before the chart
    await order(db, b, 1, '2025-03-04T05:00:00Z', 'cancelled');
    await order(db, b, 0, '2025-03-06T05:00:00Z', 'delivered', 19_999);
    await order(db, b, 0, '2025-03-06T06:00:00Z', 'delivered', 1);
    await order(db, b, 1, '2025-03-08T05:00:00Z', 'delivered', 33_333);
    // Today (10 March IST): the first one is still 9 March in UTC.
    await order(db, b, 0, '2025-03-09T18:40:00Z', 'delivered', 5_000);
    await order(db, b, 0, '2025-03-10T04:30:00Z', 'cancelled');
    await order(db, b, 0, '2025-03-10T06:29:00Z', 'open');
    await order(db, b, 1, '2025-03-10T06:00:00Z', 'open');
    await order(db, b, 1, '2025-03-10T06:10:00Z', 'delivered', 700);

    // Customers: 4 joined in February, 5 in March so far; one on 31 January IST doesn't count.
    await customersJoined(db, b, [
      '2025-01-31T18:00:00Z',
      '2025-01-31T19:00:00Z',
      '2025-02-14T10:00:00Z',
      '2025-02-20T10:00:00Z',
      '2025-02-28T18:00:00Z',
      '2025-02-28T19:00:00Z',
      '2025-03-02T10:00:00Z',
      '2025-03-05T10:00:00Z',
      '2025-03-09T10:00:00Z',
      '2025-03-10T05:00:00Z',
    ]);

    // Another business, busy on the same days: never counted.
    for (const at of ['2025-02-15T06:00:00Z', '2025-03-06T05:00:00Z', '2025-03-10T05:00:00Z']) {
      await order(db, other, 0, at, 'delivered', 777_777);
      await order(db, other, 1, at, 'cancelled');
      await order(db, other, 1, at, 'open');
    }
    await customersJoined(db, other, [
      '2025-02-15T06:00:00Z',
      '2025-03-06T05:00:00Z',
      '2025-03-10T05:00:00Z',
    ]);
  });

  it('for every zone: this month against last, the last 7 days and today', async () => {
    const dashboard = await dashboardOf(ctx.db, all(b), now, kolkata);
    expect(dashboardSchema.parse(dashboard)).toEqual(dashboard);
    expect(dashboard).toEqual({
      zoneId: null,
      today: '2025-03-10',
      month: '2025-03',
      previousMonth: '2025-02',
      cards: {
        totalUsers: { value: 5, previous: 4, changePercent: 25 },
        totalOrders: { value: 11, previous: 7, changePercent: 57.14 },
        cancelledOrders: { value: 2, previous: 3, changePercent: -33.33 },
        earningsPaise: 45_050 + 10 + 19_999 + 1 + 33_333 + 5_000 + 700,
      },
      ordersOverview: [
        { day: '2025-03-04', cancelled: 1, delivered: 0, total: 1 },
        { day: '2025-03-05', cancelled: 0, delivered: 0, total: 0 },
        { day: '2025-03-06', cancelled: 0, delivered: 2, total: 2 },
        { day: '2025-03-07', cancelled: 0, delivered: 0, total: 0 },
        { day: '2025-03-08', cancelled: 0, delivered: 1, total: 1 },
        { day: '2025-03-09', cancelled: 0, delivered: 0, total: 0 },
        { day: '2025-03-10', cancelled: 1, delivered: 2, total: 5 },
      ],
      ordersByStatus: { pending: 2, delivered: 2, cancelled: 1 },
    });
    expect(dashboard.cards.earningsPaise).toBe(104_093);
  });

  it('for one zone: only that zone’s orders and new customers', async () => {
    const north = await dashboardOf(ctx.db, zone(b, 0), now, kolkata);
    expect(north.zoneId).toBe(b.zones[0]);
    expect(north.cards).toEqual({
      totalUsers: { value: 5, previous: 4, changePercent: 25 },
      totalOrders: { value: 7, previous: 5, changePercent: 40 },
      cancelledOrders: { value: 1, previous: 2, changePercent: -50 },
      earningsPaise: 45_050 + 10 + 19_999 + 1 + 5_000,
    });
    expect(north.ordersOverview.map((d) => d.total)).toEqual([0, 0, 2, 0, 0, 0, 3]);
    expect(north.ordersByStatus).toEqual({ pending: 1, delivered: 1, cancelled: 1 });

    const south = await dashboardOf(ctx.db, zone(b, 1), now, kolkata);
    expect(south.cards).toEqual({
      totalUsers: { value: 0, previous: 0, changePercent: 0 },
      totalOrders: { value: 4, previous: 2, changePercent: 100 },
      cancelledOrders: { value: 1, previous: 1, changePercent: 0 },
      earningsPaise: 33_333 + 700,
    });
    expect(south.ordersOverview.map((d) => d.total)).toEqual([1, 0, 0, 0, 1, 0, 2]);
    expect(south.ordersByStatus).toEqual({ pending: 1, delivered: 1, cancelled: 0 });
  });

  it('half an hour into a month in India, that month is the current one though UTC is still in the last', async () => {
    // 00:30 IST on 1 April, 19:00 UTC on 31 March.
    const dashboard = await dashboardOf(ctx.db, all(b), new Date('2025-03-31T19:00:00Z'), kolkata);
    expect(dashboard).toMatchObject({ today: '2025-04-01', month: '2025-04', previousMonth: '2025-03' });
    expect(dashboard.cards).toEqual({
      totalUsers: { value: 0, previous: 5, changePercent: -100 },
      totalOrders: { value: 0, previous: 11, changePercent: -100 },
      cancelledOrders: { value: 0, previous: 2, changePercent: -100 },
      earningsPaise: 0,
    });
    expect(dashboard.ordersOverview.map((d) => d.day)).toEqual([
      '2025-03-26',
      '2025-03-27',
      '2025-03-28',
      '2025-03-29',
      '2025-03-30',
      '2025-03-31',
      '2025-04-01',
    ]);
    expect(dashboard.ordersOverview.every((d) => d.total === 0)).toBe(true);
    expect(dashboard.ordersByStatus).toEqual({ pending: 0, delivered: 0, cancelled: 0 });
  });

  it('at 23:59 IST on the last day of a month, that whole month is current', async () => {
    // 23:59 IST on 28 February is 18:29 UTC.
    const dashboard = await dashboardOf(ctx.db, all(b), new Date('2025-02-28T18:29:00Z'), kolkata);
    expect(dashboard).toMatchObject({ today: '2025-02-28', month: '2025-02', previousMonth: '2025-01' });
    expect(dashboard.cards).toEqual({
      totalUsers: { value: 4, previous: 1, changePercent: 300 },
      totalOrders: { value: 7, previous: 1, changePercent: 600 },
      cancelledOrders: { value: 3, previous: 0, changePercent: 300 },
      earningsPaise: 12_345 + 100_000 + 99,
    });
    // 28 February's order at 23:30 IST is today's, and cancelled.
    expect(dashboard.ordersByStatus).toEqual({ pending: 0, delivered: 0, cancelled: 1 });
  });

  it('counts nothing for a business with no orders and no customers', async () => {
    const empty = await createBusiness(ctx.db);
    const dashboard = await dashboardOf(ctx.db, all(empty), now, kolkata);
    expect(dashboard.cards).toEqual({
      totalUsers: { value: 0, previous: 0, changePercent: 0 },
      totalOrders: { value: 0, previous: 0, changePercent: 0 },
      cancelledOrders: { value: 0, previous: 0, changePercent: 0 },
      earningsPaise: 0,
    });
    expect(dashboard.ordersOverview).toHaveLength(7);
  });

  it('a new month with orders after an empty one: change relative to 1', async () => {
    const fresh = await createBusiness(ctx.db);
    await order(ctx.db, fresh, 0, '2025-03-02T05:00:00Z', 'delivered', 250);
    await order(ctx.db, fresh, 0, '2025-03-02T06:00:00Z', 'open');
    await order(ctx.db, fresh, 1, '2025-03-09T05:00:00Z', 'open');
    const dashboard = await dashboardOf(ctx.db, all(fresh), now, kolkata);
    expect(dashboard.cards.totalOrders).toEqual({ value: 3, previous: 0, changePercent: 300 });
    expect(dashboard.cards.cancelledOrders).toEqual({ value: 0, previous: 0, changePercent: 0 });
    expect(dashboard.cards.earningsPaise).toBe(250);
  });
});

describe('GET /api/dashboard', () => {
  let today: string;

  beforeAll(async () => {
    const placedAt = new Date().toISOString();
    today = businessDay(placedAt, kolkata);
    await order(ctx.db, biz, 0, placedAt, 'delivered', 1234);
    await order(ctx.db, biz, 0, placedAt, 'open');
    await order(ctx.db, biz, 1, placedAt, 'cancelled');
    await order(ctx.db, biz, 1, placedAt, 'open');
    await order(ctx.db, biz, 1, placedAt, 'open');
    await order(ctx.db, rival, 0, placedAt, 'delivered', 99_999);
  });

  async function dashboard(session: Session, query = ''): Promise<Dashboard> {
    const res = await call(session, 'GET', `/api/dashboard${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Dashboard>();
  }

  it('needs a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/dashboard' });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe('unauthenticated');
  });

  it('the owner sees every zone by default, and one zone when naming it', async () => {
    const everything = await dashboard(owner);
    expect(everything.zoneId).toBeNull();
    expect(everything.today).toBe(today);
    expect(everything.ordersOverview.at(-1)).toEqual({ day: today, cancelled: 1, delivered: 1, total: 5 });
    expect(everything.ordersByStatus).toEqual({ pending: 3, delivered: 1, cancelled: 1 });
    expect(everything.cards.earningsPaise).toBe(1234);

    const south = await dashboard(owner, `?zoneId=${biz.zones[1]}`);
    expect(south.zoneId).toBe(biz.zones[1]);
    expect(south.ordersByStatus).toEqual({ pending: 2, delivered: 0, cancelled: 1 });
    expect(south.cards.earningsPaise).toBe(0);
  });

  it('an admin always sees their own zone, named or not', async () => {
    for (const query of ['', `?zoneId=${biz.zones[0]}`]) {
      const north = await dashboard(admin, query);
      expect(north.zoneId).toBe(biz.zones[0]);
      expect(north.ordersByStatus).toEqual({ pending: 1, delivered: 1, cancelled: 0 });
      expect(north.cards.earningsPaise).toBe(1234);
    }
    const south = await dashboard(southAdmin);
    expect(south.zoneId).toBe(biz.zones[1]);
    expect(south.ordersByStatus).toEqual({ pending: 2, delivered: 0, cancelled: 1 });
  });

  it('an admin naming another zone gets 403', async () => {
    for (const zoneId of [biz.zones[1], rival.zones[0], randomUUID()]) {
      const res = await call(admin, 'GET', `/api/dashboard?zoneId=${zoneId}`);
      expect(res.statusCode, zoneId).toBe(403);
      expect(errorOf(res).code).toBe('forbidden');
    }
  });

  it('the owner naming a zone that is not one of the business’s gets 400 on zoneId', async () => {
    for (const zoneId of [rival.zones[0], randomUUID()]) {
      const res = await call(owner, 'GET', `/api/dashboard?zoneId=${zoneId}`);
      expect(res.statusCode, zoneId).toBe(400);
      expect(errorOf(res).fields).toEqual({ zoneId: 'Choose a zone of this business' });
    }
    const malformed = await call(owner, 'GET', '/api/dashboard?zoneId=north');
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).code).toBe('invalid_input');
  });

  it('another business’s figures are its own', async () => {
    const theirs = await dashboard(rivalOwner);
    expect(theirs.ordersByStatus).toEqual({ pending: 0, delivered: 1, cancelled: 0 });
    expect(theirs.cards.earningsPaise).toBe(99_999);
  });
});

describe('a business in another time zone (D19)', () => {
  it('counts its orders on its own days, and its today, week and months are its own', async () => {
    const la = await createBusiness(ctx.db, { timeZone: 'America/Los_Angeles' });
    // 23:30 on 28 February in Los Angeles (PST, UTC−8), already 1 March in UTC and in India.
    await order(ctx.db, la, 0, '2025-03-01T07:30:00Z', 'delivered', 500);
    // 00:30 on 1 March in Los Angeles.
    await order(ctx.db, la, 0, '2025-03-01T08:30:00Z', 'cancelled');
    // 23:30 on 9 March in Los Angeles, on summer time since 02:00 that day (PDT, UTC−7).
    await order(ctx.db, la, 1, '2025-03-10T06:30:00Z', 'open');
    await customersJoined(ctx.db, la, ['2025-03-01T07:30:00Z']);

    const { rows } = await ctx.db.execute<{ day: string; total: number }>(
      sql`SELECT day::text AS day, sum(total)::int AS total FROM daily_stats
          WHERE business_id = ${la.id} GROUP BY day ORDER BY day`,
    );
    expect(rows).toEqual([
      { day: '2025-02-28', total: 1 },
      { day: '2025-03-01', total: 1 },
      { day: '2025-03-09', total: 1 },
    ]);

    // 11:00 on 10 March in Los Angeles.
    const dashboard = await dashboardOf(
      ctx.db,
      all(la),
      new Date('2025-03-10T18:00:00Z'),
      'America/Los_Angeles',
    );
    expect(dashboard).toMatchObject({ today: '2025-03-10', month: '2025-03', previousMonth: '2025-02' });
    expect(dashboard.cards).toEqual({
      totalUsers: { value: 0, previous: 1, changePercent: -100 },
      totalOrders: { value: 2, previous: 1, changePercent: 100 },
      cancelledOrders: { value: 1, previous: 0, changePercent: 100 },
      earningsPaise: 0,
    });
    expect(dashboard.ordersOverview.map((d) => [d.day, d.total])).toEqual([
      ['2025-03-04', 0],
      ['2025-03-05', 0],
      ['2025-03-06', 0],
      ['2025-03-07', 0],
      ['2025-03-08', 0],
      ['2025-03-09', 1],
      ['2025-03-10', 0],
    ]);
    expect(dashboard.ordersByStatus).toEqual({ pending: 0, delivered: 0, cancelled: 0 });
  });

  it("GET /api/dashboard answers in the signed-in business's zone", async () => {
    // UTC+14 and UTC−11: their days always differ.
    const zones = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'];
    const seen: string[] = [];
    for (const timeZone of zones) {
      const b = await createBusiness(ctx.db, { timeZone });
      const placedAt = new Date().toISOString();
      await order(ctx.db, b, 0, placedAt, 'open');
      const res = await call(await signIn(ctx.app, b.owner.email), 'GET', '/api/dashboard');
      expect(res.statusCode, res.body).toBe(200);
      const dashboard = res.json<Dashboard>();
      const today = businessDay(placedAt, timeZone);
      expect(dashboard.today).toBe(today);
      expect(dashboard.ordersOverview.at(-1)).toEqual({ day: today, cancelled: 0, delivered: 0, total: 1 });
      expect(dashboard.ordersByStatus).toEqual({ pending: 1, delivered: 0, cancelled: 0 });
      seen.push(dashboard.today);
    }
    expect(seen[0]! > seen[1]!).toBe(true);
  });
});
