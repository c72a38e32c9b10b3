/*
 * The ratings report (B19, ADR 0078): the ratings customers gave in a period, in all, per store and
 * per executive who delivered (by the executive's own stars, ADR 0084), and the low ones listed newest first; the caller's scope only, and
 * garbage refused with each field's message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { businessDay } from '@storedesk/shared/dates';
import { messages } from '@storedesk/shared/messages';
import { reportMessages } from '@storedesk/shared/reports/schemas';
import type { RatingsReport } from '@storedesk/shared/reports/ratings';
import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import {
  createBusiness,
  createStoreWithItem,
  createTestApp,
  enableCashOnDelivery,
  errorOf,
  placeCustomerOrder,
  signIn,
  signInCustomerWithAddress,
  type Session,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';

let ctx: TestApp;
let biz: TestBusiness;
let rival: TestBusiness;
let owner: Session;
let admin: Session;
let otherAdmin: Session;
let rivalOwner: Session;
let north: { storeId: string; itemId: string };
let asha: Awaited<ReturnType<typeof signInCustomerWithAddress>>;
const today = () => businessDay(new Date(), 'Asia/Kolkata');
const orders: { id: string; number: number }[] = [];

const report = (session: Session, query: string) =>
  ctx.app.inject({ url: `/api/reports/ratings?${query}`, headers: session.headers });

const detail = async (orderId: string) =>
  (await ctx.app.inject({ url: `/api/orders/${orderId}`, headers: owner.headers })).json<OrderDetail>();

async function move(orderId: string, status: number, extra: object = {}) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/status`,
    headers: owner.headers,
    payload: { status, version: (await detail(orderId)).version, ...extra },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Asha's order of the North store, delivered by the business's executive and rated as given. */
async function ratedOrder(stars: number, comment: string | null, executiveStars: number | null = null) {
  const placed = await placeCustomerOrder(ctx.app, asha, {
    storeId: north.storeId,
    items: [{ itemId: north.itemId, quantity: 1 }],
  });
  await move(placed.id, 1, { dexId: biz.dex.id });
  await move(placed.id, 2);
  await move(placed.id, -2);
  const rated = await ctx.app.inject({
    method: 'PUT',
    url: `/api/storefront/orders/${placed.id}/rating`,
    headers: asha.headers,
    payload: { stars, comment, executiveStars },
  });
  expect(rated.statusCode, rated.body).toBe(200);
  const { number } = await detail(placed.id);
  orders.push({ id: placed.id, number });
  return { id: placed.id, number };
}

beforeAll(async () => {
  ctx = await createTestApp();
  biz = await createBusiness(ctx.db);
  rival = await createBusiness(ctx.db);
  owner = await signIn(ctx.app, biz.owner.email);
  admin = await signIn(ctx.app, biz.admin.email);
  otherAdmin = await signIn(ctx.app, biz.otherAdmin.email);
  rivalOwner = await signIn(ctx.app, rival.owner.email);
  await enableCashOnDelivery(ctx.db, biz);
  north = await createStoreWithItem(ctx.db, biz);
  asha = await signInCustomerWithAddress(ctx, biz.storefrontKey, '9811100011', 'Asha Rao');
  // The executive's stars (ADR 0084): 5, 1 (low, though the order's are not), none, 3.
  await ratedOrder(5, 'Fresh and on time', 5);
  await ratedOrder(4, null, 1);
  await ratedOrder(1, 'Milk was sour');
  await ratedOrder(2, 'Late by an hour', 3);
});
afterAll(() => ctx?.close());

