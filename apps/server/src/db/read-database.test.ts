/**
 * DATABASE_READ_URL (ADR 0052): reports, exports and the dashboard read the standby it names;
 * the order page and the lists read the primary, so what a person just changed is what they see.
 * The "standby" here is a copy of the primary made after the fixtures, and the primary then
 * moves on alone: a standby that lags. Every figure is asserted exactly, on both sides.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { businessDay } from '@storedesk/shared/dates';
import { OrderStatus } from '@storedesk/shared/orders';
import type { Dashboard } from '@storedesk/shared/dashboard/schemas';
import type { OrderDetail, OrderListResponse } from '@storedesk/shared/orders/schemas';
import type { SalesReport } from '@storedesk/shared/reports/schemas';
import { dropTestDatabase } from '#test/drop-database.ts';
import {
  createBusiness,
  createStoreWithItem,
  createTestApp,
  createTestDatabase,
  insertOrder,
  signIn,
  type Session,
  type TestApp,
  type TestBusiness,
  type TestDatabase,
} from '#test/harness.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '#server/plugins/error-handler.ts';
import { recountDays } from '#server/modules/orders/orders.service.ts';
import * as t from './schema.ts';

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

let primary: TestDatabase;
let standbyUrl: string;
let biz: TestBusiness;
let today: string;
/** The order left open in the fixtures, the one a test moves on the primary. */
let openOrder: { id: string; version: number };

type Where = { businessId: string; zoneId: string; storeId: string; customerId: string };

/** A delivered COD order whose cash the business's executive collected, as the delivery app leaves it. */
function delivered(billAmountPaise: number) {
  return {
    billAmountPaise,
    status: OrderStatus.Delivered,
    state: 0,
    dexId: biz.dex.id,
    dexName: biz.dex.name,
    deliveredAt: new Date(),
    cashCollectedPaise: billAmountPaise,
  };
}

/** The dashboard's counters and the sales rollup counted again from the orders, as the writes keep them. */
async function recount(database: TestDatabase) {
  await database.db.transaction((tx) => recountDays(tx, biz.id));
}

/** A copy of `source` as it is now, the way a standby has it: every connection to it must be gone first. */
async function copyOf(source: TestDatabase): Promise<string> {
  const adminUrl = inject('pgAdminUrl');
  const sourceName = new URL(source.url).pathname.slice(1);
  const name = `storedesk_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      // The pool's idle connections end; it opens new ones when next used (its error handler).
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [sourceName],
      );
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${sourceName}`);
        break;
      } catch (error) {
        // 55006: a connection was still closing.
        if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  } finally {
    await admin.end();
  }
  cleanups.push(async () => {
    const a = new pg.Client({ connectionString: adminUrl });
    await a.connect();
    await dropTestDatabase(a, name);
    await a.end();
  });
  const url = new URL(source.url);
  url.pathname = `/${name}`;
  return url.toString();
}

beforeAll(async () => {
  primary = await createTestDatabase();
  cleanups.push(() => primary.drop());
  biz = await createBusiness(primary.db);
  const { storeId } = await createStoreWithItem(primary.db, biz);
  const [customer] = await primary.db
    .insert(t.customers)
    .values({ businessId: biz.id, name: 'Asha', phone: '9811111111' })
    .returning({ id: t.customers.id });
  const where: Where = { businessId: biz.id, zoneId: biz.zones[0], storeId, customerId: customer!.id };
  today = businessDay(new Date(), 'Asia/Kolkata');

  // Both the primary and its standby: two orders delivered (₹100 and ₹200), one open (₹50).
  await insertOrder(primary.db, where, delivered(10_000));
  await insertOrder(primary.db, where, delivered(20_000));
  openOrder = await insertOrder(primary.db, where, { billAmountPaise: 5_000 });
  await recount(primary);
  standbyUrl = await copyOf(primary);

  // The primary alone, which the standby has not replayed yet: one more delivered (₹400).
  await insertOrder(primary.db, where, delivered(40_000));
  await recount(primary);
});

