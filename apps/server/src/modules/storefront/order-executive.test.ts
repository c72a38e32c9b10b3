/*
 * The executive on the customer's order page (B19, ADR 0079): their first name, the number to call
 * (the business's helpline where it has one) and the estimated arrival from their last position,
 * while the order is on its way; nothing of them before or after, and nothing to another customer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CustomerOrder } from '@storedesk/shared/storefront/schemas';
import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import {
  createBusiness,
  createStoreWithItem,
  createTestApp,
  deliveryAddressNear,
  enableCashOnDelivery,
  placeCustomerOrder,
  signIn,
  signInCustomerWithAddress,
  signInExecutive,
  type Session,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';
import * as t from '#server/db/schema.ts';

let ctx: TestApp;
let biz: TestBusiness;
let owner: Session;
let rider: Session;
let store: { storeId: string; itemId: string };
let asha: Awaited<ReturnType<typeof signInCustomerWithAddress>>;
let ravi: Awaited<ReturnType<typeof signInCustomerWithAddress>>;

const page = async (orderId: string, headers = asha.headers) =>
  (await ctx.app.inject({ url: `/api/storefront/orders/${orderId}`, headers })).json<CustomerOrder>();

async function move(orderId: string, status: number, extra: object = {}) {
  const current = await ctx.app.inject({ url: `/api/orders/${orderId}`, headers: owner.headers });
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/status`,
    headers: owner.headers,
    payload: { status, version: current.json<OrderDetail>().version, ...extra },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The rider reports a position this many km due north of the customer's address. */
async function riderAt(kmNorth: number) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/delivery/location',
    headers: rider.headers,
    payload: { lat: deliveryAddressNear.lat + kmNorth / 111.195, lng: deliveryAddressNear.lng, accuracy: 10 },
  });
  expect(res.statusCode, res.body).toBe(204);
  // Positions closer than 5 s apart are refused: the next report of the test is not one.
  await ctx.db.execute(
    sql`UPDATE executive_presence SET seen_at = now() - interval '6 seconds' WHERE user_id = ${biz.dex.id}`,
  );
}

beforeAll(async () => {
  ctx = await createTestApp();
  biz = await createBusiness(ctx.db);
  owner = await signIn(ctx.app, biz.owner.email);
  await enableCashOnDelivery(ctx.db, biz);
  store = await createStoreWithItem(ctx.db, biz);
  await ctx.db
    .update(t.users)
    .set({ name: 'Ravi Kumar Shetty', phone: '9845012345' })
    .where(sql`id = ${biz.dex.id}`);
  rider = await signInExecutive(ctx.app, biz.dex.email);
  const duty = await ctx.app.inject({
    method: 'PUT',
    url: '/api/delivery/duty',
    headers: rider.headers,
    payload: { onDuty: true },
  });
  expect(duty.statusCode, duty.body).toBe(200);
  asha = await signInCustomerWithAddress(ctx, biz.storefrontKey, '9811100011', 'Asha Rao');
  ravi = await signInCustomerWithAddress(ctx, biz.storefrontKey, '9811100012', 'Ravi Rao');
});

afterAll(async () => {
  await ctx.close();
});

describe('the executive on the customer’s order', () => {
  it('appears once the order is confirmed with them, with the arrival from where they are, until delivery', async () => {
    const { id } = await placeCustomerOrder(ctx.app, asha, {
      storeId: store.storeId,
      items: [{ itemId: store.itemId, quantity: 1 }],
    });
    expect((await page(id)).executive).toBeNull();

    await move(id, 1, { dexId: biz.dex.id });
    await riderAt(4.5);
    // Picked up or not, 4.5 km by the straight line is 5.85 km by road at 18 km/h: 19.5 minutes and
    // 2 at the door, so 22. Confirmed, the trip goes by the store (a few steps from the customer).
    const confirmed = await page(id);
    expect(confirmed.executive).toMatchObject({
      firstName: 'Ravi',
      callNumber: '9845012345',
      viaHelpline: false,
    });
    expect(confirmed.executive!.etaMinutes).toBe(22 + 1);
    expect(Date.now() - Date.parse(confirmed.executive!.seenAt!)).toBeLessThan(60_000);

    await move(id, 2);
    expect((await page(id)).executive?.etaMinutes).toBe(22);
    await riderAt(1.5);
    // 1.95 km by road: 6.5 minutes, and 2 at the door.
    expect((await page(id)).executive?.etaMinutes).toBe(9);

    // A position older than ten minutes says nothing of the arrival.
    await ctx.db.execute(
      sql`UPDATE executive_presence SET seen_at = now() - interval '11 minutes' WHERE user_id = ${biz.dex.id}`,
    );
    expect((await page(id)).executive).toMatchObject({ firstName: 'Ravi', etaMinutes: null });

    // Another customer of the business never sees it.
    const other = await ctx.app.inject({ url: `/api/storefront/orders/${id}`, headers: ravi.headers });
    expect(other.statusCode).toBe(404);

    await move(id, -2);
    expect((await page(id)).executive).toBeNull();
  });

  it('is called through the business’s helpline where it has one', async () => {
    await ctx.db
      .insert(t.helplines)
      .values({ businessId: biz.id, title: 'Orders', phoneNumber: '08041234567' });
    const { id } = await placeCustomerOrder(ctx.app, asha, {
      storeId: store.storeId,
      items: [{ itemId: store.itemId, quantity: 1 }],
    });
    await move(id, 1, { dexId: biz.dex.id });
    expect((await page(id)).executive).toMatchObject({
      firstName: 'Ravi',
      callNumber: '08041234567',
      viaHelpline: true,
    });
    await move(id, -1, { reason: 'OUT_OF_STOCK' });
    expect((await page(id)).executive).toBeNull();
  });
});
