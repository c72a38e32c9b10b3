/*
 * A store's own minimum order and delivery fee by distance (B19, ADR 0081): set through the store's
 * PATCH, shown on the store and to customers, applied by the quote and the order (whose delivery
 * line names the rule it followed), and by staff changing an order's items; garbage is refused with
 * each field's message and writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '@storedesk/shared/stores/schemas';
import { deliveryRuleMessages } from '@storedesk/shared/stores/delivery-rule-schemas';
import { storefrontMessages } from '@storedesk/shared/storefront/schemas';
import { amountMessages } from '@storedesk/shared/money';
import {
  createBusiness,
  createStoreWithItem,
  createTestApp,
  deliveryAddressNear,
  enableCashOnDelivery,
  errorOf,
  keyedOrderHeaders,
  signIn,
  signInCustomerWithAddress,
  type Session,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';

let ctx: TestApp;
let biz: TestBusiness;
let owner: Session;

/** 0–2 km ₹20, 2–4 km ₹40, over 4 km ₹60; ₹150 at least; free from ₹500. */
const rule = {
  minimumOrderPaise: 15_000,
  feeBands: [
    { fromKm: 0, feePaise: 2_000 },
    { fromKm: 2, feePaise: 4_000 },
    { fromKm: 4, feePaise: 6_000 },
  ],
  freeFromPaise: 50_000,
};
/** The test stores stand at 12.97, 77.59: these are about 0.1, 3.3 and 4.4 km from them. */
const nearby = deliveryAddressNear;
const threeKm = { ...deliveryAddressNear, lat: 13.0, lng: 77.59 };
const fourAndAHalfKm = { ...deliveryAddressNear, lat: 13.01, lng: 77.59 };

const storeOf = async (id: string) =>
  (await ctx.app.inject({ url: `/api/stores/${id}`, headers: owner.headers })).json<Store>();
