/**
 * A coupon made in /coupons is the one the customer app applies (SPEC §3, D12,
 * D16): its percent, maximum, minimum order and stores hold at
 * POST /api/storefront/orders, and once closed it is refused. Orders come from
 * the business's own system (a secret key, ADR 0056), but where a coupon names
 * customers: those come from the customers, signed in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ngeohash from 'ngeohash';
import type { Coupon } from '@storedesk/shared/coupons/schemas';
import { businessDay } from '@storedesk/shared/dates';
import { storefrontMessages, type StorefrontOrder } from '@storedesk/shared/storefront/schemas';
import * as t from '#server/db/schema.ts';
import {
  caller,
  createBusiness,
  createTestApp,
  deliveryAddressNear,
  enableCashOnDelivery,
  errorOf,
  insertItems,
  keyedOrderHeaders,
  signIn,
  signInCustomerWithAddress,
  type Call,
  type Session,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';

let ctx: TestApp;
let biz: TestBusiness;
let owner: Session;
let call: Call;
const stores = {} as Record<'main' | 'other', string>;
const items = {} as Record<'rice' | 'milk' | 'bread', string>;

const today = businessDay(new Date(), 'Asia/Kolkata');
const inAMonth = new Date(Date.parse(`${today}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);

async function addStore(name: string) {
  const [row] = await ctx.db
    .insert(t.stores)
    .values({
      businessId: biz.id,
      zoneId: biz.zones[0],
      name,
      description: 'Groceries',
      location: 'MG Road',
      phone: '9876543210',
      featured: 1,
      latitude: 12.97,
      longitude: 77.59,
      geohash: ngeohash.encode(12.97, 77.59, 9),
      openTime: '00:00',
      closeTime: '23:59',
      status: 1,
    })
    .returning({ id: t.stores.id });
  return row!.id;
}

async function addItem(storeId: string, name: string, pricePaise: number) {
  const [row] = await insertItems(ctx.db, [{ businessId: biz.id, storeId, name, pricePaise }]);
  return row!.id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  call = caller(ctx.app);
  biz = await createBusiness(ctx.db, { live: true });
  owner = await signIn(ctx.app, biz.owner.email);
  stores.main = await addStore('Fresh Mart Koramangala');
  stores.other = await addStore('Fresh Mart Indiranagar');
  items.rice = await addItem(stores.main, 'Basmati Rice (5 kg)', 60_000);
  items.milk = await addItem(stores.main, 'Full Cream Milk (1 L)', 6_800);
  items.bread = await addItem(stores.other, 'Bread', 30_000);
  await ctx.db.insert(t.orderSettings).values({
    businessId: biz.id,
    deliveryChargesEnabled: true,
    standardDeliveryChargesPaise: 3_000,
    minimumOrderPaise: 0,
  });
  await enableCashOnDelivery(ctx.db, biz);
});
afterAll(() => ctx.close());

let phoneCounter = 0;
const freshPhone = () => `97${String(10_000_000 + ++phoneCounter * 13).padStart(8, '0')}`;

/** An order of the business's own system, to an address near the stores, paid in cash on delivery. */
function place(
  storeId: string,
  lines: Array<[string, number]>,
  couponCode: string,
  customer = { name: 'Asha Rao', phone: freshPhone() },
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/storefront/orders',
    headers: keyedOrderHeaders(biz),
    payload: {
      customer,
      storeId,
      items: lines.map(([itemId, quantity]) => ({ itemId, quantity })),
      deliveryAddress: deliveryAddressNear,
      paymentMode: 'COD',
      couponCode,
    },
  });
}

