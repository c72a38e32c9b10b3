/**
 * Push notifications end to end on the server: customer apps subscribe with
 * the storefront key, the owner sends, and a stand-in push service on
 * 127.0.0.1 (allow-listed) checks every push's VAPID signature and decrypts it.
 */
import { randomUUID } from 'node:crypto';
import dns from 'node:dns';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { messages } from '@storedesk/shared/messages';
import {
  pushMessages,
  type PushNotification,
  type PushNotificationList,
} from '@storedesk/shared/push/schemas';
import * as t from '#server/db/schema.ts';
import { publishEvent } from '#server/realtime/events.repository.ts';
import {
  caller,
  createBusiness,
  createExecutive,
  createTestApp,
  errorOf,
  signIn,
  signInCustomer,
  type Call,
  type Session,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';
import { startPushService, type PushServiceStandIn, type StandInSubscription } from '#test/push-service.ts';
import { closeOpenStreams, openStream } from '#test/sse.ts';

let standIn: PushServiceStandIn;
let ctx: TestApp;
let call: Call;
let biz: TestBusiness;
let rival: TestBusiness;
let owner: Session;
let admin: Session;
let rivalOwner: Session;

beforeAll(async () => {
  standIn = await startPushService();
  ctx = await createTestApp({ env: { PUSH_ENDPOINT_ALLOWLIST: standIn.origin } });
  call = caller(ctx.app);
  biz = await createBusiness(ctx.db);
  rival = await createBusiness(ctx.db);
  [owner, admin, rivalOwner] = await Promise.all([
    signIn(ctx.app, biz.owner.email),
    signIn(ctx.app, biz.admin.email),
    signIn(ctx.app, rival.owner.email),
  ]);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => closeOpenStreams());
afterAll(async () => {
  ctx.app.server.closeAllConnections();
  await ctx.close();
  await standIn.close();
});
beforeEach(async () => {
  await ctx.db.delete(t.pushSubscriptions);
  await ctx.db.delete(t.pushNotifications);
  standIn.clear();
  standIn.gone.clear();
});

let nextAddress = 1;
/** Each request from its own address, so the per-address limit only bites where a test means it to. */
const freshAddress = () => `198.51.100.${nextAddress++ % 250}`;

function subscribe(key: string | undefined, body: unknown, remoteAddress = freshAddress()) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/storefront/push-subscriptions',
    remoteAddress,
    headers: key === undefined ? {} : { 'x-storefront-key': key },
    payload: body as object,
  });
}

function unsubscribe(key: string, body: unknown) {
  return ctx.app.inject({
    method: 'DELETE',
    url: '/api/storefront/push-subscriptions',
    remoteAddress: freshAddress(),
    headers: { 'x-storefront-key': key },
    payload: body as object,
  });
}

async function storedSubscriptions(businessId?: string) {
  const rows = await ctx.db
    .select()
    .from(t.pushSubscriptions)
    .where(businessId ? eq(t.pushSubscriptions.businessId, businessId) : undefined);
  return rows;
}

async function subscribeAll(business: TestBusiness, n: number): Promise<StandInSubscription[]> {
  const made: StandInSubscription[] = [];
  for (let i = 0; i < n; i++) {
    const subscription = standIn.subscribe();
    const res = await subscribe(business.storefrontKey, subscription);
    expect(res.statusCode, res.body).toBe(201);
    made.push(subscription);
  }
  return made;
}

