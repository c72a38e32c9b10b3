import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ngeohash from 'ngeohash';
import { messages } from '@storedesk/shared/messages';
import {
  defaultOrderSettings,
  type OrderSettings,
  type OrderSettingsUpdate,
} from '@storedesk/shared/settings/order-settings';
import { amountMessages } from '@storedesk/shared/money';
import { storefrontMessages } from '@storedesk/shared/storefront/schemas';
import * as t from '#server/db/schema.ts';
import {
  caller,
  createBusiness,
  createTestApp,
  enableCashOnDelivery,
  errorOf,
  insertItems,
  keyedOrderHeaders,
  signIn,
  type Call,
  type Session,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';

let ctx: TestApp;
let call: Call;
let biz: TestBusiness;
let rival: TestBusiness;
let owner: Session;
let admin: Session;
let rivalOwner: Session;
let storeId: string;
let riceId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  call = caller(ctx.app);
  biz = await createBusiness(ctx.db, { live: true });
  rival = await createBusiness(ctx.db, { live: true });
  [owner, admin, rivalOwner] = await Promise.all([
    signIn(ctx.app, biz.owner.email),
    signIn(ctx.app, biz.admin.email),
    signIn(ctx.app, rival.owner.email),
  ]);
  const [store] = await ctx.db
    .insert(t.stores)
    .values({
      businessId: biz.id,
      zoneId: biz.zones[0],
      name: 'Fresh Mart Koramangala',
      description: 'Groceries',
      location: 'Koramangala',
      phone: '9876543210',
      featured: 1,
      latitude: 12.93,
      longitude: 77.62,
      geohash: ngeohash.encode(12.93, 77.62, 9),
      openTime: '00:00',
      closeTime: '23:59',
      status: 1,
    })
    .returning({ id: t.stores.id });
  storeId = store!.id;
  const [rice] = await insertItems(ctx.db, [
    { businessId: biz.id, storeId, name: 'Basmati Rice (1 kg)', pricePaise: 12_000 },
  ]);
  riceId = rice!.id;
  await enableCashOnDelivery(ctx.db, biz);
});
afterAll(() => ctx.close());

const path = '/api/settings/order';

async function footprint() {
  const result = await ctx.db.execute<{ settings: string; events: number }>(sql`
    SELECT (SELECT coalesce(json_agg(s ORDER BY s.business_id)::text, '[]') FROM order_settings s) AS settings,
           (SELECT count(*)::int FROM events) AS events`);
  return result.rows[0]!;
}

async function expectRefused(
  request: () => ReturnType<Call>,
  status: number,
  fields?: Record<string, string>,
) {
  const before = await footprint();
  const res = await request();
  expect(res.statusCode, res.body).toBe(status);
  if (fields) expect(errorOf(res).fields).toEqual(fields);
  expect(await footprint()).toEqual(before);
  return errorOf(res);
}

const read = async (session = owner) => (await call(session, 'GET', path)).json<OrderSettings>();

/** An order of `quantity` kilos of rice through the storefront, from the business's own system, to the store's street. */
let phone = 9_800_000_000;
function order(quantity: number) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/storefront/orders',
    headers: keyedOrderHeaders(biz),
    payload: {
      customer: { name: 'Asha Rao', phone: String(++phone) },
      storeId,
      items: [{ itemId: riceId, quantity }],
      deliveryAddress: { label: 'Home', text: '3, 1st Cross, Koramangala', lat: 12.93, lng: 77.62 },
      paymentMode: 'COD',
    },
  });
}

