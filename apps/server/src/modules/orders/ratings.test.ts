/*
 * Ratings (B19, ADR 0078): the customer rates their delivered order with stars and a comment and may
 * change it for 14 days; staff see it on the order and its timeline; everything else is refused and
 * writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ratingMessages } from '@storedesk/shared/storefront/ratings';
import type { CustomerOrder } from '@storedesk/shared/storefront/schemas';
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
let owner: Session;
let store: { storeId: string; itemId: string };
let asha: Awaited<ReturnType<typeof signInCustomerWithAddress>>;
let ravi: Awaited<ReturnType<typeof signInCustomerWithAddress>>;

const rate = (orderId: string, payload: unknown, headers = asha.headers) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/storefront/orders/${orderId}/rating`,
    headers,
    payload: payload as object,
  });

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

/** Asha's new order, delivered by the business's executive. */
async function delivered(): Promise<string> {
  const { id } = await placeCustomerOrder(ctx.app, asha, {
    storeId: store.storeId,
    items: [{ itemId: store.itemId, quantity: 1 }],
  });
  await move(id, 1, { dexId: biz.dex.id });
  await move(id, 2);
  await move(id, -2);
  return id;
}

const ratingColumns = async (orderId: string) =>
  (
    await ctx.db.execute<{
      rating_stars: number | null;
      rating_comment: string | null;
      executive_stars: number | null;
      version: number;
    }>(sql`SELECT rating_stars, rating_comment, executive_stars, version FROM orders WHERE id = ${orderId}`)
  ).rows[0]!;

beforeAll(async () => {
  ctx = await createTestApp();
  biz = await createBusiness(ctx.db);
  owner = await signIn(ctx.app, biz.owner.email);
  await enableCashOnDelivery(ctx.db, biz);
  store = await createStoreWithItem(ctx.db, biz);
  asha = await signInCustomerWithAddress(ctx, biz.storefrontKey, '9811100001', 'Asha Rao');
  ravi = await signInCustomerWithAddress(ctx, biz.storefrontKey, '9811100002', 'Ravi Kumar');
});

afterAll(async () => {
  await ctx.close();
});

describe('PUT /api/storefront/orders/:orderId/rating', () => {
  it('rates a delivered order, which staff see on the order and its timeline, and may be changed', async () => {
    const orderId = await delivered();
    const before = await ctx.app.inject({ url: `/api/storefront/orders/${orderId}`, headers: asha.headers });
    const until = before.json<CustomerOrder>().ratingUntil;
    expect(Date.parse(until!) - Date.now()).toBeGreaterThan(14 * 86_400_000 - 60_000);
    expect(before.json<CustomerOrder>().rating).toBeNull();

    const res = await rate(orderId, { stars: 4, comment: '  Fresh and on time  ' });
    expect(res.statusCode, res.body).toBe(200);
    const rated = res.json<CustomerOrder>();
    expect(rated.rating).toMatchObject({ stars: 4, comment: 'Fresh and on time', executiveStars: null });
    expect(Date.now() - Date.parse(rated.rating!.ratedAt)).toBeLessThan(60_000);

    const seen = await detail(orderId);
    expect(seen.rating).toEqual(rated.rating);
    expect(seen.timeline.at(-1)).toMatchObject({
      kind: 'RATING',
      note: 'Rated 4 of 5: “Fresh and on time”',
      actorName: 'Asha Rao (customer)',
      fromStatus: null,
      toStatus: null,
    });
    const events = await ctx.db.execute<{ action: string }>(
      sql`SELECT action FROM events WHERE record_id = ${orderId} ORDER BY id DESC LIMIT 1`,
    );
    expect(events.rows[0]).toEqual({ action: 'updated' });

    const changed = await rate(orderId, { stars: 2, comment: '' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<CustomerOrder>().rating).toMatchObject({ stars: 2, comment: null });
    expect((await detail(orderId)).timeline.at(-1)?.note).toBe('Rated 2 of 5');
  });

  it('refuses garbage with each field’s message, and writes nothing', async () => {
    const orderId = await delivered();
    const before = await ratingColumns(orderId);
    const cases: Array<[unknown, Record<string, string>]> = [
      [{}, { stars: 'is required' }],
      [{ stars: 0 }, { stars: ratingMessages.stars }],
      [{ stars: 6 }, { stars: ratingMessages.stars }],
      [{ stars: 4.5 }, { stars: ratingMessages.stars }],
      [{ stars: '5' }, { stars: ratingMessages.stars }],
      [{ stars: 5, comment: 'x'.repeat(501) }, { comment: 'must be at most 500 characters' }],
      [{ stars: 5, comment: 'one\u0000two' }, { comment: 'must not contain control characters' }],
      [{ stars: 5, comment: 42 }, { comment: 'Invalid input: expected string, received number' }],
      [{ stars: 5, executiveStars: 0 }, { executiveStars: ratingMessages.executiveStars }],
      [{ stars: 5, executiveStars: 6 }, { executiveStars: ratingMessages.executiveStars }],
      [{ stars: 5, executiveStars: 2.5 }, { executiveStars: ratingMessages.executiveStars }],
      [{ stars: 5, executiveStars: '5' }, { executiveStars: ratingMessages.executiveStars }],
      [{ stars: 5, executiveStars: {} }, { executiveStars: ratingMessages.executiveStars }],
      [
        { stars: 0, executiveStars: 9 },
        { stars: ratingMessages.stars, executiveStars: ratingMessages.executiveStars },
      ],
    ];
    for (const [payload, fields] of cases) {
      const res = await rate(orderId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res).fields, JSON.stringify(payload)).toEqual(fields);
    }
    expect((await rate(orderId, [5])).statusCode).toBe(400);
    expect(await ratingColumns(orderId)).toEqual(before);
  });

  it('is only for the order’s own customer, once delivered and for 14 days, and writes nothing otherwise', async () => {
    const orderId = await delivered();
    const before = await ratingColumns(orderId);
    // Another customer of the business, no customer, staff, and another business's key.
    const other = await rate(orderId, { stars: 5 }, ravi.headers);
    expect(other.statusCode).toBe(404);
    const anonymous = await rate(orderId, { stars: 5 }, { 'x-storefront-key': biz.storefrontKey });
    expect(anonymous.statusCode).toBe(401);
    const staff = await rate(
      orderId,
      { stars: 5 },
      { 'x-storefront-key': biz.storefrontKey, ...owner.headers },
    );
    expect(staff.statusCode).toBe(401);
    const rival = await createBusiness(ctx.db);
    const elsewhere = await rate(
      orderId,
      { stars: 5 },
      { ...asha.headers, 'x-storefront-key': rival.storefrontKey },
    );
    expect(elsewhere.statusCode).toBe(401);
    expect((await rate('not-an-order', { stars: 5 })).statusCode).toBe(404);
    expect(await ratingColumns(orderId)).toEqual(before);

    const { id: open } = await placeCustomerOrder(ctx.app, asha, {
      storeId: store.storeId,
      items: [{ itemId: store.itemId, quantity: 1 }],
    });
    const early = await rate(open, { stars: 5 });
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).message).toBe(ratingMessages.notDelivered);
    await move(open, -1, { reason: 'OUT_OF_STOCK' });
    expect(errorOf(await rate(open, { stars: 1 })).message).toBe(ratingMessages.notDelivered);

    await ctx.db.execute(
      sql`UPDATE orders SET delivered_at = now() - interval '14 days 1 minute' WHERE id = ${orderId}`,
    );
    const late = await rate(orderId, { stars: 5 });
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toBe(ratingMessages.tooLate);
    const page = await ctx.app.inject({ url: `/api/storefront/orders/${orderId}`, headers: asha.headers });
    expect(page.json<CustomerOrder>().ratingUntil).toBeNull();
    expect(await ratingColumns(orderId)).toEqual(before);
  });
});

