import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import ngeohash from 'ngeohash';
import { couponMessages, type Coupon, type CouponInput } from '@storedesk/shared/coupons/schemas';
import { businessDay } from '@storedesk/shared/dates';
import { messages } from '@storedesk/shared/messages';
import * as t from '#server/db/schema.ts';
import {
  caller,
  createBusiness,
  createStaffWorld,
  errorOf,
  signIn,
  type Call,
  type StaffWorld,
} from '#test/harness.ts';

let world: StaffWorld;
let call: Call;
const ids = {} as Record<'store' | 'deletedStore' | 'rivalStore' | 'customer' | 'rivalCustomer', string>;

/** A calendar day `days` from today in India (the test businesses' time zone). */
const day = (days: number) => {
  const today = businessDay(new Date(), 'Asia/Kolkata');
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
};

let codeCounter = 0;
/** A code no test has used yet. */
const freshCode = (prefix = 'TEST') => `${prefix}${String(++codeCounter).padStart(4, '0')}`;

const input = (changes: Partial<Record<keyof CouponInput, unknown>> = {}) => ({
  code: freshCode(),
  name: '10% off fresh produce',
  validFrom: day(0),
  expiresAt: day(30),
  type: 'DISCOUNT',
  discountPercent: 10,
  maxDiscountPaise: 5_000,
  minOrderValuePaise: 19_900,
  availStartTime: '00:00',
  availEndTime: '23:59',
  usageLimit: 500,
  ...changes,
});

async function addStore(
  businessId: string,
  zoneId: string,
  changes: Partial<typeof t.stores.$inferInsert> = {},
) {
  const [row] = await world.ctx.db
    .insert(t.stores)
    .values({
      businessId,
      zoneId,
      name: `Store ${randomUUID().slice(0, 6)}`,
      description: 'Groceries',
      location: 'MG Road',
      phone: '9876543210',
      featured: 1,
      latitude: 12.97,
      longitude: 77.59,
      geohash: ngeohash.encode(12.97, 77.59, 9),
      openTime: '07:00',
      closeTime: '22:00',
      status: 1,
      ...changes,
    })
    .returning({ id: t.stores.id });
  return row!.id;
}

async function addCustomer(businessId: string, phone: string) {
  const [row] = await world.ctx.db
    .insert(t.customers)
    .values({ businessId, name: `Customer ${phone}`, phone })
    .returning({ id: t.customers.id });
  return row!.id;
}

/** Coupons and events: what a refused write must leave as it was. */
async function footprint() {
  const result = await world.ctx.db.execute<{ coupons: number; events: number; closed: number }>(sql`
    SELECT (SELECT count(*) FROM coupons)::int AS coupons,
           (SELECT count(*) FROM coupons WHERE usage_type = 'CLOSE')::int AS closed,
           (SELECT count(*) FROM events WHERE topic = 'coupons')::int AS events`);
  return result.rows[0]!;
}

async function couponEvents(businessId: string) {
  return world.ctx.db
    .select({ action: t.events.action, recordId: t.events.recordId, zoneId: t.events.zoneId })
    .from(t.events)
    .where(and(eq(t.events.businessId, businessId), eq(t.events.topic, 'coupons')))
    .orderBy(t.events.id);
}

async function create(changes: Parameters<typeof input>[0] = {}, session = world.owner) {
  const res = await call(session, 'POST', '/api/coupons', input(changes));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Coupon>();
}

beforeAll(async () => {
  world = await createStaffWorld();
  call = caller(world.ctx.app);
  const { biz, rival } = world;
  ids.store = await addStore(biz.id, biz.zones[1]);
  ids.deletedStore = await addStore(biz.id, biz.zones[0], { deletedAt: new Date() });
  ids.rivalStore = await addStore(rival.id, rival.zones[0]);
  ids.customer = await addCustomer(biz.id, '9800000001');
  ids.rivalCustomer = await addCustomer(rival.id, '9800000002');
});
afterAll(() => world.ctx.close());

