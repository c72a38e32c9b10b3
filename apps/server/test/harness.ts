/**
 * What a server test file builds on: its own database cloned from the migrated
 * template, the real app on it, and factories for businesses and their staff.
 */
import type { Customer } from '@storedesk/shared/storefront/customers';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ngeohash from 'ngeohash';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { dropTestDatabase } from './drop-database.ts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Level } from '@storedesk/shared/levels';
import { themes } from '@storedesk/shared/themes';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createDatabase, createReadDatabase, type Database, type Executor } from '#server/db/client.ts';
import * as t from '#server/db/schema.ts';
import { hashPassword } from '#server/lib/passwords.ts';
import { EventHub } from '#server/realtime/hub.ts';

export type TestDatabase = { url: string; db: Database; pool: pg.Pool; drop: () => Promise<void> };

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  const name = `storedesk_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  const { pool, db } = createDatabase(url, 10);
  return {
    url,
    db,
    pool,
    drop: async () => {
      await pool.end();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await dropTestDatabase(a, name);
      await a.end();
    },
  };
}

export type TestApp = {
  app: FastifyInstance;
  db: Database;
  /** What reports, exports and the dashboard read: a pool of DATABASE_READ_URL's when `env` names one, else `db`. */
  readDb: Database;
  database: TestDatabase;
  hub: EventHub;
  /** The app's DATA_DIR: its files, and its outbox of mail when no SMTP server is set. */
  dataDir: string;
  close: () => Promise<void>;
};

/**
 * A started app on a database of its own; `database` shares one between
 * instances, `env` adds settings to its configuration (DATABASE_READ_URL among
 * them: the app then reads reports, exports and the dashboard there), `consoleDir`
 * is a built console to serve (none by default).
 */
export async function createTestApp(
  options: {
    database?: TestDatabase;
    env?: NodeJS.ProcessEnv;
    consoleDir?: string;
    storefrontDir?: string;
    deliverDir?: string;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storedesk-app-'));
  const config = loadConfig({
    ...options.env,
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
  });
  const silent = { info: () => undefined, warn: () => undefined };
  const reads = createReadDatabase(config.databaseReadUrl, database, 10);
  const hub = new EventHub(database.url, database.db, silent);
  await hub.start();
  const app = await buildApp({
    config,
    db: database.db,
    readDb: reads.db,
    hub,
    consoleDir: options.consoleDir ?? path.join(dataDir, 'no-console'),
    storefrontDir: options.storefrontDir ?? path.join(dataDir, 'no-storefront'),
    deliverDir: options.deliverDir ?? path.join(dataDir, 'no-deliver'),
  });
  await app.ready();
  return {
    app,
    db: database.db,
    readDb: reads.db,
    database,
    hub,
    dataDir,
    close: async () => {
      await app.close();
      await hub.stop();
      await reads.end();
      if (!options.database) await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const PASSWORD = 'correct-horse-9';
let passwordHash: Promise<string> | undefined;

export type Staff = { id: string; email: string; name: string; level: number; zoneId: string | null };
export type TestBusiness = {
  id: string;
  zones: [string, string];
  owner: Staff;
  admin: Staff;
  otherAdmin: Staff;
  dex: Staff;
  storefrontKey: string;
  /** A secret API key of the business (ADR 0056): what its own systems place orders with. */
  apiKey: string;
};

/** A business with two zones, an owner, an admin per zone and a delivery executive. */
export async function createBusiness(
  db: Database,
  overrides: Partial<typeof t.businesses.$inferInsert> = {},
) {
  passwordHash ??= hashPassword(PASSWORD);
  const hash = await passwordHash;
  const tag = randomBytes(4).toString('hex');
  const theme = themes[0]!;
  const [business] = await db
    .insert(t.businesses)
    .values({
      name: `Business ${tag}`,
      theme: {
        primaryColor: theme.primaryColor,
        accentColor: theme.accentColor,
        textPrimary: theme.textPrimary,
      },
      storefrontKey: `pk_test_${tag}_${randomUUID()}`,
      slug: `business-${tag}-${randomBytes(3).toString('hex')}`,
      customerAppUrl: 'https://shop.example.test',
      live: true,
      ...overrides,
    })
    .returning();
  const zones = await db
    .insert(t.zones)
    .values([
      { businessId: business!.id, name: 'North' },
      { businessId: business!.id, name: 'South' },
    ])
    .returning({ id: t.zones.id });
  const [north, south] = [zones[0]!.id, zones[1]!.id];
  const apiKey = `sk_test_${randomBytes(24).toString('base64url')}`;
  await db.insert(t.apiKeys).values({
    businessId: business!.id,
    name: 'Tests',
    tokenHash: createHash('sha256').update(apiKey).digest(),
    lastFour: apiKey.slice(-4),
    createdByName: 'Tests',
  });
  const person = async (level: number, zoneId: string | null, role: string): Promise<Staff> => {
    const email = `${role}.${tag}@example.test`;
    const name = `${role[0]!.toUpperCase()}${role.slice(1)} ${tag}`;
    const [row] = await db
      .insert(t.users)
      .values({
        businessId: business!.id,
        zoneId,
        level,
        name,
        email,
        phone: '+91-9000000000',
        passwordHash: hash,
      })
      .returning({ id: t.users.id });
    return { id: row!.id, email, name, level, zoneId };
  };
  return {
    id: business!.id,
    zones: [north, south],
    owner: await person(Level.Owner, north, 'owner'),
    admin: await person(Level.Admin, north, 'admin'),
    otherAdmin: await person(Level.Admin, south, 'southadmin'),
    dex: await person(Level.DeliveryExecutive, north, 'dex'),
    storefrontKey: business!.storefrontKey,
    apiKey,
  } satisfies TestBusiness;
}

/**
 * A delivery address a few steps from where the harness's stores stand (12.97, 77.59), well within
 * their delivery radius: what an order from the business's own system names in full.
 */
export const deliveryAddressNear = {
  label: 'Home',
  text: '12 MG Road',
  landmark: 'Near the park',
  lat: 12.9705,
  lng: 77.5905,
};

/** The headers of an order from the business's own system (ADR 0056): its storefront key and its secret key. */
export const keyedOrderHeaders = (business: Pick<TestBusiness, 'storefrontKey' | 'apiKey'>) => ({
  'x-storefront-key': business.storefrontKey,
  authorization: `Bearer ${business.apiKey}`,
});

/** Cash on delivery, enabled: a payment mode every order must name one of. */
export async function enableCashOnDelivery(db: Database, business: Pick<TestBusiness, 'id'>) {
  await db.insert(t.paymentModes).values({ businessId: business.id, title: 'Cash', type: 'COD' });
}

/** A customer of the business, written straight to the database as the customer app's first sign-in leaves one; answers their id. */
export async function insertCustomer(
  db: Database,
  businessId: string,
  customer: { name: string; phone: string } = { name: 'Asha', phone: '9811100001' },
): Promise<string> {
  const [row] = await db
    .insert(t.customers)
    .values({ businessId, ...customer })
    .returning({ id: t.customers.id });
  return row!.id;
}

/** An open store in the business's first zone with one item in stock, for tests that place orders. */
export async function createStoreWithItem(
  db: Database,
  business: TestBusiness,
  item: { name: string; pricePaise: number } = { name: 'Milk', pricePaise: 3000 },
): Promise<{ storeId: string; itemId: string }> {
  const [store] = await db
    .insert(t.stores)
    .values({
      businessId: business.id,
      zoneId: business.zones[0],
      name: `Store ${randomBytes(3).toString('hex')}`,
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
  const [row] = await insertItems(db, [{ businessId: business.id, storeId: store!.id, ...item }]);
  return { storeId: store!.id, itemId: row!.id };
}

/** A variant of a test item; the price alone makes an item's one unlabelled variant. */
export type TestVariant = {
  label?: string;
  pricePaise: number;
  mrpPaise?: number | null;
  sku?: string | null;
  stock?: number | null;
  lowStockAt?: number | null;
  /** Sold loose: the step and the most to an order, in grams (the price is then per kg). */
  stepGrams?: number | null;
  maxGrams?: number | null;
};
export type TestItem = Omit<typeof t.items.$inferInsert, 'id'> &
  ({ pricePaise: number; variants?: undefined } | { pricePaise?: undefined; variants: TestVariant[] });

/**
 * Items written straight to the database, each with its variants (B17): `pricePaise` alone is
 * one unlabelled variant. Answers each item's id and its variants' ids in order.
 */
export async function insertItems(
  db: Executor,
  rows: TestItem[],
): Promise<Array<{ id: string; name: string; variantIds: string[] }>> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(t.items)
    .values(rows.map(({ pricePaise: _price, variants: _variants, ...item }) => item))
    .returning({ id: t.items.id, name: t.items.name });
  const variants = rows.flatMap((row, index) =>
    (row.variants ?? [{ pricePaise: row.pricePaise! }]).map((variant, position) => ({
      businessId: row.businessId,
      storeId: row.storeId,
      itemId: inserted[index]!.id,
      position,
      label: variant.label ?? '',
      pricePaise: variant.pricePaise,
      mrpPaise: variant.mrpPaise ?? null,
      sku: variant.sku ?? null,
      stock: variant.stock ?? null,
      lowStockAt: variant.lowStockAt ?? null,
      stepGrams: variant.stepGrams ?? null,
      maxGrams: variant.maxGrams ?? null,
    })),
  );
  const ids = await db
    .insert(t.itemVariants)
    .values(variants)
    .returning({ id: t.itemVariants.id, itemId: t.itemVariants.itemId });
  return inserted.map((item) => ({
    ...item,
    variantIds: ids.filter((variant) => variant.itemId === item.id).map((variant) => variant.id),
  }));
}

export type Session = { token: string; cookie: string; headers: { authorization: string } };

export async function signIn(app: FastifyInstance, email: string, password = PASSWORD): Promise<Session> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  const token = res.json<{ token: string }>().token;
  const cookie = res.cookies.find((c) => c.name === 'storedesk_session')!;
  return { token, cookie: `${cookie.name}=${cookie.value}`, headers: { authorization: `Bearer ${token}` } };
}

export function errorOf(res: LightMyRequestResponse) {
  return res.json<{
    error: { code: string; message: string; fields?: Record<string, string>; current?: unknown };
  }>().error;
}

/** A refusal's status with its error envelope, to compare whole. */
export function refusalOf(res: LightMyRequestResponse) {
  return { status: res.statusCode, ...errorOf(res) };
}

/** The cast most scope tests need: a business and a rival, with four signed-in sessions. */
export type StaffWorld = {
  ctx: TestApp;
  biz: TestBusiness;
  rival: TestBusiness;
  owner: Session;
  admin: Session;
  southAdmin: Session;
  rivalOwner: Session;
};

/** Two businesses and their staff signed in, on an app of its own (with `env` added to its configuration). */
export async function createStaffWorld(env?: NodeJS.ProcessEnv): Promise<StaffWorld> {
  const ctx = await createTestApp(env ? { env } : {});
  const biz = await createBusiness(ctx.db);
  const rival = await createBusiness(ctx.db);
  const [owner, admin, southAdmin, rivalOwner] = await Promise.all([
    signIn(ctx.app, biz.owner.email),
    signIn(ctx.app, biz.admin.email),
    signIn(ctx.app, biz.otherAdmin.email),
    signIn(ctx.app, rival.owner.email),
  ]);
  return { ctx, biz, rival, owner, admin, southAdmin, rivalOwner };
}

export type Call = (
  session: Session,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => Promise<LightMyRequestResponse>;

/** A POST that must make its record: 201, answering the record. */
export async function createdBy<T>(call: Call, session: Session, url: string, payload: object): Promise<T> {
  const res = await call(session, 'POST', url, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<T>();
}

/** A store's fields as the console sends them (open 08:00–21:00), in `zoneId` when given. */
export const storeBody = (zoneId?: string) => ({
  name: `Store ${randomUUID().slice(0, 6)}`,
  featured: 1,
  location: 'Indiranagar',
  description: 'Groceries',
  phone: '9876543210',
  openTime: '08:00',
  closeTime: '21:00',
  latitude: 12.97,
  longitude: 77.64,
  ...(zoneId ? { zoneId } : {}),
});

/** A JSON request as a signed-in person. */
export function caller(app: FastifyInstance): Call {
  return (session, method, url, payload) =>
    app.inject({ method, url, headers: session.headers, ...(payload === undefined ? {} : { payload }) });
}

/**
 * The owner saves the order settings with at most `limit` open orders per executive (B14), no
 * delivery charges and no minimum order, as Settings › Orders does.
 */
export async function limitOpenOrdersTo(call: Call, owner: Session, limit: number) {
  const { version } = (await call(owner, 'GET', '/api/settings/order')).json<{ version: number }>();
  const saved = await call(owner, 'PUT', '/api/settings/order', {
    deliveryChargesEnabled: false,
    standardDeliveryChargesPaise: 0,
    minimumOrderPaise: 0,
    maxOpenOrdersPerExecutive: limit,
    version,
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

/**
 * Waits until another connection (or `connections` of them) is blocked by a lock `holder` holds
 * (at most 10 s): what a race test needs before it lets the holder go, rather than a sleep that a
 * loaded machine may outlast.
 */
export async function waitUntilBlockedBy(
  db: Database,
  holder: pg.ClientBase,
  connections = 1,
): Promise<void> {
  const { rows } = await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const pid = rows[0]!.pid;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const blocked = await db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE ${pid}::int = ANY(pg_blocking_pids(pid))`,
    );
    if (blocked.rows[0]!.n >= connections) return;
    if (Date.now() > deadline)
      throw new Error(`${connections} connection(s) did not wait on a lock of backend ${pid} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The texts the app's SMS outbox holds for a phone, oldest first (ADR 0038). */
export function textsTo(
  dataDir: string,
  phone: string,
  /** The outbox's file of an SMS, or of a WhatsApp message (ADR 0082). */
  channel: 'sms' | 'whatsapp' = 'sms',
): Array<{ file: string; body: string }> {
  const outbox = path.join(dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((file) => file.endsWith(`-${phone}.${channel}`))
    .sort()
    .map((file) => ({ file, body: fs.readFileSync(path.join(outbox, file), 'utf8') }));
}

/** The sign-in code of the newest text to a phone. */
export function latestCode(dataDir: string, phone: string): string {
  const text = textsTo(dataDir, phone).at(-1);
  const code = text && /(\d{6}) is your/.exec(text.body)?.[1];
  if (!code) throw new Error(`no sign-in code was texted to ${phone}`);
  return code;
}

export type CustomerSession = { token: string; customer: Customer };

/**
 * Signs a customer of the key's business in by the code texted to their phone, as the customer app
 * does; from `remoteAddress` when given (codes a client address may ask for are limited).
 */
export async function signInCustomer(
  ctx: Pick<TestApp, 'app' | 'dataDir'>,
  storefrontKey: string,
  phone: string,
  name?: string,
  remoteAddress?: string,
): Promise<CustomerSession> {
  const headers = { 'x-storefront-key': storefrontKey, 'content-type': 'application/json' };
  const sent = await ctx.app.inject({
    method: 'POST',
    url: '/api/storefront/auth/code',
    headers,
    payload: JSON.stringify({ phone }),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  if (sent.statusCode !== 202) throw new Error(`asking for a code answered ${sent.statusCode}: ${sent.body}`);
  const verified = await ctx.app.inject({
    method: 'POST',
    url: '/api/storefront/auth/verify',
    headers,
    payload: JSON.stringify({ phone, code: latestCode(ctx.dataDir, phone), name }),
  });
  if (verified.statusCode !== 200)
    throw new Error(`verifying answered ${verified.statusCode}: ${verified.body}`);
  return verified.json<CustomerSession>();
}

/**
 * A customer signed in (as signInCustomer) with one address saved, by default `deliveryAddressNear`:
 * their order names it (`addressId`) and a payment mode, with their token as bearer (ADR 0038).
 */
export async function signInCustomerWithAddress(
  ctx: Pick<TestApp, 'app' | 'dataDir'>,
  storefrontKey: string,
  phone: string,
  name: string,
  address: { label: string; text: string; landmark?: string; lat: number; lng: number } = deliveryAddressNear,
): Promise<CustomerSession & { addressId: string; headers: Record<string, string> }> {
  const session = await signInCustomer(ctx, storefrontKey, phone, name);
  const headers = { 'x-storefront-key': storefrontKey, authorization: `Bearer ${session.token}` };
  const saved = await ctx.app.inject({
    method: 'POST',
    url: '/api/storefront/addresses',
    headers,
    payload: address,
  });
  if (saved.statusCode !== 201)
    throw new Error(`saving an address answered ${saved.statusCode}: ${saved.body}`);
  return { ...session, addressId: saved.json<{ id: string }>().id, headers };
}

/**
 * A signed-in customer (as signInCustomerWithAddress gives one) places an order to their saved
 * address, paid by cash on delivery unless `order` says otherwise; it must be taken (201).
 */
export async function placeCustomerOrder(
  app: FastifyInstance,
  customer: { addressId: string; headers: Record<string, string> },
  order: { storeId: string; items: object[]; paymentMode?: string; couponCode?: string },
): Promise<{ id: string; number: number }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/storefront/orders',
    headers: customer.headers,
    payload: { addressId: customer.addressId, paymentMode: 'COD', ...order },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Signs a delivery executive in to the delivery app (ADR 0042): their bearer token, no cookie. */
export async function signInExecutive(
  app: FastifyInstance,
  email: string,
  password = PASSWORD,
): Promise<Session> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/delivery/sign-in',
    payload: { email, password },
  });
  if (res.statusCode !== 200)
    throw new Error(`delivery sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  const token = res.json<{ token: string }>().token;
  return { token, cookie: '', headers: { authorization: `Bearer ${token}` } };
}

