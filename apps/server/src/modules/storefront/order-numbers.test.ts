/**
 * Order numbers are each business's own, counted from 1: what the customer
 * app answers and what the console lists never reveal another business's volume.
 * An order takes its number with its last write, once nothing can refuse it (ADR 0066).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { StorefrontOrder } from '@storedesk/shared/storefront/schemas';
import {
  createBusiness,
  createStoreWithItem,
  createTestApp,
  deliveryAddressNear,
  enableCashOnDelivery,
  insertItems,
  keyedOrderHeaders,
  signIn,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';

let ctx: TestApp;
let first: TestBusiness;
let second: TestBusiness;
const itemOf = new Map<string, { storeId: string; itemId: string }>();

function order(business: TestBusiness, phone: string, line: { itemId: string; quantity: number }) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/storefront/orders',
    headers: keyedOrderHeaders(business),
    payload: {
      customer: { name: 'Asha', phone },
      storeId: itemOf.get(business.id)!.storeId,
      items: [line],
      deliveryAddress: deliveryAddressNear,
      paymentMode: 'COD',
    },
  });
}

async function place(business: TestBusiness, phone: string, itemId = itemOf.get(business.id)!.itemId) {
  const res = await order(business, phone, { itemId, quantity: 1 });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<StorefrontOrder>().number;
}

beforeAll(async () => {
  ctx = await createTestApp({ env: { STOREFRONT_ORDERS_PER_MINUTE: '1000' } });
  first = await createBusiness(ctx.db);
  second = await createBusiness(ctx.db);
  itemOf.set(first.id, await createStoreWithItem(ctx.db, first));
  itemOf.set(second.id, await createStoreWithItem(ctx.db, second));
  for (const business of [first, second]) await enableCashOnDelivery(ctx.db, business);
});

afterAll(() => ctx.close());

/** Sessions of the test's database waiting for a lock. */
async function waitingForLocks(): Promise<number> {
  const { rows } = await ctx.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  return rows[0]!.n;
}

describe('order numbers', () => {
  it('count from 1 in each business, whatever the other places in between', async () => {
    expect(await place(first, '9800000001')).toBe(1);
    expect(await place(first, '9800000002')).toBe(2);
    expect(await place(second, '9800000003')).toBe(1);
    expect(await place(first, '9800000004')).toBe(3);
    expect(await place(second, '9800000005')).toBe(2);
  });

  it('stay unique and without gaps when one business places orders at once', async () => {
    const numbers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => place(second, `97000000${String(i).padStart(2, '0')}`)),
    );
    expect(numbers.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 3));
  });

  it('are taken once nothing can refuse the order: one waiting for its stock holds up no other, one refused takes none', async () => {
    const [atta] = await insertItems(ctx.db, [
      {
        businessId: first.id,
        storeId: itemOf.get(first.id)!.storeId,
        name: 'Atta',
        variants: [{ label: '5 kg', pricePaise: 24_000, stock: 5 }],
      },
    ]);
    const last = await place(first, '9611111111');
    const { waiting } = await ctx.db.transaction(async (tx) => {
      // Another order taking the atta's units holds its row until it commits.
      await tx.execute(sql`SELECT 1 FROM item_variants WHERE id = ${atta!.variantIds[0]} FOR UPDATE`);
      const waiting = place(first, '9633333333', atta!.id);
      while ((await waitingForLocks()) === 0) await sleep(20);
      // An order of the business's other items goes through meanwhile, and is numbered first.
      expect(await Promise.race([place(first, '9655555555'), sleep(5_000, 'held up')])).toBe(last + 1);
      return { waiting };
    });
    expect(await waiting).toBe(last + 2);
    // One refused for its stock (4 left) leaves no number behind.
    expect((await order(first, '9677777777', { itemId: atta!.id, quantity: 5 })).statusCode).toBe(409);
    expect(await place(first, '9699999999')).toBe(last + 3);
  });

  it('are what the console lists and finds by number', async () => {
    const owner = await signIn(ctx.app, first.owner.email);
    const res = await ctx.app.inject({
      url: '/api/orders?view=active&q=%232&pageSize=25',
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    const { items } = res.json<{ items: Array<{ number: number; businessId?: string; storeId: string }> }>();
    expect(items.map((order) => [order.number, order.storeId])).toEqual([[2, itemOf.get(first.id)!.storeId]]);
  });
});
