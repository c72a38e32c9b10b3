import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import ngeohash from 'ngeohash';
import { businessClock } from '@storedesk/shared/dates';
import { messages } from '@storedesk/shared/messages';
import { businessMessages, type BusinessSettings, type SmsUsage } from '@storedesk/shared/settings/business';
import { customerMessages } from '@storedesk/shared/storefront/customers';
import { themes } from '@storedesk/shared/themes';
import * as t from '#server/db/schema.ts';
import {
  caller,
  createBusiness,
  createTestApp,
  deliveryAddressNear,
  enableCashOnDelivery,
  errorOf,
  insertItems,
  signIn,
  textsTo,
  type Call,
  type Session,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';
import { closeOpenStreams, openStream } from '#test/sse.ts';

let ctx: TestApp;
let biz: TestBusiness;
let rival: TestBusiness;
let owner: Session;
let admin: Session;
let rivalOwner: Session;
let call: Call;
const stores = {} as Record<'main' | 'second' | 'deleted' | 'rival', string>;
let milk: string;

const palette = (name: string) => {
  const { primaryColor, accentColor, textPrimary } = themes.find((theme) => theme.name === name)!;
  return { primaryColor, accentColor, textPrimary };
};

async function addStore(business: TestBusiness, overrides: Partial<typeof t.stores.$inferInsert> = {}) {
  const [row] = await ctx.db
    .insert(t.stores)
    .values({
      businessId: business.id,
      zoneId: business.zones[0],
      name: `Store ${randomUUID().slice(0, 6)}`,
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
      ...overrides,
    })
    .returning({ id: t.stores.id });
  return row!.id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  biz = await createBusiness(ctx.db, { live: true, description: 'Groceries at your door' });
  rival = await createBusiness(ctx.db, { live: true });
  stores.main = await addStore(biz, { name: 'Fresh Mart Indiranagar' });
  stores.second = await addStore(biz, { name: 'Fresh Mart Koramangala' });
  stores.deleted = await addStore(biz, { name: 'Fresh Mart Closed Down', deletedAt: new Date() });
  stores.rival = await addStore(rival, { name: 'Rival Mart' });
  const [item] = await insertItems(ctx.db, [
    { businessId: biz.id, storeId: stores.main, name: 'Milk', pricePaise: 6_800 },
  ]);
  milk = item!.id;
  await enableCashOnDelivery(ctx.db, biz);
  [owner, admin, rivalOwner] = await Promise.all([
    signIn(ctx.app, biz.owner.email),
    signIn(ctx.app, biz.admin.email),
    signIn(ctx.app, rival.owner.email),
  ]);
  call = caller(ctx.app);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => {
  closeOpenStreams();
});
afterAll(async () => {
  // Once the server has let go of the aborted stream, drop the sockets rather than wait for keep-alive.
  for (let waited = 0; ctx.hub.size > 0 && waited < 2000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  ctx.app.server.closeAllConnections();
  await ctx.close();
});

const url = '/api/settings/business';
const keyUrl = '/api/settings/business/storefront-key';
const usageUrl = '/api/settings/sms-usage';

const read = async (session: Session = owner) => {
  const res = await call(session, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BusinessSettings>();
};

/** The business rows and every event: what a refused write must leave as it was. */
async function footprint() {
  const rows = await ctx.db.select().from(t.businesses).orderBy(t.businesses.id);
  const [{ events } = { events: 0 }] = (
    await ctx.db.execute<{ events: number }>(sql`SELECT count(*)::int AS events FROM events`)
  ).rows;
  return { rows, events };
}

const businessEvents = async (businessId: string) =>
  (
    await ctx.db.execute<{ topic: string; action: string; zone_id: string | null; record_id: string }>(
      sql`SELECT topic, action, zone_id, record_id FROM events
          WHERE business_id = ${businessId} AND topic = 'business' ORDER BY id`,
    )
  ).rows;

/** An order from the business's own system, with its secret API key, under the storefront key given. */
function placeOrder(key: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/storefront/orders',
    headers: { 'x-storefront-key': key, authorization: `Bearer ${biz.apiKey}` },
    payload: {
      customer: { name: 'Asha Rao', phone: `98${String(Date.now()).slice(-8)}` },
      storeId: stores.main,
      items: [{ itemId: milk, quantity: 2 }],
      deliveryAddress: deliveryAddressNear,
      paymentMode: 'COD',
    },
  });
}

describe('GET /api/settings/business', () => {
  it('answers the owner with the whole record', async () => {
    const record = await read();
    expect(record).toEqual({
      id: biz.id,
      name: expect.stringMatching(/^Business /),
      description: 'Groceries at your door',
      timeZone: 'Asia/Kolkata',
      gstin: null,
      type: 'multiple',
      mainStoreId: null,
      mainStoreName: null,
      theme: palette('Amber'),
      live: true,
      customerAppUrl: 'https://shop.example.test',
      slug: expect.stringMatching(/^business-[a-f0-9]{8}-[a-f0-9]{6}$/),
      shopDomain: null,
      // SHOP_URL's default for the tests' port: the business's own origin, named by its slug.
      shopUrl: `http://${record.slug}.localhost:3000`,
      smsDailyLimit: 500,
      storefrontKey: biz.storefrontKey,
      version: 1,
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('is the owner’s alone: an admin gets 403 from every endpoint, and nothing changes', async () => {
    const before = await footprint();
    for (const [method, path, body] of [
      ['GET', url, undefined],
      ['PATCH', url, { version: 1, name: 'Taken over' }],
      ['PATCH', url, { version: 1, smsDailyLimit: 100_000 }],
      ['POST', keyUrl, { version: 1 }],
      ['GET', usageUrl, undefined],
    ] as const) {
      const res = await call(admin, method, path, body);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect(errorOf(res).code).toBe('forbidden');
    }
    expect(await footprint()).toEqual(before);
  });

  it('each owner reads their own business only', async () => {
    const theirs = await read(rivalOwner);
    expect(theirs.id).toBe(rival.id);
    expect(theirs.storefrontKey).toBe(rival.storefrontKey);
  });
});

describe('PATCH /api/settings/business', () => {
  it('saves About: the name trimmed, the description and the time zone; the version moves on', async () => {
    const before = await read();
    const res = await call(owner, 'PATCH', url, {
      version: before.version,
      name: '  Fresh Mart  ',
      description: 'Fruit, vegetables\nand daily needs.',
      timeZone: 'Europe/London',
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<BusinessSettings>();
    expect(saved).toEqual({
      ...before,
      name: 'Fresh Mart',
      description: 'Fruit, vegetables\nand daily needs.',
      timeZone: 'Europe/London',
      version: before.version + 1,
      updatedAt: expect.any(String),
    });
    expect(await read()).toEqual(saved);

    // The shell of every console reads these from the session.
    const me = await call(owner, 'GET', '/api/auth/me');
    expect(me.json().business).toMatchObject({ name: 'Fresh Mart', timeZone: 'Europe/London' });
  });

  it('saves Others: the theme, live, the customer app and a main store', async () => {
    const before = await read();
    const res = await call(owner, 'PATCH', url, {
      version: before.version,
      type: 'single',
      mainStoreId: stores.main,
      theme: palette('Cyan'),
      live: false,
      customerAppUrl: 'https://order.fresh-mart.example/app',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<BusinessSettings>()).toMatchObject({
      type: 'single',
      mainStoreId: stores.main,
      mainStoreName: 'Fresh Mart Indiranagar',
      theme: palette('Cyan'),
      live: false,
      customerAppUrl: 'https://order.fresh-mart.example/app',
      version: before.version + 1,
    });
    const me = (await call(owner, 'GET', '/api/auth/me')).json().business;
    expect(me).toMatchObject({
      theme: palette('Cyan'),
      customerAppUrl: 'https://order.fresh-mart.example/app',
    });
  });

  it('takes a subset of the fields and leaves the rest as they were', async () => {
    const before = await read();
    const res = await call(owner, 'PATCH', url, { version: before.version, live: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ...before,
      live: true,
      version: before.version + 1,
      updatedAt: expect.any(String),
    });
  });

  it('stores the palette’s spelling of a theme, and no customer app for an empty address', async () => {
    const before = await read();
    const lime = palette('Lime');
    const res = await call(owner, 'PATCH', url, {
      version: before.version,
      theme: { ...lime, primaryColor: lime.primaryColor.toUpperCase() },
      customerAppUrl: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ theme: lime, customerAppUrl: null });
    const [row] = await ctx.db.select().from(t.businesses).where(eq(t.businesses.id, biz.id));
    expect(row!.theme).toEqual(lime);
    expect(row!.customerAppUrl).toBeNull();
    const again = await call(owner, 'PATCH', url, {
      version: before.version + 1,
      customerAppUrl: 'https://shop.example.test',
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('changes the slug of the customer app’s address, in lower case; one another business has is 409', async () => {
    const before = await read();
    const res = await call(owner, 'PATCH', url, {
      version: before.version,
      slug: '  Fresh-Mart-Indiranagar ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ slug: 'fresh-mart-indiranagar', version: before.version + 1 });

    const theirs = (await read(rivalOwner)).slug;
    const taken = await call(owner, 'PATCH', url, {
      version: before.version + 1,
      slug: theirs.toUpperCase(),
    });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toEqual({
      code: 'conflict',
      message: businessMessages.slugTaken,
      fields: { slug: businessMessages.slugTaken },
    });
    expect((await read()).slug).toBe('fresh-mart-indiranagar');
    for (const slug of ['ab', 'fresh mart', '-fresh', 'fresh--mart', 'x'.repeat(61), 7]) {
      const bad = await call(owner, 'PATCH', url, { version: before.version + 1, slug });
      expect(bad.statusCode, String(slug)).toBe(400);
      expect(errorOf(bad).fields, String(slug)).toEqual({ slug: businessMessages.slug });
    }
    expect((await read()).version).toBe(before.version + 1);
  });

  it('refuses garbage in every field with 400 and its reason, writing nothing', async () => {
    const { version } = await read();
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ name: '   ' }, { name: messages.businessName }],
      [{ name: '' }, { name: messages.businessName }],
      [{ name: 'x'.repeat(101) }, { name: 'must be at most 100 characters' }],
      [{ name: 'Fresh\u0000Mart' }, { name: 'must not contain control characters' }],
      [{ name: 42 }, { name: expect.any(String) }],
      [{ description: 'y'.repeat(1001) }, { description: 'must be at most 1000 characters' }],
      [{ description: 'a\u0007b' }, { description: 'must not contain control characters' }],
      [{ description: null }, { description: 'must be text' }],
      [{ timeZone: 'Mars/Olympus' }, { timeZone: businessMessages.timeZone }],
      [{ timeZone: '+05:30' }, { timeZone: businessMessages.timeZone }],
      [{ timeZone: '' }, { timeZone: businessMessages.timeZone }],
      [{ timeZone: 'Asia/'.repeat(20) }, { timeZone: businessMessages.timeZone }],
      [{ type: 'several' }, { type: businessMessages.type }],
      [{ mainStoreId: 'store-1' }, { mainStoreId: businessMessages.mainStoreUnknown }],
      [{ type: 'single', mainStoreId: null }, { mainStoreId: businessMessages.mainStoreRequired }],
      [{ theme: { ...palette('Indigo'), primaryColor: '#123456' } }, { theme: businessMessages.theme }],
      [
        { theme: { ...palette('Indigo'), accentColor: palette('Amber').accentColor } },
        { theme: businessMessages.theme },
      ],
      [{ theme: 'Indigo' }, { theme: businessMessages.theme }],
      [
        { theme: { primaryColor: '#3949ab' } },
        { 'theme.accentColor': businessMessages.theme, 'theme.textPrimary': businessMessages.theme },
      ],
      [{ live: 'yes' }, { live: businessMessages.live }],
      [{ live: null }, { live: businessMessages.live }],
      [
        { customerAppUrl: 'javascript:alert(document.cookie)' },
        { customerAppUrl: businessMessages.customerAppUrl },
      ],
      [{ customerAppUrl: 'shop.example.com' }, { customerAppUrl: businessMessages.customerAppUrl }],
      [{ customerAppUrl: 'ftp://shop.example.com' }, { customerAppUrl: businessMessages.customerAppUrl }],
      [
        { customerAppUrl: 'https://admin:pw@shop.example.com' },
        { customerAppUrl: businessMessages.customerAppUrl },
      ],
      [
        { customerAppUrl: `https://shop.example.com/${'a'.repeat(2048)}` },
        { customerAppUrl: 'must be at most 2048 characters' },
      ],
      [{ smsDailyLimit: -1 }, { smsDailyLimit: businessMessages.smsDailyLimit }],
      [{ smsDailyLimit: 100_001 }, { smsDailyLimit: businessMessages.smsDailyLimit }],
      [{ smsDailyLimit: 1.5 }, { smsDailyLimit: businessMessages.smsDailyLimit }],
      [{ smsDailyLimit: '10' }, { smsDailyLimit: businessMessages.smsDailyLimit }],
      [{ smsDailyLimit: null }, { smsDailyLimit: businessMessages.smsDailyLimit }],
      [{ version: undefined }, { version: expect.any(String) }],
      [{ version: -1 }, { version: expect.any(String) }],
      [{ version: 'one' }, { version: expect.any(String) }],
    ];
    const before = await footprint();
    for (const [fields, reasons] of cases) {
      const res = await call(owner, 'PATCH', url, { version, ...fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(errorOf(res).code).toBe('invalid_input');
      expect(errorOf(res).fields, JSON.stringify(fields)).toEqual(reasons);
    }
    const notJson = await ctx.app.inject({
      method: 'PATCH',
      url,
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload: '{"version":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(await footprint()).toEqual(before);
  });

  it('saves the texts a day from 0 to 100,000, and the session keeps the shop’s address', async () => {
    let record = await read();
    for (const smsDailyLimit of [0, 100_000, 500]) {
      const res = await call(owner, 'PATCH', url, { version: record.version, smsDailyLimit });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        ...record,
        smsDailyLimit,
        version: record.version + 1,
        updatedAt: expect.any(String),
      });
      record = res.json();
      expect(await read()).toEqual(record);
    }
    const me = (await call(owner, 'GET', '/api/auth/me')).json().business;
    expect(me.shopUrl).toBe(record.shopUrl);
  });

  it('refuses a time zone the database does not know by that exact name', async () => {
    const { version } = await read();
    const before = await footprint();
    // The browser's time zone data takes any case; the dashboard's days are counted by PostgreSQL's names.
    const res = await call(owner, 'PATCH', url, { version, timeZone: 'asia/kolkata' });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).fields).toEqual({ timeZone: businessMessages.timeZone });
    expect(await footprint()).toEqual(before);
  });

  it('takes only a live store of this business as the main store (400 on mainStoreId otherwise)', async () => {
    const { version } = await read();
    const before = await footprint();
    for (const mainStoreId of [stores.deleted, stores.rival, randomUUID()]) {
      for (const type of ['single', 'multiple', undefined]) {
        const res = await call(owner, 'PATCH', url, { version, mainStoreId, ...(type ? { type } : {}) });
        expect(res.statusCode, `${mainStoreId} ${type}`).toBe(400);
        expect(errorOf(res).fields).toEqual({ mainStoreId: businessMessages.mainStoreUnknown });
      }
    }
    expect(await footprint()).toEqual(before);
  });

  it('a multi-store business keeps its main store; switching back to single needs it to be live', async () => {
    let record = await read();
    let res = await call(owner, 'PATCH', url, {
      version: record.version,
      type: 'single',
      mainStoreId: stores.second,
    });
    expect(res.statusCode, res.body).toBe(200);
    record = res.json();
    res = await call(owner, 'PATCH', url, { version: record.version, type: 'multiple' });
    expect(res.json()).toMatchObject({ type: 'multiple', mainStoreId: stores.second });
    record = res.json();

    // The main store is deleted meanwhile: it is named no more, and single needs another.
    await ctx.db.update(t.stores).set({ deletedAt: new Date() }).where(eq(t.stores.id, stores.second));
    expect(await read()).toMatchObject({ mainStoreId: stores.second, mainStoreName: null });
    res = await call(owner, 'PATCH', url, { version: record.version, type: 'single' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({ mainStoreId: businessMessages.mainStoreUnknown });
    // Saving other fields is not held up by it.
    res = await call(owner, 'PATCH', url, { version: record.version, description: 'Still multiple' });
    expect(res.statusCode, res.body).toBe(200);
    record = res.json();
    res = await call(owner, 'PATCH', url, { version: record.version, mainStoreId: null });
    expect(res.json()).toMatchObject({ type: 'multiple', mainStoreId: null, mainStoreName: null });
    record = res.json();
    res = await call(owner, 'PATCH', url, { version: record.version, type: 'single' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({ mainStoreId: businessMessages.mainStoreRequired });
    await ctx.db.update(t.stores).set({ deletedAt: null }).where(eq(t.stores.id, stores.second));
  });

  it('refuses a save based on an old version with 409 and the current record, writing nothing (D9)', async () => {
    const record = await read();
    const first = await call(owner, 'PATCH', url, { version: record.version, name: 'First Save' });
    expect(first.statusCode).toBe(200);
    const before = await footprint();
    const second = await call(owner, 'PATCH', url, { version: record.version, name: 'Second Save' });
    expect(second.statusCode).toBe(409);
    expect(errorOf(second).code).toBe('conflict');
    expect(errorOf(second).message).toBe(messages.staleRecord);
    expect(errorOf(second).current).toEqual(first.json());
    // A newer version than the record's is as stale as an older one.
    const future = await call(owner, 'PATCH', url, { version: record.version + 50, name: 'Future' });
    expect(future.statusCode).toBe(409);
    expect(await footprint()).toEqual(before);
  });

  it('of two saves based on one version at once, one is saved and the other refused with 409', async () => {
    const { version } = await read();
    const results = await Promise.all(
      ['Together A', 'Together B'].map((name) => call(owner, 'PATCH', url, { version, name })),
    );
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const saved = results.find((res) => res.statusCode === 200)!.json<BusinessSettings>();
    expect(await read()).toEqual(saved);
  });

  it('only ever touches the caller’s business', async () => {
    const mine = await footprint();
    const theirs = await read(rivalOwner);
    const res = await call(rivalOwner, 'PATCH', url, {
      version: theirs.version,
      name: 'Rival Renamed',
      theme: palette('Orange'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: rival.id, name: 'Rival Renamed' });
    const after = await footprint();
    expect(after.rows.find((row) => row.id === biz.id)).toEqual(mine.rows.find((row) => row.id === biz.id));
    // Another business's store is refused like an unknown one, and the rival's own store is fine for them.
    const refused = await call(rivalOwner, 'PATCH', url, {
      version: theirs.version + 1,
      mainStoreId: stores.main,
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).fields).toEqual({ mainStoreId: businessMessages.mainStoreUnknown });
    const own = await call(rivalOwner, 'PATCH', url, {
      version: theirs.version + 1,
      mainStoreId: stores.rival,
    });
    expect(own.statusCode).toBe(200);
  });
});

describe('POST /api/settings/business/storefront-key', () => {
  it('makes a new key; the old one is refused from then on, the new one places orders', async () => {
    const record = await read();
    const oldKey = record.storefrontKey;
    expect((await placeOrder(oldKey)).statusCode).toBe(201);

    const res = await call(owner, 'POST', keyUrl, { version: record.version });
    expect(res.statusCode, res.body).toBe(200);
    const rotated = res.json<BusinessSettings>();
    expect(rotated).toEqual({
      ...record,
      storefrontKey: expect.stringMatching(/^pk_live_[0-9a-f]{48}$/),
      version: record.version + 1,
      updatedAt: expect.any(String),
    });
    expect(rotated.storefrontKey).not.toBe(oldKey);

    const refused = await placeOrder(oldKey);
    expect(refused.statusCode).toBe(401);
    expect(errorOf(refused).code).toBe('unauthenticated');
    expect((await placeOrder(rotated.storefrontKey)).statusCode).toBe(201);
    expect((await read()).storefrontKey).toBe(rotated.storefrontKey);
  });

  it('refuses an old version with 409 and keeps the key; refuses a missing version with 400', async () => {
    const record = await read();
    const before = await footprint();
    const stale = await call(owner, 'POST', keyUrl, { version: record.version - 1 });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).current).toEqual(record);
    for (const body of [{}, { version: 'x' }, { version: 1.5 }]) {
      const res = await call(owner, 'POST', keyUrl, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(errorOf(res).fields ?? {})).toEqual(['version']);
    }
    expect(await footprint()).toEqual(before);
  });

  it('rotates only the caller’s key', async () => {
    const theirs = await read(rivalOwner);
    const mine = await read();
    const res = await call(rivalOwner, 'POST', keyUrl, { version: theirs.version });
    expect(res.statusCode).toBe(200);
    expect((await read()).storefrontKey).toBe(mine.storefrontKey);
  });
});

describe('GET /api/settings/sms-usage', () => {
  /** Asks for a sign-in code for a phone of the business's customer app, from an address of its own. */
  const askForCode = (business: TestBusiness, phone: string, from: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/storefront/auth/code',
      headers: { 'x-storefront-key': business.storefrontKey },
      payload: { phone },
      remoteAddress: from,
    });

  it('answers the owner with the texts sent today on the business’s clock and its ceiling, which a save changes', async () => {
    // Fourteen hours ahead of UTC: its day is not the server's for most of the day.
    const shop = await createBusiness(ctx.db, { timeZone: 'Pacific/Kiritimati' });
    const shopOwner = await signIn(ctx.app, shop.owner.email);
    const today = () => businessClock(new Date(), 'Pacific/Kiritimati').date;
    const usage = async () => {
      const res = await call(shopOwner, 'GET', usageUrl);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<SmsUsage>();
    };
    expect(await usage()).toEqual({ day: today(), sent: 0, limit: 500 });

    const phones = ['9811100001', '9811100002', '9811100003'];
    for (const [i, phone] of phones.entries()) {
      const res = await askForCode(shop, phone, `10.71.0.${i + 1}`);
      expect(res.statusCode, res.body).toBe(202);
    }
    expect(phones.map((phone) => textsTo(ctx.dataDir, phone).length)).toEqual([1, 1, 1]);
    expect(await usage()).toEqual({ day: today(), sent: 3, limit: 500 });

    // Another business's texts are its own; its owner sees none of these.
    const theirs = await call(rivalOwner, 'GET', usageUrl);
    expect(theirs.json()).toEqual({
      day: businessClock(new Date(), 'Asia/Kolkata').date,
      sent: 0,
      limit: 500,
    });

    const settings = (await call(shopOwner, 'GET', url)).json<BusinessSettings>();
    const saved = await call(shopOwner, 'PATCH', url, { version: settings.version, smsDailyLimit: 3 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await usage()).toEqual({ day: today(), sent: 3, limit: 3 });
    const refused = await askForCode(shop, '9811100004', '10.71.0.4');
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).message).toBe(customerMessages.textsUsedUp);
    expect(textsTo(ctx.dataDir, '9811100004')).toEqual([]);
    expect(await usage()).toEqual({ day: today(), sent: 3, limit: 3 });
  });
});

describe('live events', () => {
  it('every save and key rotation tells the whole business (topic business, no zone); refusals tell nobody', async () => {
    const business = await createBusiness(ctx.db);
    const session = await signIn(ctx.app, business.owner.email);
    await call(session, 'PATCH', url, { version: 1, name: 'Evented' });
    await call(session, 'PATCH', url, { version: 1, name: 'Stale' });
    await call(session, 'PATCH', url, { version: 2, name: '' });
    await call(session, 'POST', keyUrl, { version: 2 });
    await call(session, 'POST', keyUrl, { version: 2 });
    expect(await businessEvents(business.id)).toEqual([
      { topic: 'business', action: 'updated', zone_id: null, record_id: business.id },
      { topic: 'business', action: 'storefront-key-rotated', zone_id: null, record_id: business.id },
    ]);
  });

  it('reaches an admin’s open stream, so their shell shows the new name and theme', async () => {
    const stream = await openStream(ctx.app, admin.headers);
    const record = await read();
    await call(owner, 'PATCH', url, { version: record.version, theme: palette('Yellow') });
    const message = await stream.waitFor((m) => m.data.topic === 'business', 'the business event');
    expect(message.data).toMatchObject({
      topic: 'business',
      action: 'updated',
      recordId: biz.id,
      zoneId: null,
    });
    const me = (await call(admin, 'GET', '/api/auth/me')).json().business;
    expect(me.theme).toEqual(palette('Yellow'));
  });
});
