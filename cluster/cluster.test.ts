/**
 * Beyond one machine, as docs/architecture.md says it runs: two compiled server
 * instances on one PostgreSQL, files on an S3 server, rate limits counted in
 * Redis, behind HAProxy. Proves that nothing needs sticky sessions (sessions,
 * live events, replays and files cross instances), that limits are shared,
 * that a proxy rewriting Host works with TRUST_PROXY and not without, and that
 * killing an instance mid-load loses no acknowledged write and no live event.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../apps/server/src/db/embedded-postgres.ts';
import { pngOfSize } from '../apps/server/src/storage/image-fixtures.ts';
import { startTestS3Server, type TestS3Server } from '../apps/server/src/storage/s3-test-server.ts';
import { openStream, type SseStream } from '../apps/server/test/sse.ts';
import { startServer, type RunningServer } from '../e2e/support/server.ts';
import { call, demoMenu, orderOf, type DemoMenu } from './support/api.ts';
import { freePort, startHaproxy, startRedis, type Running } from './support/processes.ts';

const OWNER = { email: 'owner@example.com', password: 'owner-demo-1' };
const ORDERS_PER_MINUTE = 120;

let database: EmbeddedPostgres;
let databaseDir: string;
let s3: TestS3Server;
let redis: Running;
let a: RunningServer;
let b: RunningServer;
let untrusted: RunningServer;
let haproxy: { stop: () => Promise<void> };
/** HAProxy in front of a and b; one that rewrites Host in front of them; one that rewrites Host in front of `untrusted`. */
const proxy = { main: '', rewriting: '', rewritingUntrusted: '' };
let owner: { authorization: string };
let orderHeaders: Record<string, string>;
let menu: DemoMenu;

async function signIn(baseUrl: string, email = OWNER.email, password = OWNER.password) {
  return call(baseUrl, 'POST', '/api/auth/sign-in', { email, password });
}

