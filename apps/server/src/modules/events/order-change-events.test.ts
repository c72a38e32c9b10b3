/**
 * Orders' live events carry the change (ADR 0051): the order as the lists show it after the change,
 * with its payment, and the timeline entry the change added, exactly as GET /api/orders/:id then
 * answers, so a console updates what it shows without asking again. Over real HTTP, to the
 * streams of those who may see the order and nobody else, live and on replay.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OrderChange } from '@storedesk/shared/events/schemas';
import { orderChangeOf } from '@storedesk/shared/orders/changes';
import { OrderStatus } from '@storedesk/shared/orders';
import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import type { CustomerOrder } from '@storedesk/shared/storefront/schemas';
import {
  createBusiness,
  createExecutive,
  createStoreWithItem,
  createTestApp,
  signIn,
  signInCustomer,
  type CustomerSession,
  type Session,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';
import { closeOpenStreams, openStream, type Message, type SseStream } from '#test/sse.ts';

let ctx: TestApp;
let biz: TestBusiness;
let owner: Session;
let northAdmin: Session;
let southAdmin: Session;
let asha: CustomerSession;
let rider: { id: string; name: string };
let store: { storeId: string; itemId: string };
let addressId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  biz = await createBusiness(ctx.db);
  store = await createStoreWithItem(ctx.db, biz);
  await ctx.db.execute(
    sql`INSERT INTO payment_modes (business_id, title, type) VALUES (${biz.id}, 'Cash', 'COD')`,
  );
  [owner, northAdmin, southAdmin] = await Promise.all([
    signIn(ctx.app, biz.owner.email),
    signIn(ctx.app, biz.admin.email),
    signIn(ctx.app, biz.otherAdmin.email),
  ]);
  asha = await signInCustomer(ctx, biz.storefrontKey, '9811111111', 'Asha');
  rider = await createExecutive(ctx, { businessId: biz.id, zoneId: biz.zones[0], name: 'Ravi Kumar' });
  const address = await ctx.app.inject({
    method: 'POST',
    url: '/api/storefront/addresses',
    headers: { 'x-storefront-key': biz.storefrontKey, authorization: `Bearer ${asha.token}` },
    payload: { label: 'Home', text: '1 MG Road', lat: 12.971, lng: 77.591 },
  });
  addressId = address.json<{ id: string }>().id;
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => closeOpenStreams());
afterAll(() => ctx?.close());

async function placeOrder(): Promise<CustomerOrder> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/storefront/orders',
    headers: { 'x-storefront-key': biz.storefrontKey, authorization: `Bearer ${asha.token}` },
    payload: {
      storeId: store.storeId,
      items: [{ itemId: store.itemId, quantity: 2 }],
      addressId,
      paymentMode: 'COD',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CustomerOrder>();
}

async function orderNow(orderId: string): Promise<OrderDetail> {
  const res = await ctx.app.inject({ url: `/api/orders/${orderId}`, headers: owner.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<OrderDetail>();
}

async function post(url: string, payload: Record<string, unknown>): Promise<OrderDetail> {
  const res = await ctx.app.inject({ method: 'POST', url, headers: owner.headers, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<OrderDetail>();
}

/** The event of `orderId` whose change is at `version`. */
const changeAt = (stream: SseStream, orderId: string, version: number) =>
  stream.waitFor(
    (m: Message) => m.data.recordId === orderId && m.data.change?.order.version === version,
    `the change of ${orderId} to version ${version}`,
  );

describe('an order’s events carry what changed', () => {
  it('placing, confirming with an executive, a note, the payment and delivery: each event holds the order as its page then shows it', async () => {
    const [ownerStream, north] = await Promise.all([
      openStream(ctx.app, owner.headers),
      openStream(ctx.app, northAdmin.headers),
    ]);
    const placed = await placeOrder();

    const steps: Array<{ action: string; write: () => Promise<unknown> }> = [
      { action: 'created', write: async () => undefined },
      {
        action: 'status',
        write: () =>
          post(`/api/orders/${placed.id}/status`, {
            status: OrderStatus.Confirmed,
            dexId: rider.id,
            version: 1,
          }),
      },
      {
        action: 'status',
        write: () =>
          post(`/api/orders/${placed.id}/status`, {
            status: OrderStatus.Confirmed,
            note: 'Ring twice',
            version: 2,
          }),
      },
      { action: 'updated', write: () => post(`/api/orders/${placed.id}/payment`, { version: 3 }) },
      {
        action: 'status',
        write: () => post(`/api/orders/${placed.id}/status`, { status: OrderStatus.Delivered, version: 4 }),
      },
    ];
    for (const [index, step] of steps.entries()) {
      await step.write();
      const now = await orderNow(placed.id);
      expect(now.version).toBe(index + 1);
      const expected: OrderChange = orderChangeOf(now);
      for (const stream of [ownerStream, north]) {
        const message = await changeAt(stream, placed.id, now.version);
        expect(message.data.action).toBe(step.action);
        expect(message.data.change).toEqual(expected);
      }
    }
    // What the last one said, spelled out: a closed, paid order with the executive and its last entry.
    const last = (await changeAt(ownerStream, placed.id, 5)).data.change!;
    expect(last.order).toMatchObject({
      status: OrderStatus.Delivered,
      state: 0,
      dexId: rider.id,
      dexName: 'Ravi Kumar',
      paidByName: biz.owner.name,
      closedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(last.timelineEntry).toMatchObject({
      fromStatus: OrderStatus.Confirmed,
      toStatus: OrderStatus.Delivered,
    });
  });

  it('the other zone’s admin gets nothing of it, and a customer’s own stream carries no staff data', async () => {
    const south = await openStream(ctx.app, southAdmin.headers);
    const customer = await openStream(
      ctx.app,
      { 'x-storefront-key': biz.storefrontKey, authorization: `Bearer ${asha.token}` },
      20_000,
      '/api/storefront/events',
    );
    const north = await openStream(ctx.app, northAdmin.headers);
    const placed = await placeOrder();
    await changeAt(north, placed.id, 1);
    const toCustomer = await customer.waitFor((m) => m.data.recordId === placed.id, 'the customer’s event');
    expect(Object.keys(toCustomer.data).sort()).toEqual(['action', 'at', 'id', 'recordId', 'topic']);
    const marker = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${placed.id}/status`,
      headers: owner.headers,
      payload: { status: OrderStatus.Cancelled, note: 'Out of milk', version: 1 },
    });
    expect(marker.statusCode).toBe(200);
    await changeAt(north, placed.id, 2);
    // South sees a business-wide event published after both, so it would have seen them by now.
    const everyone = `marker-${Date.now()}`;
    await ctx.db.execute(
      sql`INSERT INTO events (business_id, zone_id, topic, action, record_id) VALUES (${biz.id}, NULL, 'stores', 'updated', ${everyone})`,
    );
    await south.waitForRecord(everyone);
    expect(south.has(placed.id)).toBe(false);
  });

  it('a stream that reconnects with Last-Event-ID is replayed the changes it missed, data and all', async () => {
    const first = await openStream(ctx.app, owner.headers);
    const placed = await placeOrder();
    const seen = await changeAt(first, placed.id, 1);
    first.close();
    await post(`/api/orders/${placed.id}/status`, {
      status: OrderStatus.Confirmed,
      dexId: rider.id,
      version: 1,
    });
    const confirmed = await orderNow(placed.id);
    const again = await openStream(ctx.app, { ...owner.headers, 'last-event-id': seen.id! });
    const replayed = await changeAt(again, placed.id, 2);
    expect(replayed.data.change).toEqual(orderChangeOf(confirmed));
  });
});
