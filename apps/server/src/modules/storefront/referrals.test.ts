/**
 * The referral programme (ADR 0041): each customer's code, given once by a new customer before
 * their first order, and the programme's offer on that first order, within its limits; the offer
 * goes once to a delivery address and once to a device, whatever the phone (ADR 0058).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import ngeohash from 'ngeohash';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { customerMessages, referralMessages, type Customer } from '@storedesk/shared/storefront/customers';
import { deviceIdHeader } from '@storedesk/shared/storefront/page';
import type { StorefrontOrder, StorefrontQuote } from '@storedesk/shared/storefront/schemas';
import * as t from '#server/db/schema.ts';
import {
  createBusiness,
  createStoreWithItem,
  createTestApp,
  refusalOf,
  signInCustomer,
  waitUntilBlockedBy,
  type CustomerSession,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';
import { referralSignals } from './referral-signals.ts';

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
  extra: { key?: string; deviceId?: string } = {},
) {
  return ctx.app.inject({
    method,
    url,
    headers: {
      'x-storefront-key': extra.key ?? biz.storefrontKey,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(extra.deviceId ? { [deviceIdHeader]: extra.deviceId } : {}),
    },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

/** A new customer, signed in from a network of their phone's own: one address asks for only so many codes. */
const newCustomer = (name = 'New Customer') => {
  const phone = phones++;
  return signInCustomer(ctx, biz.storefrontKey, String(phone), name, `198.51.100.${phone % 250}`);
};
const give = (session: CustomerSession, referralCode: string, extra: object = {}) =>
  call('PATCH', '/api/storefront/account', session.token, { referralCode, ...extra });

/** Milk at ₹30: 10 of them make ₹300, 20% of which is ₹60, capped at ₹50. */
const basket = (quantity = 10, couponCode?: string) => ({
  storeId: store.storeId,
  items: [{ itemId: store.itemId, quantity }],
  ...(couponCode ? { couponCode } : {}),
});

type AddressInput = { label: string; text: string; lat: number; lng: number };

/** A home of the customer's own, down the road from the store: no one else's offer went there. */
const homeOf = (session: CustomerSession): AddressInput => ({
  label: 'Home',
  text: `${session.customer.phone.slice(-4)}, 1st Cross, MG Road`,
  lat: 12.971,
  lng: 77.591,
});

