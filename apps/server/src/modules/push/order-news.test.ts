/**
 * A customer's devices hear of each move of their order's status (ADR 0039), and nobody else's
 * do: a push per subscribed device of theirs, with what the app's order page says and a link to it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { OrderStatus } from '@storedesk/shared/orders';
import type { PushPayload } from '@storedesk/shared/push/schemas';
import type { StorefrontOrder } from '@storedesk/shared/storefront/schemas';
import { formatRupees } from '@storedesk/shared/money';
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
import { startPushService, type PushServiceStandIn, type StandInSubscription } from '#test/push-service.ts';

let standIn: PushServiceStandIn;
let ctx: TestApp;
let biz: TestBusiness;
let owner: Session;
let asha: CustomerSession;
let ravi: CustomerSession;
let store: { storeId: string; itemId: string };
const devices: Record<'ashaPhone' | 'ashaTablet' | 'ravi' | 'anonymous', StandInSubscription> = {} as never;

const headers = (token?: string) => ({
  'x-storefront-key': biz.storefrontKey,
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

async function subscribe(subscription: StandInSubscription, token?: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/storefront/push-subscriptions',
    headers: headers(token),
    payload: subscription,
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function orderAs(session: CustomerSession): Promise<StorefrontOrder> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/storefront/orders',
    headers: headers(session.token),
    payload: {
      storeId: store.storeId,
      items: [{ itemId: store.itemId, quantity: 1 }],
      addressId: (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/storefront/addresses',
          headers: headers(session.token),
          payload: { label: 'Home', text: '1 MG Road', lat: 12.971, lng: 77.591 },
        })
      ).json<{ id: string }>().id,
      paymentMode: 'COD',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<StorefrontOrder>();
}

async function move(orderId: string, body: Record<string, unknown>) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/status`,
    headers: owner.headers,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ version: number }>();
}

const payloads = () => standIn.received.map((push) => JSON.parse(push.payload) as PushPayload);
const receivers = () => standIn.received.map((push) => push.id).sort();

beforeAll(async () => {
  standIn = await startPushService();
  ctx = await createTestApp({ env: { PUSH_ENDPOINT_ALLOWLIST: standIn.origin } });
  biz = await createBusiness(ctx.db);
  store = await createStoreWithItem(ctx.db, biz);
  await ctx.db.execute(
    sql`INSERT INTO payment_modes (business_id, title, type) VALUES (${biz.id}, 'Cash', 'COD')`,
  );
  owner = await signIn(ctx.app, biz.owner.email);
  asha = await signInCustomer(ctx, biz.storefrontKey, '9811111111', 'Asha');
  ravi = await signInCustomer(ctx, biz.storefrontKey, '9822222222', 'Ravi');
  devices.ashaPhone = standIn.subscribe('asha-phone');
  devices.ashaTablet = standIn.subscribe('asha-tablet');
  devices.ravi = standIn.subscribe('ravi');
  devices.anonymous = standIn.subscribe('anonymous');
  await subscribe(devices.ashaPhone, asha.token);
  await subscribe(devices.ashaTablet, asha.token);
  await subscribe(devices.ravi, ravi.token);
  await subscribe(devices.anonymous);
});
beforeEach(() => standIn.clear());
afterAll(async () => {
  await ctx?.close();
  await standIn?.close();
});

describe('an order’s news', () => {
  it('goes to each of its customer’s devices on each move of status, and to no one else’s', async () => {
    const order = await orderAs(asha);
    // Placing it is the customer's own doing: no push for it. The move that follows is pushed, and
    // once its pushes are in, any for the placing, sent before them, would be in too.
    await move(order.id, { status: OrderStatus.Cancelled, version: 1, note: 'Out of stock' });
    const cancelled = {
      title: `Order #${order.number}: Cancelled`,
      body: `${order.storeName} cancelled it. Call the store if you have questions.`,
      url: `/orders/${order.id}`,
    };
    await vi.waitFor(() => expect(payloads()).toEqual([cancelled, cancelled]), {
      timeout: 10_000,
      interval: 20,
    });
    expect(receivers()).toEqual(['asha-phone', 'asha-tablet']);
    expect(standIn.refused).toEqual([]);
  });

  it('says nothing of a note that moves no status', async () => {
    const order = await orderAs(ravi);
    const noted = await move(order.id, { status: OrderStatus.Placed, version: 1, note: 'Customer called' });
    // A move of its status after the note is pushed: once that push is in, one for the note would be too.
    await move(order.id, { status: OrderStatus.Cancelled, version: noted.version, note: 'Out of stock' });
    const cancelled = {
      title: `Order #${order.number}: Cancelled`,
      body: `${order.storeName} cancelled it. Call the store if you have questions.`,
      url: `/orders/${order.id}`,
    };
    await vi.waitFor(() => expect(payloads()).toEqual([cancelled]), { timeout: 10_000, interval: 20 });
    expect(receivers()).toEqual(['ravi']);
  });

  it('goes out for each order a bulk change moves', async () => {
    const first = await orderAs(ravi);
    const second = await orderAs(ravi);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/status',
      headers: owner.headers,
      payload: {
        status: OrderStatus.Cancelled,
        orders: [
          { id: first.id, version: 1 },
          { id: second.id, version: 1 },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    await standIn.waitFor(2);
    expect(receivers()).toEqual(['ravi', 'ravi']);
    expect(
      payloads()
        .map((payload) => payload.url)
        .sort(),
    ).toEqual([`/orders/${first.id}`, `/orders/${second.id}`].sort());
  });

  it('forgets a device its push service says is gone', async () => {
    const order = await orderAs(asha);
    standIn.gone.add('asha-tablet');
    await move(order.id, { status: OrderStatus.Cancelled, version: 1 });
    await standIn.waitFor(2);
    await expect
      .poll(
        async () =>
          (
            await ctx.db.execute<{ n: number }>(
              sql`SELECT count(*)::int AS n FROM push_subscriptions WHERE endpoint = ${devices.ashaTablet.endpoint}`,
            )
          ).rows[0]!.n,
      )
      .toBe(0);
  });
});

describe('an executive’s news', () => {
  let rider: Awaited<ReturnType<typeof createExecutive>>;

  beforeAll(async () => {
    rider = await createExecutive(ctx, { businessId: biz.id, zoneId: biz.zones[0]!, name: 'Ravi Rider' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/delivery/push-subscriptions',
      headers: rider.session.headers,
      payload: standIn.subscribe('rider'),
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  /** The pushes the rider's phone got. */
  const riders = () =>
    standIn.received.filter((push) => push.id === 'rider').map((p) => JSON.parse(p.payload));

  it('tells them an order is theirs to pick up, and the cash to collect for an unpaid cash order', async () => {
    const order = await orderAs(asha);
    await move(order.id, { status: OrderStatus.Confirmed, version: 1, dexId: rider.id });
    await vi.waitFor(() => expect(riders()).toHaveLength(1), { timeout: 10_000, interval: 20 });
    expect(riders()).toEqual([
      {
        title: `New order #${order.number}`,
        body: `Pick it up at ${order.storeName}. Collect ${formatRupees(order.billAmountPaise)} in cash.`,
        url: `/deliver/orders/${order.id}`,
      },
    ]);
  });

  it('tells the customer of the pick-up the executive makes in the delivery app', async () => {
    const order = await orderAs(ravi);
    const confirmed = await move(order.id, { status: OrderStatus.Confirmed, version: 1, dexId: rider.id });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/delivery/orders/${order.id}/status`,
      headers: rider.session.headers,
      payload: { status: OrderStatus.PickedUp, version: confirmed.version },
    });
    expect(res.statusCode, res.body).toBe(200);
    // The confirmation and the pick-up, each to Ravi's one device; the rider's own news besides.
    await vi.waitFor(() => expect(receivers().filter((id) => id === 'ravi')).toHaveLength(2), {
      timeout: 10_000,
      interval: 20,
    });
    expect(
      payloads()
        .filter((payload) => payload.url === `/orders/${order.id}`)
        .map((payload) => payload.title)
        // Each push is sent in the background after its answer: they may arrive in either order.
        .sort(),
    ).toEqual([`Order #${order.number}: Confirmed`, `Order #${order.number}: Picked Up`]);
  });

  it('asks for no cash when the order’s payment is already received', async () => {
    const order = await orderAs(asha);
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/payment`,
      headers: owner.headers,
      payload: { version: 1 },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await move(order.id, {
      status: OrderStatus.Confirmed,
      version: paid.json<{ version: number }>().version,
      dexId: rider.id,
    });
    await vi.waitFor(() => expect(riders()).toHaveLength(1), { timeout: 10_000, interval: 20 });
    expect(riders()).toEqual([
      {
        title: `New order #${order.number}`,
        body: `Pick it up at ${order.storeName}.`,
        url: `/deliver/orders/${order.id}`,
      },
    ]);
  });
});
