/**
 * The world the fuzz suite runs in: one app, the business under test with a
 * catalogue, staff, coupons, settings, orders and trash made through the API,
 * a rival business made the same way, and a business whose service has ended;
 * customers signed in to the customer app (through its API), with saved
 * addresses and orders of their own, and orders of the business's own system
 * (its secret API key). It keeps the pools of real ids (of both businesses)
 * that requests draw on.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { simpleParser } from 'mailparser';
import { businessDay } from '@storedesk/shared/dates';
import { Level } from '@storedesk/shared/levels';
import { OrderStatus } from '@storedesk/shared/orders';
import { deliversTo, orderingRefusal } from '@storedesk/shared/storefront/serviceability';
import { hashToken } from '#server/modules/auth/auth.service.ts';
import { insertSession } from '#server/modules/auth/auth.repository.ts';
import { clearCounts } from '#server/modules/limits/limits.service.ts';
import { insertSession as insertCustomerSession } from '#server/modules/customers/customer-accounts.repository.ts';
import { makeJpeg, makePng } from '#server/storage/image-fixtures.ts';
import {
  createBusiness,
  createTestApp,
  PASSWORD,
  signIn,
  signInCustomer,
  type CustomerSession,
  type Session,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';
import { installWriteCounter } from './invariants.ts';
import { startPushService, type PushServiceStandIn, type StandInSubscription } from '#test/push-service.ts';
import { startPaymentsGateway, type PaymentsGateway } from '#test/payments-gateway.ts';

/** The bearer token that opens GET /api/metrics to the fuzzer's clients, which come from many addresses, none local. */
export const FUZZ_METRICS_TOKEN = 'fuzz-metrics-token-0123456789';

/** The customer's open orders the store has not confirmed: those they may cancel (B18, `customerMayCancel`). */
export const cancellableBy = (customerId: string) =>
  sql`SELECT id FROM orders WHERE customer_id = ${customerId} AND state = 1 AND status = ${OrderStatus.Placed} ORDER BY id`;
/**
 * Who sends a request: staff with a session, a customer signed in to the customer app, the
 * business's own system with one of its secret API keys (`system`, ADR 0056), a delivery executive
 * signed in to the delivery app (ADR 0042), or nobody.
 */
export type Actor = 'owner' | 'admin' | 'customer' | 'system' | 'executive' | 'anonymous';

/** Ids of one kind of record, of the business under test and of the rival. */
export type IdPool = { own: string[]; rival: string[] };

export type Pools = {
  zones: IdPool;
  stores: IdPool;
  categories: IdPool;
  items: IdPool;
  slides: IdPool;
  admins: IdPool;
  dexes: IdPool;
  users: IdPool;
  orders: IdPool;
  customers: IdPool;
  /** Saved addresses: the fuzz customer's (own), and other customers' of both businesses (rival). */
  addresses: IdPool;
  /** Orders: the fuzz customer's (own), and every other order of both businesses (rival). */
  customerOrders: IdPool;
  /** A checkout's true answer for an order of the fuzz customer, paid at the stand-in gateway (staged). */
  checkoutAnswers: Array<{ orderId: string; paymentId: string; gatewayOrderId: string; signature: string }>;
  /** The delivery slots each store that delivers in slots offers (staged, by its customer-app answer). */
  slotOffers: Record<string, string[]>;
  /** An order of the fuzz customer delivered and not tipped yet, to tip (staged, ADR 0073). */
  tippable: string[];
  /** The same for a tip of a delivered order of the fuzz customer (ADR 0073). */
  tipAnswers: Array<{ orderId: string; paymentId: string; gatewayOrderId: string; signature: string }>;
  /** Sign-in codes the business texted, not used yet when staged (a use voids the phone's others). */
  signInCodes: { phone: string; code: string }[];
  paymentModes: IdPool;
  helplines: IdPool;
  /** Secret API keys (their ids), but the one the `system` actor and the staging place orders with. */
  apiKeys: IdPool;
  /** Ids of records in the trash, of every kind. */
  trashed: IdPool;
  couponCodes: IdPool;
  emails: IdPool;
  /** Keys of stored files, as the imageUrl of a record names them after /files/. */
  fileKeys: string[];
  /** Tokens of links mailed so far (reset password, verify e-mail, onboarding), to the business under test only. */
  mailedTokens: string[];
  /** Onboarding tokens that POST /api/onboarding/account answered. */
  onboardingTokens: string[];
  /** Pending sign-ups, as POST /api/onboarding/account registered them. */
  signUps: { token: string; email: string; password: string }[];
  facts: Facts;
};