async function saveAddress(session: CustomerSession, address: AddressInput) {
  const res = await call('POST', '/api/storefront/addresses', session.token, address);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

const placeTo = (session: CustomerSession, addressId: string, deviceId?: string) =>
  call(
    'POST',
    '/api/storefront/orders',
    session.token,
    { ...basket(), addressId, paymentMode: 'COD' },
    { deviceId },
  );

/** The customer's order, to their own home unless `options` name another address, from a device if named. */
async function order(
  session: CustomerSession,
  options: { quantity?: number; address?: AddressInput; deviceId?: string } = {},
) {
  const addressId = await saveAddress(session, options.address ?? homeOf(session));
  const res = await call(
    'POST',
    '/api/storefront/orders',
    session.token,
    { ...basket(options.quantity), addressId, paymentMode: 'COD' },
    { deviceId: options.deviceId },
  );
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
      language: 'en',
      whatsappUpdates: false,
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
    await order(ordered, { quantity: 1 });
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

describe('the offer, once to a delivery address and once to a device (ADR 0058)', () => {
  const offer = { coupon: 'Referral: Refer a friend', discountPaise: 5_000 };
  /** The middle of a cell of about 150 m: points a few metres apart around it are one neighbourhood. */
  const centre = ngeohash.decode(ngeohash.encode(12.9716, 77.5946, 7));
  /** A flat as each of one person's phones might type it (`typed`, in turn) and put it on the map, metres apart. */
  const flat = (typed: string[], n: number): AddressInput => ({
    label: 'Home',
    text: typed[n % typed.length]!,
    lat: centre.latitude + ((n % 3) - 1) * 0.0001,
    lng: centre.longitude - ((n % 2) - 0.5) * 0.0002,
  });
  const flat4B = [
    'Flat 4-B, 12th Main, Indiranagar',
    'flat 4b 12th main indiranagar',
    'FLAT 4B 12TH MAIN, INDIRANAGAR',
  ];
  const flat7C = ['Flat 7-C, 12th Main, Indiranagar', 'flat 7c, 12th main, indiranagar'];
  /** A new customer who has given a referral code, ready for their first order. */
  async function referredBy(referrer: CustomerSession, name = 'Kiran') {
    const friend = await newCustomer(name);
    expect((await give(friend, referrer.customer.referralCode)).statusCode).toBe(200);
    return friend;
  }

  it('goes once to one person with six new phones, each giving the previous one’s code, ordering to one flat from one device', async () => {
    const device = randomUUID();
    let previous = await newCustomer('Kiran');
    const offers: Array<StorefrontOrder['offer']> = [];
    for (let n = 0; n < 6; n++) {
      const phone = await referredBy(previous);
      offers.push((await order(phone, { address: flat(flat4B, n), deviceId: device })).offer);
      previous = phone;
    }
    expect(offers).toEqual([offer, null, null, null, null, null]);
  });

  it('is not given again to the same flat from another device, nor to the same device at another address; both new get it', async () => {
    const device = randomUUID();
    const referrer = await newCustomer('Referrer');
    const first = await referredBy(referrer);
    expect((await order(first, { address: flat(flat7C, 0), deviceId: device })).offer).toEqual(offer);

    const sameFlat = await referredBy(referrer);
    expect((await order(sameFlat, { address: flat(flat7C, 1), deviceId: randomUUID() })).offer).toBeNull();

    const sameDevice = await referredBy(first);
    // The cart on that device already says so.
    const quoted = await call('POST', '/api/storefront/quote', sameDevice.token, basket(), {
      deviceId: device,
    });
    expect(quoted.json<StorefrontQuote>()).toMatchObject({ offer: null, discountPaise: 0 });
    expect((await order(sameDevice, { deviceId: device })).offer).toBeNull();

    const elsewhere = await referredBy(first);
    const otherDevice = randomUUID();
    const cart = await call('POST', '/api/storefront/quote', elsewhere.token, basket(), {
      deviceId: otherDevice,
    });
    expect(cart.json<StorefrontQuote>()).toMatchObject({ offer, discountPaise: 5_000 });
    expect((await order(elsewhere, { deviceId: otherDevice })).offer).toEqual(offer);
  });

  it('goes to one of two first orders placed to one flat at the same moment', async () => {
    const referrer = await newCustomer('Referrer');
    const twins = [await referredBy(referrer, 'Twin'), await referredBy(referrer, 'Twin')];
    const flat9 = flat(['Flat 9, 12th Main, Indiranagar'], 0);
    const addressIds = await Promise.all(twins.map((twin) => saveAddress(twin, flat9)));
    // Held here, the flat's lock keeps both orders waiting inside their transactions, past their
    // look for an earlier claim, until it is let go: they meet as two at once would.
    const [signal] = referralSignals({ ...flat9, landmark: '' }, null);
    const holder = new pg.Client({ connectionString: ctx.database.url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
        `referral:${biz.id}:${signal!.signal}:${signal!.hash.toString('hex')}`,
      ]);
      const placing = Promise.all(twins.map((twin, i) => placeTo(twin, addressIds[i]!)));
      await waitUntilBlockedBy(ctx.db, holder, 2);
      await holder.query('COMMIT');
      const placed = await placing;
      expect(placed.map((res) => res.statusCode)).toEqual([201, 201]);
      const offers = placed.map((res) => res.json<StorefrontOrder>().offer);
      expect(offers.filter((given) => given !== null)).toEqual([offer]);
    } finally {
      await holder.end();
    }
  });
});