const patch = async (id: string, body: object) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/stores/${id}`,
    headers: owner.headers,
    payload: { ...body, version: (await storeOf(id)).version },
  });
/** An order from the business's own system, which gives the address in full. */
const order = (storeId: string, itemId: string, quantity: number, address = nearby) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/storefront/orders',
    headers: keyedOrderHeaders(biz),
    payload: {
      storeId,
      items: [{ itemId, quantity }],
      customer: { name: 'Asha Rao', phone: '9876500011' },
      deliveryAddress: address,
      paymentMode: 'COD',
    },
  });

beforeAll(async () => {
  ctx = await createTestApp();
  biz = await createBusiness(ctx.db);
  owner = await signIn(ctx.app, biz.owner.email);
  await enableCashOnDelivery(ctx.db, biz);
  // The business charges ₹30 from ₹99: a store with a rule of its own follows its own instead.
  const settings = await ctx.app.inject({ url: '/api/settings/order', headers: owner.headers });
  const saved = await ctx.app.inject({
    method: 'PUT',
    url: '/api/settings/order',
    headers: owner.headers,
    payload: {
      deliveryChargesEnabled: true,
      standardDeliveryChargesPaise: 3_000,
      minimumOrderPaise: 9_900,
      version: settings.json<{ version: number }>().version,
    },
  });
  expect(saved.statusCode).toBe(200);
});

afterAll(async () => {
  await ctx.close();
});

describe('a store’s delivery rule', () => {
  it('is what the PATCH sends, shown on the store, and null gives the business’s back', async () => {
    const { storeId } = await createStoreWithItem(ctx.db, biz);
    expect((await storeOf(storeId)).deliveryRule).toBeNull();
    const res = await patch(storeId, { deliveryRule: rule });
    expect(res.statusCode).toBe(200);
    expect(res.json<Store>().deliveryRule).toEqual(rule);
    // Another edit of the store leaves it.
    expect((await patch(storeId, { name: 'Corner store' })).json<Store>().deliveryRule).toEqual(rule);
    const cleared = await patch(storeId, { deliveryRule: null });
    expect(cleared.json<Store>().deliveryRule).toBeNull();
  });

  it('refuses garbage with each field’s message, and writes nothing', async () => {
    const { storeId } = await createStoreWithItem(ctx.db, biz);
    await patch(storeId, { deliveryRule: rule });
    const before = await storeOf(storeId);
    const cases: Array<[unknown, Record<string, string>]> = [
      [
        { ...rule, feeBands: [{ fromKm: 1, feePaise: 2_000 }] },
        { 'deliveryRule.feeBands.0.fromKm': deliveryRuleMessages.firstFromZero },
      ],
      [
        {
          ...rule,
          feeBands: [
            { fromKm: 0, feePaise: 2_000 },
            { fromKm: 3, feePaise: 4_000 },
            { fromKm: 3, feePaise: 5_000 },
          ],
        },
        { 'deliveryRule.feeBands.2.fromKm': deliveryRuleMessages.ascending },
      ],
      [{ ...rule, feeBands: [] }, { 'deliveryRule.feeBands': deliveryRuleMessages.bands }],
      [
        { ...rule, feeBands: Array.from({ length: 11 }, (_, i) => ({ fromKm: i, feePaise: 100 * i })) },
        { 'deliveryRule.feeBands': deliveryRuleMessages.bands },
      ],
      [
        { ...rule, feeBands: [{ fromKm: 0, feePaise: -1 }] },
        { 'deliveryRule.feeBands.0.feePaise': amountMessages.negative },
      ],
      [
        {
          ...rule,
          feeBands: [
            { fromKm: 0, feePaise: 2_000 },
            { fromKm: 2.25, feePaise: 4_000 },
          ],
        },
        { 'deliveryRule.feeBands.1.fromKm': deliveryRuleMessages.km },
      ],
      [
        {
          ...rule,
          feeBands: [
            { fromKm: 0, feePaise: 2_000 },
            { fromKm: 51, feePaise: 4_000 },
          ],
        },
        { 'deliveryRule.feeBands.1.fromKm': deliveryRuleMessages.km },
      ],
      [
        { ...rule, minimumOrderPaise: '150' },
        { 'deliveryRule.minimumOrderPaise': amountMessages.notANumber },
      ],
      [{ ...rule, freeFromPaise: 10.5 }, { 'deliveryRule.freeFromPaise': amountMessages.wholePaise }],
    ];
    for (const [deliveryRule, fields] of cases) {
      const res = await patch(storeId, { deliveryRule });
      expect(res.statusCode, JSON.stringify(deliveryRule)).toBe(400);
      expect(errorOf(res).fields).toEqual(fields);
    }
    expect(await storeOf(storeId)).toEqual(before);
  });

  it('prices an order by its distance from the store, and names the band it fell in', async () => {
    const { storeId, itemId } = await createStoreWithItem(ctx.db, biz, { name: 'Rice', pricePaise: 10_000 });
    await patch(storeId, { deliveryRule: rule });
    const cases: Array<[typeof nearby, number, string]> = [
      [nearby, 2_000, '0–2 km'],
      [threeKm, 4_000, '2–4 km'],
      [fourAndAHalfKm, 6_000, 'over 4 km'],
    ];
    for (const [address, fee, words] of cases) {
      const res = await order(storeId, itemId, 2, address);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        itemsTotalPaise: 20_000,
        charges: [{ chargeLabel: 'Delivery charges', chargeAmountPaise: fee, rule: words }],
        chargesTotalPaise: fee,
        billAmountPaise: 20_000 + fee,
      });
    }
  });

  it('delivers free from its amount, and refuses an order below its own minimum (not the business’s)', async () => {
    const { storeId, itemId } = await createStoreWithItem(ctx.db, biz, { name: 'Dal', pricePaise: 10_000 });
    await patch(storeId, { deliveryRule: rule });
    const free = await order(storeId, itemId, 5, threeKm);
    expect(free.statusCode).toBe(201);
    expect(free.json()).toMatchObject({
      charges: [{ chargeLabel: 'Delivery charges', chargeAmountPaise: 0, rule: 'free from ₹500.00' }],
      billAmountPaise: 50_000,
    });
    // ₹100 is above the business's ₹99 but below the store's ₹150.
    const below = await order(storeId, itemId, 1);
    expect(below.statusCode).toBe(400);
    expect(errorOf(below).fields).toEqual({ items: storefrontMessages.belowMinimumOrder('₹150.00') });
  });

  it('leaves a store without one on the business’s charge and minimum', async () => {
    const { storeId, itemId } = await createStoreWithItem(ctx.db, biz, { name: 'Salt', pricePaise: 10_000 });
    const res = await order(storeId, itemId, 1, fourAndAHalfKm);
    expect(res.statusCode).toBe(201);
    expect(res.json<{ charges: unknown }>().charges).toEqual([
      { chargeLabel: 'Delivery charges', chargeAmountPaise: 3_000 },
    ]);
  });

  it('is shown to customers with the store, and a quote prices the signed-in customer’s address', async () => {
    const { storeId, itemId } = await createStoreWithItem(ctx.db, biz, { name: 'Oil', pricePaise: 20_000 });
    await patch(storeId, { deliveryRule: rule });
    const key = { 'x-storefront-key': biz.storefrontKey };
    const near = await ctx.app.inject({
      url: `/api/storefront/stores?lat=${nearby.lat}&lng=${nearby.lng}`,
      headers: key,
    });
    expect(
      near
        .json<{ items: Array<{ id: string; deliveryRule: unknown }> }>()
        .items.find((s) => s.id === storeId),
    ).toMatchObject({ deliveryRule: rule });

    const quote = (headers: Record<string, string>, addressId?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/storefront/quote',
        headers,
        payload: { storeId, items: [{ itemId, quantity: 1 }], ...(addressId ? { addressId } : {}) },
      });
    // Without an address: the first band's fee, as a cart shows before its address is chosen.
    const guest = await quote(key);
    expect(guest.statusCode).toBe(200);
    expect(guest.json()).toMatchObject({
      charges: [{ chargeAmountPaise: 2_000, rule: '0–2 km' }],
      billAmountPaise: 22_000,
    });
    const customer = await signInCustomerWithAddress(ctx, biz.storefrontKey, '9876500021', 'Ravi', threeKm);
    const mine = await quote(customer.headers, customer.addressId);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      charges: [{ chargeAmountPaise: 4_000, rule: '2–4 km' }],
      billAmountPaise: 24_000,
    });
    // A saved address is the signed-in customer's: without sign-in it is refused, another's is not found.
    const unsigned = await quote(key, customer.addressId);
    expect(unsigned.statusCode).toBe(400);
    expect(errorOf(unsigned).fields).toEqual({ addressId: storefrontMessages.addressNeedsSignIn });
    const other = await signInCustomerWithAddress(ctx, biz.storefrontKey, '9876500022', 'Mala', nearby);
    const theirs = await quote(other.headers, customer.addressId);
    expect(theirs.statusCode).toBe(404);
  });
});