describe('rating the executive with the order (ADR 0084)', () => {
  it('stores the executive’s stars, which the customer, staff, the timeline and the live event see', async () => {
    const orderId = await delivered();
    const page = await ctx.app.inject({ url: `/api/storefront/orders/${orderId}`, headers: asha.headers });
    expect(page.json<CustomerOrder>().deliveredBy).toEqual({ firstName: 'Dex' });

    const res = await rate(orderId, { stars: 4, comment: 'Fresh', executiveStars: 5 });
    expect(res.statusCode, res.body).toBe(200);
    const rated = res.json<CustomerOrder>();
    expect(rated.rating).toEqual({
      stars: 4,
      comment: 'Fresh',
      executiveStars: 5,
      ratedAt: expect.any(String) as string,
    });
    expect(await ratingColumns(orderId)).toMatchObject({ rating_stars: 4, executive_stars: 5 });

    const seen = await detail(orderId);
    expect(seen.rating).toEqual(rated.rating);
    expect(seen.timeline.at(-1)).toMatchObject({
      kind: 'RATING',
      note: 'Rated 4 of 5, the delivery 5 of 5: “Fresh”',
    });
    const events = await ctx.db.execute<{ data: { order: { rating: unknown; version: number } } }>(
      sql`SELECT data FROM events WHERE record_id = ${orderId} ORDER BY id DESC LIMIT 1`,
    );
    expect(events.rows[0]!.data.order.rating).toEqual(rated.rating);
    expect(events.rows[0]!.data.order.version).toBe(seen.version);

    // Rated again without it, the newer rating has none.
    const again = await rate(orderId, { stars: 3, executiveStars: null });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<CustomerOrder>().rating).toMatchObject({
      stars: 3,
      comment: null,
      executiveStars: null,
    });
    expect((await detail(orderId)).timeline.at(-1)?.note).toBe('Rated 3 of 5');
    expect(await ratingColumns(orderId)).toMatchObject({ rating_stars: 3, executive_stars: null });
  });

  it('refuses the executive’s stars for an order no executive delivered, and another customer’s order', async () => {
    const orderId = await delivered();
    await ctx.db.execute(sql`UPDATE orders SET dex_id = NULL, dex_name = NULL WHERE id = ${orderId}`);
    const page = await ctx.app.inject({ url: `/api/storefront/orders/${orderId}`, headers: asha.headers });
    expect(page.json<CustomerOrder>().deliveredBy).toBeNull();
    const before = await ratingColumns(orderId);
    const res = await rate(orderId, { stars: 5, executiveStars: 5 });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({ executiveStars: ratingMessages.noExecutive });
    expect(await ratingColumns(orderId)).toEqual(before);
    // Without it, the order is rated.
    const plain = await rate(orderId, { stars: 5 });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json<CustomerOrder>().rating).toMatchObject({ stars: 5, executiveStars: null });

    const other = await delivered();
    const otherBefore = await ratingColumns(other);
    const refused = await rate(other, { stars: 5, executiveStars: 5 }, ravi.headers);
    expect(refused.statusCode).toBe(404);
    expect(await ratingColumns(other)).toEqual(otherBefore);
  });
});
