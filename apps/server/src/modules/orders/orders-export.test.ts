import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus } from '@storedesk/shared/orders';
import * as t from '#server/db/schema.ts';
import {
  caller,
  createBusiness,
  createStaffWorld,
  signIn,
  type Call,
  type Session,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';
import { csvField } from '#server/lib/csv.ts';

let ctx: TestApp;
let call: Call;
let biz: TestBusiness;
let owner: Session;
let admin: Session;
let rivalOwner: Session;
let storeId: string;

/** Inserts an order of the business (`biz` unless named) as the customer app would have placed it. */
async function order(
  values: {
    zoneId: string;
    customerName: string;
    status: number;
    placedAt: Date;
    bill: number;
    more?: Partial<typeof t.orders.$inferInsert>;
  },
  business = { id: biz.id, storeId: () => storeId },
) {
  const [customer] = await ctx.db
    .insert(t.customers)
    .values({
      businessId: business.id,
      name: values.customerName,
      phone: `9${randomUUID().replace(/\D/g, '').slice(0, 9).padEnd(9, '1')}`,
    })
    .returning({ id: t.customers.id, phone: t.customers.phone });
  await ctx.db.insert(t.orders).values({
    businessId: business.id,
    zoneId: values.zoneId,
    storeId: business.storeId(),
    storeName: 'Export, "Central" Store',
    customerId: customer!.id,
    customerName: values.customerName,
    customerPhone: customer!.phone,
    placedAt: values.placedAt,
    status: values.status,
    state: values.status < 0 ? 0 : 1,
    items: [],
    charges: [],
    itemsTotalPaise: values.bill,
    billAmountPaise: values.bill,
    ...values.more,
  });
}

async function addStore(business: TestBusiness) {
  const [store] = await ctx.db
    .insert(t.stores)
    .values({
      businessId: business.id,
      zoneId: business.zones[0],
      name: 'Export Central',
      description: 'd',
      location: 'l',
      phone: '9876543210',
      featured: 1,
      latitude: 12.9,
      longitude: 77.6,
      geohash: 'tdr1v9q7x',
      openTime: '08:00',
      closeTime: '21:00',
    })
    .returning({ id: t.stores.id });
  return store!.id;
}

beforeAll(async () => {
  ({ ctx, biz, owner, admin, rivalOwner } = await createStaffWorld());
  call = caller(ctx.app);
  storeId = await addStore(biz);
  const day = Date.parse('2026-10-05T06:30:00Z');
  await order({
    zoneId: biz.zones[0],
    customerName: 'Asha Rao',
    status: OrderStatus.Placed,
    placedAt: new Date(day),
    bill: 123456,
    more: {
      deliveryAddress: {
        label: 'Home',
        text: '12, 4th Cross',
        landmark: 'By the park',
        lat: 12.9,
        lng: 77.6,
      },
      paymentMode: 'UPI',
      paidAt: new Date(day + 60_000),
      note: 'Ring twice,\nthen wait',
    },
  });
  await order({
    zoneId: biz.zones[0],
    customerName: '=HYPERLINK("x")',
    status: OrderStatus.Confirmed,
    placedAt: new Date(day + 3_600_000),
    bill: 5,
  });
  await order({
    zoneId: biz.zones[1],
    customerName: 'South Sam',
    status: OrderStatus.Placed,
    placedAt: new Date(day + 7_200_000),
    bill: 1000,
  });
  for (let n = 0; n < 103; n++) {
    await order({
      zoneId: biz.zones[0],
      customerName: `Closed ${n}`,
      status: n % 2 ? OrderStatus.Delivered : OrderStatus.Cancelled,
      placedAt: new Date(day - n * 60_000),
      bill: 100 + n,
    });
  }
});
afterAll(() => ctx.close());

async function csv(session: Session, query = '') {
  const res = await call(session, 'GET', `/api/orders/export.csv${query}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('text/csv');
  expect(res.headers['content-disposition']).toContain('attachment');
  return res.body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
}

describe('GET /api/orders/export.csv', () => {
  it('writes the active list as filtered, newest first, with rupees, IST dates and safe fields', async () => {
    const lines = await csv(admin);
    expect(lines[0]).toBe(
      'Order ID,Date,Store,Customer,Phone,Status,Bill Amount,Delivery executive,Delivery address,Payment mode,Paid,Note',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      /^#\d+,05\/10\/2026 13:00,"Export, ""Central"" Store","'=HYPERLINK\(""x""\)",9\d+,Confirmed,0\.05,,,,,$/,
    );
    // The note's line break stays inside its quotes.
    expect(lines[2]).toMatch(
      /^#\d+,05\/10\/2026 12:00,"Export, ""Central"" Store",Asha Rao,9\d+,Placed,1234\.56,,"12, 4th Cross, By the park",UPI,Yes,"Ring twice,\nthen wait"$/,
    );
  });

  it('follows the list filters: search, status, zone', async () => {
    expect((await csv(admin, '?q=asha')).slice(1)).toEqual([
      expect.stringMatching(/,Asha Rao,\d+,Placed,1234\.56,/),
    ]);
    expect(await csv(admin, `?status=${OrderStatus.Confirmed}`)).toHaveLength(2);
    expect((await csv(owner)).length).toBe(4);
    expect((await csv(owner, `?zoneId=${biz.zones[1]}`)).slice(1).join()).toContain('South Sam');
  });

  it('exports every closed order the filters match, not only the newest 100 the screen shows', async () => {
    const lines = await csv(admin, '?view=completed');
    expect(lines).toHaveLength(104);
    expect(lines[1]).toContain('Closed 0');
    expect(lines[103]).toContain('Closed 102');
    const list = await call(admin, 'GET', '/api/orders?view=completed&pageSize=25&page=3');
    expect(list.json()).toMatchObject({ total: 100 });
  });

  it('refuses another zone with 403 before any file, and shows another business nothing', async () => {
    const res = await call(admin, 'GET', `/api/orders/export.csv?zoneId=${biz.zones[1]}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { code: 'forbidden' } });
    expect(await csv(rivalOwner)).toHaveLength(1);
    expect((await call(owner, 'GET', '/api/orders/export.csv?status=7')).statusCode).toBe(400);
    expect((await call(owner, 'GET', '/api/orders/export.csv?from=yesterday')).statusCode).toBe(400);
  });
});

