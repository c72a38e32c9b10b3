/**
 * The referral programme (ADR 0041): each customer's code, given once by a new customer before
 * their first order, and the programme's offer on that first order, within its limits.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { customerMessages, referralMessages, type Customer } from '@storedesk/shared/storefront/customers';
import type { StorefrontOrder, StorefrontQuote } from '@storedesk/shared/storefront/schemas';
import * as t from '../../db/schema.ts';
import {
  createBusiness,
  createStoreWithItem,
  createTestApp,
  refusalOf,
  signInCustomer,
  type CustomerSession,
  type TestApp,
  type TestBusiness,
} from '../../../test/harness.ts';

let ctx: TestApp;
let biz: TestBusiness;
let rival: TestBusiness;
let store: { storeId: string; itemId: string };
let asha: CustomerSession;
let phones = 9_700_000_000;

const programme = {
  enabled: true,
  name: 'Refer a friend',
  type: 'DISCOUNT' as 'DISCOUNT' | 'FREE_DELIVERY',
  usageLimit: 2,
  discountPercent: 20,
  maxDiscountPaise: 5_000,
  minOrderValuePaise: 10_000,
  validForDays: 30,
  referralMessage: 'Give ₹50, get ₹50',
};

function call(
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  token: string | null,
  body?: unknown,
  key?: string,
) {
  return ctx.app.inject({
    method,
    url,
    headers: {
      'x-storefront-key': key ?? biz.storefrontKey,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

const newCustomer = (name = 'New Customer') => signInCustomer(ctx, biz.storefrontKey, String(phones++), name);
const give = (session: CustomerSession, referralCode: string, extra: object = {}) =>
  call('PATCH', '/api/storefront/account', session.token, { referralCode, ...extra });

/** Milk at ₹30: 10 of them make ₹300, 20% of which is ₹60, capped at ₹50. */
const basket = (quantity = 10, couponCode?: string) => ({
  storeId: store.storeId,
  items: [{ itemId: store.itemId, quantity }],
  ...(couponCode ? { couponCode } : {}),
});

