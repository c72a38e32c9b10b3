/**
 * The business's secret API keys (ADR 0056): the owner makes one (shown once, kept hashed) and
 * revokes it; an order from the business's own system carries one, joins no customer's account and
 * gets no coupon for named customers or first orders; an order with neither a signed-in customer
 * nor a key is refused before its body is read.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  apiKeyLimits,
  apiKeyMessages,
  type ApiKey,
  type ApiKeyCreated,
} from '@storedesk/shared/settings/api-keys';
import { customerMessages } from '@storedesk/shared/storefront/customers';
import { storefrontMessages, type StorefrontOrder } from '@storedesk/shared/storefront/schemas';
import * as t from '#server/db/schema.ts';
import {
  createBusiness,
  createStoreWithItem,
  createTestApp,
  errorOf,
  refusalOf,
  signIn,
  signInCustomer,
  type Session,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';

let ctx: TestApp;
let biz: TestBusiness;
let rival: TestBusiness;
let owner: Session;
let menu: { storeId: string; itemId: string };

const deliveryAddress = {
  label: 'Home',
  text: '12 MG Road',
  landmark: 'Near the park',
  lat: 12.9705,
  lng: 77.5905,
};

beforeAll(async () => {
  ctx = await createTestApp();
  biz = await createBusiness(ctx.db, { name: 'Fresh Mart' });
  rival = await createBusiness(ctx.db);
  owner = await signIn(ctx.app, biz.owner.email);
  menu = await createStoreWithItem(ctx.db, biz, { name: 'Rice', pricePaise: 50_000 });
  await ctx.db.insert(t.paymentModes).values({ businessId: biz.id, title: 'Cash', type: 'COD' });
});
afterAll(() => ctx?.close());

const keys = (session: Session, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: session.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function makeKey(name = 'Counter till'): Promise<ApiKeyCreated> {
  const res = await keys(owner, 'POST', '/api/settings/api-keys', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ApiKeyCreated>();
}

/** An order as the business's own system sends it, with `bearer` as its secret key (or none). */
const order = (
  bearer: string | null,
  body: Record<string, unknown> = {},
  storefrontKey = biz.storefrontKey,
) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/storefront/orders',
    headers: {
      'x-storefront-key': storefrontKey,
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
    },
    payload: {
      storeId: menu.storeId,
      items: [{ itemId: menu.itemId, quantity: 1 }],
      customer: { name: 'Walk-in', phone: '9876500000' },
      deliveryAddress,
      paymentMode: 'COD',
      ...body,
    },
  });