async function createCoupon(body: Record<string, unknown>) {
  const res = await call(owner, 'POST', '/api/coupons', {
    name: 'A coupon',
    validFrom: today,
    expiresAt: inAMonth,
    availStartTime: '00:00',
    availEndTime: '23:59',
    usageLimit: 100,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Coupon>();
}

async function usedCount(code: string) {
  const res = await call(owner, 'GET', `/api/coupons?q=${code}`);
  return res.json<{ items: Coupon[] }>().items.find((c) => c.code === code)?.usedCount;
}

describe('a coupon created through POST /api/coupons, at the storefront', () => {
  let coupon: Coupon;

  beforeAll(async () => {
    coupon = await createCoupon({
      code: 'FRESH10',
      type: 'DISCOUNT',
      discountPercent: 10,
      maxDiscountPaise: 5_000,
      minOrderValuePaise: 19_900,
      storeIds: [stores.main],
    });
  });

  it('takes its percent off the items while under its maximum', async () => {
    // 2 × ₹68.00 + ₹600.00 = ₹736.00; 10% is ₹73.60, above the ₹50.00 maximum.
    const capped = await place(
      stores.main,
      [
        [items.milk, 2],
        [items.rice, 1],
      ],
      'fresh10',
    );
    expect(capped.statusCode, capped.body).toBe(201);
    expect(capped.json<StorefrontOrder>()).toMatchObject({
      couponCode: 'FRESH10',
      itemsTotalPaise: 73_600,
      discountPaise: 5_000,
      offer: { coupon: 'FRESH10', discountPaise: 5_000 },
      chargesTotalPaise: 3_000,
      billAmountPaise: 73_600 - 5_000 + 3_000,
    });

    // 4 × ₹68.00 = ₹272.00; 10% is ₹27.20, under the maximum.
    const percent = await place(stores.main, [[items.milk, 4]], 'FRESH10');
    expect(percent.statusCode, percent.body).toBe(201);
    expect(percent.json<StorefrontOrder>()).toMatchObject({
      itemsTotalPaise: 27_200,
      discountPaise: 2_720,
      billAmountPaise: 27_200 - 2_720 + 3_000,
    });
    expect(await usedCount('FRESH10')).toBe(2);
    // Each use is announced, so the coupons list shows the uses so far live.
    const uses = await ctx.db
      .select({ recordId: t.events.recordId })
      .from(t.events)
      .where(
        and(eq(t.events.businessId, biz.id), eq(t.events.topic, 'coupons'), eq(t.events.action, 'used')),
      );
    expect(uses).toEqual([{ recordId: 'FRESH10' }, { recordId: 'FRESH10' }]);
  });

  it('is refused below its minimum order value', async () => {
    // 2 × ₹68.00 = ₹136.00 < ₹199.00.
    const res = await place(stores.main, [[items.milk, 2]], 'FRESH10');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({ couponCode: storefrontMessages.coupon.belowMinimum('₹199.00') });
  });

  it('is refused at a store it is not limited to', async () => {
    const res = await place(stores.other, [[items.bread, 1]], 'FRESH10');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({ couponCode: storefrontMessages.coupon.otherStore });
  });

  it('is refused once closed, and nothing is counted', async () => {
    const before = await usedCount('FRESH10');
    const close = await call(owner, 'PATCH', '/api/coupons/FRESH10', {
      usageType: 'CLOSE',
      version: coupon.version,
    });
    expect(close.statusCode).toBe(200);
    const res = await place(stores.main, [[items.rice, 1]], 'FRESH10');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({ couponCode: storefrontMessages.coupon.closed });
    const [row] = await ctx.db
      .select({ usedCount: t.coupons.usedCount })
      .from(t.coupons)
      .where(eq(t.coupons.code, 'FRESH10'));
    expect(row?.usedCount).toBe(before);
  });
});

describe('a free-delivery coupon created through POST /api/coupons', () => {
  it('waives the delivery charges at any store when it has no store limit', async () => {
    await createCoupon({
      code: 'FREEDEL',
      type: 'FREE_DELIVERY',
      discountPercent: 0,
      maxDiscountPaise: 0,
      minOrderValuePaise: 0,
    });
    const res = await place(stores.other, [[items.bread, 1]], 'FREEDEL');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<StorefrontOrder>()).toMatchObject({
      itemsTotalPaise: 30_000,
      discountPaise: 3_000,
      chargesTotalPaise: 3_000,
      billAmountPaise: 30_000,
    });
  });

  it('is limited to the customers it names: not for another, nor for a keyed order naming their phone', async () => {
    const phone = freshPhone();
    const ravi = await signInCustomerWithAddress(ctx, biz.storefrontKey, phone, 'Ravi');
    await createCoupon({
      code: 'RAVI50',
      type: 'DISCOUNT',
      discountPercent: 50,
      maxDiscountPaise: 10_000,
      minOrderValuePaise: 0,
      customerIds: [ravi.customer.id],
    });
    const asCustomer = (session: { addressId: string; headers: Record<string, string> }) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/storefront/orders',
        headers: session.headers,
        payload: {
          storeId: stores.main,
          items: [{ itemId: items.rice, quantity: 1 }],
          addressId: session.addressId,
          paymentMode: 'COD',
          couponCode: 'RAVI50',
        },
      });

    const meera = await signInCustomerWithAddress(ctx, biz.storefrontKey, freshPhone(), 'Meera');
    const someoneElse = await asCustomer(meera);
    expect(someoneElse.statusCode).toBe(400);
    expect(errorOf(someoneElse).fields).toEqual({ couponCode: storefrontMessages.coupon.otherCustomer });
    const keyed = await place(stores.main, [[items.rice, 1]], 'RAVI50', { name: 'Ravi', phone });
    expect(keyed.statusCode).toBe(400);
    expect(errorOf(keyed).fields).toEqual({ couponCode: storefrontMessages.coupon.otherCustomer });
    const theirs = await asCustomer(ravi);
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.json<StorefrontOrder>().discountPaise).toBe(10_000);
  });
});
