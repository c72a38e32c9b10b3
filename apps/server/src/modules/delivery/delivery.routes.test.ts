/**
 * The delivery app's API (B13, ADR 0042): executives sign in there and nowhere else, move only
 * their own orders and only forward, deliver with the customer's code (guesses limited), collect
 * cash on delivery, and share their position only on duty. Staff assign within a limit per executive.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { DeliveryOrder, DeliverySignInResponse, Dispatch } from '@storedesk/shared/delivery/schemas';
import { deliveryMessages } from '@storedesk/shared/delivery/rules';
import { messages } from '@storedesk/shared/messages';
import { OrderStatus } from '@storedesk/shared/orders';
import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import { Level } from '@storedesk/shared/levels';
import * as t from '#server/db/schema.ts';
import {
  PASSWORD,
  caller,
  createExecutive,
  createStaffWorld,
  insertOrder,
  limitOpenOrdersTo,
  orderVersion,
  createStoreWithItem,
  errorOf,
  refusalOf,
  signInExecutive,
  type Call,
  type Session,
  type StaffWorld,
} from '#test/harness.ts';

let world: StaffWorld;
let call: Call;
let storeId: string;
let customerId: string;
let dex: Session;
let otherDex: { id: string; name: string; session: Session };
let rivalDex: Session;

const addExecutive = (businessId: string, zoneId: string, name: string) =>
  createExecutive(world.ctx, { businessId, zoneId, name });

/** A new order of the store, Placed, with a known delivery code. */
const placeOrder = async (paymentMode: 'COD' | 'UPI' = 'COD', billAmountPaise = 45_000) =>
  (
    await insertOrder(
      world.ctx.db,
      { businessId: world.biz.id, zoneId: world.biz.zones[0], storeId, customerId },
      {
        items: [{ itemId: storeId, itemName: 'Milk', itemQuantity: 1, itemPricePaise: billAmountPaise }],
        billAmountPaise,
        paymentMode,
        deliveryCode: '4821',
        deliveryAddress: { label: 'Home', text: '12, 4th Cross', landmark: 'Park', lat: 12.94, lng: 77.62 },
      },
    )
  ).id;

/** Staff confirm an order with an executive, as the console's picker does. */
const assign = async (orderId: string, dexId: string, session = world.admin) =>
  call(session, 'POST', `/api/orders/${orderId}/status`, {
    status: OrderStatus.Confirmed,
    dexId,
    version: await orderVersion(world.ctx.db, orderId),
  });

async function assigned(dexId: string, paymentMode: 'COD' | 'UPI' = 'COD') {
  const orderId = await placeOrder(paymentMode);
  const res = await assign(orderId, dexId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<OrderDetail>();
}

const move = (session: Session, orderId: string, body: object) =>
  call(session, 'POST', `/api/delivery/orders/${orderId}/status`, body);

beforeAll(async () => {
  world = await createStaffWorld();
  call = caller(world.ctx.app);
  ({ storeId } = await createStoreWithItem(world.ctx.db, world.biz));
  const [customer] = await world.ctx.db
    .insert(t.customers)
    .values({ businessId: world.biz.id, name: 'Asha', phone: '9811111111' })
    .returning({ id: t.customers.id });
  customerId = customer!.id;
  dex = await signInExecutive(world.ctx.app, world.biz.dex.email);
  otherDex = await addExecutive(world.biz.id, world.biz.zones[0], 'Other Rider');
  rivalDex = await signInExecutive(world.ctx.app, world.rival.dex.email);
});
afterAll(() => world.ctx.close());

describe('signing in to the delivery app', () => {
  it('gives an executive a token, their business and duty, and no cookie', async () => {
    const res = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/delivery/sign-in',
      payload: { email: world.biz.dex.email, password: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<DeliverySignInResponse>();
    expect(body.user).toMatchObject({ id: world.biz.dex.id, level: Level.DeliveryExecutive });
    expect(body.business.id).toBe(world.biz.id);
    expect(body.onDuty).toBe(false);
    expect(body.token).toMatch(/^[\w-]{40,}$/);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses staff with the console’s words, and the console still refuses executives', async () => {
    for (const email of [world.biz.owner.email, world.biz.admin.email]) {
      const res = await world.ctx.app.inject({
        method: 'POST',
        url: '/api/delivery/sign-in',
        payload: { email, password: PASSWORD },
      });
      expect(refusalOf(res)).toEqual({
        status: 403,
        code: 'forbidden',
        message: messages.noPermissionToSignIn,
      });
    }
    const console = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: world.biz.dex.email, password: PASSWORD },
    });
    expect(refusalOf(console)).toEqual({
      status: 403,
      code: 'forbidden',
      message: messages.noPermissionToSignIn,
    });
  });

  it('answers a wrong password with 401 and no session', async () => {
    const res = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/delivery/sign-in',
      payload: { email: world.biz.dex.email, password: 'not-the-password' },
    });
    expect(refusalOf(res)).toEqual({
      status: 401,
      code: 'unauthenticated',
      message: messages.badCredentials,
    });
  });

  it('keeps each token to its own side: an executive’s is 401 on the console, staff’s on the app', async () => {
    expect((await call(dex, 'GET', '/api/orders')).statusCode).toBe(401);
    expect((await call(dex, 'GET', '/api/dispatch')).statusCode).toBe(401);
    expect((await call(world.owner, 'GET', '/api/delivery/orders')).statusCode).toBe(401);
    const byCookie = await world.ctx.app.inject({
      method: 'GET',
      url: '/api/delivery/orders',
      headers: { cookie: world.owner.cookie },
    });
    expect(byCookie.statusCode).toBe(401);
  });

  it('ends the session at sign-out', async () => {
    const session = await signInExecutive(world.ctx.app, world.biz.dex.email);
    expect((await call(session, 'POST', '/api/delivery/sign-out')).statusCode).toBe(204);
    expect(refusalOf(await call(session, 'GET', '/api/delivery/session'))).toMatchObject({ status: 401 });
  });
});

