/**
 * Each executive's open orders, kept by the database (ADR 0087): the count follows every way an
 * order is given, taken, closed or removed; the B14 limit is checked on it by the statement that
 * assigns, so of many assignments at once exactly the places left are taken; and a status change
 * that assigns is one statement after the order is read (issue 40's statement counts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { deliveryMessages } from '@storedesk/shared/delivery/rules';
import { OrderStatus } from '@storedesk/shared/orders';
import { applyRoutines } from '#server/db/migrate.ts';
import { statementsOf } from '#test/statements.ts';
import {
  caller,
  createExecutive,
  createStaffWorld,
  createStoreWithItem,
  enableCashOnDelivery,
  errorOf,
  insertCustomer,
  insertOrder,
  limitOpenOrdersTo,
  orderVersion,
  placeCustomerOrder,
  signInCustomerWithAddress,
  type Call,
  type StaffWorld,
} from '#test/harness.ts';

let world: StaffWorld;
let call: Call;
let store: { storeId: string; itemId: string };
let customerId: string;

beforeAll(async () => {
  world = await createStaffWorld();
  call = caller(world.ctx.app);
  store = await createStoreWithItem(world.ctx.db, world.biz);
  await enableCashOnDelivery(world.ctx.db, world.biz);
  customerId = await insertCustomer(world.ctx.db, world.biz.id);
});
afterAll(() => world.ctx.close());

const addExecutive = (name: string) =>
  createExecutive(world.ctx, { businessId: world.biz.id, zoneId: world.biz.zones[0], name });

const placeOrder = async () =>
  (
    await insertOrder(
      world.ctx.db,
      { businessId: world.biz.id, zoneId: world.biz.zones[0], storeId: store.storeId, customerId },
      { billAmountPaise: 45_000, deliveryCode: '4821' },
    )
  ).id;

const change = async (orderId: string, body: { status: number; dexId?: string }) =>
  call(world.admin, 'POST', `/api/orders/${orderId}/status`, {
    ...body,
    version: await orderVersion(world.ctx.db, orderId),
  });

/** The executive's open orders as the database keeps them, and as their orders say. */
async function counts(executiveId: string) {
  const { rows } = await world.ctx.db.execute<{ kept: number | null; counted: number }>(sql`
    SELECT (SELECT open_orders FROM executive_open_orders WHERE executive_id = ${executiveId}) AS kept,
      (SELECT count(*)::int FROM orders WHERE dex_id = ${executiveId} AND state = 1) AS counted`);
  return rows[0]!;
}

