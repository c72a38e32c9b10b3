/**
 * Cancelling with a reason (B18, ADR 0068): staff choose one from their list, one order or many;
 * the customer cancels their own order in the app until the store confirms it, with a reason of
 * theirs. The reason is kept on the order and on its timeline; the stock comes back; of the
 * customer's cancel and the store's confirm at the same moment exactly one is written.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelMessages } from '@storedesk/shared/orders/cancellation';
import { messages } from '@storedesk/shared/messages';
import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import type { CustomerOrder } from '@storedesk/shared/storefront/schemas';
import {
  caller,
  createExecutive,
  createStaffWorld,
  createStoreWithItem,
  enableCashOnDelivery,
  errorOf,
  keyedOrderHeaders,
  deliveryAddressNear,
  placeCustomerOrder,
  signInCustomerWithAddress,
  type Call,
  type StaffWorld,
} from '#test/harness.ts';

let world: StaffWorld;
let call: Call;
let store: { storeId: string; itemId: string };
let asha: Awaited<ReturnType<typeof signInCustomerWithAddress>>;
let ravi: Awaited<ReturnType<typeof signInCustomerWithAddress>>;
let dex: { id: string };

beforeAll(async () => {
  world = await createStaffWorld();
  call = caller(world.ctx.app);
  await enableCashOnDelivery(world.ctx.db, world.biz);
  store = await createStoreWithItem(world.ctx.db, world.biz, { name: 'Paneer', pricePaise: 10_500 });
  await world.ctx.db.execute(sql`UPDATE item_variants SET stock = 1000 WHERE item_id = ${store.itemId}`);
  asha = await signInCustomerWithAddress(world.ctx, world.biz.storefrontKey, '9876500001', 'Asha');
  ravi = await signInCustomerWithAddress(world.ctx, world.biz.storefrontKey, '9876500002', 'Ravi');
  dex = await createExecutive(world.ctx, {
    businessId: world.biz.id,
    zoneId: world.biz.zones[0],
    name: 'Kiran',
  });
});

afterAll(async () => {
  await world.ctx.close();
});

async function stock(): Promise<number> {
  const { rows } = await world.ctx.db.$client.query<{ stock: number }>(
    'SELECT stock FROM item_variants WHERE item_id = $1',
    [store.itemId],
  );
  return rows[0]!.stock;
}

/** Asha (or another customer) places an order of `quantity` paneer. */
const place = (customer = asha, quantity = 2) =>
  placeCustomerOrder(world.ctx.app, customer, {
    storeId: store.storeId,
    items: [{ itemId: store.itemId, quantity }],
  });