describe('duty and position', () => {
  it('refuses a position while off duty, takes one on duty, and not another within 5 s', async () => {
    const rider = await addExecutive(world.biz.id, world.biz.zones[0], 'Position Rider');
    const off = await call(rider.session, 'POST', '/api/delivery/location', { lat: 12.95, lng: 77.6 });
    expect(refusalOf(off)).toEqual({ status: 409, code: 'conflict', message: deliveryMessages.offDuty });

    const duty = await call(rider.session, 'PUT', '/api/delivery/duty', { onDuty: true });
    expect(duty.statusCode, duty.body).toBe(200);
    expect(duty.json()).toMatchObject({ onDuty: true });
    expect((await call(rider.session, 'GET', '/api/delivery/session')).json()).toMatchObject({
      onDuty: true,
    });

    const first = await call(rider.session, 'POST', '/api/delivery/location', {
      lat: 12.95,
      lng: 77.6,
      accuracy: 8,
    });
    expect(first.statusCode, first.body).toBe(204);
    const second = await call(rider.session, 'POST', '/api/delivery/location', { lat: 12.96, lng: 77.6 });
    expect(refusalOf(second)).toEqual({
      status: 429,
      code: 'rate_limited',
      message: deliveryMessages.tooSoon,
    });

    const map = (await call(world.admin, 'GET', '/api/dispatch')).json<Dispatch>();
    expect(map.executives.find((e) => e.id === rider.id)).toMatchObject({
      name: 'Position Rider',
      onDuty: true,
      lat: 12.95,
      lng: 77.6,
      accuracy: 8,
      openOrders: 0,
    });

    // Off duty again: the last position stays for staff, and no more are taken.
    await call(rider.session, 'PUT', '/api/delivery/duty', { onDuty: false });
    await world.ctx.db.execute(
      sql`UPDATE executive_presence SET seen_at = now() - interval '1 minute' WHERE user_id = ${rider.id}`,
    );
    const later = await call(rider.session, 'POST', '/api/delivery/location', { lat: 13, lng: 77.7 });
    expect(later.statusCode).toBe(409);
    const after = (await call(world.owner, 'GET', '/api/dispatch')).json<Dispatch>();
    expect(after.executives.find((e) => e.id === rider.id)).toMatchObject({ onDuty: false, lat: 12.95 });
  });

  it('refuses positions and duty that are not positions and duty, writing nothing', async () => {
    await call(dex, 'PUT', '/api/delivery/duty', { onDuty: true });
    for (const body of [
      {},
      { lat: 'north', lng: 77 },
      { lat: 91, lng: 77 },
      { lat: 12, lng: 181 },
      { lat: 12, lng: 77, accuracy: -1 },
    ]) {
      const res = await call(dex, 'POST', '/api/delivery/location', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).code).toBe('invalid_input');
    }
    for (const body of [{}, { onDuty: 'yes' }, { onDuty: 1 }]) {
      const res = await call(dex, 'PUT', '/api/delivery/duty', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const [presence] = await world.ctx.db
      .select({ lat: t.executivePresence.lat })
      .from(t.executivePresence)
      .where(eq(t.executivePresence.userId, world.biz.dex.id));
    expect(presence?.lat ?? null).toBeNull();
  });

  it('keeps a trail only while the executive carries open orders', async () => {
    const rider = await addExecutive(world.biz.id, world.biz.zones[0], 'Trail Rider');
    await call(rider.session, 'PUT', '/api/delivery/duty', { onDuty: true });
    expect(
      (await call(rider.session, 'POST', '/api/delivery/location', { lat: 12.9, lng: 77.5 })).statusCode,
    ).toBe(204);
    await assigned(rider.id);
    await world.ctx.db.execute(
      sql`UPDATE executive_presence SET seen_at = now() - interval '1 minute' WHERE user_id = ${rider.id}`,
    );
    expect(
      (await call(rider.session, 'POST', '/api/delivery/location', { lat: 12.91, lng: 77.5 })).statusCode,
    ).toBe(204);
    const trail = await world.ctx.db
      .select({ lat: t.executiveTrail.lat })
      .from(t.executiveTrail)
      .where(eq(t.executiveTrail.executiveId, rider.id));
    expect(trail).toEqual([{ lat: 12.91 }]);
  });
});

describe('an executive’s orders', () => {
  it('lists their own open orders, oldest first, with store, customer, address and cash to collect', async () => {
    const rider = await addExecutive(world.biz.id, world.biz.zones[0], 'List Rider');
    const first = await assigned(rider.id, 'COD');
    const second = await assigned(rider.id, 'UPI');
    await assigned(otherDex.id);
    const res = await call(rider.session, 'GET', '/api/delivery/orders');
    expect(res.statusCode, res.body).toBe(200);
    const { items } = res.json<{ items: DeliveryOrder[] }>();
    expect(items.map((o) => o.id)).toEqual([first.id, second.id]);
    expect(items[0]).toMatchObject({
      status: OrderStatus.Confirmed,
      store: { id: storeId, address: 'MG Road', phone: '9876543210', lat: 12.97, lng: 77.59 },
      customerName: 'Asha',
      customerPhone: '9811111111',
      deliveryAddress: { text: '12, 4th Cross', lat: 12.94, lng: 77.62 },
      paymentMode: 'COD',
      paid: false,
      cashToCollectPaise: 45_000,
    });
    expect(items[1]).toMatchObject({ paymentMode: 'UPI', cashToCollectPaise: 0 });
    expect(JSON.stringify(items)).not.toContain('4821');
  });

  it('answers 404 for another executive’s order and another business’s', async () => {
    const theirs = await assigned(otherDex.id);
    for (const [session, id] of [
      [dex, theirs.id],
      [rivalDex, theirs.id],
    ] as const) {
      const res = await move(session, id, { status: OrderStatus.PickedUp, version: theirs.version });
      expect(refusalOf(res)).toEqual({ status: 404, code: 'not_found', message: messages.notFound });
    }
  });

  it('moves forward only, and never cancels (403)', async () => {
    const order = await assigned(world.biz.dex.id);
    const refused = async (body: object, message: string) =>
      expect(refusalOf(await move(dex, order.id, body))).toEqual({ status: 403, code: 'forbidden', message });
    await refused({ status: OrderStatus.Cancelled, version: order.version }, deliveryMessages.cannotCancel);
    await refused(
      { status: OrderStatus.Delivered, version: order.version, code: '4821' },
      deliveryMessages.forwardOnly,
    );
    await refused({ status: OrderStatus.Placed, version: order.version }, deliveryMessages.forwardOnly);
    await refused({ status: OrderStatus.Confirmed, version: order.version }, deliveryMessages.forwardOnly);

    const picked = await move(dex, order.id, { status: OrderStatus.PickedUp, version: order.version });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json()).toMatchObject({ status: OrderStatus.PickedUp, version: order.version + 1 });
    const back = await move(dex, order.id, { status: OrderStatus.Confirmed, version: order.version + 1 });
    expect(refusalOf(back)).toEqual({
      status: 403,
      code: 'forbidden',
      message: deliveryMessages.forwardOnly,
    });

    // The timeline says who, and staff see it.
    const detail = (await call(world.admin, 'GET', `/api/orders/${order.id}`)).json<OrderDetail>();
    expect(detail.timeline.at(-1)).toMatchObject({
      fromStatus: OrderStatus.Confirmed,
      toStatus: OrderStatus.PickedUp,
      actorName: world.biz.dex.name,
    });
  });

  it('refuses Picked Up (403) for an order staff moved back to Placed, which stays Placed', async () => {
    const order = await assigned(world.biz.dex.id);
    const back = await call(world.admin, 'POST', `/api/orders/${order.id}/status`, {
      status: OrderStatus.Placed,
      version: order.version,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ status: OrderStatus.Placed, dexId: world.biz.dex.id });
    const version = await orderVersion(world.ctx.db, order.id);

    const picked = await move(dex, order.id, { status: OrderStatus.PickedUp, version });
    expect(refusalOf(picked)).toEqual({
      status: 403,
      code: 'forbidden',
      message: deliveryMessages.forwardOnly,
    });
    const [row] = await world.ctx.db
      .select({ status: t.orders.status, version: t.orders.version })
      .from(t.orders)
      .where(eq(t.orders.id, order.id));
    expect(row).toEqual({ status: OrderStatus.Placed, version });
  });

  it('answers 409 with the order as it is when the version is stale', async () => {
    const order = await assigned(world.biz.dex.id);
    const res = await move(dex, order.id, { status: OrderStatus.PickedUp, version: order.version - 1 });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).current).toMatchObject({
      id: order.id,
      status: OrderStatus.Confirmed,
      version: order.version,
    });
  });

  it('delivers with the customer’s code, collecting the cash of a COD order', async () => {
    // A business with a GSTIN: the delivery gives the order its tax invoice number (B18).
    await world.ctx.db
      .update(t.businesses)
      .set({ gstin: '27AAPFU0939F1ZV' })
      .where(eq(t.businesses.id, world.biz.id));
    const [last] = await world.ctx.db
      .select({ n: sql<number>`coalesce(max(${t.orders.invoiceNumber}), 0)::int` })
      .from(t.orders)
      .where(eq(t.orders.businessId, world.biz.id));
    const order = await assigned(world.biz.dex.id, 'COD');
    const picked = (
      await move(dex, order.id, { status: OrderStatus.PickedUp, version: order.version })
    ).json<DeliveryOrder>();
    const missing = await move(dex, order.id, { status: OrderStatus.Delivered, version: picked.version });
    expect(refusalOf(missing)).toMatchObject({
      status: 400,
      fields: { code: deliveryMessages.codeRequired },
    });
    // The cash is said in so many words: false, or nothing at all, is not collected.
    for (const cashCollected of [false, undefined]) {
      const notCollected = await move(dex, order.id, {
        status: OrderStatus.Delivered,
        version: picked.version,
        code: '4821',
        ...(cashCollected === undefined ? {} : { cashCollected }),
      });
      expect(refusalOf(notCollected), String(cashCollected)).toMatchObject({
        status: 400,
        fields: { cashCollected: deliveryMessages.cashNotCollected },
      });
    }

    const done = await move(dex, order.id, {
      status: OrderStatus.Delivered,
      version: picked.version,
      code: '4821',
      cashCollected: true,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: OrderStatus.Delivered, paid: true, cashToCollectPaise: 0 });
    const [row] = await world.ctx.db
      .select({
        state: t.orders.state,
        cash: t.orders.cashCollectedPaise,
        paidByName: t.orders.paidByName,
        deliveredAt: t.orders.deliveredAt,
        paidPaise: t.orders.paidPaise,
        invoiceNumber: t.orders.invoiceNumber,
      })
      .from(t.orders)
      .where(eq(t.orders.id, order.id));
    await world.ctx.db.update(t.businesses).set({ gstin: null }).where(eq(t.businesses.id, world.biz.id));
    expect(row).toMatchObject({
      state: 0,
      cash: 45_000,
      paidByName: world.biz.dex.name,
      paidPaise: 45_000,
      invoiceNumber: last!.n + 1,
    });
    expect(row!.deliveredAt).toBeInstanceOf(Date);
    const list = (await call(dex, 'GET', '/api/delivery/orders')).json<{ items: DeliveryOrder[] }>();
    expect(list.items.map((o) => o.id)).not.toContain(order.id);
    // Closed: nothing more.
    const again = await move(dex, order.id, {
      status: OrderStatus.Delivered,
      version: picked.version + 1,
      code: '4821',
    });
    expect(refusalOf(again)).toMatchObject({ status: 409, message: messages.orderClosed });
  });

  it('refuses wrong codes, then every try for that order with 429 once 5 were wrong', async () => {
    const order = await assigned(world.biz.dex.id, 'UPI');
    const picked = (
      await move(dex, order.id, { status: OrderStatus.PickedUp, version: order.version })
    ).json<DeliveryOrder>();
    const deliver = (code: unknown) =>
      move(dex, order.id, { status: OrderStatus.Delivered, version: picked.version, code });
    for (const code of ['12', 'abcd', '12345']) {
      expect(refusalOf(await deliver(code))).toMatchObject({
        status: 400,
        fields: { code: deliveryMessages.codeRequired },
      });
    }
    for (let i = 0; i < 5; i++) {
      expect(refusalOf(await deliver(`000${i}`))).toMatchObject({
        status: 400,
        fields: { code: deliveryMessages.wrongCode },
      });
    }
    const blocked = await deliver('4821');
    expect(refusalOf(blocked)).toEqual({
      status: 429,
      code: 'rate_limited',
      message: deliveryMessages.tooManyCodes,
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const [row] = await world.ctx.db
      .select({ status: t.orders.status })
      .from(t.orders)
      .where(eq(t.orders.id, order.id));
    expect(row!.status).toBe(OrderStatus.PickedUp);

    // The window passes: the right code delivers.
    await world.ctx.db.execute(
      sql`UPDATE sign_in_throttle SET window_started_at = now() - interval '1 hour' WHERE key = ${`delivery-code:${order.id}`}`,
    );
    expect((await deliver('4821')).statusCode).toBe(200);
  });
});

