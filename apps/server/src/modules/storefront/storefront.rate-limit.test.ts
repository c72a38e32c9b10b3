/**
 * The customer API is public: it takes at most STOREFRONT_ORDERS_PER_MINUTE
 * orders a minute from one client address, which TRUST_PROXY says how to tell.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@storedesk/shared/messages';
import {
  createBusiness,
  createTestApp,
  deliveryAddressNear,
  enableCashOnDelivery,
  errorOf,
  keyedOrderHeaders,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';

const perMinute = 3;
let direct: TestApp;
let proxied: TestApp;
let keys: { direct: TestBusiness; proxied: TestBusiness };

beforeAll(async () => {
  direct = await createTestApp({ env: { STOREFRONT_ORDERS_PER_MINUTE: String(perMinute) } });
  proxied = await createTestApp({
    database: direct.database,
    env: { STOREFRONT_ORDERS_PER_MINUTE: String(perMinute), TRUST_PROXY: '127.0.0.1' },
  });
  keys = { direct: await createBusiness(direct.db), proxied: await createBusiness(direct.db) };
  for (const business of Object.values(keys)) await enableCashOnDelivery(direct.db, business);
});
afterAll(async () => {
  await proxied?.close();
  await direct?.close();
});

/**
 * An order of the business's own system for a store that does not exist: a 404 that still counts
 * against the limit.
 */
function order(
  ctx: TestApp,
  business: Pick<TestBusiness, 'storefrontKey' | 'apiKey'>,
  from: { remoteAddress: string; forwardedFor?: string },
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/storefront/orders',
    remoteAddress: from.remoteAddress,
    headers: {
      ...keyedOrderHeaders(business),
      ...(from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {}),
    },
    payload: {
      customer: { name: 'Asha Rao', phone: '9876543210' },
      storeId: randomUUID(),
      items: [{ itemId: randomUUID(), quantity: 1 }],
      deliveryAddress: deliveryAddressNear,
      paymentMode: 'COD',
    },
  });
}

describe('customer orders a minute from one address', () => {
  it('are refused past the limit with 429, the envelope and Retry-After, and other addresses go on', async () => {
    const from = { remoteAddress: '203.0.113.10' };
    for (let i = 0; i < perMinute; i++) expect((await order(direct, keys.direct, from)).statusCode).toBe(404);
    const refused = await order(direct, keys.direct, from);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toEqual({ code: 'rate_limited', message: messages.tooManyStorefrontOrders });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // A customer app in a browser can read it, Retry-After included.
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    expect(refused.headers['access-control-expose-headers']).toBe('retry-after');
    // A wrong key counts too, storefront or secret, so keys cannot be guessed at speed.
    expect((await order(direct, { ...keys.direct, storefrontKey: 'pk_guess' }, from)).statusCode).toBe(429);
    expect((await order(direct, { ...keys.direct, apiKey: 'sk_guess' }, from)).statusCode).toBe(429);

    expect((await order(direct, keys.direct, { remoteAddress: '203.0.113.11' })).statusCode).toBe(404);
    // Staff endpoints are not limited by it.
    const health = await direct.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: from.remoteAddress,
    });
    expect(health.statusCode).toBe(200);
  });

  it('ignore X-Forwarded-For unless TRUST_PROXY names the proxy it came through', async () => {
    const spoofer = { remoteAddress: '203.0.113.20' };
    for (let i = 0; i < perMinute; i++) {
      const res = await order(direct, keys.direct, { ...spoofer, forwardedFor: `198.51.100.${i}` });
      expect(res.statusCode).toBe(404);
    }
    expect((await order(direct, keys.direct, { ...spoofer, forwardedFor: '198.51.100.99' })).statusCode).toBe(
      429,
    );

    // Behind the trusted proxy, each customer is their own address.
    const proxy = { remoteAddress: '127.0.0.1' };
    for (let i = 0; i < perMinute; i++) {
      const res = await order(proxied, keys.proxied, { ...proxy, forwardedFor: '198.51.100.1' });
      expect(res.statusCode).toBe(404);
    }
    expect((await order(proxied, keys.proxied, { ...proxy, forwardedFor: '198.51.100.1' })).statusCode).toBe(
      429,
    );
    expect((await order(proxied, keys.proxied, { ...proxy, forwardedFor: '198.51.100.2' })).statusCode).toBe(
      404,
    );
    // A proxy it does not trust is one client, whatever it forwards.
    const stranger = { remoteAddress: '203.0.113.30' };
    for (let i = 0; i < perMinute; i++) {
      const res = await order(proxied, keys.proxied, { ...stranger, forwardedFor: `198.51.100.${50 + i}` });
      expect(res.statusCode).toBe(404);
    }
    expect(
      (await order(proxied, keys.proxied, { ...stranger, forwardedFor: '198.51.100.60' })).statusCode,
    ).toBe(429);
  });
});