/** One order through the customer-app API, as the business's own system sends it, from `address` as the proxy reports it. */
function placeOrder(baseUrl: string, address?: string) {
  return call(
    baseUrl,
    'POST',
    '/api/storefront/orders',
    orderOf(menu, {
      name: 'Asha Rao',
      phone: `98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    }),
    { ...orderHeaders, ...(address ? { 'x-forwarded-for': address } : {}) },
  );
}

function instanceEnv(extra: Record<string, string>): Record<string, string> {
  return {
    DATABASE_URL: database.url,
    STORAGE: 's3',
    S3_ENDPOINT: s3.config.endpoint!,
    S3_BUCKET: s3.config.bucket,
    S3_REGION: s3.config.region,
    S3_ACCESS_KEY_ID: s3.config.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey,
    STOREFRONT_ORDERS_PER_MINUTE: String(ORDERS_PER_MINUTE),
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

function haproxyConfig(ports: { main: number; rewriting: number; untrusted: number }, servers: number[]) {
  const [aPort, bPort, untrustedPort] = servers;
  const rewriteHost = [
    '  http-request set-header X-Forwarded-Host %[req.hdr(host)]',
    '  http-request set-header X-Forwarded-Proto http',
    '  http-request set-header Host storedesk-backend',
  ].join('\n');
  return `
global
  maxconn 2000

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout tunnel 1h
  option forwardfor
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response response-timeout 502 503 504

frontend main
  bind 127.0.0.1:${ports.main}
  http-request set-header X-Forwarded-Proto http
  default_backend storedesk

frontend rewriting
  bind 127.0.0.1:${ports.rewriting}
${rewriteHost}
  default_backend storedesk

frontend rewriting_untrusted
  bind 127.0.0.1:${ports.untrusted}
${rewriteHost}
  default_backend untrusted

backend storedesk
  balance roundrobin
  option httpchk GET /api/health
  http-check expect status 200
  # Only reads are sent again after a failure; a write is retried only when it never reached a server.
  http-request disable-l7-retry unless METH_GET
  server a 127.0.0.1:${aPort} check inter 300ms fall 2 rise 2
  server b 127.0.0.1:${bPort} check inter 300ms fall 2 rise 2

backend untrusted
  server untrusted 127.0.0.1:${untrustedPort} check inter 300ms
`;
}

beforeAll(async () => {
  databaseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storedesk-cluster-db-'));
  fs.chmodSync(databaseDir, 0o755);
  const quiet = { info: () => undefined, warn: (msg: string) => console.warn(msg) };
  [database, s3, redis] = await Promise.all([
    startEmbeddedPostgres(databaseDir, quiet),
    startTestS3Server('storedesk-cluster'),
    startRedis(),
  ]);
  const shared = { REDIS_URL: `redis://127.0.0.1:${redis.port}`, TRUST_PROXY: '127.0.0.1' };
  // The first instance migrates and seeds; the others start on what it made.
  a = await startServer(instanceEnv({ ...shared, SEED_DEMO: '1' }));
  [b, untrusted] = await Promise.all([startServer(instanceEnv(shared)), startServer(instanceEnv({}))]);

  const ports = { main: await freePort(), rewriting: await freePort(), untrusted: await freePort() };
  const portOf = (server: RunningServer) => Number(new URL(server.baseUrl).port);
  haproxy = await startHaproxy(haproxyConfig(ports, [a, b, untrusted].map(portOf)), Object.values(ports));
  proxy.main = `http://127.0.0.1:${ports.main}`;
  proxy.rewriting = `http://127.0.0.1:${ports.rewriting}`;
  proxy.rewritingUntrusted = `http://127.0.0.1:${ports.untrusted}`;

  const session = await signIn(a.baseUrl);
  expect(session.status).toBe(200);
  owner = { authorization: `Bearer ${session.body.token as string}` };
  ({ orderHeaders, menu } = await demoMenu(a.baseUrl, owner));
}, 240_000);

afterAll(async () => {
  await haproxy?.stop();
  await Promise.all([a, b, untrusted].map((server) => server?.stop()));
  await Promise.all([redis?.stop(), s3?.stop(), database?.stop()]);
  fs.rmSync(databaseDir, { recursive: true, force: true });
}, 120_000);

describe('two instances behind HAProxy', () => {
  it('a session made through one instance works on the other, and through the proxy', async () => {
    const session = await signIn(a.baseUrl);
    const bearer = { authorization: `Bearer ${session.body.token as string}` };
    const me = await call(b.baseUrl, 'GET', '/api/auth/me', undefined, bearer);
    expect(me.status).toBe(200);
    expect((me.body.user as { email: string }).email).toBe(OWNER.email);

    const throughProxy = await signIn(proxy.main);
    expect(throughProxy.status).toBe(200);
    const proxied = { authorization: `Bearer ${throughProxy.body.token as string}` };
    const statuses = await Promise.all(
      Array.from({ length: 10 }, () => call(proxy.main, 'GET', '/api/auth/me', undefined, proxied)),
    );
    expect(statuses.map((res) => res.status)).toEqual(Array(10).fill(200));
  });

  it('a change made on one instance reaches the live streams of the other', async () => {
    const stream = await openStream(b.baseUrl, owner, 30_000);
    try {
      expect(stream.status).toBe(200);
      const zone = await call(
        a.baseUrl,
        'POST',
        '/api/zones',
        { name: `Zone ${randomUUID().slice(0, 8)}` },
        owner,
      );
      expect(zone.status).toBe(201);
      const message = await stream.waitForRecord(zone.body.id as string);
      expect(message.data).toMatchObject({ topic: 'zones', action: 'created' });
    } finally {
      stream.close();
    }
  });

  it('a stream that reconnects through the other instance with Last-Event-ID misses nothing', async () => {
    const first = await openStream(a.baseUrl, owner, 30_000);
    const before = await call(
      a.baseUrl,
      'POST',
      '/api/zones',
      { name: `Zone ${randomUUID().slice(0, 8)}` },
      owner,
    );
    const seen = await first.waitForRecord(before.body.id as string);
    first.close();

    const missed: string[] = [];
    for (let i = 0; i < 3; i++) {
      const zone = await call(
        b.baseUrl,
        'POST',
        '/api/zones',
        { name: `Zone ${randomUUID().slice(0, 8)}` },
        owner,
      );
      missed.push(zone.body.id as string);
    }
    const again = await openStream(b.baseUrl, { ...owner, 'last-event-id': seen.id! }, 30_000);
    try {
      for (const id of missed) await again.waitForRecord(id);
      const replayed = again.messages.filter((m) => m.data.topic === 'zones').map((m) => m.data.recordId);
      expect(replayed).toEqual(missed);
    } finally {
      again.close();
    }
  });

  it('an image uploaded through one instance is served by the other', async () => {
    const png = pngOfSize(4000);
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'shop.png');
    const res = await fetch(`${a.baseUrl}/api/stores/${menu.storeId}/image`, {
      method: 'PUT',
      headers: owner,
      body: form,
    });
    expect(res.status).toBe(200);
    const { imageUrl } = (await res.json()) as { imageUrl: string };
    const served = await fetch(`${b.baseUrl}${imageUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
  });
});

describe('limits shared through Redis and PostgreSQL', () => {
  it(`the ${ORDERS_PER_MINUTE + 1}st order of a minute from one address is refused whichever instance gets it`, async () => {
    const address = '203.0.113.7';
    const placed: number[] = [];
    for (let i = 0; i < ORDERS_PER_MINUTE; i += 4) {
      const batch = await Promise.all(
        [a, b, a, b].map((server) => placeOrder(server.baseUrl, address).then((res) => res.status)),
      );
      placed.push(...batch);
    }
    // Each instance took half: counted per instance, neither would refuse anything yet.
    expect(placed).toEqual(Array(ORDERS_PER_MINUTE).fill(201));
    for (const baseUrl of [a.baseUrl, b.baseUrl, proxy.main]) {
      const refused = await placeOrder(baseUrl, address);
      expect(refused.status).toBe(429);
      expect((refused.body.error as { code: string }).code).toBe('rate_limited');
    }
  });

  /** How many of the answers had each status. */
  const tally = (statuses: number[]) =>
    statuses.reduce<Record<number, number>>(
      (counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }),
      {},
    );

  it('a burst of password resets from one address at both instances at once is judged 10 times, as one at a time', async () => {
    const address = { 'x-forwarded-for': '203.0.113.60' };
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(
          [a, b][i % 2]!.baseUrl,
          'POST',
          '/api/auth/reset-password',
          { token: 'x'.repeat(43), password: 'a-new-password-1' },
          address,
        ).then((res) => res.status),
      ),
    );
    expect(tally(statuses)).toEqual({ 400: 10, 429: 30 });
  });

  it('a burst of wrong passwords for one account from one address at both instances at once is judged 5 times', async () => {
    const address = { 'x-forwarded-for': '203.0.113.61' };
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(
          [a, b][i % 2]!.baseUrl,
          'POST',
          '/api/auth/sign-in',
          { email: 'admin.mumbai@example.com', password: 'not-the-password' },
          address,
        ).then((res) => res.status),
      ),
    );
    expect(tally(statuses)).toEqual({ 401: 5, 429: 45 });
  });

  it('failed sign-ins of one account from one address are counted across instances', async () => {
    const account = { email: 'admin@example.com', wrong: 'not-the-password' };
    const statuses: number[] = [];
    for (const server of [a, b, a, b, a])
      statuses.push((await signIn(server.baseUrl, account.email, account.wrong)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    expect((await signIn(b.baseUrl, account.email, 'admin-demo-1')).status).toBe(429);
    expect((await signIn(a.baseUrl, account.email, 'admin-demo-1')).status).toBe(429);
  });
});

describe('a proxy that rewrites Host', () => {
  const sameOrigin = (origin: string) => ({ origin, 'sec-fetch-site': 'same-origin' });

  it('signs in when the instances trust it (TRUST_PROXY): the host comes from X-Forwarded-Host', async () => {
    const res = await call(
      proxy.rewriting,
      'POST',
      '/api/auth/sign-in',
      OWNER_BODY(),
      sameOrigin(proxy.rewriting),
    );
    expect(res.status).toBe(200);
  });

  it('is refused as cross-site by an instance that does not trust it', async () => {
    const res = await call(
      proxy.rewritingUntrusted,
      'POST',
      '/api/auth/sign-in',
      OWNER_BODY(),
      sameOrigin(proxy.rewritingUntrusted),
    );
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({ code: 'forbidden', message: 'Cross-site request refused' });
  });
});

function OWNER_BODY() {
  return { email: OWNER.email, password: OWNER.password };
}

describe('an instance killed mid-load', () => {
  it('leaves reads answering, every acknowledged order stored, and live streams whole after they reconnect', async () => {
    const STREAMS = 10;
    const streams: SseStream[][] = [];
    for (let i = 0; i < STREAMS; i++) streams.push([await openStream(proxy.main, owner, 60_000)]);
    expect(streams.map(([stream]) => stream!.status)).toEqual(Array(STREAMS).fill(200));

    /** A status, or 'closed' when the connection ended without an answer. */
    type Outcome = number | 'closed';
    const attempt = (request: () => Promise<{ status: number; body: Record<string, unknown> }>) =>
      request().catch(() => ({ status: 'closed' as const, body: {} as Record<string, unknown> }));
    const reads: Outcome[] = [];
    const acknowledged: string[] = [];
    const refusedWrites: Array<{ outcome: Outcome; at: number }> = [];
    let running = true;
    let address = 0;
    const reader = async () => {
      while (running) {
        reads.push(
          (
            await attempt(() =>
              call(proxy.main, 'GET', '/api/orders?view=active&pageSize=5', undefined, owner),
            )
          ).status,
        );
      }
    };
    const writer = async () => {
      while (running) {
        // A new address every order, so the customer-app limit never refuses one here.
        const res = await attempt(() => placeOrder(proxy.main, `198.51.100.${(address++ % 250) + 1}`));
        if (res.status === 201) acknowledged.push(res.body.id as string);
        else refusedWrites.push({ outcome: res.status, at: Date.now() });
      }
    };
    // A stream that ends (its instance died) reconnects through the proxy from the last event it saw.
    let reconnecting = true;
    const keepAlive = async (chain: SseStream[]) => {
      while (reconnecting) {
        const current = chain.at(-1)!;
        await current.waitForEnd(70_000).catch(() => undefined);
        if (!reconnecting) return;
        // As a browser does: the last id any connection of the chain was sent.
        const lastId = chain.findLast((stream) => stream.lastEventId !== undefined)?.lastEventId;
        const next = await openStream(
          proxy.main,
          { ...owner, ...(lastId ? { 'last-event-id': lastId } : {}) },
          60_000,
        ).catch(() => null);
        if (next?.status === 200) chain.push(next);
        else await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    const keepers = streams.map(keepAlive);
    const workers = [reader(), reader(), reader(), writer(), writer()];
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const ordersBeforeKill = acknowledged.length;
    const killedAt = Date.now();
    await b.kill();
    await new Promise((resolve) => setTimeout(resolve, 5000));
    running = false;
    await Promise.all(workers);
    const ordersAfterKill = acknowledged.length - ordersBeforeKill;
    console.log(
      `killed b after ${ordersBeforeKill} orders; then ${ordersAfterKill} more; ${reads.length} reads; ` +
        `writes cut off: [${refusedWrites.map(({ outcome, at }) => `${outcome} at +${at - killedAt} ms`).join(', ')}]; streams that reconnected: ${streams.filter((chain) => chain.length > 1).length} of ${STREAMS}`,
    );

    // Reads were answered, by the instance left when not by both.
    expect(reads.filter((status) => status !== 200)).toEqual([]);
    // Orders kept being taken after the kill. Only those in flight at b, or sent on a connection to b
    // that HAProxy had open before its health checks saw b gone (2 checks 300 ms apart), were cut
    // off: answered 502, or the connection closed. Their client cannot know, and retries them.
    expect(ordersAfterKill).toBeGreaterThan(20);
    expect(refusedWrites.filter(({ outcome }) => outcome !== 502 && outcome !== 'closed')).toEqual([]);
    expect(refusedWrites.filter(({ at }) => at < killedAt || at > killedAt + 1500)).toEqual([]);
    // Every acknowledged order is stored.
    for (const id of acknowledged) {
      expect((await call(a.baseUrl, 'GET', `/api/orders/${id}`, undefined, owner)).status).toBe(200);
    }
    // Every stream, reconnected where its instance died, got every acknowledged order, once.
    const last = acknowledged.at(-1)!;
    for (const chain of streams) {
      await chain.at(-1)!.waitForRecord(last);
    }
    reconnecting = false;
    for (const chain of streams) {
      const created = chain
        .flatMap((stream) => stream.messages)
        .filter((m) => m.data.topic === 'orders' && m.data.action === 'created')
        .map((m) => m.data.recordId!);
      expect(new Set(created).size).toBe(created.length);
      expect(acknowledged.filter((id) => !created.includes(id))).toEqual([]);
      for (const stream of chain) stream.close();
    }
    await Promise.all(keepers);
    // Some streams were on b and had to come back through a.
    expect(streams.filter((chain) => chain.length > 1).length).toBeGreaterThan(0);
  });
});