describe('a day that is not on the calendar', () => {
  it('is 400 on its field before any file, for the CSV as for the list', async () => {
    for (const [query, field] of [
      ['from=2026-02-30', 'from'],
      ['to=2026-13-01', 'to'],
      ['to=0000-01-01', 'to'],
      ['from=2026-11-01&to=2025-02-29', 'to'],
    ]) {
      for (const path of ['/api/orders/export.csv', '/api/orders']) {
        const res = await call(owner, 'GET', `${path}?${query}`);
        expect(res.statusCode, `${path}?${query}`).toBe(400);
        expect(res.json(), `${path}?${query}`).toEqual({
          error: {
            code: 'invalid_input',
            message: 'Some fields need attention',
            fields: { [field!]: 'must be a date such as 2026-11-22' },
          },
        });
      }
    }
  });
});

describe("in the business's own time zone (D19)", () => {
  // 01:36 on 23 November in Kolkata is 20:06 on the 22nd in UTC and 12:06 on the 22nd in Los Angeles.
  const at = new Date('2026-11-22T20:06:00Z');
  const zones = [
    { timeZone: 'Asia/Kolkata', day: '2026-11-23', shown: '23/11/2026 01:36' },
    { timeZone: 'UTC', day: '2026-11-22', shown: '22/11/2026 20:06' },
    { timeZone: 'America/Los_Angeles', day: '2026-11-22', shown: '22/11/2026 12:06' },
  ];

  it('dates the CSV, and filters the list and the CSV by days, in that zone', async () => {
    for (const { timeZone, day, shown } of zones) {
      const b = await createBusiness(ctx.db, { timeZone });
      const bStore = await addStore(b);
      await order(
        {
          zoneId: b.zones[0],
          customerName: 'Zoned Zara',
          status: OrderStatus.Placed,
          placedAt: at,
          bill: 100,
        },
        { id: b.id, storeId: () => bStore },
      );
      const session = await signIn(ctx.app, b.owner.email);
      const other = day === '2026-11-23' ? '2026-11-22' : '2026-11-23';

      const lines = await csv(session, `?from=${day}&to=${day}`);
      expect(lines, timeZone).toHaveLength(2);
      expect(lines[1], timeZone).toMatch(new RegExp(`^#\\d+,${shown.replace(/\//g, '\\/')},`));
      expect(await csv(session, `?from=${other}&to=${other}`), timeZone).toHaveLength(1);

      const listed = await call(session, 'GET', `/api/orders?from=${day}&to=${day}`);
      expect(listed.json(), timeZone).toMatchObject({ total: 1, items: [{ customerName: 'Zoned Zara' }] });
      const missed = await call(session, 'GET', `/api/orders?from=${other}&to=${other}`);
      expect(missed.json(), timeZone).toMatchObject({ total: 0, items: [] });
      // The ends of a range: only from, only to.
      expect((await call(session, 'GET', `/api/orders?from=${day}`)).json(), timeZone).toMatchObject({
        total: 1,
      });
      expect((await call(session, 'GET', `/api/orders?to=${day}`)).json(), timeZone).toMatchObject({
        total: 1,
      });
    }
  });
});

describe('csvField', () => {
  it('quotes commas, quotes and line breaks, and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    for (const start of ['=', '+', '-', '@']) expect(csvField(`${start}1+1`)).toBe(`'${start}1+1`);
    // A negative amount is a number, not a formula.
    expect(csvField('-10.50')).toBe('-10.50');
    expect(csvField('-3')).toBe('-3');
    expect(csvField('-1-1')).toBe("'-1-1");
  });
});