describe('order settings of a business that never saved them', () => {
  it('read as the defaults with version 0', async () => {
    const res = await call(owner, 'GET', path);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(defaultOrderSettings);
    expect(res.json()).toEqual({
      deliveryChargesEnabled: false,
      standardDeliveryChargesPaise: 0,
      minimumOrderPaise: 0,
      maxOpenOrdersPerExecutive: 5,
      dispatchWaitMinutes: 10,
      printKitchenOnConfirm: false,
      payWithinMinutes: 15,
      executiveFeePaise: 0,
      executiveFeePerKmPaise: 0,
      version: 0,
      updatedAt: null,
    });
  });

  it('refuse a save based on any version but 0, with the defaults as current', async () => {
    const error = await expectRefused(
      () =>
        call(owner, 'PUT', path, {
          deliveryChargesEnabled: true,
          standardDeliveryChargesPaise: 100,
          minimumOrderPaise: 0,
          version: 1,
        }),
      409,
    );
    expect(error.message).toBe(messages.staleRecord);
    expect(error.current).toEqual(defaultOrderSettings);
  });

  it('are created by the first save, based on version 0, which tells every console', async () => {
    const res = await call(owner, 'PUT', path, {
      deliveryChargesEnabled: true,
      standardDeliveryChargesPaise: 2_550,
      minimumOrderPaise: 9_999,
      version: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      deliveryChargesEnabled: true,
      standardDeliveryChargesPaise: 2_550,
      minimumOrderPaise: 9_999,
      // Left out of the save: the defaults (B14).
      maxOpenOrdersPerExecutive: 5,
      dispatchWaitMinutes: 10,
      printKitchenOnConfirm: false,
      payWithinMinutes: 15,
      executiveFeePaise: 0,
      executiveFeePerKmPaise: 0,
      version: 1,
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(await read()).toEqual(res.json());
    const [row] = await ctx.db
      .select()
      .from(t.orderSettings)
      .where(sql`business_id = ${biz.id}`);
    expect(row).toMatchObject({ standardDeliveryChargesPaise: 2_550, minimumOrderPaise: 9_999, version: 1 });
    const events = await ctx.db.execute(
      sql`SELECT topic, action, record_id, zone_id FROM events WHERE business_id = ${biz.id}`,
    );
    expect(events.rows).toEqual([
      { topic: 'settings', action: 'updated', record_id: 'order', zone_id: null },
    ]);
  });

  it('a second save based on version 0 gets 409 with the saved settings', async () => {
    const error = await expectRefused(
      () =>
        call(owner, 'PUT', path, {
          deliveryChargesEnabled: false,
          standardDeliveryChargesPaise: 0,
          minimumOrderPaise: 0,
          version: 0,
        }),
      409,
    );
    expect(error.current).toMatchObject({ standardDeliveryChargesPaise: 2_550, version: 1 });
  });

  it('two first saves at once: one is saved, the other gets 409', async () => {
    const body = {
      deliveryChargesEnabled: true,
      standardDeliveryChargesPaise: 10,
      minimumOrderPaise: 0,
      version: 0,
    };
    const results = await Promise.all([1, 2, 3].map(() => call(rivalOwner, 'PUT', path, body)));
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await read(rivalOwner)).version).toBe(1);
  });
});