describe("an executive's open orders", () => {
  it('start at none, and follow assignment, reassignment, pick-up, delivery, cancelling, deleting an order and the executive', async () => {
    const dev = await addExecutive('Dev');
    const ravi = await addExecutive('Ravi');
    expect(await counts(dev.id)).toEqual({ kept: 0, counted: 0 });

    const [a, b, c, d] = [await placeOrder(), await placeOrder(), await placeOrder(), await placeOrder()];
    for (const id of [a, b, c, d]) {
      expect((await change(id, { status: OrderStatus.Confirmed, dexId: dev.id })).statusCode).toBe(200);
    }
    expect(await counts(dev.id)).toEqual({ kept: 4, counted: 4 });

    // Given to Ravi instead: one fewer for Dev, one more for Ravi.
    expect((await change(a, { status: OrderStatus.Confirmed, dexId: ravi.id })).statusCode).toBe(200);
    expect(await counts(dev.id)).toEqual({ kept: 3, counted: 3 });
    expect(await counts(ravi.id)).toEqual({ kept: 1, counted: 1 });

    // Picked up stays open; delivered and cancelled close.
    expect((await change(b, { status: OrderStatus.PickedUp })).statusCode).toBe(200);
    expect(await counts(dev.id)).toEqual({ kept: 3, counted: 3 });
    expect((await change(b, { status: OrderStatus.Delivered })).statusCode).toBe(200);
    expect((await change(c, { status: OrderStatus.Cancelled })).statusCode).toBe(200);
    expect(await counts(dev.id)).toEqual({ kept: 1, counted: 1 });

    // Written straight to the database too: an order inserted open with an executive, and one removed.
    const e = await insertOrder(
      world.ctx.db,
      { businessId: world.biz.id, zoneId: world.biz.zones[0], storeId: store.storeId, customerId },
      { billAmountPaise: 45_000, dexId: dev.id, dexName: 'Dev', status: OrderStatus.Confirmed, state: 1 },
    );
    expect(await counts(dev.id)).toEqual({ kept: 2, counted: 2 });
    await world.ctx.db.execute(sql`DELETE FROM orders WHERE id = ${d}`);
    expect(await counts(dev.id)).toEqual({ kept: 1, counted: 1 });

    // The executive removed for good: their orders lose them, and Ravi's count is untouched.
    await world.ctx.db.execute(sql`DELETE FROM users WHERE id = ${dev.id}`);
    expect(await counts(dev.id)).toEqual({ kept: null, counted: 0 });
    const { rows } = await world.ctx.db.execute<{ dex_id: string | null }>(
      sql`SELECT dex_id FROM orders WHERE id = ${e.id}`,
    );
    expect(rows[0]!.dex_id).toBeNull();
    expect(await counts(ravi.id)).toEqual({ kept: 1, counted: 1 });
  });

  it('are counted afresh when the routines are applied', async () => {
    const dev = await addExecutive('Recounted');
    const order = await placeOrder();
    expect((await change(order, { status: OrderStatus.Confirmed, dexId: dev.id })).statusCode).toBe(200);
    await world.ctx.db.execute(
      sql`UPDATE executive_open_orders SET open_orders = 7 WHERE executive_id = ${dev.id}`,
    );
    const client = await world.ctx.database.pool.connect();
    try {
      await client.query('BEGIN');
      await applyRoutines(client, undefined, { force: true });
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    expect(await counts(dev.id)).toEqual({ kept: 1, counted: 1 });
  });

  it('of eight assignments at once for an executive with two places left, exactly two are written', async () => {
    await limitOpenOrdersTo(call, world.owner, 3);
    const dev = await addExecutive('Racing');
    const first = await placeOrder();
    expect((await change(first, { status: OrderStatus.Confirmed, dexId: dev.id })).statusCode).toBe(200);
    const orders = await Promise.all(Array.from({ length: 8 }, placeOrder));
    const answers = await Promise.all(
      orders.map((id) => change(id, { status: OrderStatus.Confirmed, dexId: dev.id })),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(2);
    const refused = answers.filter((res) => res.statusCode !== 200);
    expect(refused).toHaveLength(6);
    for (const res of refused) {
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields).toEqual({ dexId: deliveryMessages.executiveFull(3) });
    }
    expect(await counts(dev.id)).toEqual({ kept: 3, counted: 3 });
    await limitOpenOrdersTo(call, world.owner, 50);
  });

  it('two staff swapping two executives’ orders at the same instant both succeed, twenty rounds over', async () => {
    const asha = await addExecutive('Swap A');
    const bala = await addExecutive('Swap B');
    const [x, y] = [await placeOrder(), await placeOrder()];
    expect((await change(x, { status: OrderStatus.Confirmed, dexId: asha.id })).statusCode).toBe(200);
    expect((await change(y, { status: OrderStatus.Confirmed, dexId: bala.id })).statusCode).toBe(200);
    for (let round = 0; round < 20; round++) {
      const [toBala, toAsha] = round % 2 === 0 ? [x, y] : [y, x];
      const answers = await Promise.all([
        change(toBala, { status: OrderStatus.Confirmed, dexId: bala.id }),
        change(toAsha, { status: OrderStatus.Confirmed, dexId: asha.id }),
      ]);
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    }
    expect(await counts(asha.id)).toEqual({ kept: 1, counted: 1 });
    expect(await counts(bala.id)).toEqual({ kept: 1, counted: 1 });
  });

  it('a bulk assignment beyond the limit is refused whole, and counts nothing', async () => {
    await limitOpenOrdersTo(call, world.owner, 2);
    const dev = await addExecutive('Bulk');
    const ids = [await placeOrder(), await placeOrder(), await placeOrder()];
    const versions = await Promise.all(ids.map((id) => orderVersion(world.ctx.db, id)));
    const res = await call(world.admin, 'POST', '/api/orders/status', {
      status: OrderStatus.Confirmed,
      dexId: dev.id,
      orders: ids.map((id, i) => ({ id, version: versions[i] })),
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({ dexId: deliveryMessages.executiveFull(2) });
    expect(await counts(dev.id)).toEqual({ kept: 0, counted: 0 });
    await limitOpenOrdersTo(call, world.owner, 50);
  });
});

// Nobody here has a device to push to, and a change's own statement says so (ADR 0088): no
// look-up follows the answer.
describe('statements per write (issue 40)', () => {
  it('a status change that gives the order to an executive: the session, the order, the change', async () => {
    await limitOpenOrdersTo(call, world.owner, 5);
    const dev = await addExecutive('Counted');
    const order = await placeOrder();
    const version = await orderVersion(world.ctx.db, order);
    let status = 0;
    const sent = await statementsOf(async () => {
      const res = await call(world.admin, 'POST', `/api/orders/${order}/status`, {
        status: OrderStatus.Confirmed,
        dexId: dev.id,
        version,
      });
      status = res.statusCode;
    });
    expect(status).toBe(200);
    expect(sent, sent.join('\n\n')).toHaveLength(3);
    expect(await counts(dev.id)).toEqual({ kept: 1, counted: 1 });
    await limitOpenOrdersTo(call, world.owner, 50);
  });

  it('a cancel of an order with no counted stock: the session, the order, the change', async () => {
    const order = await placeOrder();
    const version = await orderVersion(world.ctx.db, order);
    let status = 0;
    const sent = await statementsOf(async () => {
      status = (
        await call(world.admin, 'POST', `/api/orders/${order}/status`, {
          status: OrderStatus.Cancelled,
          version,
        })
      ).statusCode;
    });
    expect(status).toBe(200);
    expect(sent, sent.join('\n\n')).toHaveLength(3);
  });

  it("a customer's order: the business by its key with the session, what it reads, the order with all it records", async () => {
    // ADR 0088: no transaction; the counted stock and the first order are checked by the write.
    const customer = await signInCustomerWithAddress(
      world.ctx,
      world.biz.storefrontKey,
      '9876500031',
      'Meera',
    );
    const sent = await statementsOf(() =>
      placeCustomerOrder(world.ctx.app, customer, {
        storeId: store.storeId,
        items: [{ itemId: store.itemId, quantity: 1 }],
      }),
    );
    expect(sent, sent.join('\n\n')).toHaveLength(3);
    expect(sent[0]).toMatch(/from "businesses" where "businesses"."storefront_key" = \$\d+$/);
    expect(sent[0]).toMatch(/FROM customer_sessions s JOIN customers ON/);
    expect(sent[1]).toMatch(/from "stores"/);
    expect(sent[2]).toMatch(/^with "written" as \(insert into "orders"/);
  });
});