describe('POST /api/coupons', () => {
  it('adds an open coupon as sent, announces it, and answers 201 with it', async () => {
    const res = await call(
      world.owner,
      'POST',
      '/api/coupons',
      input({ code: 'Fresh10', newUsersOnly: true, storeIds: [ids.store], customerIds: [ids.customer] }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      code: 'Fresh10',
      name: '10% off fresh produce',
      validFrom: day(0),
      expiresAt: day(30),
      type: 'DISCOUNT',
      discountPercent: 10,
      maxDiscountPaise: 5_000,
      minOrderValuePaise: 19_900,
      availStartTime: '00:00',
      availEndTime: '23:59',
      usageLimit: 500,
      usedCount: 0,
      newUsersOnly: true,
      usageType: 'OPEN',
      storeIds: [ids.store],
      customerIds: [ids.customer],
      version: 1,
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      expired: false,
    });
    const [row] = await world.ctx.db
      .select()
      .from(t.coupons)
      .where(and(eq(t.coupons.businessId, world.biz.id), eq(t.coupons.code, 'Fresh10')));
    expect(row).toMatchObject({ usageType: 'OPEN', availStartTime: '00:00:00', availEndTime: '23:59:00' });
    expect((await couponEvents(world.biz.id)).at(-1)).toEqual({
      action: 'created',
      recordId: 'Fresh10',
      zoneId: null,
    });
  });

  it('takes a free-delivery coupon with 0 percent and maximum, and a one-day window', async () => {
    const coupon = await create({
      type: 'FREE_DELIVERY',
      discountPercent: 0,
      maxDiscountPaise: 0,
      expiresAt: day(0),
      availStartTime: '18:00',
      availEndTime: '21:30',
    });
    expect(coupon).toMatchObject({ type: 'FREE_DELIVERY', discountPercent: 0, availEndTime: '21:30' });
  });

  it('refuses a code the business has already, in any case, with 409 on code; the first stays', async () => {
    await create({ code: 'DIWALI25', name: 'Diwali' });
    const before = await footprint();
    for (const code of ['DIWALI25', 'diwali25', 'Diwali25']) {
      const res = await call(world.owner, 'POST', '/api/coupons', input({ code, name: 'Copy' }));
      expect(res.statusCode, code).toBe(409);
      expect(errorOf(res)).toEqual({
        code: 'conflict',
        message: couponMessages.codeTaken,
        fields: { code: couponMessages.codeTaken },
      });
    }
    expect(await footprint()).toEqual(before);
    const [row] = await world.ctx.db
      .select({ name: t.coupons.name })
      .from(t.coupons)
      .where(and(eq(t.coupons.businessId, world.biz.id), eq(t.coupons.code, 'DIWALI25')));
    expect(row?.name).toBe('Diwali');
  });

  it('gives one of two simultaneous creates of one code and 409 to the other', async () => {
    const answers = await Promise.all(
      ['RACE2025', 'race2025'].map((code) => call(world.owner, 'POST', '/api/coupons', input({ code }))),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
  });

  it('lets another business have the same code', async () => {
    await create({ code: 'SHARED1' });
    const res = await call(world.rivalOwner, 'POST', '/api/coupons', input({ code: 'shared1' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Coupon>().code).toBe('shared1');
  });

  const badInput: Array<[string, Record<string, unknown>, Record<string, string>]> = [
    ['a missing code', { code: undefined }, { code: 'is required' }],
    ['a code with a dash', { code: 'SAVE-20' }, { code: couponMessages.codeAlphabet }],
    ['a code of 3', { code: 'ABC' }, { code: couponMessages.codeLength }],
    ['a code of 21', { code: 'A'.repeat(21) }, { code: couponMessages.codeLength }],
    ['a blank name', { name: '   ' }, { name: 'is required' }],
    ['a name of 101', { name: 'n'.repeat(101) }, { name: 'must be at most 100 characters' }],
    ['a date that does not exist', { validFrom: '2025-02-30' }, { validFrom: couponMessages.date }],
    ['a date in another form', { expiresAt: '31/12/2030' }, { expiresAt: couponMessages.date }],
    ['a year out of range', { expiresAt: '2150-01-01' }, { expiresAt: couponMessages.dateRange }],
    [
      'an expiry before valid from',
      { validFrom: day(10), expiresAt: day(9) },
      { expiresAt: couponMessages.expiresBeforeValidFrom },
    ],
    ['another type', { type: 'CASHBACK' }, { type: couponMessages.type }],
    ['percent 0 for a discount', { discountPercent: 0 }, { discountPercent: couponMessages.discountPercent }],
    ['percent 101', { discountPercent: 101 }, { discountPercent: couponMessages.percent }],
    ['percent as text', { discountPercent: '10' }, { discountPercent: couponMessages.notANumber }],
    [
      'a percent for free delivery',
      { type: 'FREE_DELIVERY', discountPercent: 10, maxDiscountPaise: 0 },
      { discountPercent: couponMessages.freeDeliveryZero },
    ],
    [
      'a maximum for free delivery',
      { type: 'FREE_DELIVERY', discountPercent: 0 },
      { maxDiscountPaise: couponMessages.freeDeliveryZero },
    ],
    ['a negative maximum', { maxDiscountPaise: -100 }, { maxDiscountPaise: 'must be 0 or more' }],
    [
      'a zero maximum for a discount',
      { maxDiscountPaise: 0 },
      { maxDiscountPaise: couponMessages.maxDiscountPositive },
    ],
    [
      'a fractional minimum',
      { minOrderValuePaise: 99.5 },
      { minOrderValuePaise: 'must be a whole number of paise' },
    ],
    ['a huge minimum', { minOrderValuePaise: 1e12 }, { minOrderValuePaise: 'must be at most ₹1,00,00,000' }],
    ['a start time of 24:00', { availStartTime: '24:00' }, { availStartTime: couponMessages.time }],
    ['an end time of 9 PM', { availEndTime: '9 PM' }, { availEndTime: couponMessages.time }],
    [
      'an end time before the start',
      { availStartTime: '22:00', availEndTime: '06:00' },
      { availEndTime: couponMessages.endNotAfterStart },
    ],
    ['a usage limit of 0', { usageLimit: 0 }, { usageLimit: couponMessages.usageLimit }],
    ['a usage limit of 1.5', { usageLimit: 1.5 }, { usageLimit: couponMessages.whole }],
    ['new users only as text', { newUsersOnly: 'true' }, { newUsersOnly: couponMessages.boolean }],
    ['a store id that is not an id', { storeIds: ['x'] }, { 'storeIds.0': 'must be an id' }],
    [
      'too many customers',
      { customerIds: Array.from({ length: 101 }, () => randomUUID()) },
      { customerIds: couponMessages.customerIds },
    ],
  ];

  it.each(badInput)('refuses %s with 400 on that field, writing nothing', async (_label, changes, fields) => {
    const before = await footprint();
    const res = await call(world.owner, 'POST', '/api/coupons', input(changes));
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res)).toEqual({ code: 'invalid_input', message: messages.invalidInput, fields });
    expect(await footprint()).toEqual(before);
  });

  it('names every field at fault at once', async () => {
    const res = await call(world.owner, 'POST', '/api/coupons', {});
    expect(res.statusCode).toBe(400);
    expect(Object.keys(errorOf(res).fields ?? {}).sort()).toEqual(
      [
        'code',
        'name',
        'validFrom',
        'expiresAt',
        'type',
        'discountPercent',
        'maxDiscountPaise',
        'minOrderValuePaise',
        'availStartTime',
        'availEndTime',
        'usageLimit',
      ].sort(),
    );
  });

  it('refuses a body that is not JSON, writing nothing', async () => {
    const before = await footprint();
    const res = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/coupons',
      headers: { ...world.owner.headers, 'content-type': 'application/json' },
      payload: '{"code": "ABCD",',
    });
    expect(res.statusCode).toBe(400);
    expect(await footprint()).toEqual(before);
  });

  it('refuses a coupon that expired before today in the business time zone', async () => {
    const before = await footprint();
    const res = await call(
      world.owner,
      'POST',
      '/api/coupons',
      input({ validFrom: day(-5), expiresAt: day(-1) }),
    );
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({ expiresAt: couponMessages.expiresInPast });
    expect(await footprint()).toEqual(before);
    // Valid from a past day is fine while it has not expired.
    expect((await create({ validFrom: day(-5), expiresAt: day(0) })).expired).toBe(false);
  });

  it("refuses stores and customers that are not the business's own, on their fields", async () => {
    const before = await footprint();
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ storeIds: [ids.store, ids.rivalStore] }, { storeIds: couponMessages.unknownStores }],
      [{ storeIds: [ids.deletedStore] }, { storeIds: couponMessages.unknownStores }],
      [{ storeIds: [randomUUID()] }, { storeIds: couponMessages.unknownStores }],
      [{ customerIds: [ids.rivalCustomer] }, { customerIds: couponMessages.unknownCustomers }],
      [
        { storeIds: [ids.rivalStore], customerIds: [randomUUID()], expiresAt: day(-1), validFrom: day(-1) },
        {
          storeIds: couponMessages.unknownStores,
          customerIds: couponMessages.unknownCustomers,
          expiresAt: couponMessages.expiresInPast,
        },
      ],
    ];
    for (const [changes, fields] of cases) {
      const res = await call(world.owner, 'POST', '/api/coupons', input(changes));
      expect(res.statusCode, JSON.stringify(changes)).toBe(400);
      expect(errorOf(res).fields).toEqual(fields);
    }
    expect(await footprint()).toEqual(before);
  });

  it('is the owner’s only: an admin of either zone gets 403 and nothing is written', async () => {
    const before = await footprint();
    for (const admin of [world.admin, world.southAdmin]) {
      const res = await call(admin, 'POST', '/api/coupons', input());
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toEqual({ code: 'forbidden', message: messages.forbidden });
    }
    expect(await footprint()).toEqual(before);
  });
});

