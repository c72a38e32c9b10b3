/**
 * The live stream over real HTTP: a listening app, Node's fetch and a small
 * SSE reader. Every wait has a time limit and every stream a hard cap, so a
 * broken stream fails a test instead of hanging it.
 */
import { connect, type AddressInfo, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EventHub } from '#server/realtime/hub.ts';
import { MAX_UNSENT_BYTES } from '#server/lib/backpressure.ts';
import { eventInsert, publishEvent } from '#server/realtime/events.repository.ts';
import {
  createBusiness,
  createTestApp,
  createTestDatabase,
  signIn,
  type Session,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';
import { closeOpenStreams, openStream } from '#test/sse.ts';

let ctx: TestApp;
let biz: TestBusiness;
let rival: TestBusiness;
let owner: Session;
let northAdmin: Session;
let southAdmin: Session;
let rivalOwner: Session;
let counter = 0;

/** A unique record id, so each test looks for its own events. */
const tag = (name: string) => `${name}-${++counter}-${Date.now()}`;

beforeAll(async () => {
  ctx = await createTestApp();
  biz = await createBusiness(ctx.db);
  rival = await createBusiness(ctx.db);
  [owner, northAdmin, southAdmin, rivalOwner] = await Promise.all([
    signIn(ctx.app, biz.owner.email),
    signIn(ctx.app, biz.admin.email),
    signIn(ctx.app, biz.otherAdmin.email),
    signIn(ctx.app, rival.owner.email),
  ]);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => {
  closeOpenStreams();
});
afterAll(async () => {
  await dropConnections(ctx);
  await ctx.close();
});

/** Waits, up to `ms`, until the app holds no stream: those its clients closed are let go. */
async function untilNoStreams(test: TestApp, ms = 2000) {
  for (let waited = 0; test.hub.size > 0 && waited < ms; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Once the server has let go of every aborted stream, drop the sockets rather than wait for keep-alive. */
async function dropConnections(test: TestApp) {
  await untilNoStreams(test);
  test.app.server.closeAllConnections();
}

/** The id of an event that a stream of these headers saw before it closed: where a reconnect starts. */
async function lastSeenId(headers: Record<string, string>): Promise<string> {
  const first = await openStream(ctx.app, headers);
  const seen = tag('seen');
  await publish(biz.id, null, seen);
  const last = await first.waitForRecord(seen);
  first.close();
  await first.waitForEnd();
  return last.id!;
}

/** `count` events of one record in one statement, as a bulk change would write them. */
const publishMany = (businessId: string, recordId: string, count: number) =>
  ctx.db.execute(
    eventInsert(
      { businessId, zoneId: null, topic: 'stores', action: 'updated', recordId },
      sql`generate_series(1, ${count})`,
    ),
  );

/** A live stream whose client reads the response head, then nothing more. */
async function openUnreadStream(headers: Record<string, string>): Promise<Socket> {
  const { port } = ctx.app.server.address() as AddressInfo;
  const socket = connect(port, '127.0.0.1');
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.write(`GET /api/events HTTP/1.1\r\nhost: 127.0.0.1\r\n${head.join('')}\r\n`);
  const first = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no response head within 5 s')), 5000);
    socket.once('data', (chunk) => {
      clearTimeout(timer);
      resolve(chunk.toString());
    });
  });
  expect(first).toMatch(/^HTTP\/1\.1 200 /);
  socket.pause();
  return socket;
}

const publish = (businessId: string, zoneId: string | null, recordId: string, topic = 'stores') =>
  publishEvent(ctx.db, { businessId, zoneId, topic, action: 'updated', recordId });

async function updateAccount(app: FastifyInstance, session: Session, name: string) {
  const current = (await app.inject({ url: '/api/account', headers: session.headers })).json();
  const res = await app.inject({
    method: 'PATCH',
    url: '/api/account',
    headers: session.headers,
    payload: { name, email: current.email, phone: current.phone, version: current.version },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ id: string }>();
}

describe('GET /api/events', () => {
  it('is a text/event-stream that delivers an account update with id and JSON data', async () => {
    const stream = await openStream(ctx.app, owner.headers);
    expect(stream.status).toBe(200);
    expect(stream.contentType).toMatch(/^text\/event-stream/);

    const before = Date.now();
    await updateAccount(ctx.app, northAdmin, tag('Arun'));
    const message = await stream.waitFor(
      (m) => m.data.topic === 'account' && m.data.recordId === biz.admin.id,
      'the account event',
    );
    expect(message.data).toEqual({
      id: expect.stringMatching(/^\d+$/),
      topic: 'account',
      action: 'updated',
      recordId: biz.admin.id,
      zoneId: biz.zones[0],
      at: expect.any(String),
    });
    expect(message.id).toBe(message.data.id);
    expect(Date.parse(message.data.at)).toBeGreaterThanOrEqual(before - 5000);
    expect(Date.parse(message.data.at)).toBeLessThanOrEqual(Date.now() + 5000);
  });

  it('a stream of another business gets nothing of it', async () => {
    const theirs = await openStream(ctx.app, rivalOwner.headers);
    const ours = await openStream(ctx.app, owner.headers);
    const secret = tag('ours');
    await publish(biz.id, null, secret);
    await ours.waitForRecord(secret);
    // Events reach every stream in commit order: once the rival's own marker is in, ours would have been too.
    const marker = tag('theirs');
    await publish(rival.id, null, marker);
    await theirs.waitForRecord(marker);
    expect(theirs.has(secret)).toBe(false);
    expect(theirs.messages.every((m) => m.data.recordId === marker)).toBe(true);
  });

  it('a zone-south event reaches the owner and the south admin, not the north admin', async () => {
    const [ownerStream, south, north] = await Promise.all([
      openStream(ctx.app, owner.headers),
      openStream(ctx.app, southAdmin.headers),
      openStream(ctx.app, northAdmin.headers),
    ]);
    const southOnly = tag('south');
    await publish(biz.id, biz.zones[1], southOnly);
    const everyone = tag('everyone');
    await publish(biz.id, null, everyone);

    for (const stream of [ownerStream, south]) {
      const message = await stream.waitForRecord(southOnly);
      expect(message.data.zoneId).toBe(biz.zones[1]);
      await stream.waitForRecord(everyone);
    }
    await north.waitForRecord(everyone);
    expect(north.has(southOnly)).toBe(false);
  });

  it('reconnecting with Last-Event-ID replays the missed events in order, once each', async () => {
    const last = await lastSeenId(northAdmin.headers);

    const missed = [tag('missed-a'), tag('missed-b'), tag('missed-c')];
    await publish(biz.id, null, missed[0]!);
    await publish(biz.id, biz.zones[1], tag('south-only'));
    await publish(rival.id, null, tag('rival'));
    await publish(biz.id, biz.zones[0], missed[1]!, 'orders');
    await publish(biz.id, null, missed[2]!);

    const again = await openStream(ctx.app, { ...northAdmin.headers, 'last-event-id': last });
    expect(again.status).toBe(200);
    await again.waitForRecord(missed[2]!);
    const live = tag('live');
    await publish(biz.id, null, live);
    await again.waitForRecord(live);

    expect(again.messages.map((m) => m.data.recordId)).toEqual([...missed, live]);
    const ids = again.messages.map((m) => Number(m.data.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids[0]).toBeGreaterThan(Number(last.split('.')[0]));
    // Replayed events carry no cursor of their own; the live one carries where the reader now stands.
    expect(again.messages.map((m) => m.id)).toEqual([undefined, undefined, undefined, again.lastEventId]);
    expect(Number(again.lastEventId!.split('.')[0])).toBe(ids.at(-1));
  });

  it('replays a long absence page by page, every event once and in order', async () => {
    const last = await lastSeenId(owner.headers);

    // More than two of the replay's pages of 500.
    const missed = tag('missed-many');
    await publishMany(biz.id, missed, 1_234);
    const again = await openStream(ctx.app, { ...owner.headers, 'last-event-id': last });
    const live = tag('live');
    await publish(biz.id, null, live);
    await again.waitForRecord(live);

    const replayed = again.messages.filter((m) => m.data.recordId === missed);
    expect(replayed).toHaveLength(1_234);
    expect(again.messages.at(-1)!.data.recordId).toBe(live);
    const ids = again.messages.map((m) => Number(m.data.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    // Reconnecting from where that stream stood sends nothing again.
    again.close();
    const third = await openStream(ctx.app, { ...owner.headers, 'last-event-id': again.lastEventId! });
    const after = tag('after');
    await publish(biz.id, null, after);
    await third.waitForRecord(after);
    expect(third.messages.map((m) => m.data.recordId)).toEqual([after]);
  });

  it('refuses a Last-Event-ID that is not a cursor with 400', async () => {
    for (const bad of ['abc', '12.', '12..4', '-3', '1.2.x', `1${'.9'.repeat(65)}`]) {
      const stream = await openStream(ctx.app, { ...owner.headers, 'last-event-id': bad });
      expect(stream.status, bad).toBe(400);
    }
  });

  it("signing out closes that session's stream and no other", async () => {
    const session = await signIn(ctx.app, biz.owner.email);
    const mine = await openStream(ctx.app, session.headers);
    const other = await openStream(ctx.app, owner.headers);
    expect(mine.status).toBe(200);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: session.headers });
    expect(out.statusCode).toBe(204);
    await mine.waitForEnd();

    const after = tag('after-sign-out');
    await publish(biz.id, null, after);
    await other.waitForRecord(after);
    expect(other.ended).toBe(false);
    expect(mine.has(after)).toBe(false);
  });

  it('lets go of a client that stops reading; reconnecting, it is sent all it missed, page by page', async () => {
    // The streams of earlier tests, closed by their clients, gone from the server too.
    await untilNoStreams(ctx);
    const stalled = await openUnreadStream(owner.headers);
    try {
      expect(ctx.hub.size).toBe(1);
      const before = await ctx.db.execute<{ id: string }>(sql`SELECT max(id)::text AS id FROM events`);
      // About 15 MB of events in one go: more than a socket's buffers and the 1 MiB a stream may hold.
      const many = tag('many');
      const count = 60_000;
      await publishMany(biz.id, many, count);
      await untilNoStreams(ctx, 10_000);
      expect(ctx.hub.size, 'streams the server still holds').toBe(0);

      const again = await openStream(ctx.app, { ...owner.headers, 'last-event-id': before.rows[0]!.id });
      const live = tag('live');
      await publish(biz.id, null, live);
      await again.waitForRecord(live, 20_000);
      expect(again.messages.filter((m) => m.data.recordId === many)).toHaveLength(count);
      expect(again.messages.at(-1)!.data.recordId).toBe(live);
    } finally {
      stalled.destroy();
    }
  });

  it('replays to a client as fast as it reads, holding it rather than dropping it', async () => {
    const before = await ctx.db.execute<{ id: string }>(sql`SELECT max(id)::text AS id FROM events`);
    const missed = tag('missed-while-away');
    const count = 60_000;
    await publishMany(biz.id, missed, count);
    await untilNoStreams(ctx);
    // The pages the replay hands the stream, and whether the stream has asked for another since the last.
    let pagesTaken = 0;
    let askedForMore = false;
    const replay = ctx.hub.replay.bind(ctx.hub);
    const replaySpy = vi.spyOn(ctx.hub, 'replay').mockImplementation(async function* (
      ...args: Parameters<EventHub['replay']>
    ) {
      for await (const page of replay(...args)) {
        pagesTaken++;
        askedForMore = false;
        yield page;
        askedForMore = true;
      }
    });
    const accepted: Socket[] = [];
    const onConnection = (socket: Socket) => accepted.push(socket);
    ctx.app.server.on('connection', onConnection);
    const slow = await openUnreadStream({ ...owner.headers, 'last-event-id': before.rows[0]!.id });
    ctx.app.server.off('connection', onConnection);
    try {
      // Once the server's end of the connection holds what the client's socket does not take, the
      // stream keeps the page it wrote last and asks for no other until the client reads: a stream
      // that wrote on would have asked at once, in the same turn as its write.
      const serverSide = accepted.find((socket) => socket.remotePort === slow.localPort);
      expect(serverSide, "the server's end of the connection").toBeDefined();
      await vi.waitFor(() => expect(serverSide!.writableNeedDrain).toBe(true), {
        timeout: 15_000,
        interval: 20,
      });
      expect(pagesTaken).toBeGreaterThan(0);
      expect(askedForMore, 'asked for another page before the client read').toBe(false);
      expect(serverSide!.writableLength).toBeLessThanOrEqual(MAX_UNSENT_BYTES);
      expect(ctx.hub.size, 'streams the server holds').toBe(1);

      let text = '';
      slow.on('data', (chunk: Buffer) => (text += chunk.toString()));
      slow.resume();
      const live = tag('live');
      await publish(biz.id, null, live);
      for (let waited = 0; !text.includes(`"recordId":"${live}"`) && waited < 15_000; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(text.split(`"recordId":"${missed}"`)).toHaveLength(count + 1);
      expect(text).toContain(`"recordId":"${live}"`);
    } finally {
      slow.destroy();
      replaySpy.mockRestore();
    }
  });

  it('answers 401 without a session, or with an ended one', async () => {
    const none = await openStream(ctx.app, {});
    expect(none.status).toBe(401);
    const made = await openStream(ctx.app, { authorization: 'Bearer not-a-session' });
    expect(made.status).toBe(401);
  });
});

describe('two server instances on one database', () => {
  it('an event written through instance A reaches a stream opened on instance B', async () => {
    const database = await createTestDatabase();
    const a = await createTestApp({ database });
    const b = await createTestApp({ database });
    try {
      const shared = await createBusiness(database.db);
      await b.app.listen({ port: 0, host: '127.0.0.1' });
      const ownerOnA = await signIn(a.app, shared.owner.email);
      const adminOnA = await signIn(a.app, shared.admin.email);
      const stream = await openStream(b.app, ownerOnA.headers);
      expect(stream.status).toBe(200);

      await updateAccount(a.app, adminOnA, tag('Across'));
      const message = await stream.waitFor(
        (m) => m.data.topic === 'account' && m.data.recordId === shared.admin.id,
        'the account event from instance A',
      );
      expect(message.data.zoneId).toBe(shared.zones[0]);
      stream.close();
      await stream.waitForEnd();
    } finally {
      closeOpenStreams();
      await dropConnections(b);
      await a.close();
      await b.close();
      await database.drop();
    }
  });
});
