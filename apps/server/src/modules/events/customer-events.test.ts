/**
 * A signed-in customer's live stream (ADR 0039) over real HTTP: their own
 * orders' news as it happens, nobody else's, and what they missed on reconnect.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus } from '@storedesk/shared/orders';
import { customerMessages } from '@storedesk/shared/storefront/customers';
import type { CustomerOrder } from '@storedesk/shared/storefront/schemas';
import {
  createBusiness,
  createStoreWithItem,
  createTestApp,
  errorOf,
  signIn,
  signInCustomer,
  type CustomerSession,
  type Session,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';
import { closeOpenStreams, openStream } from '#test/sse.ts';

let ctx: TestApp;
let biz: TestBusiness;
let rival: TestBusiness;
let owner: Session;
let asha: CustomerSession;
let ravi: CustomerSession;
let rivalAsha: CustomerSession;
let store: { storeId: string; itemId: string };

const streamOf = (session: { token: string } | null, key = biz.storefrontKey, extra = {}) =>
  openStream(
    ctx.app,
    { 'x-storefront-key': key, ...(session ? { authorization: `Bearer ${session.token}` } : {}), ...extra },
    20_000,
    '/api/storefront/events',
  );

async function placeOrder(session: CustomerSession): Promise<CustomerOrder> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/storefront/orders',
    headers: { 'x-storefront-key': biz.storefrontKey, authorization: `Bearer ${session.token}` },
    payload: {
      storeId: store.storeId,
      items: [{ itemId: store.itemId, quantity: 1 }],
      addressId: (await addressOf(session)).id,
      paymentMode: 'COD',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CustomerOrder>();
}

const addresses = new Map<string, { id: string }>();
async function addressOf(session: CustomerSession) {
  const known = addresses.get(session.token);
  if (known) return known;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/storefront/addresses',
    headers: { 'x-storefront-key': biz.storefrontKey, authorization: `Bearer ${session.token}` },
    payload: { label: 'Home', text: '1 MG Road', lat: 12.971, lng: 77.591 },
  });
  expect(res.statusCode, res.body).toBe(201);
  const address = res.json<{ id: string }>();
  addresses.set(session.token, address);
  return address;
}

async function cancel(orderId: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/status`,
    headers: owner.headers,
    payload: { status: OrderStatus.Cancelled, version: 1, note: 'Out of milk' },
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  ctx = await createTestApp();
  biz = await createBusiness(ctx.db);
  rival = await createBusiness(ctx.db);
  store = await createStoreWithItem(ctx.db, biz);
  await ctx.db.execute(
    // Cash on delivery, so signed-in customers can order.
    sql`INSERT INTO payment_modes (business_id, title, type) VALUES (${biz.id}, 'Cash', 'COD')`,
  );
  owner = await signIn(ctx.app, biz.owner.email);
  asha = await signInCustomer(ctx, biz.storefrontKey, '9811111111', 'Asha');
  ravi = await signInCustomer(ctx, biz.storefrontKey, '9822222222', 'Ravi');
  rivalAsha = await signInCustomer(ctx, rival.storefrontKey, '9811111111', 'Asha');
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => closeOpenStreams());
afterAll(() => ctx?.close());

describe('a customer’s live stream', () => {
  it('carries their order’s placing and each status change, readable from any origin', async () => {
    const stream = await streamOf(asha);
    expect(stream.status).toBe(200);
    expect(stream.contentType).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('access-control-allow-origin')).toBe('*');
    const order = await placeOrder(asha);
    const created = await stream.waitFor((m) => m.data.recordId === order.id && m.data.action === 'created');
    expect(created.data).toEqual({
      id: created.id,
      topic: 'orders',
      action: 'created',
      recordId: order.id,
      at: expect.any(String),
    });
    await cancel(order.id);
    const moved = await stream.waitFor((m) => m.data.recordId === order.id && m.data.action === 'status');
    expect(moved.data.topic).toBe('orders');
  });

  it('carries nothing of another customer’s orders, nor of the business’s other records', async () => {
    const ashas = await streamOf(asha);
    const ravis = await streamOf(ravi);
    const hers = await placeOrder(asha);
    const his = await placeOrder(ravi);
    await ravis.waitForRecord(his.id);
    await ashas.waitForRecord(hers.id);
    // Ravi's order was placed after hers: by the time his stream has it, hers would have his too.
    await cancel(his.id);
    await ravis.waitFor((m) => m.data.recordId === his.id && m.data.action === 'status');
    await cancel(hers.id);
    await ashas.waitFor((m) => m.data.recordId === hers.id && m.data.action === 'status');
    expect(ashas.messages.map((m) => m.data.recordId)).toEqual([hers.id, hers.id]);
    expect(ravis.messages.map((m) => m.data.recordId)).toEqual([his.id, his.id]);
  });

  it('gives a reconnecting app what it missed, its own only', async () => {
    const first = await streamOf(asha);
    const before = await placeOrder(asha);
    const seen = await first.waitForRecord(before.id);
    first.close();
    const missed = await placeOrder(asha);
    await placeOrder(ravi);
    await cancel(missed.id);
    const again = await streamOf(asha, biz.storefrontKey, { 'last-event-id': seen.id! });
    await again.waitFor((m) => m.data.recordId === missed.id && m.data.action === 'status');
    expect(again.messages.map((m) => [m.data.recordId, m.data.action])).toEqual([
      [missed.id, 'created'],
      [missed.id, 'status'],
    ]);
  });

  it('is refused without a signed-in customer of this business', async () => {
    for (const [session, key] of [
      [null, biz.storefrontKey],
      [rivalAsha, biz.storefrontKey],
      [{ token: 'not-a-token' }, biz.storefrontKey],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/storefront/events',
        headers: {
          'x-storefront-key': key,
          ...(session ? { authorization: `Bearer ${session.token}` } : {}),
        },
      });
      expect(res.statusCode).toBe(401);
      expect(errorOf(res).message).toBe(customerMessages.signIn);
    }
    const keyless = await ctx.app.inject({
      method: 'GET',
      url: '/api/storefront/events',
      headers: { authorization: `Bearer ${asha.token}` },
    });
    expect(keyless.statusCode).toBe(401);
  });

  it('refuses a Last-Event-ID that is no event id', async () => {
    for (const bad of ['abc', '-1', '1'.repeat(19)]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/storefront/events',
        headers: {
          'x-storefront-key': biz.storefrontKey,
          authorization: `Bearer ${asha.token}`,
          'last-event-id': bad,
        },
      });
      expect(res.statusCode, bad).toBe(400);
      expect(errorOf(res).code).toBe('invalid_input');
    }
  });

  it('answers the browser’s preflight for a token and Last-Event-ID', async () => {
    const res = await ctx.app.inject({ method: 'OPTIONS', url: '/api/storefront/events' });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-methods']).toBe('GET');
    expect(res.headers['access-control-allow-headers']).toBe(
      'content-type, authorization, last-event-id, x-storefront-key, x-device-id',
    );
  });
});