/** How records of the business under test (and the rival's) go together, for requests that make sense. */
export type Facts = {
  liveZones: string[];
  liveStores: string[];
  /** [storeId, categoryId] of live categories, this business's then the rival's. */
  categories: { own: [string, string][]; rival: [string, string][] };
  /** [storeId, itemId, inStock] of live items. */
  items: { own: [string, string, boolean][]; rival: [string, string, boolean][] };
  /** [storeId, itemId, variantId] of the live items' variants (B17). */
  variants: { own: [string, string, string][]; rival: [string, string, string][] };
  /** Open stores with an item in stock: [storeId, itemIds]. */
  sellable: [string, string[]][];
  /** Of those, the ones taking orders now (inside their hours on the business's clock). */
  orderable: [string, string[]][];
  /** [storeId, itemIds, addressId]: a store taking orders now and a live address of the fuzz customer it delivers to. */
  deliverable: [string, string[], string][];
  /** Where each store of the business taking orders now stands: an address there is within its reach. */
  places: Record<string, { lat: number; lng: number }>;
  /** The types of the business's enabled payment modes. */
  paymentModes: string[];
  /** [orderId, zoneId] of open orders. */
  openOrders: [string, string][];
  /** Orders whose items staff may still change (Placed or Confirmed), with their store: [orderId, storeId]. */
  editableOrders: [string, string][];
  /** Live delivery executives by zone. */
  dexesByZone: Record<string, string[]>;
  /** [orderId, status, deliveryCode] of the acting executive's open orders. */
  executiveOrders: [string, number, string | null][];
  /** Endpoints of the acting executive's devices, as the delivery app registered them. */
  executiveEndpoints: string[];
  /** [executiveId, day, collectedPaise] of cash collected on delivery and not settled yet. */
  unsettledCash: [string, string, number][];
  /** [executiveId, day, netPaise] of a day's payout still to make (ADR 0073): unpaid fees and online tips less cash held. */
  payouts: [string, string, number][];
  /** [orderId, paise] of paid orders with something left to refund: what was received less the refunds not failed. */
  refundable: [string, number][];
  /** The fuzz customer's open orders by UPI not paid yet: what "I have paid" is for. */
  upiUnpaid: string[];
  /** The fuzz customer's open orders the store has not confirmed yet: what their cancel is for. */
  customerPlaced: string[];
  /** [kind, id] of records in the trash. */
  trash: { own: [string, string][]; rival: [string, string][] };
};

export type World = {
  ctx: TestApp;
  push: PushServiceStandIn;
  /** The stand-in payment gateway the app takes online payments through (ADR 0072). */
  gateway: PaymentsGateway;
  biz: TestBusiness;
  rival: TestBusiness;
  /** A business whose service has ended: its storefront key answers 402. */
  ended: TestBusiness;
  /** The rival's own domain for its shop: another business's, so 409 to the business under test. */
  rivalShopDomain: string;
  /** The customer of the business under test whose token the `customer` actor presents. */
  customer: CustomerSession['customer'];
  pools: Pools;
  /** Subscriptions the stand-in push service holds keys for. */
  subscriptions: StandInSubscription[];
  /**
   * A session of a fresh sign-in for `actor` (the customer's a customer app's bearer token): each
   * request gets its own, so one that ends it ends no other.
   */
  sessionFor: (actor: Actor) => Promise<Session | null>;
  /** Codes staged for the sign-in batch (see stage.ts). */
  signInCodes: { phone: string; code: string }[];
  /** The admin who makes the admin's requests: never a target of the fuzzed staff routes. */
  actingAdminId: string;
  /** The executive who makes the executive's requests: never a target of the fuzzed staff routes either. */
  actingExecutiveId: string;
  /** Forgets the owner's and the admin's tries at their current password (ADR 0054). */
  forgetCurrentPasswordTries: () => Promise<void>;
  refreshPools: () => Promise<void>;
  close: () => Promise<void>;
};

const SESSION_MS = 24 * 60 * 60 * 1000;

async function expectStatus(res: LightMyRequestResponse, status: number, what: string) {
  if (res.statusCode !== status) throw new Error(`seeding: ${what} answered ${res.statusCode}: ${res.body}`);
  return res.body ? (res.json() as Record<string, unknown>) : {};
}