/** A delivery executive of a business's zone, signed in to the delivery app. */
export async function createExecutive(
  ctx: Pick<TestApp, 'app' | 'db'>,
  who: { businessId: string; zoneId: string; name: string },
): Promise<{ id: string; name: string; email: string; session: Session }> {
  passwordHash ??= hashPassword(PASSWORD);
  const email = `rider.${randomBytes(4).toString('hex')}@example.test`;
  const [row] = await ctx.db
    .insert(t.users)
    .values({
      businessId: who.businessId,
      zoneId: who.zoneId,
      level: Level.DeliveryExecutive,
      name: who.name,
      email,
      phone: '+91-9000000001',
      passwordHash: await passwordHash,
    })
    .returning({ id: t.users.id });
  return { id: row!.id, name: who.name, email, session: await signInExecutive(ctx.app, email) };
}

/**
 * An order of a store as the customer app leaves it (Placed, with a delivery code and address),
 * written straight to the database; `values` names what a test needs otherwise.
 */
export async function insertOrder(
  db: Database,
  at: { businessId: string; zoneId: string; storeId: string; customerId: string },
  values: Partial<typeof t.orders.$inferInsert> & { billAmountPaise: number },
): Promise<{ id: string; version: number }> {
  const [row] = await db
    .insert(t.orders)
    .values({
      ...at,
      storeName: 'Store',
      customerName: 'Asha',
      customerPhone: '9811111111',
      items: [],
      charges: [],
      itemsTotalPaise: values.billAmountPaise,
      paymentMode: 'COD',
      ...values,
    })
    .returning({ id: t.orders.id, version: t.orders.version });
  return row!;
}

/** An order's version as stored now. */
export async function orderVersion(db: Database, orderId: string): Promise<number> {
  const [row] = await db.select({ version: t.orders.version }).from(t.orders).where(eq(t.orders.id, orderId));
  return row!.version;
}
