import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import {
  createBusiness,
  createStoreWithItem,
  createTestApp,
  deliveryAddressNear,
  enableCashOnDelivery,
  errorOf,
  keyedOrderHeaders,
  signIn,
  type Session,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';
import { parsePrometheusText, sampleValue, type Exposition } from '#test/prometheus-text.ts';
import { closeOpenStreams, openStream } from '#test/sse.ts';
import { metricsMessages } from './metrics.access.ts';

const TOKEN = 'scrape-token-0123456789abcdef';

/** Without METRICS_TOKEN, believing any proxy about the client's address. */
let local: TestApp;
/** With METRICS_TOKEN, behind one proxy, on the same database. */
let guarded: TestApp;
let biz: TestBusiness;
let owner: Session;

beforeAll(async () => {
  local = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  guarded = await createTestApp({
    database: local.database,
    env: { METRICS_TOKEN: TOKEN, TRUST_PROXY: '1' },
  });
  biz = await createBusiness(local.db);
  owner = await signIn(local.app, biz.owner.email);
});
afterAll(async () => {
  closeOpenStreams();
  await guarded?.close();
  await local?.close();
});

function get(app: FastifyInstance, options: Omit<InjectOptions, 'method' | 'url'> = {}) {
  return app.inject({ method: 'GET', url: '/api/metrics', ...options });
}

async function scrape(app: FastifyInstance = local.app): Promise<Exposition> {
  const res = await get(app);
  expect(res.statusCode, res.body).toBe(200);
  return parsePrometheusText(res.body);
}

const requestsOf = (exposition: Exposition, labels: Record<string, string>) =>
  sampleValue(exposition, 'storedesk_http_requests_total', labels) ?? 0;

async function until(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('GET /api/metrics', () => {
  it('answers the Prometheus text format with every family it promises', async () => {
    const res = await get(local.app);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const { types } = parsePrometheusText(res.body);
    expect(Object.fromEntries(types)).toMatchObject({
      storedesk_http_requests_total: 'counter',
      storedesk_http_request_duration_seconds: 'histogram',
      storedesk_orders_placed_total: 'counter',
      storedesk_sse_streams_open: 'gauge',
      storedesk_live_fanout_seconds: 'histogram',
      storedesk_db_pool_clients: 'gauge',
      storedesk_db_pool_idle_clients: 'gauge',
      storedesk_db_pool_waiting_requests: 'gauge',
      storedesk_db_pool_max_clients: 'gauge',
      nodejs_eventloop_lag_seconds: 'gauge',
      nodejs_eventloop_lag_p99_seconds: 'gauge',
      process_cpu_seconds_total: 'counter',
    });
  });

  it('is documented as public, answering text/plain, 401 and 403', async () => {
    const res = await local.app.inject({ url: '/api/openapi.json' });
    const operation = res.json().paths['/api/metrics'].get;
    expect(operation['x-access']).toBe('public');
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '401', '403']);
    expect(Object.keys(operation.responses['200'].content)).toEqual(['text/plain']);
  });
});