async function order(session: CustomerSession, quantity = 10, couponCode?: string) {
  const address = await call('POST', '/api/storefront/addresses', session.token, {
    label: 'Home',
    text: '1 MG Road',
    lat: 12.971,
    lng: 77.591,
  });
  const res = await call('POST', '/api/storefront/orders', session.token, {
    ...basket(quantity, couponCode),
    addressId: address.json<{ id: string }>().id,
    paymentMode: 'COD',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<StorefrontOrder>();
}

const setProgramme = (values: Partial<typeof programme>) =>
  ctx.db
    .insert(t.referralSettings)
    .values({ businessId: biz.id, ...programme, ...values })
    .onConflictDoUpdate({ target: t.referralSettings.businessId, set: { ...programme, ...values } });

beforeAll(async () => {
  ctx = await createTestApp();
  biz = await createBusiness(ctx.db);
  rival = await createBusiness(ctx.db);
  store = await createStoreWithItem(ctx.db, biz);
  await ctx.db.insert(t.paymentModes).values({ businessId: biz.id, title: 'Cash', type: 'COD' });
  asha = await signInCustomer(ctx, biz.storefrontKey, '9811111111', 'Asha');
});
beforeEach(() => setProgramme({}));
afterAll(() => ctx?.close());

describe('a customer’s referral code', () => {
  it('is theirs from their first sign-in: 10 letters and digits, told with the customer', async () => {
    expect(asha.customer).toEqual({
      id: expect.any(String),
      name: 'Asha',
      phone: '9811111111',
      referralCode: expect.stringMatching(/^[A-HJ-NP-Z2-9]{10}$/),
      referred: false,
    });
    const again = await signInCustomer(ctx, biz.storefrontKey, '9811111111');
    expect(again.customer.referralCode).toBe(asha.customer.referralCode);
  });
});

describe('giving a friend’s code', () => {
  it('is taken as typed (any case, spaces) before the first order, and the first order gets the offer', async () => {
    const ravi = await newCustomer('Ravi');
    const code = asha.customer.referralCode;
    const typed = `${code.slice(0, 5).toLowerCase()} ${code.slice(5)}`;
    const res = await give(ravi, typed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Customer>()).toMatchObject({ id: ravi.customer.id, referred: true });

    // The cart shows it once the customer is known; before sign-in it cannot.
    const quoted = await call('POST', '/api/storefront/quote', ravi.token, basket());
    expect(quoted.json<StorefrontQuote>()).toMatchObject({
      itemsTotalPaise: 30_000,
      couponCode: null,
      offer: { coupon: 'Referral: Refer a friend', discountPaise: 5_000 },
      discountPaise: 5_000,
      billAmountPaise: 25_000,
    });
    const anonymous = await call('POST', '/api/storefront/quote', null, basket());
    expect(anonymous.json<StorefrontQuote>()).toMatchObject({ offer: null, discountPaise: 0 });

    const first = await order(ravi);
    expect(first).toMatchObject({
      couponCode: null,
      offer: { coupon: 'Referral: Refer a friend', discountPaise: 5_000 },
      billAmountPaise: 25_000,
    });
    // Their first order is placed: the cart no longer shows the offer, and the next order has none.
    const after = await call('POST', '/api/storefront/quote', ravi.token, basket());
    expect(after.json<StorefrontQuote>()).toMatchObject({ offer: null, billAmountPaise: 30_000 });
    const second = await order(ravi);
    expect(second).toMatchObject({ offer: null, discountPaise: 0, billAmountPaise: 30_000 });
  });

  it('gives its percent of a smaller basket, under the cap; nothing below the minimum order', async () => {
    const meera = await newCustomer();
    expect((await give(meera, asha.customer.referralCode)).statusCode).toBe(200);
    // 4 × ₹30 = ₹120, 20% is ₹24.
    const quoted = await call('POST', '/api/storefront/quote', meera.token, basket(4));
    expect(quoted.json<StorefrontQuote>()).toMatchObject({ discountPaise: 2_400, billAmountPaise: 9_600 });
    // 3 × ₹30 = ₹90, under the ₹100 minimum.
    const small = await call('POST', '/api/storefront/quote', meera.token, basket(3));
    expect(small.json<StorefrontQuote>()).toMatchObject({ offer: null, discountPaise: 0 });
  });

  it('is refused when malformed, unknown, another business’s, one’s own, or used as often as the programme allows', async () => {
    const sam = await newCustomer();
    const rivalCustomer = await signInCustomer(ctx, rival.storefrontKey, '9811111111', 'Asha elsewhere');
    const cases: Array<[string, string]> = [
      ['abc', referralMessages.code],
      ['ZZZZZZZZZZ', referralMessages.unknown],
      [rivalCustomer.customer.referralCode, referralMessages.unknown],
      [sam.customer.referralCode, referralMessages.own],
    ];
    for (const [code, message] of cases) {
      const res = await give(sam, code);
      expect(refusalOf(res), code).toEqual({
        status: 400,
        code: 'invalid_input',
        message: expect.any(String),
        fields: { referralCode: message },
      });
    }
    // Asha's code was given twice above: the usage limit of 2 is reached.
    const used = await give(sam, asha.customer.referralCode);
    expect(refusalOf(used)).toMatchObject({ status: 400, fields: { referralCode: referralMessages.usedUp } });
    const me = await call('GET', '/api/storefront/account', sam.token);
    expect(me.json<Customer>().referred).toBe(false);
  });

  it('is refused a second time, after a first order, and while the programme is off; a refusal changes nothing', async () => {
    const referrer = await newCustomer('Referrer');
    const code = referrer.customer.referralCode;
    const given = await newCustomer();
    expect((await give(given, code)).statusCode).toBe(200);
    expect(refusalOf(await give(given, code))).toMatchObject({
      status: 409,
      message: referralMessages.alreadyGiven,
    });

    const ordered = await newCustomer();
    await order(ordered, 1);
    expect(refusalOf(await give(ordered, code))).toMatchObject({
      status: 409,
      message: referralMessages.afterFirstOrder,
    });

    await setProgramme({ enabled: false });
    const late = await newCustomer('Before');
    const res = await give(late, code, { name: 'After' });
    expect(refusalOf(res)).toMatchObject({ status: 409, message: referralMessages.off });
    const me = await call('GET', '/api/storefront/account', late.token);
    expect(me.json<Customer>()).toMatchObject({ name: 'Before', referred: false });
  });

  it('needs a name or a code, and a signed-in customer', async () => {
    const someone = await newCustomer();
    const empty = await call('PATCH', '/api/storefront/account', someone.token, {});
    expect(refusalOf(empty)).toEqual({
      status: 400,
      code: 'invalid_input',
      message: expect.any(String),
      fields: { name: customerMessages.changeNeeded },
    });
    const anonymous = await call('PATCH', '/api/storefront/account', null, {
      referralCode: asha.customer.referralCode,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the offer', () => {
  it('gives way to a coupon the customer gives, and ends when the programme is turned off or its days are over', async () => {
    const referrer = await newCustomer('Referrer');
    const friend = await newCustomer('Friend');
    expect((await give(friend, referrer.customer.referralCode)).statusCode).toBe(200);
    await ctx.db.insert(t.coupons).values({
      businessId: biz.id,
      code: 'TENOFF',
      name: 'Ten off',
      type: 'DISCOUNT',
      discountPercent: 10,
      maxDiscountPaise: 100_000,
      usageType: 'OPEN',
      validFrom: '2020-01-01',
      expiresAt: '2999-12-31',
      availStartTime: '00:00',
      availEndTime: '23:59',
      minOrderValuePaise: 0,
      usageLimit: 100,
    });
    const withCoupon = await call('POST', '/api/storefront/quote', friend.token, basket(10, 'TENOFF'));
    expect(withCoupon.json<StorefrontQuote>()).toMatchObject({
      couponCode: 'TENOFF',
      offer: { coupon: 'TENOFF', discountPaise: 3_000 },
    });

    await setProgramme({ enabled: false });
    const off = await call('POST', '/api/storefront/quote', friend.token, basket());
    expect(off.json<StorefrontQuote>()).toMatchObject({ offer: null });

    await setProgramme({});
    await ctx.db.execute(
      sql`UPDATE customers SET referred_at = now() - interval '31 days' WHERE id = ${friend.customer.id}`,
    );
    const lapsed = await call('POST', '/api/storefront/quote', friend.token, basket());
    expect(lapsed.json<StorefrontQuote>()).toMatchObject({ offer: null });
    const placed = await order(friend);
    expect(placed).toMatchObject({ offer: null, billAmountPaise: 30_000 });
  });

  it('of free delivery waives the delivery charge', async () => {
    await ctx.db
      .insert(t.orderSettings)
      .values({ businessId: biz.id, deliveryChargesEnabled: true, standardDeliveryChargesPaise: 3_000 })
      .onConflictDoUpdate({
        target: t.orderSettings.businessId,
        set: { deliveryChargesEnabled: true, standardDeliveryChargesPaise: 3_000 },
      });
    await setProgramme({ type: 'FREE_DELIVERY' });
    const referrer = await newCustomer('Referrer');
    const friend = await newCustomer('Friend');
    expect((await give(friend, referrer.customer.referralCode)).statusCode).toBe(200);
    const placed = await order(friend);
    expect(placed).toMatchObject({
      itemsTotalPaise: 30_000,
      chargesTotalPaise: 3_000,
      discountPaise: 3_000,
      billAmountPaise: 30_000,
    });
  });
});