/** An app on the primary, reading the standby when `reads` names one; the owner signed in. */
async function appWith(reads?: string): Promise<{ ctx: TestApp; owner: Session }> {
  const ctx = await createTestApp({
    database: primary,
    ...(reads ? { env: { DATABASE_READ_URL: reads } } : {}),
  });
  cleanups.push(() => ctx.close());
  return { ctx, owner: await signIn(ctx.app, biz.owner.email) };
}

/** What each read that may use the standby answers, as the figures that tell primary from standby. */
async function lagging(ctx: TestApp, owner: Session) {
  const get = (url: string) => ctx.app.inject({ url, headers: owner.headers });
  const dashboard = await get('/api/dashboard');
  const report = await get(`/api/reports/sales?groupBy=day&from=${today}&to=${today}`);
  const reportCsv = await get(`/api/reports/sales.csv?groupBy=day&from=${today}&to=${today}`);
  const ordersCsv = await get('/api/orders/export.csv?view=completed');
  const cashCsv = await get(`/api/dispatch/cash.csv?from=${today}&to=${today}`);
  for (const res of [dashboard, report, reportCsv, ordersCsv, cashCsv])
    expect(res.statusCode, res.body).toBe(200);
  const board = dashboard.json<Dashboard>();
  const { totals } = report.json<SalesReport>();
  return {
    dashboard: {
      totalOrders: board.cards.totalOrders.value,
      earningsPaise: board.cards.earningsPaise,
      today: board.ordersByStatus,
    },
    report: { orders: totals.orders, netPaise: totals.netPaise },
    reportCsvTotals: reportCsv.body.trimEnd().split('\r\n').at(-1),
    ordersCsvBills: ordersCsv.body
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[6])
      .sort(),
    cashCsvCollected: cashCsv.body
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',').slice(2, 4)),
  };
}

// Items sold are 0: the orders here are written without item lines.
const asOnTheStandby = {
  dashboard: { totalOrders: 3, earningsPaise: 30_000, today: { pending: 1, delivered: 2, cancelled: 0 } },
  report: { orders: 2, netPaise: 30_000 },
  reportCsvTotals: 'Total,2,0,300.00,0.00,0.00,300.00,0',
  ordersCsvBills: ['100.00', '200.00'],
  cashCsvCollected: [['2', '300.00']],
};
const asOnThePrimary = {
  dashboard: { totalOrders: 4, earningsPaise: 70_000, today: { pending: 1, delivered: 3, cancelled: 0 } },
  report: { orders: 3, netPaise: 70_000 },
  reportCsvTotals: 'Total,3,0,700.00,0.00,0.00,700.00,0',
  ordersCsvBills: ['100.00', '200.00', '400.00'],
  cashCsvCollected: [['3', '700.00']],
};