describe('HTTP requests', () => {
  it('count under the route pattern and status, by exactly the requests made, with their latency', async () => {
    const storeId = randomUUID();
    const before = await scrape();
    for (let i = 0; i < 3; i++) {
      const res = await local.app.inject({ url: `/api/stores/${storeId}`, headers: owner.headers });
      expect(res.statusCode).toBe(404);
    }
    for (let i = 0; i < 2; i++) {
      expect((await local.app.inject({ url: `/api/stores/${storeId}` })).statusCode).toBe(401);
    }
    expect((await local.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    const after = await scrape();

    const route = { method: 'GET', route: '/api/stores/:storeId' };
    expect(
      requestsOf(after, { ...route, status: '404' }) - requestsOf(before, { ...route, status: '404' }),
    ).toBe(3);
    expect(
      requestsOf(after, { ...route, status: '401' }) - requestsOf(before, { ...route, status: '401' }),
    ).toBe(2);
    const health = { method: 'GET', route: '/api/health', status: '200' };
    expect(requestsOf(after, health) - requestsOf(before, health)).toBe(1);

    const labels = { ...route, status: '404' };
    const count = (e: Exposition) =>
      sampleValue(e, 'storedesk_http_request_duration_seconds_count', labels) ?? 0;
    expect(count(after) - count(before)).toBe(3);
    const inf = sampleValue(after, 'storedesk_http_request_duration_seconds_bucket', {
      ...labels,
      le: '+Inf',
    });
    expect(inf).toBe(count(after));
    expect(sampleValue(after, 'storedesk_http_request_duration_seconds_sum', labels)).toBeGreaterThan(0);
    const bounds = after.samples
      .filter((s) => s.name === 'storedesk_http_request_duration_seconds_bucket')
      .filter((s) => s.labels.route === labels.route && s.labels.status === '404')
      .map((s) => s.labels.le);
    expect(bounds).toEqual([
      '0.005',
      '0.01',
      '0.025',
      '0.05',
      '0.1',
      '0.25',
      '0.5',
      '1',
      '2.5',
      '5',
      '10',
      '+Inf',
    ]);
    // The raw URL never becomes a label.
    expect(after.samples.some((s) => Object.values(s.labels).some((v) => v.includes(storeId)))).toBe(false);
  });

  it('count paths no route matches under one label, never the raw path', async () => {
    const paths = [`/api/no-such-${randomUUID()}`, `/api/${randomUUID()}/deeper`];
    const unmatched = { method: 'GET', route: 'unmatched', status: '404' };
    const before = await scrape();
    for (const url of paths) expect((await local.app.inject({ url })).statusCode).toBe(404);
    const after = await scrape();
    expect(requestsOf(after, unmatched) - requestsOf(before, unmatched)).toBe(2);
    const text = (await get(local.app)).body;
    for (const url of paths) expect(text).not.toContain(url);
  });

  it('of one app do not show in another app of the same process', async () => {
    const health = { method: 'GET', route: '/api/health', status: '200' };
    const localBefore = requestsOf(await scrape(), health);
    const guardedBefore = requestsOf(await scrape(guarded.app), health);
    for (let i = 0; i < 4; i++) await guarded.app.inject({ url: '/api/health' });
    expect(requestsOf(await scrape(), health)).toBe(localBefore);
    expect(requestsOf(await scrape(guarded.app), health)).toBe(guardedBefore + 4);
  });
});

describe('orders placed', () => {
  it('move by one for an order placed through the customer API, and not for a refused one', async () => {
    const { storeId, itemId } = await createStoreWithItem(local.db, biz, {
      name: 'Basmati Rice (5 kg)',
      pricePaise: 64_950,
    });
    await enableCashOnDelivery(local.db, biz);
    const order = {
      customer: { name: 'Asha Rao', phone: '9812345678' },
      storeId,
      items: [{ itemId, quantity: 1 }],
      deliveryAddress: deliveryAddressNear,
      paymentMode: 'COD',
    };
    const place = (key: string) =>
      local.app.inject({
        method: 'POST',
        url: '/api/storefront/orders',
        headers: keyedOrderHeaders({ storefrontKey: key, apiKey: biz.apiKey }),
        payload: order,
      });
    const placed = async () => sampleValue(await scrape(), 'storedesk_orders_placed_total');

    const before = await placed();
    expect((await place(`pk_test_${randomUUID()}`)).statusCode).toBe(401);
    expect(await placed()).toBe(before);
    const res = await place(biz.storefrontKey);
    expect(res.statusCode, res.body).toBe(201);
    expect(await placed()).toBe(before! + 1);
  });
});

describe('gauges', () => {
  it('count a live-event stream open over real HTTP, until it closes', async () => {
    await local.app.listen({ port: 0, host: '127.0.0.1' });
    const open = async () => sampleValue(await scrape(), 'storedesk_sse_streams_open');
    const before = await open();
    expect(before).toBe(0);
    const stream = await openStream(local.app, owner.headers);
    expect(stream.status).toBe(200);
    await until(async () => (await open()) === 1, 'the stream to count');
    stream.close();
    await until(async () => (await open()) === 0, 'the closed stream to stop counting');
  });

  it('time each round of live events going out to the streams', async () => {
    await local.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
    const rounds = async () => sampleValue(await scrape(), 'storedesk_live_fanout_seconds_count') ?? 0;
    const before = await rounds();
    const stream = await openStream(local.app, owner.headers);
    const account = (await local.app.inject({ url: '/api/account', headers: owner.headers })).json<{
      email: string;
      phone: string;
      version: number;
    }>();
    const saved = await local.app.inject({
      method: 'PATCH',
      url: '/api/account',
      headers: owner.headers,
      payload: { name: 'Owen Owner', email: account.email, phone: account.phone, version: account.version },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await stream.waitFor((m) => m.data.topic === 'account', 'the account event');
    // The write's events (its account and staff) arrive together: one round, one write to the stream.
    await until(async () => (await rounds()) === before + 1, 'the round to be timed');
    stream.close();
  });

  it('show the database pool with plausible values', async () => {
    // A query through the pool, so that it holds a connection (idle ones close after 30 s).
    expect((await local.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    const exposition = await scrape();
    const value = (name: string) => sampleValue(exposition, name, { pool: 'primary' })!;
    const [total, idle, waiting, max] = [
      value('storedesk_db_pool_clients'),
      value('storedesk_db_pool_idle_clients'),
      value('storedesk_db_pool_waiting_requests'),
      value('storedesk_db_pool_max_clients'),
    ];
    // The harness's pool holds up to 10, and nothing queries it now.
    expect(max).toBe(10);
    expect(total).toBeGreaterThanOrEqual(1);
    expect(total).toBeLessThanOrEqual(max);
    expect(idle).toBe(total);
    expect(waiting).toBe(0);
    // Without DATABASE_READ_URL there is no pool of its own to show.
    expect(exposition.samples.filter((sample) => sample.labels.pool === 'read')).toEqual([]);
  });

  it('show the read pool beside the primary when DATABASE_READ_URL is set, each as it is used', async () => {
    // A second pool on the same database stands for the standby: what is measured is the pool.
    const reading = await createTestApp({
      database: local.database,
      env: { DATABASE_READ_URL: local.database.url },
    });
    try {
      const pool = reading.readDb.$client;
      const held = await Promise.all(Array.from({ length: 10 }, () => pool.connect()));
      const waiting = pool.query('SELECT 1');
      try {
        const exposition = await scrape(reading.app);
        const read = (name: string) => sampleValue(exposition, name, { pool: 'read' });
        expect([
          read('storedesk_db_pool_clients'),
          read('storedesk_db_pool_idle_clients'),
          read('storedesk_db_pool_waiting_requests'),
          read('storedesk_db_pool_max_clients'),
        ]).toEqual([10, 0, 1, 10]);
        // The primary's connections are its own: none of them is held, and nothing waits for one.
        expect(sampleValue(exposition, 'storedesk_db_pool_waiting_requests', { pool: 'primary' })).toBe(0);
        expect(sampleValue(exposition, 'storedesk_db_pool_max_clients', { pool: 'primary' })).toBe(10);
      } finally {
        for (const client of held) client.release();
        await waiting;
      }
    } finally {
      await reading.close();
    }
  });

  it('show the pool busy while queries hold its connections', async () => {
    const pool = local.database.pool;
    const held = await Promise.all(Array.from({ length: 10 }, () => pool.connect()));
    const waiting = pool.query('SELECT 1');
    try {
      const exposition = await scrape();
      const primary = { pool: 'primary' };
      expect(sampleValue(exposition, 'storedesk_db_pool_clients', primary)).toBe(10);
      expect(sampleValue(exposition, 'storedesk_db_pool_idle_clients', primary)).toBe(0);
      expect(sampleValue(exposition, 'storedesk_db_pool_waiting_requests', primary)).toBe(1);
    } finally {
      for (const client of held) client.release();
      await waiting;
    }
  });

  it('show the event-loop lag in seconds', async () => {
    await scrape();
    const exposition = await scrape();
    for (const name of ['nodejs_eventloop_lag_seconds', 'nodejs_eventloop_lag_p99_seconds']) {
      const lag = sampleValue(exposition, name);
      expect(lag, name).toBeGreaterThanOrEqual(0);
      expect(lag, name).toBeLessThan(10);
    }
  });
});

describe('access without METRICS_TOKEN', () => {
  it('answers loopback clients: IPv4, IPv6 and IPv4-mapped', async () => {
    for (const remoteAddress of ['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1']) {
      expect((await get(local.app, { remoteAddress })).statusCode, remoteAddress).toBe(200);
    }
  });

  it('refuses other clients with 403 and the envelope', async () => {
    for (const remoteAddress of ['10.1.2.3', '192.168.0.7', '::ffff:10.0.0.1', '2001:db8::1', '128.0.0.1']) {
      const res = await get(local.app, { remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(403);
      expect(errorOf(res), remoteAddress).toEqual({ code: 'forbidden', message: metricsMessages.localOnly });
    }
  });

  it('refuses a loopback request that came through a proxy, whatever address it names', async () => {
    for (const headers of [
      { 'x-forwarded-for': '203.0.113.9' },
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=127.0.0.1' },
      { 'x-real-ip': '127.0.0.1' },
    ]) {
      const res = await get(local.app, { headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(errorOf(res).code).toBe('forbidden');
    }
  });

  it('takes no token from anywhere: a bearer opens nothing', async () => {
    const res = await get(local.app, {
      remoteAddress: '10.1.2.3',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('access with METRICS_TOKEN', () => {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('answers the right bearer token from anywhere, through the proxy too', async () => {
    expect((await get(guarded.app, { headers: bearer(TOKEN) })).statusCode).toBe(200);
    expect((await get(guarded.app, { remoteAddress: '10.1.2.3', headers: bearer(TOKEN) })).statusCode).toBe(
      200,
    );
    const proxied = { ...bearer(TOKEN), 'x-forwarded-for': '203.0.113.9' };
    expect((await get(guarded.app, { headers: proxied })).statusCode).toBe(200);
    expect(
      (await get(guarded.app, { remoteAddress: '10.1.2.3', headers: { authorization: `bearer ${TOKEN}` } }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses a wrong token with 401, from this machine too', async () => {
    for (const authorization of [
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Bearer ${TOKEN.toUpperCase()}`,
      'Bearer ',
      `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}`,
      TOKEN,
    ]) {
      for (const remoteAddress of ['127.0.0.1', '10.1.2.3']) {
        const res = await get(guarded.app, { remoteAddress, headers: { authorization } });
        expect(res.statusCode, `${authorization} from ${remoteAddress}`).toBe(401);
        expect(errorOf(res)).toEqual({ code: 'unauthenticated', message: metricsMessages.tokenRequired });
        expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      }
    }
  });

  it('refuses a client beyond this machine without a token with 401', async () => {
    const remote = await get(guarded.app, { remoteAddress: '10.1.2.3' });
    expect(remote.statusCode).toBe(401);
    expect(errorOf(remote).code).toBe('unauthenticated');
    // Through the trusted proxy on this machine, the client is the address it names.
    const proxied = await get(guarded.app, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.statusCode).toBe(401);
    expect(proxied.body).not.toContain('storedesk_');
  });

  it('still answers a loopback client without a token', async () => {
    expect((await get(guarded.app)).statusCode).toBe(200);
  });
});