type CouponList = { items: Coupon[]; total: number };

describe('GET /api/coupons', () => {
  let world2: Awaited<ReturnType<typeof freshBusiness>>;

  /** A business of its own, so counts are exact. */
  async function freshBusiness() {
    const business = await createBusiness(world.ctx.db);
    const owner = await signIn(world.ctx.app, business.owner.email);
    return { business, owner };
  }

  const list = (query = '', session = world2.owner) => call(session, 'GET', `/api/coupons${query}`);

  beforeAll(async () => {
    world2 = await freshBusiness();
    for (let i = 1; i <= 12; i += 1) {
      await create(
        { code: `LIST${String(i).padStart(2, '0')}`, name: i % 2 ? 'Weekend saver' : 'Monsoon deal' },
        world2.owner,
      );
    }
    const closed = await create({ code: 'GONE01', name: 'Weekend gone' }, world2.owner);
    const res = await call(world2.owner, 'PATCH', '/api/coupons/GONE01', {
      usageType: 'CLOSE',
      version: closed.version,
    });
    expect(res.statusCode).toBe(200);
  });

  it('lists the open coupons newest first, 10 a page, with the total', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json<CouponList>();
    expect(body.total).toBe(12);
    expect(body.items.map((c) => c.code)).toEqual(
      Array.from({ length: 10 }, (_, i) => `LIST${String(12 - i).padStart(2, '0')}`),
    );
    const second = (await list('?page=1')).json<CouponList>();
    expect(second.items.map((c) => c.code)).toEqual(['LIST02', 'LIST01']);
    expect((await list('?pageSize=5&page=2')).json<CouponList>().items).toHaveLength(2);
  });

  it('leaves closed coupons out', async () => {
    const codes = (await list('?pageSize=25')).json<CouponList>().items.map((c) => c.code);
    expect(codes).not.toContain('GONE01');
    expect((await list('?q=gone')).json<CouponList>()).toEqual({ items: [], total: 0 });
  });

  it('searches codes and names with q, ignoring case', async () => {
    expect((await list('?q=list1')).json<CouponList>().items.map((c) => c.code)).toEqual([
      'LIST12',
      'LIST11',
      'LIST10',
    ]);
    const monsoon = (await list('?q=MONSOON&pageSize=25')).json<CouponList>();
    expect(monsoon.total).toBe(6);
    expect(monsoon.items.every((c) => c.name === 'Monsoon deal')).toBe(true);
    expect((await list('?q=%25')).json<CouponList>().total).toBe(0);
  });

  it('refuses a page size other than 5, 10 or 25, and a bad page', async () => {
    expect(errorOf(await list('?pageSize=7')).fields).toEqual({ pageSize: 'must be 5, 10 or 25' });
    expect(Object.keys(errorOf(await list('?page=-1')).fields ?? {})).toEqual(['page']);
  });

  it("shows only the caller's business: the same code elsewhere is not listed", async () => {
    await create({ code: 'LIST01' }, world.rivalOwner);
    const theirs = (await list('?q=LIST01', world.rivalOwner)).json<CouponList>();
    expect(theirs.total).toBe(1);
    expect((await list('?q=LIST01')).json<CouponList>().items[0]!.name).toBe('Weekend saver');
    const ours = (await list('?pageSize=25')).json<CouponList>();
    expect(ours.items.filter((c) => c.code === 'LIST01')).toHaveLength(1);
  });

  it('is the owner’s only: an admin gets 403', async () => {
    const res = await call(world.admin, 'GET', '/api/coupons');
    expect(res.statusCode).toBe(403);
  });
});

