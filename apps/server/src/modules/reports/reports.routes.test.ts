import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@storedesk/shared/messages';
import { OrderStatus } from '@storedesk/shared/orders';
import {
  reportMessages,
  salesGroupings,
  type SalesGrouping,
  type SalesReport,
} from '@storedesk/shared/reports/schemas';
import * as t from '#server/db/schema.ts';
import {
  caller,
  createStoreWithItem,
  errorOf,
  insertItems,
  insertOrder,
  orderVersion,
  refusalOf,
  signInExecutive,
  type Call,
  type StaffWorld,
  createStaffWorld,
} from '#test/harness.ts';
import { recountDays } from '#server/modules/orders/orders.service.ts';

let world: StaffWorld;
let call: Call;
let northStore: string;
let southStore: string;
let milk: string;
let bread: string;
let soap: string;
let dairy: string;
let customerId: string;
let southCustomer: string;
const rider = { id: '', name: '' };

const report = (query: string, session = world.owner) => call(session, 'GET', `/api/reports/sales?${query}`);

/** An order written as the customer app leaves it, then closed (or not) through the API as staff close orders. */
async function order(values: {
  at: string;
  zone?: 0 | 1;
  items: Array<[itemId: string, quantity: number, pricePaise: number]>;
  discountPaise?: number;
  chargesPaise?: number;
  coupon?: string;
  paymentMode?: string | null;
  outcome: 'delivered' | 'cancelled' | 'open';
}): Promise<string> {
  const zone = values.zone ?? 0;
  const itemsTotal = values.items.reduce((sum, [, q, p]) => sum + q * p, 0);
  const discount = values.discountPaise ?? 0;
  const charges = values.chargesPaise ?? 0;
  const { id } = await insertOrder(
    world.ctx.db,
    {
      businessId: world.biz.id,
      zoneId: world.biz.zones[zone],
      storeId: zone === 0 ? northStore : southStore,
      customerId: zone === 0 ? customerId : southCustomer,
    },
    {
      placedAt: new Date(values.at),
      items: values.items.map(([itemId, itemQuantity, itemPricePaise]) => ({
        itemId,
        itemName: 'as ordered',
        itemQuantity,
        itemPricePaise,
      })),
      itemsTotalPaise: itemsTotal,
      discountPaise: discount,
      chargesTotalPaise: charges,
      billAmountPaise: itemsTotal - discount + charges,
      couponCode: values.coupon ?? null,
      paymentMode: values.paymentMode === undefined ? 'COD' : values.paymentMode,
      ...(zone === 0 ? { dexId: rider.id, dexName: rider.name } : {}),
    },
  );
  if (values.outcome !== 'open') {
    const status = values.outcome === 'delivered' ? OrderStatus.Delivered : OrderStatus.Cancelled;
    const res = await call(world.owner, 'POST', `/api/orders/${id}/status`, {
      status,
      version: await orderVersion(world.ctx.db, id),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return id;
}

/** What a report must say, summed by SQL straight from the orders (not the rollup), in `timeZone`. */
async function expected(
  grouping: SalesGrouping,
  from: string,
  to: string,
  timeZone: string,
  zoneId?: string,
) {
  const day = sql`(o.placed_at AT TIME ZONE ${timeZone})::date`;
  const where = sql`o.business_id = ${world.biz.id}::uuid AND ${day} BETWEEN ${from}::date AND ${to}::date
    ${zoneId ? sql`AND o.zone_id = ${zoneId}::uuid` : sql``}`;
  const delivered = sql`o.status = ${OrderStatus.Delivered}`;
  const orderSums = (key: SQL) => sql`
    SELECT ${key} AS key,
      count(*) FILTER (WHERE ${delivered})::int AS orders,
      coalesce(sum((SELECT sum((e ->> 'itemQuantity')::int) FROM jsonb_array_elements(o.items) e)) FILTER (WHERE ${delivered}), 0)::int AS items_sold,
      coalesce(sum(o.items_total_paise) FILTER (WHERE ${delivered}), 0)::int AS gross,
      coalesce(sum(o.discount_paise) FILTER (WHERE ${delivered}), 0)::int AS discount,
      coalesce(sum(o.charges_total_paise) FILTER (WHERE ${delivered}), 0)::int AS charges,
      coalesce(sum(o.bill_amount_paise) FILTER (WHERE ${delivered}), 0)::int AS net,
      count(*) FILTER (WHERE o.status = ${OrderStatus.Cancelled})::int AS cancelled
    FROM orders o WHERE ${where} AND o.status IN (-2, -1) GROUP BY 1`;
  // Per item (or its category): the lines of closed orders, an order counted once per item.
  const lineSums = (key: SQL) => sql`
    SELECT ${key} AS key,
      count(DISTINCT o.id) FILTER (WHERE ${delivered})::int AS orders,
      coalesce(sum((e ->> 'itemQuantity')::int) FILTER (WHERE ${delivered}), 0)::int AS items_sold,
      coalesce(sum((e ->> 'itemQuantity')::int * (e ->> 'itemPricePaise')::int) FILTER (WHERE ${delivered}), 0)::int AS gross,
      NULL::int AS discount, NULL::int AS charges, NULL::int AS net,
      count(DISTINCT o.id) FILTER (WHERE o.status = ${OrderStatus.Cancelled})::int AS cancelled
    FROM orders o CROSS JOIN LATERAL jsonb_array_elements(o.items) e
    LEFT JOIN items it ON it.id::text = e ->> 'itemId'
    WHERE ${where} AND o.status IN (-2, -1) GROUP BY 1`;
  const query = {
    day: orderSums(sql`${day}::text`),
    store: orderSums(sql`o.store_id::text`),
    paymentMode: orderSums(sql`coalesce(o.payment_mode, '')`),
    coupon: orderSums(sql`coalesce(o.coupon_code, '')`),
    executive: orderSums(sql`coalesce(o.dex_id::text, '')`),
    item: lineSums(sql`e ->> 'itemId'`),
    variant: lineSums(sql`coalesce(e ->> 'variantId', e ->> 'itemId')`),
    category: lineSums(sql`coalesce(it.category_id::text, '')`),
  }[grouping];
  const { rows } = await world.ctx.db.execute<Record<string, number | string | null>>(query);
  const totals = await world.ctx.db.execute<Record<string, number>>(orderSums(sql`''`));
  return {
    rows: new Map(
      rows.map((r) => [
        r.key as string,
        {
          orders: grouping === 'category' ? null : r.orders,
          itemsSold: r.items_sold,
          grossPaise: r.gross,
          discountPaise: r.discount,
          chargesPaise: r.charges,
          netPaise: r.net,
          cancelled: grouping === 'category' ? null : r.cancelled,
        },
      ]),
    ),
    totals: totals.rows[0]
      ? {
          orders: totals.rows[0].orders,
          itemsSold: totals.rows[0].items_sold,
          grossPaise: totals.rows[0].gross,
          discountPaise: totals.rows[0].discount,
          chargesPaise: totals.rows[0].charges,
          netPaise: totals.rows[0].net,
          cancelled: totals.rows[0].cancelled,
        }
      : {
          orders: 0,
          itemsSold: 0,
          grossPaise: 0,
          discountPaise: 0,
          chargesPaise: 0,
          netPaise: 0,
          cancelled: 0,
        },
  };
}

/** The report's rows by key, without the empty days a day report shows (checked apart). */
function byKey(body: SalesReport) {
  return new Map(
    body.rows
      .filter((row) => row.orders !== 0 || row.cancelled !== 0 || row.itemsSold !== 0)
      .map(({ key, label: _label, ...figures }) => [key, figures]),
  );
}

beforeAll(async () => {
  world = await createStaffWorld();
  call = caller(world.ctx.app);
  const db = world.ctx.db;
  ({ storeId: northStore, itemId: milk } = await createStoreWithItem(db, world.biz, {
    name: 'Milk',
    pricePaise: 3000,
  }));
  const [south] = await db
    .insert(t.stores)
    .values({
      businessId: world.biz.id,
      zoneId: world.biz.zones[1],
      name: 'South Store',
      description: 'Groceries',
      location: 'Jayanagar',
      phone: '9876543211',
      featured: 1,
      latitude: 12.93,
      longitude: 77.58,
      geohash: 'tdr1vzc2b',
      openTime: '00:00',
      closeTime: '23:59',
      status: 1,
    })
    .returning({ id: t.stores.id });
  southStore = south!.id;
  const [category] = await db
    .insert(t.categories)
    .values({ businessId: world.biz.id, storeId: northStore, name: 'Dairy' })
    .returning({ id: t.categories.id });
  dairy = category!.id;
  await db
    .update(t.items)
    .set({ categoryId: dairy })
    .where(sql`${t.items.id} = ${milk}`);
  const more = await insertItems(db, [
    { businessId: world.biz.id, storeId: northStore, name: 'Bread', pricePaise: 4550 },
    { businessId: world.biz.id, storeId: southStore, name: 'Soap', pricePaise: 2999 },
  ]);
  bread = more[0]!.id;
  soap = more[1]!.id;
  const customers = await db
    .insert(t.customers)
    .values([
      { businessId: world.biz.id, name: 'Asha', phone: '9811111111' },
      { businessId: world.biz.id, name: 'Ravi', phone: '9811111112' },
    ])
    .returning({ id: t.customers.id });
  customerId = customers[0]!.id;
  southCustomer = customers[1]!.id;
  rider.id = world.biz.dex.id;
  rider.name = world.biz.dex.name;

  // Around midnight in Asia/Kolkata (UTC+05:30): 18:29 UTC is 23:59 on the 9th, 18:31 UTC is 00:01 on the 10th.
  await order({
    at: '2026-03-09T18:29:00Z',
    items: [[milk, 2, 3000]],
    chargesPaise: 2000,
    outcome: 'delivered',
  });
  await order({
    at: '2026-03-09T18:31:00Z',
    items: [
      [milk, 1, 3000],
      [bread, 3, 4550],
    ],
    discountPaise: 1665,
    coupon: 'SAVE10',
    paymentMode: 'UPI',
    outcome: 'delivered',
  });
  await order({ at: '2026-03-10T10:00:00Z', items: [[bread, 1, 4550]], outcome: 'cancelled' });
  await order({ at: '2026-03-10T11:00:00Z', items: [[milk, 5, 3000]], outcome: 'open' });
  await order({
    at: '2026-03-10T12:00:00Z',
    zone: 1,
    items: [[soap, 4, 2999]],
    chargesPaise: 1500,
    paymentMode: null,
    outcome: 'delivered',
  });
  await order({ at: '2026-03-10T13:00:00Z', zone: 1, items: [[soap, 1, 2999]], outcome: 'cancelled' });
  // On the 11th, delivered by the executive in the delivery app (Picked Up, then Delivered with the code and cash).
  const byRider = await order({ at: '2026-03-11T04:00:00Z', items: [[bread, 2, 4550]], outcome: 'open' });
  await db
    .update(t.orders)
    .set({ status: OrderStatus.PickedUp, deliveryCode: '4821' })
    .where(sql`${t.orders.id} = ${byRider}`);
  const dex = await signInExecutive(world.ctx.app, world.biz.dex.email);
  const done = await call(dex, 'POST', `/api/delivery/orders/${byRider}/status`, {
    status: OrderStatus.Delivered,
    version: await orderVersion(db, byRider),
    code: '4821',
    cashCollected: true,
  });
  expect(done.statusCode, done.body).toBe(200);
  // Outside the period asked for below: the day before, in the business's time zone.
  await order({ at: '2026-03-08T18:29:00Z', items: [[milk, 9, 3000]], outcome: 'delivered' });
});
afterAll(() => world.ctx.close());

describe('GET /api/reports/sales', () => {
  it('splits days at midnight in the business’s time zone, with every day of the period', async () => {
    const res = await report('from=2026-03-09&to=2026-03-12&groupBy=day');
    expect(res.statusCode, res.body).toBe(200);
    const zero = {
      orders: 0,
      itemsSold: 0,
      grossPaise: 0,
      discountPaise: 0,
      chargesPaise: 0,
      netPaise: 0,
      cancelled: 0,
    };
    expect(res.json()).toEqual({
      rows: [
        {
          key: '2026-03-09',
          label: '09/03/2026',
          ...{
            orders: 1,
            itemsSold: 2,
            grossPaise: 6000,
            discountPaise: 0,
            chargesPaise: 2000,
            netPaise: 8000,
            cancelled: 0,
          },
        },
        {
          key: '2026-03-10',
          label: '10/03/2026',
          // 00:01 IST (UPI, coupon) and the south zone's delivered order; two cancelled.
          ...{ orders: 2, itemsSold: 8, grossPaise: 16650 + 11996, discountPaise: 1665, chargesPaise: 1500 },
          ...{ netPaise: 14985 + 13496, cancelled: 2 },
        },
        {
          key: '2026-03-11',
          label: '11/03/2026',
          ...{
            orders: 1,
            itemsSold: 2,
            grossPaise: 9100,
            discountPaise: 0,
            chargesPaise: 0,
            netPaise: 9100,
            cancelled: 0,
          },
        },
        { key: '2026-03-12', label: '12/03/2026', ...zero },
      ],
      totals: {
        orders: 4,
        itemsSold: 12,
        grossPaise: 6000 + 16650 + 11996 + 9100,
        discountPaise: 1665,
        chargesPaise: 3500,
        netPaise: 8000 + 14985 + 13496 + 9100,
        cancelled: 2,
      },
    });
  });

  it('equals SQL sums over the orders for every grouping, for all zones and for one', async () => {
    for (const grouping of salesGroupings) {
      for (const zoneId of [undefined, world.biz.zones[0], world.biz.zones[1]]) {
        const query = `from=2026-03-09&to=2026-03-11&groupBy=${grouping}${zoneId ? `&zoneId=${zoneId}` : ''}`;
        const res = await report(query);
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json<SalesReport>();
        const want = await expected(grouping, '2026-03-09', '2026-03-11', 'Asia/Kolkata', zoneId);
        expect(byKey(body), `${grouping} ${zoneId ?? 'all'}`).toEqual(want.rows);
        expect(body.totals, `${grouping} ${zoneId ?? 'all'}`).toEqual(want.totals);
      }
    }
  });

  it('names each group as the console shows it, largest gross first', async () => {
    const labels = async (grouping: SalesGrouping) =>
      (await report(`from=2026-03-09&to=2026-03-11&groupBy=${grouping}`))
        .json<SalesReport>()
        .rows.map((r) => r.label);
    expect(await labels('store')).toEqual([(await storeName(northStore)) ?? '', 'South Store']);
    expect(await labels('paymentMode')).toEqual(['UPI', 'Cash on delivery', reportMessages.noPaymentMode]);
    expect(await labels('coupon')).toEqual([reportMessages.noCoupon, 'SAVE10']);
    expect(await labels('executive')).toEqual([world.biz.dex.name, reportMessages.noExecutive]);
    expect(await labels('item')).toEqual(['Bread', 'Soap', 'Milk']);
    // Each item here has one unlabelled variant: its variant's line is the item's name alone.
    expect(await labels('variant')).toEqual(['Bread', 'Soap', 'Milk']);
    expect(await labels('category')).toEqual([reportMessages.noCategory, 'Dairy']);
    const items = (await report('from=2026-03-09&to=2026-03-11&groupBy=item')).json<SalesReport>();
    expect(items.rows.find((r) => r.key === bread)).toEqual({
      key: bread,
      label: 'Bread',
      orders: 2,
      itemsSold: 5,
      grossPaise: 5 * 4550,
      discountPaise: null,
      chargesPaise: null,
      netPaise: null,
      cancelled: 1,
    });
    const categories = (await report('from=2026-03-09&to=2026-03-11&groupBy=category')).json<SalesReport>();
    expect(categories.rows.find((r) => r.key === dairy)).toEqual({
      key: dairy,
      label: 'Dairy',
      orders: null,
      itemsSold: 3,
      grossPaise: 9000,
      discountPaise: null,
      chargesPaise: null,
      netPaise: null,
      cancelled: null,
    });
  });

  it('counts the days again when the business changes its time zone', async () => {
    await world.ctx.db.transaction(async (tx) => {
      await tx
        .update(t.businesses)
        .set({ timeZone: 'UTC' })
        .where(sql`${t.businesses.id} = ${world.biz.id}`);
      await recountDays(tx, world.biz.id);
    });
    try {
      const res = await report('from=2026-03-08&to=2026-03-11&groupBy=day');
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<SalesReport>();
      // In UTC, 18:29 on the 8th and on the 9th stay on those days; 18:31 on the 9th moves to the 9th.
      expect(body.rows.map((r) => [r.key, r.orders, r.cancelled])).toEqual([
        ['2026-03-08', 1, 0],
        ['2026-03-09', 2, 0],
        ['2026-03-10', 1, 2],
        ['2026-03-11', 1, 0],
      ]);
      for (const grouping of salesGroupings) {
        const want = await expected(grouping, '2026-03-08', '2026-03-11', 'UTC');
        const got = (await report(`from=2026-03-08&to=2026-03-11&groupBy=${grouping}`)).json<SalesReport>();
        expect(byKey(got), grouping).toEqual(want.rows);
        expect(got.totals, grouping).toEqual(want.totals);
      }
    } finally {
      await world.ctx.db.transaction(async (tx) => {
        await tx
          .update(t.businesses)
          .set({ timeZone: 'Asia/Kolkata' })
          .where(sql`${t.businesses.id} = ${world.biz.id}`);
        await recountDays(tx, world.biz.id);
      });
    }
  });

  it('gives an admin their own zone, and refuses another', async () => {
    const own = await report('from=2026-03-09&to=2026-03-11&groupBy=store', world.admin);
    expect(own.statusCode, own.body).toBe(200);
    const want = await expected('store', '2026-03-09', '2026-03-11', 'Asia/Kolkata', world.biz.zones[0]);
    expect(own.json<SalesReport>().totals).toEqual(want.totals);
    expect(own.json<SalesReport>().rows.map((r) => r.key)).toEqual([northStore]);
    const named = await report(`from=2026-03-09&to=2026-03-11&zoneId=${world.biz.zones[0]}`, world.admin);
    expect(named.statusCode).toBe(200);
    const other = await report(`from=2026-03-09&to=2026-03-11&zoneId=${world.biz.zones[1]}`, world.admin);
    expect(refusalOf(other)).toEqual({ status: 403, code: 'forbidden', message: messages.forbidden });
    const otherCsv = await call(
      world.admin,
      'GET',
      `/api/reports/sales.csv?from=2026-03-09&to=2026-03-11&zoneId=${world.biz.zones[1]}`,
    );
    expect(otherCsv.statusCode).toBe(403);
  });

  it('knows nothing of another business: its zone is refused, its orders never counted', async () => {
    const res = await report(`from=2026-03-09&to=2026-03-11&zoneId=${world.rival.zones[0]}`);
    expect(refusalOf(res)).toMatchObject({ status: 400, fields: { zoneId: messages.unknownZone } });
    const rival = await report('from=2026-03-09&to=2026-03-11', world.rivalOwner);
    expect(rival.statusCode).toBe(200);
    expect(rival.json<SalesReport>().totals).toEqual({
      orders: 0,
      itemsSold: 0,
      grossPaise: 0,
      discountPaise: 0,
      chargesPaise: 0,
      netPaise: 0,
      cancelled: 0,
    });
  });

  it('refuses executives and callers without a session', async () => {
    const dex = await signInExecutive(world.ctx.app, world.biz.dex.email);
    const asDex = await report('from=2026-03-09&to=2026-03-11', dex);
    expect(asDex.statusCode).toBe(401);
    const anonymous = await world.ctx.app.inject({
      method: 'GET',
      url: '/api/reports/sales?from=2026-03-09&to=2026-03-11',
    });
    expect(anonymous.statusCode).toBe(401);
    const storefront = await world.ctx.app.inject({
      method: 'GET',
      url: '/api/reports/sales?from=2026-03-09&to=2026-03-11',
      headers: { 'x-storefront-key': world.biz.storefrontKey },
    });
    expect(storefront.statusCode).toBe(401);
  });

  it('answers garbage with 400 and the fields', async () => {
    const fieldsOf = async (query: string) => {
      const res = await report(query);
      expect(res.statusCode, query).toBe(400);
      return errorOf(res).fields;
    };
    expect(await fieldsOf('to=2026-03-11')).toEqual({ from: expect.any(String) });
    expect(await fieldsOf('from=2026-02-30&to=2026-03-11')).toEqual({
      from: 'must be a date such as 2026-11-22',
    });
    expect(await fieldsOf('from=09/03/2026&to=2026-03-11')).toEqual({
      from: 'must be a date such as 2026-11-22',
    });
    expect(await fieldsOf('from=2026-03-11&to=2026-03-10')).toEqual({ to: reportMessages.toBeforeFrom });
    expect(await fieldsOf('from=2025-01-01&to=2026-01-02')).toEqual({ to: reportMessages.tooLong });
    expect(await fieldsOf('from=2026-03-09&to=2026-03-11&groupBy=week')).toEqual({
      groupBy: reportMessages.groupBy,
    });
    expect(await fieldsOf(`from=2026-03-09&to=2026-03-11&zoneId=nope`)).toEqual({
      zoneId: expect.any(String),
    });
    const csv = await call(world.owner, 'GET', '/api/reports/sales.csv?from=2026-03-11&to=2026-03-10');
    expect(refusalOf(csv)).toMatchObject({ status: 400, fields: { to: reportMessages.toBeforeFrom } });
    // 366 days is a leap year's report, and allowed.
    expect((await report('from=2024-01-01&to=2024-12-31')).statusCode).toBe(200);
  });
});

describe('GET /api/reports/sales.csv', () => {
  it('is exactly the rows and columns shown, then the totals, money in rupees', async () => {
    const res = await call(
      world.owner,
      'GET',
      '/api/reports/sales.csv?from=2026-03-09&to=2026-03-10&groupBy=day',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="sales-day-2026-03-09-2026-03-10.csv"',
    );
    expect(res.body).toBe(
      '\uFEFFDay,Orders,Items sold,Gross,Discounts,Charges,Net,Cancelled\r\n' +
        '09/03/2026,1,2,60.00,0.00,20.00,80.00,0\r\n' +
        '10/03/2026,2,8,286.46,16.65,15.00,284.81,2\r\n' +
        'Total,3,10,346.46,16.65,35.00,364.81,2\r\n',
    );
    const items = await call(
      world.owner,
      'GET',
      '/api/reports/sales.csv?from=2026-03-09&to=2026-03-09&groupBy=item',
    );
    expect(items.body).toBe(
      '\uFEFFItem,Orders,Items sold,Gross,Discounts,Charges,Net,Cancelled\r\n' +
        'Milk,1,2,60.00,,,,0\r\n' +
        'Total,1,2,60.00,0.00,20.00,80.00,0\r\n',
    );
  });
});

async function storeName(id: string): Promise<string | undefined> {
  const { rows } = await world.ctx.db.execute<{ name: string }>(
    sql`SELECT name FROM stores WHERE id = ${id}`,
  );
  return rows[0]?.name;
}