describe('the limit of open orders per executive', () => {
  it('refuses an assignment beyond the business’s limit', async () => {
    const rider = await addExecutive(world.biz.id, world.biz.zones[0], 'Busy Rider');
    await limitOpenOrdersTo(call, world.owner, 2);
    await assigned(rider.id);
    await assigned(rider.id);
    const third = await assign(await placeOrder(), rider.id);
    expect(refusalOf(third)).toMatchObject({
      status: 400,
      fields: { dexId: deliveryMessages.executiveFull(2) },
    });
  });

  it('counts Picked Up orders against the limit as well as Confirmed ones', async () => {
    const rider = await addExecutive(world.biz.id, world.biz.zones[0], 'Carrying Rider');
    await limitOpenOrdersTo(call, world.owner, 2);
    const first = await assigned(rider.id);
    await assigned(rider.id);
    const picked = await move(rider.session, first.id, {
      status: OrderStatus.PickedUp,
      version: first.version,
    });
    expect(picked.json()).toMatchObject({ status: OrderStatus.PickedUp });

    // One Picked Up and one Confirmed: both are theirs to carry, and the limit is reached.
    const third = await placeOrder();
    expect(refusalOf(await assign(third, rider.id))).toEqual({
      status: 400,
      code: 'invalid_input',
      message: messages.invalidInput,
      fields: { dexId: deliveryMessages.executiveFull(2) },
    });
    const [row] = await world.ctx.db
      .select({ status: t.orders.status, dexId: t.orders.dexId })
      .from(t.orders)
      .where(eq(t.orders.id, third));
    expect(row).toEqual({ status: OrderStatus.Placed, dexId: null });
  });

  it('lets exactly one of two concurrent assignments take the last place', async () => {
    const rider = await addExecutive(world.biz.id, world.biz.zones[0], 'Racing Rider');
    const { maxOpenOrdersPerExecutive: limit } = (
      await call(world.owner, 'GET', '/api/settings/order')
    ).json<{
      maxOpenOrdersPerExecutive: number;
    }>();
    for (let i = 0; i < limit - 1; i++) await assigned(rider.id);
    const [a, b] = [await placeOrder(), await placeOrder()];
    const answers = await Promise.all([assign(a, rider.id), assign(b, rider.id, world.owner)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    const refused = answers.find((res) => res.statusCode === 400)!;
    expect(errorOf(refused).fields).toEqual({ dexId: deliveryMessages.executiveFull(limit) });
    const { rows } = await world.ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM orders WHERE dex_id = ${rider.id} AND state = 1`,
    );
    expect(rows[0]!.n).toBe(limit);
  });

  it('refuses another zone’s or business’s executive', async () => {
    const south = await addExecutive(world.biz.id, world.biz.zones[1], 'South Rider');
    expect(refusalOf(await assign(await placeOrder(), south.id))).toMatchObject({
      status: 400,
      fields: { dexId: messages.unknownDex },
    });
    expect(refusalOf(await assign(await placeOrder(), world.rival.dex.id))).toMatchObject({
      status: 400,
      fields: { dexId: messages.unknownDex },
    });
  });
});
