/**
 * Order numbers are each business's own, counted from 1: what the customer
 * app answers and what the console lists never reveal another business's volume.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontOrder } from '@storedesk/shared/storefront/schemas';
import {
  createBusiness,
  createStoreWithItem,
  createTestApp,
  deliveryAddressNear,
  enableCashOnDelivery,
  keyedOrderHeaders,
  signIn,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';

let ctx: TestApp;
let first: TestBusiness;
let second: TestBusiness;
const itemOf = new Map<string, { storeId: string; itemId: string }>();

async function place(business: TestBusiness, phone: string): Promise<number> {
  const { storeId, itemId } = itemOf.get(business.id)!;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/storefront/orders',
    headers: keyedOrderHeaders(business),
    payload: {
      customer: { name: 'Asha', phone },
      storeId,
      items: [{ itemId, quantity: 1 }],
      deliveryAddress: deliveryAddressNear,
      paymentMode: 'COD',
    },
  });
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