describe('GET /api/reports/ratings', () => {
  it('counts the period’s ratings in all, per store and per executive, and lists the low ones newest first', async () => {
    const res = await report(owner, `from=${today()}&to=${today()}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<RatingsReport>();
    // Low: the order's stars or the executive's 2 or fewer.
    const figures = { rated: 4, starsTotal: 12, low: 3, byStars: [1, 1, 0, 1, 1] };
    expect(body.totals).toEqual(figures);
    const [store] = (
      await ctx.db.execute<{ name: string }>(sql`SELECT name FROM stores WHERE id = ${north.storeId}`)
    ).rows;
    expect(body.stores).toEqual([{ storeId: north.storeId, storeName: store!.name, ...figures }]);
    const [dex] = (
      await ctx.db.execute<{ name: string }>(sql`SELECT name FROM users WHERE id = ${biz.dex.id}`)
    ).rows;
    // The executive's own stars: 5, 1 and 3 of the three orders whose customer rated them.
    expect(body.executives).toEqual([
      {
        executiveId: biz.dex.id,
        executiveName: dex!.name,
        rated: 3,
        starsTotal: 9,
        low: 1,
        byStars: [1, 0, 1, 0, 1],
        orderRated: 4,
        orderStarsTotal: 12,
      },
    ]);
    const ratedAt = async (orderId: string) =>
      (await ctx.db.execute<{ at: Date }>(sql`SELECT rated_at AS at FROM orders WHERE id = ${orderId}`))
        .rows[0]!.at;
    const [, slow, sour, late] = orders;
    expect(body.lowRatings).toEqual([
      {
        orderId: late!.id,
        orderNumber: late!.number,
        stars: 2,
        executiveStars: 3,
        comment: 'Late by an hour',
        ratedAt: new Date(await ratedAt(late!.id)).toISOString(),
        storeName: store!.name,
        executiveName: dex!.name,
      },
      {
        orderId: sour!.id,
        orderNumber: sour!.number,
        stars: 1,
        executiveStars: null,
        comment: 'Milk was sour',
        ratedAt: new Date(await ratedAt(sour!.id)).toISOString(),
        storeName: store!.name,
        executiveName: dex!.name,
      },
      {
        orderId: slow!.id,
        orderNumber: slow!.number,
        stars: 4,
        executiveStars: 1,
        comment: null,
        ratedAt: new Date(await ratedAt(slow!.id)).toISOString(),
        storeName: store!.name,
        executiveName: dex!.name,
      },
    ]);
  });

  it('counts a rating on the day it was last given, in the business’s time zone', async () => {
    // 00:30 IST today is yesterday in UTC; 23:30 IST yesterday is yesterday in both.
    const yesterday = businessDay(new Date(Date.now() - 86_400_000), 'Asia/Kolkata');
    const [first, second] = orders;
    const at = (day: string, time: string, orderId: string) =>
      ctx.db.execute(
        sql`UPDATE orders SET rated_at = (${day}::date + ${time}::time) AT TIME ZONE 'Asia/Kolkata' WHERE id = ${orderId}`,
      );
    await at(today(), '00:30', first!.id);
    await at(yesterday, '23:30', second!.id);
    try {
      const before = (await report(owner, `from=${yesterday}&to=${yesterday}`)).json<RatingsReport>();
      // Low by its executive's 1 star.
      expect(before.totals).toEqual({ rated: 1, starsTotal: 4, low: 1, byStars: [0, 0, 0, 1, 0] });
      const now = (await report(owner, `from=${today()}&to=${today()}`)).json<RatingsReport>();
      expect(now.totals).toEqual({ rated: 3, starsTotal: 8, low: 2, byStars: [1, 1, 0, 0, 1] });
    } finally {
      await ctx.db.execute(sql`UPDATE orders SET rated_at = now() WHERE id IN (${first!.id}, ${second!.id})`);
    }
  });

  it('is empty for a period without ratings', async () => {
    const res = await report(owner, 'from=2026-01-01&to=2026-01-31');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      totals: { rated: 0, starsTotal: 0, low: 0, byStars: [0, 0, 0, 0, 0] },
      stores: [],
      executives: [],
      lowRatings: [],
    });
  });

  it('shows each caller their own scope: the zone’s admin, not another zone’s, nor another business', async () => {
    const period = `from=${today()}&to=${today()}`;
    expect((await report(admin, period)).json<RatingsReport>().totals.rated).toBe(4);
    const elsewhere = await report(otherAdmin, period);
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json<RatingsReport>()).toEqual({
      totals: { rated: 0, starsTotal: 0, low: 0, byStars: [0, 0, 0, 0, 0] },
      stores: [],
      executives: [],
      lowRatings: [],
    });
    expect((await report(otherAdmin, `${period}&zoneId=${biz.zones[0]}`)).statusCode).toBe(403);
    expect((await report(rivalOwner, period)).json<RatingsReport>().totals.rated).toBe(0);
    const named = await report(rivalOwner, `${period}&zoneId=${biz.zones[0]}`);
    expect(named.statusCode).toBe(400);
    expect(errorOf(named).fields).toEqual({ zoneId: messages.unknownZone });
    expect((await ctx.app.inject({ url: `/api/reports/ratings?${period}` })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ url: `/api/reports/ratings?${period}`, headers: asha.headers })).statusCode,
    ).toBe(401);
  });

  it('refuses garbage with each field’s message', async () => {
    const fieldsOf = async (query: string) => {
      const res = await report(owner, query);
      expect(res.statusCode, query).toBe(400);
      return errorOf(res).fields;
    };
    expect(await fieldsOf('to=2026-03-11')).toEqual({ from: expect.any(String) });
    expect(await fieldsOf('from=2026-02-30&to=2026-03-11')).toEqual({
      from: 'must be a date such as 2026-11-22',
    });
    expect(await fieldsOf('from=2026-03-11&to=2026-03-10')).toEqual({ to: reportMessages.toBeforeFrom });
    expect(await fieldsOf('from=2025-01-01&to=2026-01-02')).toEqual({ to: reportMessages.tooLong });
    expect(await fieldsOf('from=2026-03-09&to=2026-03-11&zoneId=nope')).toEqual({
      zoneId: expect.any(String),
    });
    expect(await fieldsOf("from=2026-03-09'%20OR%201=1--&to=2026-03-11")).toEqual({
      from: 'must be a date such as 2026-11-22',
    });
  });
});