describe('expired, by the business time zone', () => {
  it('is true once the last valid day is before today where the business is', async () => {
    // Kiritimati is UTC+14, Pago Pago UTC−11: Pago Pago's today is always an earlier day than Kiritimati's.
    const east = await createBusiness(world.ctx.db, { timeZone: 'Pacific/Kiritimati' });
    const west = await createBusiness(world.ctx.db, { timeZone: 'Pacific/Pago_Pago' });
    const westToday = businessDay(new Date(), 'Pacific/Pago_Pago');
    for (const business of [east, west]) {
      await world.ctx.db.insert(t.coupons).values({
        businessId: business.id,
        code: 'LASTDAY',
        name: 'Last day',
        validFrom: westToday,
        expiresAt: westToday,
        type: 'DISCOUNT',
        discountPercent: 5,
        maxDiscountPaise: 1_000,
        minOrderValuePaise: 0,
        usageLimit: 10,
      });
    }
    const expiredOf = async (business: typeof east) => {
      const session = await signIn(world.ctx.app, business.owner.email);
      const body = (await call(session, 'GET', '/api/coupons')).json<CouponList>();
      return body.items.map((c) => [c.code, c.expired]);
    };
    expect(await expiredOf(east)).toEqual([['LASTDAY', true]]);
    expect(await expiredOf(west)).toEqual([['LASTDAY', false]]);
  });
});