describe('with DATABASE_READ_URL naming a standby', () => {
  it('the dashboard, the sales report and its CSV, the orders CSV and the cash CSV answer from the standby', async () => {
    const { ctx, owner } = await appWith(standbyUrl);
    expect(ctx.readDb).not.toBe(ctx.db);
    expect(await lagging(ctx, owner)).toEqual(asOnTheStandby);

    // The same reads of an app without DATABASE_READ_URL: the primary's figures.
    const plain = await appWith();
    expect(plain.ctx.readDb).toBe(plain.ctx.db);
    expect(await lagging(plain.ctx, plain.owner)).toEqual(asOnThePrimary);
  });

  it('the order page and the lists read the primary: a status change shows at once, with its version', async () => {
    const { ctx, owner } = await appWith(standbyUrl);
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      ctx.app.inject({ method, url, headers: owner.headers, ...(payload ? { payload } : {}) });

    const before = await call('GET', `/api/orders/${openOrder.id}`);
    expect(before.statusCode).toBe(200);
    expect(before.json<OrderDetail>()).toMatchObject({
      status: OrderStatus.Placed,
      version: openOrder.version,
    });
    const completedBefore = await call('GET', '/api/orders?view=completed');
    expect(completedBefore.json<OrderListResponse>().total).toBe(3);

    const changed = await call('POST', `/api/orders/${openOrder.id}/status`, {
      status: OrderStatus.Delivered,
      version: openOrder.version,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await call('GET', `/api/orders/${openOrder.id}`);
    expect(after.json<OrderDetail>()).toMatchObject({
      status: OrderStatus.Delivered,
      state: 0,
      version: openOrder.version + 1,
    });
    const active = (await call('GET', '/api/orders?view=active')).json<OrderListResponse>();
    expect(active.total).toBe(0);
    expect(active.items).toEqual([]);
    const completed = (await call('GET', '/api/orders?view=completed')).json<OrderListResponse>();
    expect(completed.total).toBe(4);
    expect(completed.items.map((order) => order.id)).toContain(openOrder.id);

    // The standby has not seen the change: what reads it still says what it said.
    expect(await lagging(ctx, owner)).toEqual(asOnTheStandby);

    // Without DATABASE_READ_URL every one of them reads the primary, the change included.
    const plain = await appWith();
    expect(plain.ctx.readDb).toBe(plain.ctx.db);
    expect(await lagging(plain.ctx, plain.owner)).toEqual({
      dashboard: {
        totalOrders: 4,
        earningsPaise: 75_000,
        today: { pending: 0, delivered: 4, cancelled: 0 },
      },
      report: { orders: 4, netPaise: 75_000 },
      reportCsvTotals: 'Total,4,0,750.00,0.00,0.00,750.00,0',
      ordersCsvBills: ['100.00', '200.00', '400.00', '50.00'],
      // The staff's change of status collects no cash: only the delivery app's does.
      cashCsvCollected: [['3', '700.00']],
    });
  });

  it('survives the standby ending its idle connections, and reads it again on the next request', async () => {
    const { ctx, owner } = await appWith(standbyUrl);
    const dashboard = () => ctx.app.inject({ url: '/api/dashboard', headers: owner.headers });
    expect((await dashboard()).statusCode).toBe(200);
    const pool = ctx.readDb.$client;
    expect(pool.idleCount).toBeGreaterThan(0);

    const standbyName = new URL(standbyUrl).pathname.slice(1);
    const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ ended: number }>(
        `SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))::int AS ended
           FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
        [standbyName],
      );
      expect(rows[0]!.ended).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // The pool hears of each lost connection (an error event) and drops it: no exception escapes.
    const deadline = Date.now() + 5000;
    while (pool.totalCount > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pool.totalCount).toBe(0);

    const res = await dashboard();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Dashboard>().cards.totalOrders.value).toBe(3);
  });
});

describe('with the standby down', () => {
  it('its reads answer 503 with Retry-After; health and everything else stay on the primary', async () => {
    const { ctx, owner } = await appWith('postgres://x:y@127.0.0.1:1/none');
    const get = (url: string) => ctx.app.inject({ url, headers: owner.headers });
    for (const url of [
      '/api/dashboard',
      `/api/reports/sales?groupBy=day&from=${today}&to=${today}`,
      `/api/reports/sales.csv?groupBy=day&from=${today}&to=${today}`,
      '/api/orders/export.csv?view=completed',
      `/api/dispatch/cash.csv?from=${today}&to=${today}`,
    ]) {
      const res = await get(url);
      expect({ url, status: res.statusCode, retryAfter: res.headers['retry-after'] }).toEqual({
        url,
        status: 503,
        retryAfter: String(DATABASE_RETRY_AFTER_SECONDS),
      });
      expect(res.json()).toEqual({
        error: {
          code: 'unavailable',
          message: 'The service is unavailable right now. Please try again shortly.',
        },
      });
    }
    expect((await ctx.app.inject({ url: '/api/health' })).body).toBe('{"status":"ok"}');
    expect((await get(`/api/orders/${openOrder.id}`)).statusCode).toBe(200);
    expect((await get('/api/orders?view=completed')).statusCode).toBe(200);
  });
});