describe('saving order settings', () => {
  it('refuses bad input on every field with a reason each, and writes nothing', async () => {
    const { version } = await read();
    const good = {
      deliveryChargesEnabled: true,
      standardDeliveryChargesPaise: 3_000,
      minimumOrderPaise: 0,
      version,
    };
    const cases: Array<[object, Record<string, string>]> = [
      [
        { version },
        {
          deliveryChargesEnabled: 'is required',
          standardDeliveryChargesPaise: 'is required',
          minimumOrderPaise: 'is required',
        },
      ],
      [
        { ...good, standardDeliveryChargesPaise: -100 },
        { standardDeliveryChargesPaise: amountMessages.negative },
      ],
      [{ ...good, minimumOrderPaise: -1 }, { minimumOrderPaise: amountMessages.negative }],
      // ₹12.345 is 1234.5 paise: three decimals of rupees are not an amount.
      [
        { ...good, standardDeliveryChargesPaise: 1234.5 },
        { standardDeliveryChargesPaise: amountMessages.wholePaise },
      ],
      [{ ...good, minimumOrderPaise: '9900' }, { minimumOrderPaise: amountMessages.notANumber }],
      [
        { ...good, standardDeliveryChargesPaise: null },
        { standardDeliveryChargesPaise: amountMessages.notANumber },
      ],
      [{ ...good, minimumOrderPaise: 1e15 }, { minimumOrderPaise: amountMessages.tooLarge }],
      [{ ...good, deliveryChargesEnabled: 'true' }, { deliveryChargesEnabled: 'must be true or false' }],
      [{ ...good, version: -1 }, { version: expect.any(String) as string }],
      [{ ...good, version: '1' }, { version: expect.any(String) as string }],
    ];
    for (const [body, fields] of cases) {
      const error = await expectRefused(() => call(owner, 'PUT', path, body), 400, fields);
      expect(error.code).toBe('invalid_input');
    }
  });

  it('refuses a save based on an old version with 409 and the current settings', async () => {
    const current = await read();
    const res = await call(owner, 'PUT', path, {
      deliveryChargesEnabled: false,
      standardDeliveryChargesPaise: 2_550,
      minimumOrderPaise: 9_999,
      version: current.version,
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json<OrderSettings>();
    expect(saved.version).toBe(current.version + 1);
    const error = await expectRefused(
      () =>
        call(owner, 'PUT', path, {
          deliveryChargesEnabled: true,
          standardDeliveryChargesPaise: 0,
          minimumOrderPaise: 0,
          version: current.version,
        }),
      409,
    );
    expect(error.current).toEqual(saved);
  });

  it('lets an admin read them but not change them (403), and never shows or changes another business', async () => {
    const seen = await call(admin, 'GET', path);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual(await read());
    for (const request of [
      () =>
        call(admin, 'PUT', path, {
          deliveryChargesEnabled: false,
          standardDeliveryChargesPaise: 0,
          minimumOrderPaise: 0,
          version: 1,
        }),
    ]) {
      expect((await expectRefused(request, 403)).code).toBe('forbidden');
    }
    expect((await read(rivalOwner)).standardDeliveryChargesPaise).toBe(10);
  });
});

describe('dispatch settings', () => {
  it('keep the dispatch fields a later save leaves out, and take them when given (B14)', async () => {
    const first = await read();
    const given = await call(owner, 'PUT', path, {
      ...first,
      updatedAt: undefined,
      maxOpenOrdersPerExecutive: 3,
      dispatchWaitMinutes: 25,
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toMatchObject({ maxOpenOrdersPerExecutive: 3, dispatchWaitMinutes: 25 });
    const left = await call(owner, 'PUT', path, {
      deliveryChargesEnabled: true,
      standardDeliveryChargesPaise: 2_550,
      minimumOrderPaise: 9_999,
      version: given.json<{ version: number }>().version,
    });
    expect(left.json()).toMatchObject({ maxOpenOrdersPerExecutive: 3, dispatchWaitMinutes: 25 });
    for (const [field, value, message] of [
      ['maxOpenOrdersPerExecutive', 0, 'must be at least 1'],
      ['maxOpenOrdersPerExecutive', 51, 'must be at most 50'],
      ['maxOpenOrdersPerExecutive', 2.5, 'must be a whole number'],
      ['dispatchWaitMinutes', 0, 'must be at least 1'],
      ['dispatchWaitMinutes', 241, 'must be at most 240'],
      ['dispatchWaitMinutes', 'ten', 'must be a whole number'],
      ['payWithinMinutes', 4, 'must be at least 5'],
      ['payWithinMinutes', 121, 'must be at most 120'],
      ['payWithinMinutes', 7.5, 'must be a whole number'],
    ] as const) {
      const res = await call(owner, 'PUT', path, {
        deliveryChargesEnabled: true,
        standardDeliveryChargesPaise: 2_550,
        minimumOrderPaise: 9_999,
        [field]: value,
        version: left.json<{ version: number }>().version,
      });
      expect(res.statusCode, `${field} ${value}`).toBe(400);
      expect(errorOf(res).fields, `${field} ${value}`).toEqual({ [field]: message });
    }
    expect(await read()).toMatchObject({ maxOpenOrdersPerExecutive: 3, dispatchWaitMinutes: 25 });
  });
});

describe('the storefront', () => {
  it('charges the next order the delivery charge and minimum saved a moment before', async () => {
    const save = async (values: Omit<OrderSettingsUpdate, 'version'>) => {
      const { version } = await read();
      const res = await call(owner, 'PUT', path, { ...values, version });
      expect(res.statusCode, res.body).toBe(200);
    };

    await save({
      deliveryChargesEnabled: true,
      standardDeliveryChargesPaise: 4_050,
      minimumOrderPaise: 20_000,
    });
    let res = await order(2);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      itemsTotalPaise: 24_000,
      charges: [{ chargeLabel: 'Delivery charges', chargeAmountPaise: 4_050 }],
      billAmountPaise: 28_050,
    });
    res = await order(1);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({ items: storefrontMessages.belowMinimumOrder('₹200.00') });

    // Changed in Settings: the very next orders follow.
    await save({
      deliveryChargesEnabled: true,
      standardDeliveryChargesPaise: 1_999,
      minimumOrderPaise: 12_000,
    });
    res = await order(1);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      charges: [{ chargeLabel: 'Delivery charges', chargeAmountPaise: 1_999 }],
      billAmountPaise: 13_999,
    });

    await save({
      deliveryChargesEnabled: false,
      standardDeliveryChargesPaise: 1_999,
      minimumOrderPaise: 50_000,
    });
    res = await order(3);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({ items: storefrontMessages.belowMinimumOrder('₹500.00') });
    res = await order(5);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ itemsTotalPaise: 60_000, charges: [], billAmountPaise: 60_000 });
  });
});

describe('printing the kitchen ticket on confirming (B15)', () => {
  it('is off until saved on, kept when a later save leaves it out, and refuses anything but true or false', async () => {
    const on = await call(owner, 'PUT', path, {
      ...(await read()),
      updatedAt: undefined,
      printKitchenOnConfirm: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ printKitchenOnConfirm: true });
    const left = await call(owner, 'PUT', path, {
      deliveryChargesEnabled: false,
      standardDeliveryChargesPaise: 0,
      minimumOrderPaise: 0,
      version: on.json<{ version: number }>().version,
    });
    expect(left.json()).toMatchObject({ printKitchenOnConfirm: true });
    const garbage = await call(owner, 'PUT', path, {
      deliveryChargesEnabled: false,
      standardDeliveryChargesPaise: 0,
      minimumOrderPaise: 0,
      printKitchenOnConfirm: 'yes',
      version: left.json<{ version: number }>().version,
    });
    expect(garbage.statusCode).toBe(400);
    expect(errorOf(garbage).fields).toEqual({ printKitchenOnConfirm: 'must be true or false' });
    expect(await read()).toMatchObject({
      printKitchenOnConfirm: true,
      version: left.json<{ version: number }>().version,
    });
  });
});