async function history(session: Session, query = ''): Promise<PushNotificationList> {
  const res = await call(session, 'GET', `/api/push-notifications${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PushNotificationList>();
}

/** The send as the history lists it once it is no longer 'sending'. */
async function finished(session: Session, id: string, timeoutMs = 15_000): Promise<PushNotification> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await history(session, '?pageSize=25')).items.find((item) => item.id === id);
    if (found && found.status !== 'sending') return found;
    if (Date.now() > deadline) throw new Error(`send ${id} still ${found?.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A send of the owner's to the business's one subscription, made after what must have sent nothing:
 * once it has gone out, anything sent before it would have reached the push service too.
 */
async function expectOnlyTheMarkerPushed() {
  const res = await call(owner, 'POST', '/api/push-notifications', { title: 'Marker', message: 'Sent last' });
  expect(res.statusCode, res.body).toBe(202);
  expect(await finished(owner, res.json<PushNotification>().id)).toMatchObject({
    status: 'sent',
    delivered: 1,
  });
  expect(standIn.received.map((push) => JSON.parse(push.payload))).toEqual([
    { title: 'Marker', body: 'Sent last' },
  ]);
}

function expectRefused(res: LightMyRequestResponse, fields: Record<string, string>) {
  expect(res.statusCode, res.body).toBe(400);
  expect(errorOf(res)).toEqual({ code: 'invalid_input', message: messages.invalidInput, fields });
}

describe('who may send and read the history', () => {
  it('an admin gets 403 from both, and nothing is sent or recorded', async () => {
    await subscribeAll(biz, 1);
    const sent = await call(admin, 'POST', '/api/push-notifications', { title: 'Hi', message: 'There' });
    expect(sent.statusCode).toBe(403);
    expect(errorOf(sent).code).toBe('forbidden');
    const listed = await call(admin, 'GET', '/api/push-notifications');
    expect(listed.statusCode).toBe(403);
    expect(await ctx.db.select({ n: count() }).from(t.pushNotifications)).toEqual([{ n: 0 }]);
    await expectOnlyTheMarkerPushed();
  });

  it('without a session both answer 401', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/push-notifications' })).statusCode).toBe(401);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/push-notifications',
      payload: { title: 'Hi', message: 'There' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('the VAPID public key', () => {
  it('is served to a customer app with the storefront key, with CORS, and is the one kept in the database', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/storefront/push/public-key',
      headers: { 'x-storefront-key': biz.storefrontKey, origin: 'https://shop.example.test' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const { publicKey } = res.json<{ publicKey: string }>();
    const point = Buffer.from(publicKey, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(4);
    const [stored] = await ctx.db.select().from(t.serverSettings).where(eq(t.serverSettings.key, 'vapid'));
    expect(stored?.value).toMatchObject({ publicKey });

    // One pair for the server: every business's customer app gets the same key.
    const other = await ctx.app.inject({
      method: 'GET',
      url: '/api/storefront/push/public-key',
      headers: { 'x-storefront-key': rival.storefrontKey },
    });
    expect(other.json()).toEqual({ publicKey });
  });

  it('needs a known storefront key', async () => {
    const none = await ctx.app.inject({ method: 'GET', url: '/api/storefront/push/public-key' });
    expect(none.statusCode).toBe(401);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/storefront/push/public-key',
      headers: { 'x-storefront-key': 'pk_guess' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.headers['access-control-allow-origin']).toBe('*');
  });

  it('answers the CORS preflights of both paths', async () => {
    for (const [url, methods] of [
      ['/api/storefront/push/public-key', 'GET'],
      ['/api/storefront/push-subscriptions', 'POST, DELETE'],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'OPTIONS',
        url,
        headers: { origin: 'https://shop.example.test', 'access-control-request-method': 'POST' },
      });
      expect(res.statusCode, url).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-allow-methods']).toBe(methods);
      expect(res.headers['access-control-allow-headers']).toBe(
        'content-type, authorization, last-event-id, x-storefront-key, x-device-id',
      );
    }
  });

  it('is kept by a second server on the same database', async () => {
    const second = await createTestApp({ database: ctx.database });
    try {
      const key = async (app: TestApp) =>
        (
          await app.app.inject({
            method: 'GET',
            url: '/api/storefront/push/public-key',
            headers: { 'x-storefront-key': biz.storefrontKey },
          })
        ).json<{ publicKey: string }>().publicKey;
      expect(await key(second)).toBe(await key(ctx));
    } finally {
      await second.close();
    }
  });
});

describe('a customer app subscribing', () => {
  it('registers a PushSubscription (201), renews its keys on the same endpoint (200), and removes it', async () => {
    const subscription = standIn.subscribe();
    const first = await subscribe(biz.storefrontKey, subscription);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['access-control-allow-origin']).toBe('*');
    expect(first.json()).toEqual({ endpoint: subscription.endpoint, createdAt: expect.any(String) });

    const renewed = standIn.subscribe(standIn.idOf(subscription.endpoint));
    const second = await subscribe(biz.storefrontKey, renewed);
    expect(second.statusCode).toBe(200);
    const stored = await storedSubscriptions(biz.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      endpoint: subscription.endpoint,
      p256dh: renewed.keys.p256dh,
      auth: renewed.keys.auth,
    });

    const removed = await unsubscribe(biz.storefrontKey, { endpoint: subscription.endpoint });
    expect(removed.statusCode).toBe(204);
    expect(removed.headers['access-control-allow-origin']).toBe('*');
    expect(await storedSubscriptions()).toEqual([]);
    const again = await unsubscribe(biz.storefrontKey, { endpoint: subscription.endpoint });
    expect(again.statusCode).toBe(404);
    expect(errorOf(again)).toEqual({ code: 'not_found', message: pushMessages.unknownSubscription });
  });

  it("makes a subscription sent with a signed-in customer's token theirs; an anonymous renewal keeps it theirs", async () => {
    const asha = await signInCustomer(ctx, biz.storefrontKey, '9812121212', 'Asha');
    const subscription = standIn.subscribe();
    const signedIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/storefront/push-subscriptions',
      remoteAddress: freshAddress(),
      headers: { 'x-storefront-key': biz.storefrontKey, authorization: `Bearer ${asha.token}` },
      payload: subscription,
    });
    expect(signedIn.statusCode, signedIn.body).toBe(201);
    const ownerOf = async () =>
      (
        await ctx.db
          .select({ customerId: t.pushSubscriptions.customerId })
          .from(t.pushSubscriptions)
          .where(eq(t.pushSubscriptions.endpoint, subscription.endpoint))
      )[0]?.customerId;
    expect(await ownerOf()).toBe(asha.customer.id);
    expect((await subscribe(biz.storefrontKey, subscription)).statusCode).toBe(200);
    expect(await ownerOf()).toBe(asha.customer.id);
    // Anonymous from the start, a subscription is nobody's.
    const anonymous = standIn.subscribe();
    expect((await subscribe(biz.storefrontKey, anonymous)).statusCode).toBe(201);
    const [row] = await ctx.db
      .select({ customerId: t.pushSubscriptions.customerId })
      .from(t.pushSubscriptions)
      .where(eq(t.pushSubscriptions.endpoint, anonymous.endpoint));
    expect(row!.customerId).toBeNull();
    // A token of nobody is refused, and subscribes nothing.
    const forged = await ctx.app.inject({
      method: 'POST',
      url: '/api/storefront/push-subscriptions',
      remoteAddress: freshAddress(),
      headers: { 'x-storefront-key': biz.storefrontKey, authorization: 'Bearer forged' },
      payload: standIn.subscribe(),
    });
    expect(forged.statusCode).toBe(401);
    for (const endpoint of [subscription.endpoint, anonymous.endpoint]) {
      await unsubscribe(biz.storefrontKey, { endpoint });
    }
  });

  it('needs the storefront key, checked before the body', async () => {
    const missing = await subscribe(undefined, standIn.subscribe());
    expect(missing.statusCode).toBe(401);
    const unknown = await subscribe('pk_guess', { endpoint: 'garbage' });
    expect(unknown.statusCode).toBe(401);
    expect(await storedSubscriptions()).toEqual([]);
  });

  it('refuses every malformed field with 400 naming it, and stores nothing', async () => {
    const good = standIn.subscribe();
    const keys = good.keys;
    const cases: Array<[unknown, Record<string, string>]> = [
      [{ ...good, endpoint: 'not a url' }, { endpoint: pushMessages.endpointNotUrl }],
      [{ ...good, endpoint: '/push/1' }, { endpoint: pushMessages.endpointNotUrl }],
      [{ ...good, endpoint: 42 }, { endpoint: 'is required' }],
      [
        { ...good, endpoint: `https://push.example.com/${'x'.repeat(2100)}` },
        { endpoint: 'must be at most 2048 characters' },
      ],
      [{ keys }, { endpoint: 'is required' }],
      [{ endpoint: good.endpoint }, { keys: 'is required' }],
      [{ endpoint: good.endpoint, keys: { auth: keys.auth } }, { 'keys.p256dh': 'is required' }],
      [{ ...good, keys: { ...keys, p256dh: 'BAAA' } }, { 'keys.p256dh': pushMessages.p256dh }],
      [
        { ...good, keys: { ...keys, p256dh: Buffer.alloc(65, 4).toString('base64url') } },
        { 'keys.p256dh': pushMessages.p256dh },
      ],
      [
        { ...good, keys: { ...keys, auth: Buffer.alloc(8).toString('base64url') } },
        { 'keys.auth': pushMessages.auth },
      ],
      [{ ...good, keys: { ...keys, auth: 'not/base64url+' } }, { 'keys.auth': pushMessages.auth }],
      [{ ...good, expirationTime: 'tomorrow' }, { expirationTime: expect.any(String) as unknown as string }],
    ];
    for (const [body, fields] of cases) {
      expectRefused(await subscribe(biz.storefrontKey, body), fields);
    }
    expect(await storedSubscriptions()).toEqual([]);
  });

  it('refuses endpoints the server must not call: http, credentials, private, loopback and local hosts', async () => {
    const keys = standIn.subscribe().keys;
    const otherPort = `http://127.0.0.1:${Number(new URL(standIn.origin).port) + 1}/push/x`;
    const cases: Array<[string, string]> = [
      ['http://fcm.googleapis.com/fcm/send/abc', pushMessages.endpointNotHttps],
      [otherPort, pushMessages.endpointNotHttps],
      ['ftp://push.example.com/abc', pushMessages.endpointNotHttps],
      ['https://user:secret@push.example.com/abc', pushMessages.endpointCredentials],
      ['https://127.0.0.1/push', pushMessages.endpointPrivateHost],
      ['https://2130706433/push', pushMessages.endpointPrivateHost],
      ['https://10.0.0.5/push', pushMessages.endpointPrivateHost],
      ['https://172.16.4.4/push', pushMessages.endpointPrivateHost],
      ['https://192.168.1.1/push', pushMessages.endpointPrivateHost],
      ['https://169.254.169.254/latest/meta-data', pushMessages.endpointPrivateHost],
      ['https://100.64.1.1/push', pushMessages.endpointPrivateHost],
      ['https://[::1]/push', pushMessages.endpointPrivateHost],
      ['https://[fd00::1]/push', pushMessages.endpointPrivateHost],
      ['https://[fe80::1]/push', pushMessages.endpointPrivateHost],
      ['https://[::ffff:127.0.0.1]/push', pushMessages.endpointPrivateHost],
      ['https://localhost/push', pushMessages.endpointPrivateHost],
      ['https://push.localhost/push', pushMessages.endpointPrivateHost],
      ['https://printer.local/push', pushMessages.endpointPrivateHost],
      ['https://metadata.google.internal/push', pushMessages.endpointPrivateHost],
      ['https://intranet/push', pushMessages.endpointPrivateHost],
    ];
    for (const [endpoint, reason] of cases) {
      expectRefused(await subscribe(biz.storefrontKey, { endpoint, keys }), { endpoint: reason });
    }
    expect(await storedSubscriptions()).toEqual([]);
    // A real push service's endpoint is taken (and never called by this test).
    const real = await subscribe(biz.storefrontKey, {
      endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`,
      keys,
    });
    expect(real.statusCode).toBe(201);
  });

  it('refuses an endpoint whose host name resolves to a loopback address, from the customer and the delivery app', async () => {
    // What the name resolves to when it is registered, as a record pointed at 127.0.0.1 would make it.
    const lookup = vi
      .spyOn(dns.promises, 'lookup')
      .mockImplementation((async (hostname: string) =>
        hostname === 'push.example.com'
          ? [{ address: '127.0.0.1', family: 4 }]
          : Promise.reject(Object.assign(new Error(hostname), { code: 'ENOTFOUND' }))) as never);
    try {
      const body = {
        endpoint: `https://push.example.com/send/${randomUUID()}`,
        keys: standIn.subscribe().keys,
      };
      expectRefused(await subscribe(biz.storefrontKey, body), { endpoint: pushMessages.endpointPrivateHost });
      const rider = await createExecutive(ctx, { businessId: biz.id, zoneId: biz.zones[0], name: 'Ravi' });
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/delivery/push-subscriptions',
        headers: rider.session.headers,
        payload: body,
      });
      expectRefused(res, { endpoint: pushMessages.endpointPrivateHost });
      expect(lookup.mock.calls.map(([hostname]) => hostname)).toEqual([
        'push.example.com',
        'push.example.com',
      ]);
      expect(await storedSubscriptions()).toEqual([]);
    } finally {
      lookup.mockRestore();
    }
  });

  it('refuses a removal without an endpoint', async () => {
    expectRefused(await unsubscribe(biz.storefrontKey, {}), { endpoint: 'is required' });
    expectRefused(await unsubscribe(biz.storefrontKey, { endpoint: 'nope' }), {
      endpoint: pushMessages.endpointNotUrl,
    });
  });

  it('keeps each business to its own subscriptions', async () => {
    const [mine] = await subscribeAll(biz, 1);
    // The rival's key neither removes it…
    const removal = await unsubscribe(rival.storefrontKey, { endpoint: mine!.endpoint });
    expect(removal.statusCode).toBe(404);
    expect(await storedSubscriptions(biz.id)).toHaveLength(1);
    // …nor takes it over: the same endpoint under the rival is the rival's own subscription.
    const theirs = await subscribe(rival.storefrontKey, { ...mine!, keys: standIn.subscribe().keys });
    expect(theirs.statusCode).toBe(201);
    expect((await storedSubscriptions(biz.id))[0]).toMatchObject({ p256dh: mine!.keys.p256dh });
    // Each owner's count is their own.
    expect((await history(owner)).subscribers).toBe(1);
    expect((await history(rivalOwner)).subscribers).toBe(1);
  });

  it('takes at most 60 subscription changes a minute from one address (429 with Retry-After)', async () => {
    const from = '203.0.113.77';
    for (let i = 0; i < 60; i++) {
      const res = await subscribe(biz.storefrontKey, { endpoint: 'bad' }, from);
      expect(res.statusCode).toBe(400);
    }
    const refused = await subscribe(biz.storefrontKey, standIn.subscribe(), from);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toEqual({
      code: 'rate_limited',
      message: pushMessages.tooManySubscriptionChanges,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    expect(await storedSubscriptions()).toEqual([]);
    expect((await subscribe(biz.storefrontKey, standIn.subscribe(), '203.0.113.78')).statusCode).toBe(201);
  });
});

describe('sending', () => {
  it('refuses a bad title or message with 400 naming it, and sends and records nothing', async () => {
    await subscribeAll(biz, 1);
    const cases: Array<[unknown, Record<string, string>]> = [
      [{}, { title: 'is required', message: 'is required' }],
      [{ title: '  ', message: 'Hello' }, { title: 'is required' }],
      [{ title: 'Sale', message: 'x'.repeat(10_000) }, { message: 'must be at most 1000 characters' }],
      [{ title: 'x'.repeat(101), message: 'Hello' }, { title: 'must be at most 100 characters' }],
      [{ title: 'Sale\u0000', message: 'Hello' }, { title: 'must not contain control characters' }],
      [{ title: 'Sale', message: 7 }, { message: 'is required' }],
    ];
    for (const [body, fields] of cases) {
      expectRefused(await call(owner, 'POST', '/api/push-notifications', body as object), fields);
    }
    expect(await ctx.db.select({ n: count() }).from(t.pushNotifications)).toEqual([{ n: 0 }]);
    await expectOnlyTheMarkerPushed();
  });

  it('reaches every subscription of this business only, removes the gone ones, counts, and is live', async () => {
    const mine = await subscribeAll(biz, 4);
    const [theirs] = await subscribeAll(rival, 1);
    const goneId = standIn.idOf(mine[3]!.endpoint);
    standIn.gone.add(goneId);
    const stream = await openStream(ctx.app, owner.headers);
    const rivalStream = await openStream(ctx.app, rivalOwner.headers);
    const { publicKey } = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/storefront/push/public-key',
        headers: { 'x-storefront-key': biz.storefrontKey },
      })
    ).json<{ publicKey: string }>();

    const res = await call(owner, 'POST', '/api/push-notifications', {
      title: 'Fresh mangoes',
      message: 'Alphonso mangoes are in.\nOrder before noon!',
    });
    expect(res.statusCode, res.body).toBe(202);
    const accepted = res.json<PushNotification>();
    expect(accepted).toEqual({
      id: expect.any(String),
      title: 'Fresh mangoes',
      message: 'Alphonso mangoes are in.\nOrder before noon!',
      sentByName: biz.owner.name,
      createdAt: expect.any(String),
      total: 4,
      delivered: 0,
      failed: 0,
      status: 'sending',
      finishedAt: null,
    });

    const done = await finished(owner, accepted.id);
    expect(done).toMatchObject({ status: 'sent', total: 4, delivered: 3, failed: 1 });
    expect(Date.parse(done.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(done.createdAt));

    expect(standIn.refused).toEqual([]);
    expect(standIn.received.map((push) => push.id).sort()).toEqual(
      mine
        .slice(0, 3)
        .map((s) => standIn.idOf(s.endpoint))
        .sort(),
    );
    for (const push of standIn.received) {
      expect(JSON.parse(push.payload)).toEqual({
        title: 'Fresh mangoes',
        body: 'Alphonso mangoes are in.\nOrder before noon!',
      });
      expect(push).toMatchObject({
        ttl: 86_400,
        urgency: 'normal',
        publicKey,
        subject: 'mailto:no-reply@storedesk.local',
      });
    }
    expect(standIn.received.some((push) => push.id === standIn.idOf(theirs!.endpoint))).toBe(false);

    // The gone subscription is removed; the others and the rival's stay.
    const left = await storedSubscriptions(biz.id);
    expect(left.map((s) => s.endpoint).sort()).toEqual(
      mine
        .slice(0, 3)
        .map((s) => s.endpoint)
        .sort(),
    );
    expect(await storedSubscriptions(rival.id)).toHaveLength(1);

    // The owner's consoles hear of the send and of its end; the rival's hear nothing.
    const created = await stream.waitFor(
      (m) => m.data.topic === 'push' && m.data.recordId === accepted.id && m.data.action === 'created',
    );
    expect(created.data.zoneId).toBeNull();
    await stream.waitFor(
      (m) => m.data.topic === 'push' && m.data.recordId === accepted.id && m.data.action === 'updated',
      'the end of the send',
    );
    // An event of the rival's own, written after: what the rival's consoles were sent before it is all.
    const marker = `marker-${randomUUID()}`;
    await publishEvent(ctx.db, {
      businessId: rival.id,
      zoneId: null,
      topic: 'push',
      action: 'created',
      recordId: marker,
    });
    await rivalStream.waitForRecord(marker);
    expect(rivalStream.messages.map((m) => m.data.recordId)).toEqual([marker]);
  });

  it('a send to nobody is recorded and ends sent with 0 of 0', async () => {
    const res = await call(owner, 'POST', '/api/push-notifications', { title: 'Hello', message: 'Anyone?' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ total: 0, status: 'sending' });
    expect(await finished(owner, res.json<PushNotification>().id)).toMatchObject({
      status: 'sent',
      total: 0,
      delivered: 0,
      failed: 0,
    });
  });

  it('counts a push service that answers neither 2xx nor 404/410 as failed, and keeps that subscription', async () => {
    const [subscription] = await subscribeAll(biz, 1);
    // The stand-in refuses a push for a subscription it no longer holds keys for with 404, so use a
    // subscription whose keys the server has but the stand-in does not: its decryption fails (400).
    await ctx.db
      .update(t.pushSubscriptions)
      .set({ auth: Buffer.alloc(16, 7).toString('base64url') })
      .where(eq(t.pushSubscriptions.endpoint, subscription!.endpoint));
    const res = await call(owner, 'POST', '/api/push-notifications', { title: 'Hi', message: 'There' });
    expect(await finished(owner, res.json<PushNotification>().id)).toMatchObject({
      status: 'sent',
      delivered: 0,
      failed: 1,
    });
    expect(standIn.refused.map((r) => r.status)).toEqual([400]);
    expect(await storedSubscriptions(biz.id)).toHaveLength(1);
  });

  it('does not send to a stored endpoint that breaks the rule, and counts it as failed', async () => {
    // Only a direct write can store one: registration refuses it.
    await ctx.db.insert(t.pushSubscriptions).values({
      businessId: biz.id,
      endpoint: 'https://127.0.0.1:9/push/x',
      ...standIn.subscribe().keys,
    });
    const res = await call(owner, 'POST', '/api/push-notifications', { title: 'Hi', message: 'There' });
    expect(await finished(owner, res.json<PushNotification>().id)).toMatchObject({
      status: 'sent',
      total: 1,
      delivered: 0,
      failed: 1,
    });
  });
});

describe('the history', () => {
  it('lists the business’s sends newest first, paged, with who sent each; another business sees none', async () => {
    for (const title of ['First', 'Second', 'Third']) {
      const res = await call(owner, 'POST', '/api/push-notifications', {
        title,
        message: `${title} message`,
      });
      await finished(owner, res.json<PushNotification>().id);
    }
    const page = await history(owner, '?pageSize=5');
    expect(page.total).toBe(3);
    expect(page.items.map((item) => item.title)).toEqual(['Third', 'Second', 'First']);
    expect(page.items[0]).toMatchObject({
      sentByName: biz.owner.name,
      message: 'Third message',
      status: 'sent',
    });
    const second = await history(owner, '?pageSize=5&page=1');
    expect(second).toEqual({ items: [], total: 3, subscribers: 0 });
    expect(await history(rivalOwner)).toEqual({ items: [], total: 0, subscribers: 0 });
  });

  it('refuses a page size other than 5, 10 or 25', async () => {
    const res = await call(owner, 'GET', '/api/push-notifications?pageSize=7');
    expectRefused(res, { pageSize: 'must be 5, 10 or 25' });
  });

  it('ends a send whose process stopped (no sign of life for 5 minutes) as failed, and leaves live ones', async () => {
    const row = (minutesAgo: number, title: string) => ({
      businessId: biz.id,
      title,
      message: 'm',
      sentByName: 'Someone',
      total: 10,
      delivered: 4,
      failed: 1,
      status: 'sending' as const,
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    });
    const [abandoned, slow, fresh] = await ctx.db
      .insert(t.pushNotifications)
      .values([row(10, 'Abandoned'), row(10, 'Slow but alive'), row(1, 'Fresh')])
      .returning({ id: t.pushNotifications.id });
    // The slow one wrote progress a minute ago.
    await ctx.db.insert(t.events).values({
      businessId: biz.id,
      topic: 'push',
      action: 'progress',
      recordId: slow!.id,
      createdAt: new Date(Date.now() - 60_000),
    });
    const stream = await openStream(ctx.app, owner.headers);

    const items = (await history(owner)).items;
    const byId = new Map(items.map((item) => [item.id, item]));
    expect(byId.get(abandoned!.id)).toMatchObject({ status: 'failed', delivered: 4, failed: 1, total: 10 });
    expect(byId.get(abandoned!.id)!.finishedAt).not.toBeNull();
    expect(byId.get(slow!.id)).toMatchObject({ status: 'sending', finishedAt: null });
    expect(byId.get(fresh!.id)).toMatchObject({ status: 'sending', finishedAt: null });
    await stream.waitFor(
      (m) => m.data.topic === 'push' && m.data.action === 'updated',
      'the abandoned send ended',
    );
    const [stored] = await ctx.db
      .select({ status: t.pushNotifications.status })
      .from(t.pushNotifications)
      .where(and(eq(t.pushNotifications.id, abandoned!.id), eq(t.pushNotifications.businessId, biz.id)));
    expect(stored).toEqual({ status: 'failed' });
  });
});

describe('a server stopping during a send', () => {
  it('finishes the pushes in flight, and records the send as failed with what it reached', async () => {
    const second = await createTestApp({
      database: ctx.database,
      env: { PUSH_ENDPOINT_ALLOWLIST: standIn.origin },
    });
    const secondOwner = await signIn(second.app, biz.owner.email);
    await ctx.db.insert(t.pushSubscriptions).values(
      Array.from({ length: 120 }, () => {
        const subscription = standIn.subscribe();
        return { businessId: biz.id, endpoint: subscription.endpoint, ...subscription.keys };
      }),
    );
    standIn.setDelay(300);
    try {
      const res = await second.app.inject({
        method: 'POST',
        url: '/api/push-notifications',
        headers: secondOwner.headers,
        payload: { title: 'Closing time', message: 'Last call' },
      });
      expect(res.statusCode).toBe(202);
      await standIn.waitFor(1);
      await second.close();
    } finally {
      standIn.setDelay(0);
    }
    const [row] = await ctx.db
      .select()
      .from(t.pushNotifications)
      .where(sql`${t.pushNotifications.title} = 'Closing time'`);
    expect(row).toMatchObject({ status: 'failed', total: 120 });
    expect(row!.finishedAt).not.toBeNull();
    // The 50 in flight when it stopped were finished and counted; the rest were never sent.
    expect(row!.delivered + row!.failed).toBe(standIn.received.length);
    expect(row!.delivered).toBeGreaterThanOrEqual(50);
    expect(row!.delivered).toBeLessThan(120);
  });
});