const orderCount = async () =>
  (
    await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM orders WHERE business_id = ${biz.id}`,
    )
  ).rows[0]!.n;

describe('making and revoking keys', () => {
  it('shows a new key once, keeps only its hash, and lists it by name and last four characters', async () => {
    const made = await makeKey('Phone desk');
    expect(made.secret).toMatch(/^sk_live_[A-Za-z0-9_-]{43}$/);
    expect(made).toMatchObject({
      name: 'Phone desk',
      lastFour: made.secret.slice(-4),
      createdByName: biz.owner.name,
      lastUsedAt: null,
      revokedAt: null,
    });
    const [stored] = await ctx.db.select().from(t.apiKeys).where(eq(t.apiKeys.id, made.id));
    expect(stored!.tokenHash.equals(createHash('sha256').update(made.secret).digest())).toBe(true);
    expect(JSON.stringify(stored)).not.toContain(made.secret);
    const list = await keys(owner, 'GET', '/api/settings/api-keys');
    expect(list.statusCode).toBe(200);
    const listed = list.json<{ items: ApiKey[] }>().items.find((key) => key.id === made.id);
    expect(listed).toEqual({
      id: made.id,
      name: 'Phone desk',
      lastFour: made.secret.slice(-4),
      createdAt: made.createdAt,
      createdByName: biz.owner.name,
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(list.body).not.toContain(made.secret);
  });

  it('records making and revoking a key in the audit log, by name, never the key or its hash', async () => {
    const made = await makeKey('Audited till');
    const revoked = await keys(owner, 'DELETE', `/api/settings/api-keys/${made.id}`);
    expect(revoked.statusCode).toBe(200);
    const log = await ctx.app.inject({
      url: '/api/audit-log?kind=api-key&pageSize=25',
      headers: owner.headers,
    });
    const entries = log
      .json<{ items: Array<{ action: string; recordId: string; changes: Record<string, unknown> }> }>()
      .items.filter((entry) => entry.recordId === made.id);
    expect(entries.map((entry) => entry.action).sort()).toEqual(['create', 'status']);
    const created = entries.find((entry) => entry.action === 'create')!;
    expect(Object.keys(created.changes).sort()).toEqual(['lastFour', 'name']);
    expect(JSON.stringify(entries)).not.toContain(made.secret);
  });

  it('revokes a key once: orders with it are refused from then on; again is 409, another business’s 404', async () => {
    const made = await makeKey('Old till');
    expect((await order(made.secret)).statusCode).toBe(201);
    const revoked = await keys(owner, 'DELETE', `/api/settings/api-keys/${made.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json<ApiKey>().revokedAt).not.toBeNull();
    const before = await orderCount();
    expect(refusalOf(await order(made.secret))).toEqual({
      status: 401,
      code: 'unauthenticated',
      message: apiKeyMessages.unknown,
    });
    expect(await orderCount()).toBe(before);
    expect(refusalOf(await keys(owner, 'DELETE', `/api/settings/api-keys/${made.id}`))).toEqual({
      status: 409,
      code: 'conflict',
      message: apiKeyMessages.alreadyRevoked,
    });
    const rivalOwner = await signIn(ctx.app, rival.owner.email);
    const other = await makeKey('Not theirs');
    expect((await keys(rivalOwner, 'DELETE', `/api/settings/api-keys/${other.id}`)).statusCode).toBe(404);
    expect(
      (await keys(rivalOwner, 'GET', '/api/settings/api-keys'))
        .json<{ items: ApiKey[] }>()
        .items.map((k) => k.id),
    ).not.toContain(other.id);
  });

  it(`keeps a business to ${apiKeyLimits.liveMax} keys not revoked, even when made at once`, async () => {
    const shop = await createBusiness(ctx.db);
    const shopOwner = await signIn(ctx.app, shop.owner.email);
    // The test business starts with one key of its own.
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        keys(shopOwner, 'POST', '/api/settings/api-keys', { name: `Till ${i}` }),
      ),
    );
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(apiKeyLimits.liveMax - 1);
    const refused = answers.filter((res) => res.statusCode === 409);
    expect(refused).toHaveLength(30 - apiKeyLimits.liveMax + 1);
    expect(errorOf(refused[0]!).message).toBe(apiKeyMessages.tooMany);
  });

  it('refuses a missing, blank, long or non-text name, and an id that is none, writing nothing', async () => {
    const before = (await ctx.db.select().from(t.apiKeys).where(eq(t.apiKeys.businessId, biz.id))).length;
    for (const body of [
      {},
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(61) },
      { name: 7 },
      { name: ['a'] },
    ]) {
      const res = await keys(owner, 'POST', '/api/settings/api-keys', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(errorOf(res).fields ?? {}), JSON.stringify(body)).toEqual(['name']);
    }
    // A path id that is no id names nothing (the project's rule for every record).
    expect((await keys(owner, 'DELETE', '/api/settings/api-keys/not-an-id')).statusCode).toBe(404);
    expect((await ctx.db.select().from(t.apiKeys).where(eq(t.apiKeys.businessId, biz.id))).length).toBe(
      before,
    );
  });

  it('is the owner’s alone: an admin gets 403 on every route, and nothing changes', async () => {
    const admin = await signIn(ctx.app, biz.admin.email);
    const made = await makeKey('Owner’s');
    for (const [method, url, body] of [
      ['GET', '/api/settings/api-keys', undefined],
      ['POST', '/api/settings/api-keys', { name: 'Admin’s' }],
      ['DELETE', `/api/settings/api-keys/${made.id}`, undefined],
    ] as const) {
      expect((await keys(admin, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    const [stored] = await ctx.db.select().from(t.apiKeys).where(eq(t.apiKeys.id, made.id));
    expect(stored!.revokedAt).toBeNull();
  });
});

describe('an order from the business’s own system', () => {
  it('places it with the key, on no customer’s account, and marks the key used', async () => {
    const made = await makeKey('Counter');
    const res = await order(made.secret);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<StorefrontOrder>()).toMatchObject({
      customerId: null,
      customerName: 'Walk-in',
      customerPhone: '9876500000',
      paymentMode: 'COD',
      deliveryAddress: { text: '12 MG Road', landmark: 'Near the park', lat: 12.9705, lng: 77.5905 },
    });
    const [stored] = await ctx.db.select().from(t.apiKeys).where(eq(t.apiKeys.id, made.id));
    expect(stored!.lastUsedAt).not.toBeNull();
    // Staff see which of the business's systems placed it.
    const staffView = await ctx.app.inject({
      url: `/api/orders/${res.json<StorefrontOrder>().id}`,
      headers: owner.headers,
    });
    expect(
      staffView.json<{ timeline: Array<{ actorName: string }> }>().timeline.map((e) => e.actorName),
    ).toEqual(['Counter (secret key)']);
  });

  it('never joins a customer’s account with their phone, and gets none of their coupons or first-order offers', async () => {
    const phone = '9876511111';
    const asha = await signInCustomer(ctx, biz.storefrontKey, phone, 'Asha');
    await ctx.db.insert(t.coupons).values([
      {
        businessId: biz.id,
        code: 'ASHA50',
        name: 'For Asha',
        type: 'DISCOUNT',
        discountPercent: 50,
        maxDiscountPaise: 10_000,
        validFrom: '2020-01-01',
        expiresAt: '2999-01-01',
        minOrderValuePaise: 0,
        usageLimit: 100,
        customerIds: [asha.customer.id],
      },
      {
        businessId: biz.id,
        code: 'WELCOME',
        name: 'Welcome',
        type: 'DISCOUNT',
        discountPercent: 10,
        maxDiscountPaise: 10_000,
        validFrom: '2020-01-01',
        expiresAt: '2999-01-01',
        minOrderValuePaise: 0,
        usageLimit: 100,
        newUsersOnly: true,
      },
      {
        businessId: biz.id,
        code: 'EVERYONE',
        name: 'Everyone',
        type: 'DISCOUNT',
        discountPercent: 10,
        maxDiscountPaise: 10_000,
        validFrom: '2020-01-01',
        expiresAt: '2999-01-01',
        minOrderValuePaise: 0,
        usageLimit: 100,
      },
    ]);
    const made = await makeKey('Intruder’s test');
    const customer = { name: 'Attacker', phone };
    for (const [couponCode, message] of [
      ['ASHA50', storefrontMessages.coupon.otherCustomer],
      ['WELCOME', storefrontMessages.coupon.newUsersOnly],
    ] as const) {
      const refused = await order(made.secret, { customer, couponCode });
      expect(refused.statusCode, couponCode).toBe(400);
      expect(errorOf(refused).fields, couponCode).toEqual({ couponCode: message });
    }
    const placed = await order(made.secret, { customer, couponCode: 'EVERYONE' });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<StorefrontOrder>()).toMatchObject({ customerId: null, discountPaise: 5_000 });
    const hers = await ctx.app.inject({
      url: '/api/storefront/orders',
      headers: { 'x-storefront-key': biz.storefrontKey, authorization: `Bearer ${asha.token}` },
    });
    expect(hers.json<{ items: StorefrontOrder[]; total: number }>().total).toBe(0);
  });

  it('needs the customer, the address and the payment mode, and says which is missing', async () => {
    const made = await makeKey('Strict');
    const before = await orderCount();
    const res = await order(made.secret, {
      customer: undefined,
      deliveryAddress: undefined,
      paymentMode: undefined,
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({
      customer: storefrontMessages.customerNeeded,
      deliveryAddress: storefrontMessages.addressNeeded,
      paymentMode: storefrontMessages.paymentModeNeeded,
    });
    expect(await orderCount()).toBe(before);
  });

  it('refuses another business’s key, and a key that is no key, with 401 and nothing written', async () => {
    const before = await orderCount();
    for (const bearer of [rival.apiKey, 'sk_live_not-a-key', `sk_${'x'.repeat(300)}`]) {
      expect(refusalOf(await order(bearer)), bearer.slice(0, 12)).toEqual({
        status: 401,
        code: 'unauthenticated',
        message: apiKeyMessages.unknown,
      });
    }
    expect(await orderCount()).toBe(before);
  });
});

describe('an order with neither a signed-in customer nor a secret key', () => {
  it('is refused with 401 before its body is read, and writes nothing', async () => {
    const before = await orderCount();
    const res = await order(null);
    expect(refusalOf(res)).toEqual({
      status: 401,
      code: 'unauthenticated',
      message: customerMessages.signIn,
    });
    // Not even read: a body that is no JSON at all gets the same answer.
    const garbage = await ctx.app.inject({
      method: 'POST',
      url: '/api/storefront/orders',
      headers: { 'x-storefront-key': biz.storefrontKey, 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(refusalOf(garbage)).toEqual({
      status: 401,
      code: 'unauthenticated',
      message: customerMessages.signIn,
    });
    expect(await orderCount()).toBe(before);
  });
});