describe('PATCH /api/coupons/:code (close)', () => {
  it('closes the coupon with the version read, announces it, and the list drops it', async () => {
    const coupon = await create({ code: 'CLOSEME1' });
    const res = await call(world.owner, 'PATCH', '/api/coupons/CLOSEME1', {
      usageType: 'CLOSE',
      version: coupon.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ...coupon,
      usageType: 'CLOSE',
      version: coupon.version + 1,
      updatedAt: expect.any(String),
    });
    expect((await couponEvents(world.biz.id)).at(-1)).toEqual({
      action: 'closed',
      recordId: 'CLOSEME1',
      zoneId: null,
    });
    const listed = (await call(world.owner, 'GET', '/api/coupons?q=CLOSEME1')).json<CouponList>();
    expect(listed).toEqual({ items: [], total: 0 });
  });

  it('matches the code in the path ignoring case', async () => {
    const coupon = await create({ code: 'MixedCase1' });
    const res = await call(world.owner, 'PATCH', '/api/coupons/MIXEDCASE1', {
      usageType: 'CLOSE',
      version: coupon.version,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Coupon>().code).toBe('MixedCase1');
  });

  it('refuses to close twice: 409 saying it is closed, whatever version is sent', async () => {
    const coupon = await create({ code: 'TWICE01' });
    await call(world.owner, 'PATCH', '/api/coupons/TWICE01', { usageType: 'CLOSE', version: coupon.version });
    const before = await footprint();
    for (const version of [coupon.version, coupon.version + 1]) {
      const res = await call(world.owner, 'PATCH', '/api/coupons/TWICE01', { usageType: 'CLOSE', version });
      expect(res.statusCode).toBe(409);
      expect(errorOf(res)).toMatchObject({
        code: 'conflict',
        message: couponMessages.alreadyClosed,
        current: { code: 'TWICE01', usageType: 'CLOSE', version: coupon.version + 1 },
      });
    }
    expect(await footprint()).toEqual(before);
  });

  it('refuses a stale version with 409 and the coupon as it is now', async () => {
    const coupon = await create({ code: 'STALE01' });
    await world.ctx.db.execute(
      sql`UPDATE coupons SET version = version + 1 WHERE business_id = ${world.biz.id} AND code = 'STALE01'`,
    );
    const before = await footprint();
    const res = await call(world.owner, 'PATCH', '/api/coupons/STALE01', {
      usageType: 'CLOSE',
      version: coupon.version,
    });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({
      code: 'conflict',
      message: messages.staleRecord,
      current: { code: 'STALE01', usageType: 'OPEN', version: coupon.version + 1 },
    });
    expect(await footprint()).toEqual(before);
  });

  it("answers 404 for an unknown code, a malformed one, and another business's coupon, which stays open", async () => {
    await create({ code: 'THEIRS01' }, world.rivalOwner);
    const before = await footprint();
    for (const code of ['NOSUCH99', 'THEIRS01', 'bad-code', 'x'.repeat(51)]) {
      const res = await call(world.owner, 'PATCH', `/api/coupons/${code}`, {
        usageType: 'CLOSE',
        version: 1,
      });
      expect(res.statusCode, code).toBe(404);
      expect(errorOf(res).code).toBe('not_found');
    }
    expect(await footprint()).toEqual(before);
  });

  it('refuses anything but CLOSE with the version, on the field, writing nothing', async () => {
    const coupon = await create({ code: 'BODY01' });
    const before = await footprint();
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ usageType: 'OPEN', version: coupon.version }, { usageType: couponMessages.closeOnly }],
      [{ version: coupon.version }, { usageType: 'is required' }],
      [{ usageType: 'CLOSE' }, { version: expect.any(String) as unknown as string }],
      [{ usageType: 'CLOSE', version: -1 }, { version: expect.any(String) as unknown as string }],
      [{ usageType: 'CLOSE', version: '1' }, { version: expect.any(String) as unknown as string }],
    ];
    for (const [body, fields] of cases) {
      const res = await call(world.owner, 'PATCH', '/api/coupons/BODY01', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).fields).toEqual(fields);
    }
    expect(await footprint()).toEqual(before);
  });

  it('is the owner’s only: an admin gets 403 and the coupon stays open', async () => {
    const coupon = await create({ code: 'ADMIN01' });
    const res = await call(world.admin, 'PATCH', '/api/coupons/ADMIN01', {
      usageType: 'CLOSE',
      version: coupon.version,
    });
    expect(res.statusCode).toBe(403);
    const listed = (await call(world.owner, 'GET', '/api/coupons?q=ADMIN01')).json<CouponList>();
    expect(listed.items.map((c) => c.usageType)).toEqual(['OPEN']);
  });
});