const cancelAsCustomer = (orderId: string, body: unknown, customer = asha) =>
  world.ctx.app.inject({
    method: 'POST',
    url: `/api/storefront/orders/${orderId}/cancel`,
    headers: { ...customer.headers, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

const detail = async (orderId: string) =>
  (await call(world.owner, 'GET', `/api/orders/${orderId}`)).json<OrderDetail>();

/** The order's row as stored, for "nothing written". */
async function stored(orderId: string) {
  const { rows } = await world.ctx.db.$client.query(
    'SELECT status, state, version, cancel_reason, (SELECT count(*) FROM order_events WHERE order_id = $1) AS events FROM orders WHERE id = $1',
    [orderId],
  );
  return rows[0];
}

describe('staff cancel with a reason', () => {
  it('keeps the reason on the order and on the timeline row of the cancel, and gives the stock back', async () => {
    const before = await stock();
    const order = await place();
    expect(await stock()).toBe(before - 2);
    const res = await call(world.admin, 'POST', `/api/orders/${order.id}/status`, {
      status: -1,
      reason: 'OUT_OF_STOCK',
      note: 'No paneer today',
      version: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const cancelled = res.json<OrderDetail>();
    expect(cancelled).toMatchObject({ status: -1, state: 0, cancelReason: 'OUT_OF_STOCK', version: 2 });
    expect(cancelled.timeline.at(-1)).toMatchObject({
      fromStatus: 0,
      toStatus: -1,
      note: 'No paneer today',
      reason: 'OUT_OF_STOCK',
      actorName: world.biz.admin.name,
    });
    expect(await detail(order.id)).toEqual(cancelled);
    expect(await stock()).toBe(before);
    // The customer's app says why.
    const seen = await world.ctx.app.inject({
      method: 'GET',
      url: `/api/storefront/orders/${order.id}`,
      headers: asha.headers,
    });
    expect(seen.json<CustomerOrder>()).toMatchObject({ status: -1, cancelReason: 'OUT_OF_STOCK' });
  });

  it('cancels many at once with one reason; without one (an API client) none is kept', async () => {
    const [first, second, third] = [await place(), await place(), await place()];
    const bulk = await call(world.owner, 'POST', '/api/orders/status', {
      status: -1,
      reason: 'STORE_CLOSED',
      orders: [first!, second!].map((order) => ({ id: order.id, version: 1 })),
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    for (const order of [first!, second!]) {
      const seen = await detail(order.id);
      expect(seen.cancelReason).toBe('STORE_CLOSED');
      expect(seen.timeline.at(-1)).toMatchObject({ toStatus: -1, reason: 'STORE_CLOSED' });
    }
    const plain = await call(world.owner, 'POST', `/api/orders/${third!.id}/status`, {
      status: -1,
      version: 1,
    });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json<OrderDetail>()).toMatchObject({ status: -1, cancelReason: null });
    expect(plain.json<OrderDetail>().timeline.at(-1)).toMatchObject({ toStatus: -1, reason: null });
  });

  it('refuses a reason off the staff list, or with any status but Cancelled, and writes nothing', async () => {
    const order = await place();
    const before = await stored(order.id);
    const cases: Array<[object, Record<string, string>]> = [
      [{ status: -1, reason: 'BORED', version: 1 }, { reason: 'choose one of the reasons offered' }],
      // The customer's own reasons are theirs to give.
      [
        { status: -1, reason: 'ORDERED_BY_MISTAKE', version: 1 },
        { reason: 'choose one of the reasons offered' },
      ],
      [{ status: -1, reason: 7, version: 1 }, { reason: 'choose one of the reasons offered' }],
      [{ status: -1, reason: null, version: 1 }, { reason: 'choose one of the reasons offered' }],
      [{ status: -2, reason: 'OUT_OF_STOCK', version: 1 }, { reason: cancelMessages.reasonOnlyOnCancel }],
      [
        { status: 1, dexId: dex.id, reason: 'OTHER', version: 1 },
        { reason: cancelMessages.reasonOnlyOnCancel },
      ],
    ];
    for (const [payload, fields] of cases) {
      const res = await call(world.owner, 'POST', `/api/orders/${order.id}/status`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res).fields, JSON.stringify(payload)).toEqual(fields);
    }
    const bulk = await call(world.owner, 'POST', '/api/orders/status', {
      status: 0,
      reason: 'OTHER',
      orders: [{ id: order.id, version: 1 }],
    });
    expect(bulk.statusCode).toBe(400);
    expect(errorOf(bulk).fields).toEqual({ reason: cancelMessages.reasonOnlyOnCancel });
    expect(await stored(order.id)).toEqual(before);
  });
});

describe('the customer cancels their order', () => {
  it('while it is Placed: Cancelled with their reason and note, on the timeline as theirs, the stock back', async () => {
    const before = await stock();
    const order = await place(asha, 3);
    const res = await cancelAsCustomer(order.id, { reason: 'ORDERED_BY_MISTAKE', note: 'Wrong store' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CustomerOrder>()).toMatchObject({
      id: order.id,
      status: -1,
      state: 0,
      cancelReason: 'ORDERED_BY_MISTAKE',
      deliveryCode: null,
    });
    expect(res.json<CustomerOrder>().timeline.map((change) => change.status)).toEqual([0, -1]);
    expect(await stock()).toBe(before);
    const seen = await detail(order.id);
    expect(seen).toMatchObject({ status: -1, cancelReason: 'ORDERED_BY_MISTAKE' });
    expect(seen.timeline.at(-1)).toMatchObject({
      fromStatus: 0,
      toStatus: -1,
      note: 'Wrong store',
      reason: 'ORDERED_BY_MISTAKE',
      actorName: 'Asha (customer)',
    });
    // Staff hear of it live, as of their own changes.
    const { rows } = await world.ctx.db.$client.query<{ action: string }>(
      `SELECT action FROM events WHERE record_id = $1 ORDER BY id DESC LIMIT 1`,
      [order.id],
    );
    expect(rows[0]!.action).toBe('status');
  });

  it('without a reason too, or with no body at all; a second cancel is 409 closed, and changes nothing', async () => {
    const bare = await place();
    const noBody = await world.ctx.app.inject({
      method: 'POST',
      url: `/api/storefront/orders/${bare.id}/cancel`,
      headers: asha.headers,
    });
    expect(noBody.statusCode, noBody.body).toBe(200);
    expect(noBody.json<CustomerOrder>()).toMatchObject({ status: -1, cancelReason: null });
    const order = await place();
    const res = await cancelAsCustomer(order.id, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CustomerOrder>()).toMatchObject({ status: -1, cancelReason: null });
    const before = await stored(order.id);
    const again = await cancelAsCustomer(order.id, { reason: 'OTHER' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(messages.orderClosed);
    expect(await stored(order.id)).toEqual(before);
  });

  it('once the store has confirmed it: 409, and the order is as the store left it', async () => {
    const order = await place();
    const confirmed = await call(world.owner, 'POST', `/api/orders/${order.id}/status`, {
      status: 1,
      dexId: dex.id,
      version: 1,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const before = await stored(order.id);
    const res = await cancelAsCustomer(order.id, { reason: 'TAKING_TOO_LONG' });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({ code: 'conflict', message: cancelMessages.confirmedAlready });
    expect(await stored(order.id)).toEqual(before);
  });

  it('after a staff note it is still Placed: the cancel is decided on the order as it is now', async () => {
    const order = await place();
    const noted = await call(world.owner, 'POST', `/api/orders/${order.id}/status`, {
      status: 0,
      note: 'Packing now',
      version: 1,
    });
    expect(noted.statusCode, noted.body).toBe(200);
    const res = await cancelAsCustomer(order.id, { reason: 'CHANGE_ITEMS' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await detail(order.id)).version).toBe(3);
  });

  it('is 404 for another customer’s order, an order of the business’s own system, or an unknown id', async () => {
    const ashas = await place(asha);
    const keyed = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/storefront/orders',
      headers: keyedOrderHeaders(world.biz),
      payload: {
        storeId: store.storeId,
        items: [{ itemId: store.itemId, quantity: 1 }],
        customer: { name: 'Till', phone: '9876500001' },
        deliveryAddress: deliveryAddressNear,
        paymentMode: 'COD',
      },
    });
    expect(keyed.statusCode, keyed.body).toBe(201);
    for (const orderId of [ashas.id, keyed.json<{ id: string }>().id]) {
      const before = await stored(orderId);
      const res = await cancelAsCustomer(orderId, {}, ravi);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).message).toBe(messages.notFound);
      expect(await stored(orderId)).toEqual(before);
    }
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect((await cancelAsCustomer(id, {})).statusCode).toBe(404);
    }
  });

  it('is 401 without a signed-in customer, and another business’s key finds no order', async () => {
    const order = await place();
    const anonymous = await world.ctx.app.inject({
      method: 'POST',
      url: `/api/storefront/orders/${order.id}/cancel`,
      headers: { 'x-storefront-key': world.biz.storefrontKey, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(anonymous.statusCode).toBe(401);
    const rivalKey = await world.ctx.app.inject({
      method: 'POST',
      url: `/api/storefront/orders/${order.id}/cancel`,
      headers: {
        'x-storefront-key': world.rival.storefrontKey,
        authorization: asha.headers.authorization!,
        'content-type': 'application/json',
      },
      payload: '{}',
    });
    expect(rivalKey.statusCode).toBe(401);
    // Staff sessions are not customers'.
    const staff = await world.ctx.app.inject({
      method: 'POST',
      url: `/api/storefront/orders/${order.id}/cancel`,
      headers: { 'x-storefront-key': world.biz.storefrontKey, ...world.owner.headers },
      payload: {},
    });
    expect(staff.statusCode).toBe(401);
    expect((await stored(order.id))!.status).toBe(0);
  });

  it('refuses a reason off the customer’s list and a bad note with 400, and writes nothing', async () => {
    const order = await place();
    const before = await stored(order.id);
    const cases: Array<[unknown, Record<string, string>]> = [
      [{ reason: 'OUT_OF_STOCK' }, { reason: 'choose one of the reasons offered' }],
      [{ reason: 'because' }, { reason: 'choose one of the reasons offered' }],
      [{ reason: 3 }, { reason: 'choose one of the reasons offered' }],
      [{ note: 'x'.repeat(201) }, { note: 'must be at most 200 characters' }],
      [{ note: 42 }, { note: 'Invalid input: expected string, received number' }],
    ];
    for (const [body, fields] of cases) {
      const res = await cancelAsCustomer(order.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).fields, JSON.stringify(body)).toEqual(fields);
    }
    for (const body of ['not json', '[]', '"OTHER"']) {
      const res = await world.ctx.app.inject({
        method: 'POST',
        url: `/api/storefront/orders/${order.id}/cancel`,
        headers: { ...asha.headers, 'content-type': 'application/json' },
        payload: body,
      });
      expect(res.statusCode, body).toBe(400);
    }
    expect(await stored(order.id)).toEqual(before);
  });

  it('and the store’s confirm at the same moment: exactly one is written, every time', async () => {
    const before = await stock();
    const outcomes: string[] = [];
    for (let round = 0; round < 8; round++) {
      const order = await place();
      const [cancel, confirm] = await Promise.all([
        cancelAsCustomer(order.id, { reason: 'TAKING_TOO_LONG' }),
        call(world.owner, 'POST', `/api/orders/${order.id}/status`, { status: 1, dexId: dex.id, version: 1 }),
      ]);
      const seen = await detail(order.id);
      if (cancel.statusCode === 200) {
        expect(confirm.statusCode, confirm.body).toBe(409);
        expect(seen).toMatchObject({ status: -1, version: 2 });
        outcomes.push('cancelled');
      } else {
        expect(cancel.statusCode, cancel.body).toBe(409);
        expect(errorOf(cancel).message).toBe(cancelMessages.confirmedAlready);
        expect(confirm.statusCode, confirm.body).toBe(200);
        expect(seen).toMatchObject({ status: 1, version: 2 });
        outcomes.push('confirmed');
        // Confirmed orders are cancelled by staff, so the stock comes back for the count below.
        const undone = await call(world.owner, 'POST', `/api/orders/${order.id}/status`, {
          status: -1,
          reason: 'CUSTOMER_ASKED',
          version: 2,
        });
        expect(undone.statusCode, undone.body).toBe(200);
      }
      expect(seen.timeline.filter((entry) => entry.toStatus !== null)).toHaveLength(2);
    }
    expect(outcomes).toHaveLength(8);
    // Every order's units came back exactly once.
    expect(await stock()).toBe(before);
  });
});