/** A seeding client for one signed-in person. */
function seeder(ctx: TestApp, session: Session) {
  const send = async (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload: object | undefined,
    status: number,
  ) => {
    const res = await ctx.app.inject({
      method,
      url,
      headers: session.headers,
      ...(payload === undefined ? {} : { payload }),
    });
    return expectStatus(res, status, `${method} ${url}`);
  };
  const upload = async (url: string, bytes: Buffer, filename: string, contentType: string) => {
    const boundary = `seed${randomBytes(6).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\n` +
          `Content-Type: ${contentType}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await ctx.app.inject({
      method: 'PUT',
      url,
      payload,
      headers: { ...session.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    return expectStatus(res, 200, `PUT ${url}`);
  };
  return { send, upload };
}

type Seeded = {
  stores: { id: string; zoneId: string; items: string[]; categories: string[]; lat: number; lng: number }[];
  dexByZone: Map<string, string>;
};

/**
 * Fills a business through its owner's API: zones, stores with categories and
 * items (and images), slides, coupons, payment modes, helplines, settings,
 * staff, orders in every status, and a record of each kind in the trash.
 */
async function seedBusiness(
  ctx: TestApp,
  business: TestBusiness,
  push: PushServiceStandIn,
  scale: { storesPerZone: number; orders: number },
): Promise<{ seeded: Seeded; subscriptions: StandInSubscription[] }> {
  const owner = await signIn(ctx.app, business.owner.email);
  const { send, upload } = seeder(ctx, owner);
  const dayOffset = (days: number) => businessDay(new Date(Date.now() + days * 86_400_000), 'Asia/Kolkata');

  await send('POST', '/api/zones', { name: 'East' }, 201);
  const west = await send('POST', '/api/zones', { name: 'West' }, 201);

  const dexByZone = new Map<string, string>([[business.zones[0], business.dex.id]]);
  for (const [index, zoneId] of business.zones.entries()) {
    const dex = await send(
      'POST',
      '/api/delivery-executives',
      {
        name: `Rider ${index}`,
        email: `rider${index}.${randomBytes(4).toString('hex')}@example.test`,
        phone: '9876500000',
        password: 'rider-password-1',
        zoneId,
      },
      201,
    );
    if (!dexByZone.has(zoneId)) dexByZone.set(zoneId, dex.id as string);
  }
  await send(
    'POST',
    '/api/admins',
    {
      name: 'Second North Admin',
      email: `second.${randomBytes(4).toString('hex')}@example.test`,
      phone: '9876500001',
      password: 'admin-password-1',
      zoneId: business.zones[0],
    },
    201,
  );

  const stores: Seeded['stores'] = [];
  for (const zoneId of business.zones) {
    for (let s = 0; s < scale.storesPerZone; s++) {
      const store = await send(
        'POST',
        '/api/stores',
        {
          name: `Store ${s} of ${zoneId.slice(0, 4)}`,
          featured: (s % 9) + 1,
          location: 'MG Road',
          description: 'Fresh produce',
          phone: '9876543210',
          openTime: '00:00',
          closeTime: '23:59',
          latitude: 12.97 + s / 100,
          longitude: 77.59,
          zoneId,
        },
        201,
      );
      const storeId = store.id as string;
      const categories: string[] = [];
      for (const name of ['Fruits', 'Dairy']) {
        categories.push(
          (await send('POST', `/api/stores/${storeId}/categories`, { name }, 201)).id as string,
        );
      }
      const items: string[] = [];
      for (let i = 0; i < 4; i++) {
        const item = await send(
          'POST',
          `/api/stores/${storeId}/items`,
          {
            name: `Item ${i}`,
            categoryId: categories[i % 2],
            featured: i % 4,
            pricePaise: 1_000 + i * 2_550,
            tags: ['fresh'],
            veg: i % 2 === 0,
            inStock: true,
          },
          201,
        );
        items.push(item.id as string);
      }
      if (s === 0) await upload(`/api/stores/${storeId}/image`, makePng(3, 3), 'store.png', 'image/png');
      if (s === 0) {
        await upload(`/api/stores/${storeId}/items/${items[0]}/image`, makeJpeg(), 'item.jpg', 'image/jpeg');
      }
      stores.push({ id: storeId, zoneId, items, categories, lat: store.latitude as number, lng: 77.59 });
    }
  }
  await send('POST', '/api/stores/status', { storeIds: stores.map((s) => s.id), status: 1 }, 200);

  for (let position = 1; position <= 3; position++) {
    const slide = await send('POST', '/api/slides', { title: `Slide ${position}`, position }, 201);
    if (position < 3) await upload(`/api/slides/${slide.id}/image`, makePng(4, 2), 'slide.png', 'image/png');
  }

  const coupon = (code: string, extra: object) => ({
    code,
    name: `Coupon ${code}`,
    validFrom: dayOffset(-1),
    expiresAt: dayOffset(30),
    type: 'DISCOUNT',
    discountPercent: 10,
    maxDiscountPaise: 5_000,
    minOrderValuePaise: 0,
    availStartTime: '00:00',
    availEndTime: '23:59',
    usageLimit: 1_000,
    ...extra,
  });
  await send('POST', '/api/coupons', coupon('SAVE10', {}), 201);
  await send(
    'POST',
    '/api/coupons',
    coupon('FREESHIP', { type: 'FREE_DELIVERY', discountPercent: 0, maxDiscountPaise: 0 }),
    201,
  );
  await send('POST', '/api/coupons', coupon('ONCE1', { usageLimit: 1 }), 201);
  await send('POST', '/api/coupons', coupon('LATER', { validFrom: dayOffset(5) }), 201);
  const closed = await send('POST', '/api/coupons', coupon('GONE', {}), 201);
  await send('PATCH', '/api/coupons/GONE', { usageType: 'CLOSE', version: closed.version }, 200);

  await send('POST', '/api/settings/payment-modes', { title: 'Cash', type: 'COD' }, 201);
  await send(
    'POST',
    '/api/settings/payment-modes',
    { title: 'UPI', type: 'UPI', upiInfo: { name: 'Shop', upiId: 'shop@upi' } },
    201,
  );
  await send('POST', '/api/settings/helplines', { title: 'Support', phoneNumber: '1800123456' }, 201);
  await send('POST', '/api/settings/helplines', { title: 'Orders', phoneNumber: '9876543210' }, 201);
  // Room for the seeded orders' executives (one per zone carries every open order of it).
  await send(
    'PUT',
    '/api/settings/order',
    {
      deliveryChargesEnabled: true,
      standardDeliveryChargesPaise: 2_500,
      minimumOrderPaise: 0,
      maxOpenOrdersPerExecutive: 50,
      version: 0,
    },
    200,
  );
  await send(
    'PUT',
    '/api/settings/referral',
    {
      enabled: true,
      name: 'Refer a friend',
      type: 'DISCOUNT',
      usageLimit: 3,
      discountPercent: 5,
      maxDiscountPaise: 2_000,
      minOrderValuePaise: 0,
      validForDays: 30,
      referralMessage: 'Shop with us',
      version: 0,
    },
    200,
  );
  // Order updates texted on every change, so the status changes below queue messages too (ADR 0075).
  await send(
    'PUT',
    '/api/settings/notifications',
    {
      version: 0,
      sms: { confirmed: true, pickedUp: true, delivered: true, cancelled: true },
      whatsapp: { confirmed: false, pickedUp: false, delivered: false, cancelled: false },
    },
    200,
  );

  // Orders, placed as the business's own system places them (its secret API key, ADR 0056), then
  // moved along by staff.
  const phones = Array.from({ length: 8 }, (_, i) => `98765${String(10_000 + i * 7).padStart(5, '0')}`);
  const orders: { id: string; zoneId: string }[] = [];
  for (let n = 0; n < scale.orders; n++) {
    const store = stores[n % stores.length]!;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/storefront/orders',
      headers: { 'x-storefront-key': business.storefrontKey, authorization: `Bearer ${business.apiKey}` },
      remoteAddress: `192.0.2.${(n % 250) + 1}`,
      payload: {
        customer: { name: `Customer ${n % 8}`, phone: phones[n % 8] },
        storeId: store.id,
        items: store.items
          .slice(0, 1 + (n % 3))
          .map((itemId, i) => ({ itemId, quantity: 1 + ((n + i) % 4) })),
        deliveryAddress: { label: 'Home', text: `${n} MG Road`, lat: store.lat, lng: store.lng },
        paymentMode: n % 2 === 0 ? 'COD' : 'UPI',
        ...(n % 5 === 0 ? { couponCode: 'save10' } : n % 7 === 0 ? { couponCode: 'FREESHIP' } : {}),
      },
    });
    const order = await expectStatus(res, 201, 'POST /api/storefront/orders');
    orders.push({ id: order.id as string, zoneId: store.zoneId });
  }
  for (const [n, order] of orders.entries()) {
    const dexId = dexByZone.get(order.zoneId)!;
    const steps =
      n % 6 === 0
        ? []
        : n % 6 === 1
          ? [{ status: 1, dexId }]
          : n % 6 === 2
            ? [{ status: 1, dexId }, { status: 2 }]
            : n % 6 === 3
              ? [{ status: 1, dexId }, { status: 2 }, { status: -2 }]
              : n % 6 === 4
                ? [{ status: -1, note: 'Customer called to cancel' }]
                : [{ status: 0, note: 'Asked for a call before delivery' }];
    let version = 1;
    for (const step of steps) {
      const changed = await send('POST', `/api/orders/${order.id}/status`, { ...step, version }, 200);
      version = changed.version as number;
    }
  }

  // One of each kind in the trash.
  const doomed = await send(
    'POST',
    '/api/stores',
    {
      name: 'Closed for good',
      featured: 1,
      location: 'Old market',
      description: 'Moved away',
      phone: '9876543210',
      openTime: '09:00',
      closeTime: '18:00',
      latitude: 12.9,
      longitude: 77.6,
      zoneId: business.zones[1],
    },
    201,
  );
  await send('DELETE', `/api/stores/${doomed.id}?version=${doomed.version}`, undefined, 204);
  const first = stores[0]!;
  const category = await send('POST', `/api/stores/${first.id}/categories`, { name: 'Seasonal' }, 201);
  await send('DELETE', `/api/stores/${first.id}/categories/${category.id}?version=1`, undefined, 204);
  const mango = await send(
    'POST',
    `/api/stores/${first.id}/items`,
    { name: 'Mango', categoryId: first.categories[0], featured: 0, pricePaise: 500 },
    201,
  );
  await send('DELETE', `/api/stores/${first.id}/items/${mango.id}?version=1`, undefined, 204);
  const slide = await send('POST', '/api/slides', { title: 'Old offer', position: 9 }, 201);
  await send('DELETE', `/api/slides/${slide.id}?version=1`, undefined, 204);
  await send('DELETE', `/api/zones/${west.id}?version=1`, undefined, 204);

  // Customers' browsers that allowed notifications, and one send to them.
  const subscriptions: StandInSubscription[] = [];
  for (let i = 0; i < 3; i++) {
    const subscription = push.subscribe();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/storefront/push-subscriptions',
      headers: { 'x-storefront-key': business.storefrontKey },
      payload: subscription,
    });
    await expectStatus(res, 201, 'POST /api/storefront/push-subscriptions');
    subscriptions.push(subscription);
  }
  await send('POST', '/api/push-notifications', { title: 'Hello', message: 'Fresh mangoes today' }, 202);

  return { seeded: { stores, dexByZone }, subscriptions };
}

async function idsOf(ctx: TestApp, query: ReturnType<typeof sql>, businessId: string, rivalId: string) {
  const { rows } = await ctx.db.execute<{ id: string; business_id: string }>(query);
  return {
    own: rows.filter((r) => r.business_id === businessId).map((r) => String(r.id)),
    rival: rows.filter((r) => r.business_id === rivalId).map((r) => String(r.id)),
  };
}

/** Tokens in the links of the mails in the outbox addressed to `addresses`. */
async function mailedTokens(outbox: string, addresses: Set<string>, seen: Map<string, string[]>) {
  let files: string[];
  try {
    files = await fs.promises.readdir(outbox);
  } catch {
    return [];
  }
  for (const file of files) {
    if (seen.has(file)) continue;
    const mail = await simpleParser(await fs.promises.readFile(path.join(outbox, file)));
    const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [])
      .flatMap((a) => a.value.map((v) => v.address?.toLowerCase() ?? ''))
      .filter(Boolean);
    const tokens = [...(mail.text ?? '').matchAll(/[?&]token=([\w-]+)/g)].map((m) => m[1]!);
    seen.set(
      file,
      to.some((address) => addresses.has(address) || address.endsWith('.fuzz.test')) ? tokens : [],
    );
  }
  return [...seen.values()].flat();
}

/**
 * The tokens that are not another business's accounts'. One mailbox may hold accounts of two
 * businesses (a fuzzed request gives one of ours the rival's address): a reset link mailed there
 * for the rival's account is rightly its holder's, but not the business under test's to use.
 */
async function ownTokens(ctx: TestApp, tokens: string[], businessId: string): Promise<string[]> {
  if (tokens.length === 0) return tokens;
  const hashes = tokens.map((token) => hashToken(token).toString('hex'));
  const { rows } = await ctx.db.execute<{ hash: string }>(
    sql`SELECT encode(t.token_hash, 'hex') AS hash FROM account_tokens t JOIN users u ON u.id = t.user_id
        WHERE u.business_id <> ${businessId} AND encode(t.token_hash, 'hex') = ANY(${`{${hashes.join(',')}}`}::text[])`,
  );
  const foreign = new Set(rows.map((row) => row.hash));
  return tokens.filter((_, index) => !foreign.has(hashes[index]!));
}

async function factsOf(
  ctx: TestApp,
  businessId: string,
  rivalId: string,
  customerId: string | null,
  executiveId: string,
): Promise<Facts> {
  const q = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    (await ctx.db.execute<T>(query)).rows as T[];
  const split = <T>(rows: (T & { business_id: string })[], shape: (row: T) => unknown) => ({
    own: rows.filter((r) => r.business_id === businessId).map(shape),
    rival: rows.filter((r) => r.business_id === rivalId).map(shape),
  });
  const zones = await q<{ id: string }>(
    sql`SELECT id FROM zones WHERE business_id = ${businessId} AND deleted_at IS NULL ORDER BY id`,
  );
  const stores = await q<{ id: string }>(
    sql`SELECT id FROM stores WHERE business_id = ${businessId} AND deleted_at IS NULL ORDER BY id`,
  );
  const categories = await q<{ store_id: string; id: string; business_id: string }>(
    sql`SELECT store_id, id, business_id FROM categories WHERE deleted_at IS NULL ORDER BY id`,
  );
  const items = await q<{ store_id: string; id: string; in_stock: boolean; business_id: string }>(
    sql`SELECT store_id, id, in_stock, business_id FROM items WHERE deleted_at IS NULL ORDER BY id`,
  );
  const variants = await q<{ store_id: string; item_id: string; id: string; business_id: string }>(sql`
    SELECT v.store_id, v.item_id, v.id, v.business_id FROM item_variants v JOIN items i ON i.id = v.item_id
    WHERE i.deleted_at IS NULL ORDER BY v.id`);
  const sellable = await q<{ store_id: string; ids: string[] }>(sql`
    SELECT i.store_id, array_agg(i.id ORDER BY i.id) AS ids FROM items i JOIN stores s ON s.id = i.store_id
    WHERE s.business_id = ${businessId} AND s.deleted_at IS NULL AND s.status = 1
      AND i.deleted_at IS NULL AND i.in_stock
    GROUP BY i.store_id ORDER BY i.store_id`);
  const orders = await q<{ id: string; zone_id: string; store_id: string; status: number }>(
    sql`SELECT id, zone_id, store_id, status FROM orders WHERE business_id = ${businessId} AND state = 1 ORDER BY id`,
  );
  // Where the open stores are and their hours, on the business's clock now.
  const places = await q<{
    id: string;
    latitude: number;
    longitude: number;
    delivery_radius_km: number;
    status: number;
    open_time: string;
    close_time: string;
    time_zone: string;
  }>(sql`
    SELECT s.id, s.latitude, s.longitude, s.delivery_radius_km, s.status, s.open_time, s.close_time, b.time_zone
    FROM stores s JOIN businesses b ON b.id = s.business_id
    WHERE s.business_id = ${businessId} AND s.deleted_at IS NULL AND s.status = 1`);
  const now = new Date();
  const placeOf = new Map(places.map((p) => [p.id, p]));
  const orderable = sellable.filter((r) => {
    const place = placeOf.get(r.store_id);
    return (
      place !== undefined &&
      orderingRefusal(
        { status: place.status, openTime: place.open_time, closeTime: place.close_time },
        now,
        place.time_zone,
      ) === null
    );
  });
  const addresses = customerId
    ? await q<{ id: string; latitude: number; longitude: number }>(sql`
        SELECT id, latitude, longitude FROM customer_addresses
        WHERE customer_id = ${customerId} AND deleted_at IS NULL ORDER BY id`)
    : [];
  const deliverable = orderable.flatMap((r) => {
    const place = placeOf.get(r.store_id)!;
    const store = { lat: place.latitude, lng: place.longitude, deliveryRadiusKm: place.delivery_radius_km };
    return addresses
      .filter((a) => deliversTo(store, { lat: a.latitude, lng: a.longitude }))
      .map((a): [string, string[], string] => [r.store_id, r.ids, a.id]);
  });
  const modes = await q<{ type: string }>(
    sql`SELECT DISTINCT type FROM payment_modes WHERE business_id = ${businessId} AND enabled ORDER BY type`,
  );
  const dexes = await q<{ id: string; zone_id: string }>(sql`
    SELECT id, zone_id FROM users
    WHERE business_id = ${businessId} AND level = ${Level.DeliveryExecutive} AND deleted_at IS NULL ORDER BY id`);
  const trash = await q<{ kind: string; id: string; business_id: string }>(sql`
    SELECT 'zones' AS kind, id, business_id FROM zones WHERE deleted_at IS NOT NULL
    UNION ALL SELECT 'stores', id, business_id FROM stores WHERE deleted_at IS NOT NULL
    UNION ALL SELECT 'categories', id, business_id FROM categories WHERE deleted_at IS NOT NULL
    UNION ALL SELECT 'items', id, business_id FROM items WHERE deleted_at IS NOT NULL
    UNION ALL SELECT 'slides', id, business_id FROM slides WHERE deleted_at IS NOT NULL
    ORDER BY 2`);
  const dexesByZone: Record<string, string[]> = {};
  for (const dex of dexes) (dexesByZone[dex.zone_id] ??= []).push(dex.id);
  const executiveOrders = await q<{ id: string; status: number; delivery_code: string | null }>(sql`
    SELECT id, status, delivery_code FROM orders
    WHERE business_id = ${businessId} AND dex_id = ${executiveId} AND state = 1 ORDER BY id`);
  const executiveEndpoints = await q<{ endpoint: string }>(sql`
    SELECT endpoint FROM push_subscriptions
    WHERE business_id = ${businessId} AND executive_id = ${executiveId} ORDER BY endpoint`);
  const unsettledCash = await q<{ executive_id: string; day: string; paise: number }>(sql`
    SELECT o.dex_id AS executive_id, to_char(o.delivered_at AT TIME ZONE b.time_zone, 'YYYY-MM-DD') AS day,
           sum(o.cash_collected_paise)::float8 AS paise
    FROM orders o JOIN businesses b ON b.id = o.business_id
    WHERE o.business_id = ${businessId} AND o.cash_collected_paise IS NOT NULL AND o.dex_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM cash_settlements c WHERE c.business_id = o.business_id
        AND c.executive_id = o.dex_id AND c.day = (o.delivered_at AT TIME ZONE b.time_zone)::date)
    GROUP BY 1, 2 ORDER BY 1, 2`);
  const payouts = await q<{ executive_id: string; day: string; net: number }>(sql`
    WITH d AS (
      SELECT o.id, o.dex_id, (o.delivered_at AT TIME ZONE b.time_zone)::date AS day, o.payout_id,
        coalesce(o.executive_fee_paise, 0) AS fee, o.cash_collected_paise
      FROM orders o JOIN businesses b ON b.id = o.business_id
      WHERE o.business_id = ${businessId} AND o.status = -2 AND o.dex_id IS NOT NULL
    )
    SELECT d.dex_id AS executive_id, to_char(d.day, 'YYYY-MM-DD') AS day,
      (sum(d.fee) FILTER (WHERE d.payout_id IS NULL)
        + coalesce((SELECT sum(t.amount_paise) FROM tips t JOIN d d2 ON d2.id = t.order_id
            WHERE d2.dex_id = d.dex_id AND d2.day = d.day AND t.method = 'ONLINE' AND t.state = 'PAID'
              AND t.payout_id IS NULL), 0)
        - greatest(coalesce(sum(d.cash_collected_paise), 0) - coalesce((SELECT s.amount_paise FROM cash_settlements s
            WHERE s.business_id = ${businessId} AND s.executive_id = d.dex_id AND s.day = d.day), 0), 0))::float8 AS net
    FROM d GROUP BY d.dex_id, d.day ORDER BY 1, 2`);
  const refundable = await q<{ id: string; left: number }>(sql`
    SELECT id, (coalesce(paid_paise, bill_amount_paise) - refunded_paise)::float8 AS left FROM orders
    WHERE business_id = ${businessId} AND paid_at IS NOT NULL
      AND coalesce(paid_paise, bill_amount_paise) > refunded_paise ORDER BY id`);
  const upiUnpaid = customerId
    ? await q<{ id: string }>(sql`
        SELECT id FROM orders WHERE customer_id = ${customerId} AND payment_mode = 'UPI'
          AND paid_at IS NULL AND status <> -1 ORDER BY id`)
    : [];
  const customerPlaced = customerId ? await q<{ id: string }>(cancellableBy(customerId)) : [];
  return {
    liveZones: zones.map((z) => z.id),
    liveStores: stores.map((s) => s.id),
    categories: split(categories, (r) => [r.store_id, r.id]) as Facts['categories'],
    items: split(items, (r) => [r.store_id, r.id, r.in_stock]) as Facts['items'],
    variants: split(variants, (r) => [r.store_id, r.item_id, r.id]) as Facts['variants'],
    sellable: sellable.map((r) => [r.store_id, r.ids]),
    orderable: orderable.map((r) => [r.store_id, r.ids]),
    deliverable,
    places: Object.fromEntries(
      orderable.map((r) => {
        const place = placeOf.get(r.store_id)!;
        return [r.store_id, { lat: place.latitude, lng: place.longitude }];
      }),
    ),
    paymentModes: modes.map((m) => m.type),
    openOrders: orders.map((o) => [o.id, o.zone_id]),
    editableOrders: orders.filter((o) => o.status === 0 || o.status === 1).map((o) => [o.id, o.store_id]),
    dexesByZone,
    executiveOrders: executiveOrders.map((o) => [o.id, o.status, o.delivery_code]),
    executiveEndpoints: executiveEndpoints.map((e) => e.endpoint),
    unsettledCash: unsettledCash.map((c) => [c.executive_id, c.day, c.paise]),
    payouts: payouts.map((p) => [p.executive_id, p.day, p.net]),
    refundable: refundable.map((r) => [r.id, r.left]),
    upiUnpaid: upiUnpaid.map((r) => r.id),
    customerPlaced: customerPlaced.map((r) => r.id),
    trash: split(trash, (r) => [r.kind, r.id]) as Facts['trash'],
  };
}

export async function createWorld(): Promise<World> {
  const push = await startPushService({ keep: false });
  const gateway = await startPaymentsGateway();
  // Each fuzzed request comes from a client address of its own (see fuzz.test.ts), and the
  // customer API's own limit is raised besides, so no limit per address ever stands in the way.
  // A built console, as production serves one: a path that leaves /api and /files gets its page.
  const consoleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storedesk-fuzz-console-'));
  fs.writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><div id="root"></div>');
  const ctx = await createTestApp({
    env: {
      STOREFRONT_ORDERS_PER_MINUTE: '100000',
      PUSH_ENDPOINT_ALLOWLIST: push.origin,
      METRICS_TOKEN: FUZZ_METRICS_TOKEN,
      PAYMENTS_URL: gateway.paymentsUrl,
    },
    consoleDir,
  });
  const biz = await createBusiness(ctx.db);
  const rival = await createBusiness(ctx.db);
  const ended = await createBusiness(ctx.db, { serviceEndsAt: new Date(Date.now() - 60_000) });
  const mine = await seedBusiness(ctx, biz, push, { storesPerZone: 3, orders: 48 });
  await seedBusiness(ctx, rival, push, { storesPerZone: 2, orders: 18 });
  // The rival serves its shop at a domain of its own, which the business under test cannot take.
  const rivalShopDomain = `shop-${randomBytes(3).toString('hex')}.rival.test`;
  const rivalOwner = await signIn(ctx.app, rival.owner.email);
  const rivalSettings = await expectStatus(
    await ctx.app.inject({ url: '/api/settings/business', headers: rivalOwner.headers }),
    200,
    'GET /api/settings/business',
  );
  await expectStatus(
    await ctx.app.inject({
      method: 'PATCH',
      url: '/api/settings/business',
      headers: rivalOwner.headers,
      payload: { version: rivalSettings.version, shopDomain: rivalShopDomain },
    }),
    200,
    'PATCH /api/settings/business',
  );
  // The seeds' pushes finish before anything is compared.
  for (let wait = 0; wait < 100; wait++) {
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM push_notifications WHERE status = 'sending'`,
    );
    if (rows[0]!.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  // Links in the outbox from the start: a password reset for the owner, a new address for an admin.
  const outbox = path.join(ctx.dataDir, 'outbox');
  await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email: biz.owner.email },
  });
  const otherAdmin = await signIn(ctx.app, biz.otherAdmin.email);
  await expectStatus(
    await ctx.app.inject({
      method: 'PATCH',
      url: '/api/account',
      headers: otherAdmin.headers,
      payload: {
        name: biz.otherAdmin.name,
        email: `moved.${randomBytes(3).toString('hex')}@fuzz.test`,
        phone: '9876500002',
        currentPassword: PASSWORD,
        version: 1,
      },
    }),
    200,
    'PATCH /api/account',
  );
  for (let wait = 0; wait < 100 && (await fs.promises.readdir(outbox).catch(() => [])).length < 2; wait++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  // Customers of the customer app, signed in through its API: the one the `customer` actor is, with a
  // home by the first store (and an office no store delivers to) and orders placed there; another
  // customer of the business and one of the rival, whose addresses and orders are not the actor's.
  const customer = await signInCustomer(ctx, biz.storefrontKey, '9700000001', 'Fuzz Customer');
  const other = await signInCustomer(ctx, biz.storefrontKey, '9700000002', 'Other Customer');
  const rivals = await signInCustomer(ctx, rival.storefrontKey, '9700000003', 'Rival Customer');
  const asCustomer = async (key: string, who: CustomerSession, url: string, payload: object) =>
    expectStatus(
      await ctx.app.inject({
        method: 'POST',
        url,
        headers: { 'x-storefront-key': key, authorization: `Bearer ${who.token}` },
        payload,
      }),
      201,
      `POST ${url}`,
    );
  const shop = mine.seeded.stores[0]!;
  const home = await asCustomer(biz.storefrontKey, customer, '/api/storefront/addresses', {
    label: 'Home',
    text: '1 MG Road',
    lat: 12.971,
    lng: 77.591,
  });
  await asCustomer(biz.storefrontKey, customer, '/api/storefront/addresses', {
    label: 'Office',
    text: 'Connaught Place, New Delhi',
    lat: 28.63,
    lng: 77.22,
  });
  for (let n = 0; n < 3; n++) {
    await asCustomer(biz.storefrontKey, customer, '/api/storefront/orders', {
      storeId: shop.id,
      items: [{ itemId: shop.items[n % shop.items.length], quantity: 1 + n }],
      addressId: home.id,
      // One by UPI, which the customer can say they paid ("I have paid", B18).
      paymentMode: n === 2 ? 'UPI' : 'COD',
      ...(n === 0 ? { note: 'Ring twice' } : {}),
    });
  }
  const otherHome = await asCustomer(biz.storefrontKey, other, '/api/storefront/addresses', {
    label: 'Home',
    text: '2 MG Road',
    lat: 12.972,
    lng: 77.592,
  });
  await asCustomer(biz.storefrontKey, other, '/api/storefront/orders', {
    storeId: shop.id,
    items: [{ itemId: shop.items[0], quantity: 2 }],
    addressId: otherHome.id,
    paymentMode: 'UPI',
  });
  await asCustomer(rival.storefrontKey, rivals, '/api/storefront/addresses', {
    label: 'Home',
    text: '3 MG Road',
    lat: 12.97,
    lng: 77.59,
  });

  // The executive's session is one of the delivery app's: a bearer token, as its sign-in gives.
  const userOf = { owner: biz.owner, admin: biz.admin, executive: biz.dex };
  const sessionFor = async (actor: Actor): Promise<Session | null> => {
    if (actor === 'anonymous') return null;
    if (actor === 'system') {
      return { token: biz.apiKey, cookie: '', headers: { authorization: `Bearer ${biz.apiKey}` } };
    }
    if (actor === 'customer') {
      // As a sign-in by code makes one (customers.service.ts), without texting a code for each.
      const token = randomBytes(32).toString('base64url');
      await insertCustomerSession(ctx.db, {
        tokenHash: createHash('sha256').update(`customer-session:${token}`).digest(),
        customerId: customer.customer.id,
        businessId: biz.id,
        expiresAt: new Date(Date.now() + SESSION_MS),
      });
      return { token, cookie: '', headers: { authorization: `Bearer ${token}` } };
    }
    const user = userOf[actor];
    const token = randomBytes(32).toString('base64url');
    await insertSession(ctx.db, {
      tokenHash: hashToken(token),
      userId: user.id,
      businessId: biz.id,
      expiresAt: new Date(Date.now() + SESSION_MS),
      ip: '127.0.0.1',
      userAgent: 'fuzz',
    });
    return { token, cookie: `storedesk_session=${token}`, headers: { authorization: `Bearer ${token}` } };
  };

  // A session made so must be one the app knows, or every customer request would be refused.
  const probe = await sessionFor('customer');
  await expectStatus(
    await ctx.app.inject({
      url: '/api/storefront/account',
      headers: { 'x-storefront-key': biz.storefrontKey, ...probe!.headers },
    }),
    200,
    'GET /api/storefront/account with a made session',
  );

  const seenMail = new Map<string, string[]>();
  const signInCodes: Pools['signInCodes'] = [];
  const pools = { checkoutAnswers: [], tippable: [], tipAnswers: [], slotOffers: {} } as unknown as Pools;
  const onboardingTokens: string[] = [];
  const signUps: Pools['signUps'] = [];
  const subscriptions = mine.subscriptions;
  const refreshPools = async () => {
    const ids = (table: string, where = sql`TRUE`) =>
      idsOf(
        ctx,
        sql`SELECT id, business_id FROM ${sql.identifier(table)} WHERE ${where} ORDER BY id`,
        biz.id,
        rival.id,
      );
    pools.zones = await ids('zones');
    pools.stores = await ids('stores');
    pools.categories = await ids('categories');
    pools.items = await ids('items');
    pools.slides = await ids('slides');
    pools.admins = await ids('users', sql`level = ${Level.Admin} AND id <> ${biz.admin.id}`);
    pools.dexes = await ids('users', sql`level = ${Level.DeliveryExecutive} AND id <> ${biz.dex.id}`);
    pools.users = await ids('users', sql`id NOT IN (${biz.admin.id}, ${biz.dex.id})`);
    pools.orders = await ids('orders');
    pools.customers = await ids('customers');
    const mineOrNot = async (query: ReturnType<typeof sql>) => {
      const { rows } = await ctx.db.execute<{ id: string; mine: boolean }>(query);
      return {
        own: rows.filter((r) => r.mine).map((r) => r.id),
        rival: rows.filter((r) => !r.mine).map((r) => r.id),
      };
    };
    pools.addresses = await mineOrNot(
      sql`SELECT id, customer_id = ${customer.customer.id} AS mine FROM customer_addresses
          WHERE deleted_at IS NULL AND business_id IN (${biz.id}, ${rival.id}) ORDER BY id`,
    );
    pools.customerOrders = await mineOrNot(
      sql`SELECT id, customer_id = ${customer.customer.id} AS mine FROM orders
          WHERE business_id IN (${biz.id}, ${rival.id}) ORDER BY id`,
    );
    pools.signInCodes = signInCodes;
    pools.paymentModes = await ids('payment_modes');
    pools.helplines = await ids('helplines');
    // The key the `system` actor and the staging order with is no target: revoking it would refuse them.
    pools.apiKeys = await ids(
      'api_keys',
      sql`token_hash <> ${createHash('sha256').update(biz.apiKey).digest()}`,
    );
    const trashed = await Promise.all(
      ['zones', 'stores', 'categories', 'items', 'slides'].map((t) => ids(t, sql`deleted_at IS NOT NULL`)),
    );
    pools.trashed = { own: trashed.flatMap((p) => p.own), rival: trashed.flatMap((p) => p.rival) };
    pools.couponCodes = await idsOf(
      ctx,
      sql`SELECT code AS id, business_id FROM coupons ORDER BY code`,
      biz.id,
      rival.id,
    );
    pools.emails = await idsOf(
      ctx,
      sql`SELECT email AS id, business_id FROM users ORDER BY email`,
      biz.id,
      rival.id,
    );
    const { rows: files } = await ctx.db.execute<{ key: string }>(
      sql`SELECT image_key AS key FROM stores WHERE image_key IS NOT NULL
          UNION SELECT image_key FROM items WHERE image_key IS NOT NULL
          UNION SELECT image_key FROM slides WHERE image_key IS NOT NULL ORDER BY 1`,
    );
    pools.fileKeys = files.map((f) => f.key);
    pools.mailedTokens = await ownTokens(
      ctx,
      await mailedTokens(outbox, new Set(pools.emails.own.map((e) => e.toLowerCase())), seenMail),
      biz.id,
    );
    pools.onboardingTokens = onboardingTokens;
    pools.signUps = signUps;
    pools.facts = await factsOf(ctx, biz.id, rival.id, customer.customer.id, biz.dex.id);
    // Browsers that have not subscribed yet, for new subscriptions.
    for (let i = 0; i < 5; i++) subscriptions.push(push.subscribe());
  };
  await refreshPools();
  await installWriteCounter(ctx.db);

  return {
    ctx,
    push,
    gateway,
    biz,
    rival,
    ended,
    rivalShopDomain,
    customer: customer.customer,
    pools,
    subscriptions,
    sessionFor,
    signInCodes,
    actingAdminId: biz.admin.id,
    actingExecutiveId: biz.dex.id,
    forgetCurrentPasswordTries: () =>
      clearCounts(
        ctx.db,
        [biz.owner.id, biz.admin.id].map((id) => `current-password:${id}`),
      ),
    refreshPools,
    close: async () => {
      await ctx.close();
      await push.close();
      await gateway.close();
      fs.rmSync(consoleDir, { recursive: true, force: true });
    },
  };
}
