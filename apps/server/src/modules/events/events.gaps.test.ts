/**
 * Edges of what a stream delivers: a password change, a long absence, and a
 * transaction that commits after a later one.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { publishEvent } from '#server/realtime/events.repository.ts';
import {
  createBusiness,
  createTestApp,
  PASSWORD,
  signIn,
  type Session,
  type TestApp,
  type TestBusiness,
} from '#test/harness.ts';
import { closeOpenStreams, openStream, type SseStream } from '#test/sse.ts';

let ctx: TestApp;
let biz: TestBusiness;
let admin: Session;
let counter = 0;
const tag = (name: string) => `${name}-${++counter}-${Date.now()}`;

beforeAll(async () => {
  ctx = await createTestApp();
  biz = await createBusiness(ctx.db);
  admin = await signIn(ctx.app, biz.admin.email);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => {
  closeOpenStreams();
});
afterAll(async () => {
  for (let waited = 0; ctx.hub.size > 0 && waited < 2000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  ctx.app.server.closeAllConnections();
  await ctx.close();
});

const publish = (recordId: string) =>
  publishEvent(ctx.db, { businessId: biz.id, zoneId: null, topic: 'stores', action: 'updated', recordId });

describe('what a stream must not miss or keep', () => {
  it("a password change closes the user's other streams at once, as sign-out does", async () => {
    const other = await signIn(ctx.app, biz.owner.email);
    const current = await signIn(ctx.app, biz.owner.email);
    const stream = await openStream(ctx.app, other.headers);
    expect(stream.status).toBe(200);
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/account',
      headers: current.headers,
      payload: {
        name: biz.owner.name,
        email: biz.owner.email,
        phone: '+91-9000000000',
        password: `${PASSWORD}-new`,
        currentPassword: PASSWORD,
        version: 1,
      },
    });
    expect(res.statusCode).toBe(200);
    const after = tag('after-password-change');
    await publish(after);
    await stream.waitForEnd();
    expect(stream.has(after)).toBe(false);
  });

  it('a client that missed more than 500 events still gets every one of them on reconnect', async () => {
    const first = await openStream(ctx.app, admin.headers);
    const seen = tag('seen');
    await publish(seen);
    const last = await first.waitForRecord(seen);
    first.close();
    await first.waitForEnd();

    const prefix = tag('bulk');
    await ctx.db.execute(sql`
      INSERT INTO events (business_id, zone_id, topic, action, record_id)
      SELECT ${biz.id}::uuid, NULL, 'stores', 'updated', ${prefix} || '-' || n FROM generate_series(1, 600) AS n`);

    const again = await openStream(ctx.app, { ...admin.headers, 'last-event-id': last.id! });
    const live = tag('live');
    await publish(live);
    await again.waitForRecord(live);
    const bulk = again.messages.filter((m) => m.data.recordId?.startsWith(`${prefix}-`));
    expect(bulk).toHaveLength(600);
  });

  it('an event whose transaction commits after a later one is not lost to a client that reconnects', async () => {
    const stream = await openStream(ctx.app, admin.headers);
    const slow = tag('slow');
    const fast = tag('fast');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedSlow = new Promise<void>((resolve) => (inserted = resolve));
    const slowTx = ctx.db.transaction(async (tx) => {
      await publishEvent(tx, {
        businessId: biz.id,
        zoneId: null,
        topic: 'stores',
        action: 'updated',
        recordId: slow,
      });
      inserted();
      await held;
    });
    await insertedSlow;
    await publish(fast); // a later id, committed first
    const last = await stream.waitForRecord(fast);
    stream.close();
    await stream.waitForEnd();
    release();
    await slowTx; // the earlier id commits while the client is away

    const again = await openStream(ctx.app, { ...admin.headers, 'last-event-id': last.id! });
    const marker = tag('marker');
    await publish(marker);
    await again.waitForRecord(marker);
    expect(again.has(slow)).toBe(true);
  });

  /** A transaction that writes `recordId`'s event, then waits for `commit` to be called. */
  function heldTransaction(recordId: string) {
    let commit!: () => void;
    const released = new Promise<void>((resolve) => (commit = resolve));
    let written!: () => void;
    const inserted = new Promise<void>((resolve) => (written = resolve));
    const done = ctx.db.transaction(async (tx) => {
      await publishEvent(tx, {
        businessId: biz.id,
        zoneId: null,
        topic: 'stores',
        action: 'updated',
        recordId,
      });
      written();
      await released;
    });
    return { inserted, commit: async () => (commit(), await done) };
  }

  /**
   * Reconnects from where `stream` stood; answers the new stream and what it sent up to a fresh
   * event (the last of them).
   */
  async function reconnectFrom(stream: SseStream) {
    stream.close();
    await stream.waitForEnd();
    const again = await openStream(ctx.app, { ...admin.headers, 'last-event-id': stream.lastEventId! });
    const marker = tag('marker');
    await publish(marker);
    await again.waitForRecord(marker);
    return { again, sent: again.messages.map((m) => m.data.recordId) };
  }

  it('an event whose transaction ran while a later one was written, but committed first, is not sent again after a reconnect', async () => {
    const stream = await openStream(ctx.app, admin.headers);
    const first = tag('first');
    const second = tag('second');
    const one = heldTransaction(first);
    await one.inserted;
    const two = heldTransaction(second); // written while the first ran: the first is one of its late events
    await two.inserted;
    await one.commit();
    await stream.waitForRecord(first);
    await two.commit();
    await stream.waitForRecord(second);
    expect(stream.lastEventId).toMatch(/^\d+\.\d+$/);

    const { sent } = await reconnectFrom(stream);
    expect(sent).toHaveLength(1);
    expect(sent).not.toContain(first);
    expect(sent).not.toContain(second);
  });

  it('events that reached a reader out of the order of their ids are not sent again after a reconnect', async () => {
    const stream = await openStream(ctx.app, admin.headers);
    const slow = tag('slow');
    const fast = tag('fast');
    const held = heldTransaction(slow);
    await held.inserted;
    await publish(fast); // a later id, committed first
    await stream.waitForRecord(fast);
    await held.commit();
    await stream.waitForRecord(slow);
    expect(stream.messages.map((m) => m.data.recordId).slice(-2)).toEqual([fast, slow]);

    const { sent } = await reconnectFrom(stream);
    expect(sent).toHaveLength(1);
    expect(sent).not.toContain(slow);
    expect(sent).not.toContain(fast);
  });

  it('a reader that reconnects again right after a replay is sent none of it again, and misses nothing', async () => {
    const stream = await openStream(ctx.app, admin.headers);
    await publish(tag('seen'));
    await stream.waitFor((m) => m.data.recordId?.startsWith('seen-') ?? false);
    stream.close();
    await stream.waitForEnd();
    const slow = tag('slow');
    const held = heldTransaction(slow); // still running through the first reconnect
    await held.inserted;
    const missed = tag('missed');
    await publish(missed);

    const again = await openStream(ctx.app, { ...admin.headers, 'last-event-id': stream.lastEventId! });
    await again.waitForRecord(missed);
    // The replay's end says where the reader stands, in a message of its own.
    await again.waitForLastEventIdOtherThan(stream.lastEventId);
    expect(again.messages.map((m) => [m.data.recordId, m.id])).toEqual([[missed, undefined]]);
    const next = await reconnectFrom(again);
    expect(next.sent).toHaveLength(1);
    expect(next.sent).not.toContain(missed);

    // The transaction that ran through it all commits: the next reconnect is sent it, once.
    const seenByNext = next.sent[0];
    next.again.close();
    await next.again.waitForEnd();
    await held.commit();
    const last = await reconnectFrom(next.again);
    expect(last.sent.slice(0, -1)).toEqual([slow]);
    expect(last.sent).not.toContain(seenByNext);
  });

  it('an event row is announced live whatever wrote it, and only once its transaction commits', async () => {
    const stream = await openStream(ctx.app, admin.headers);
    const straight = tag('straight');
    const rolledBack = tag('rolled-back');
    await ctx.db
      .transaction(async (tx) => {
        await tx.execute(sql`
          INSERT INTO events (business_id, zone_id, topic, action, record_id)
          VALUES (${biz.id}, NULL, 'stores', 'updated', ${rolledBack})`);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await ctx.db.execute(sql`
      INSERT INTO events (business_id, zone_id, topic, action, record_id)
      VALUES (${biz.id}, NULL, 'stores', 'updated', ${straight})`);
    const event = await stream.waitForRecord(straight);
    expect(event.data).toMatchObject({ topic: 'stores', action: 'updated', recordId: straight });
    expect(stream.has(rolledBack)).toBe(false);
  });

  it('sends a replayed event once, even when its notification reaches the server after the replay', async () => {
    const stream = await openStream(ctx.app, admin.headers);
    const before = tag('before');
    await publish(before);
    const last = await stream.waitForRecord(before);
    stream.close();
    await stream.waitForEnd();

    // Written while the client is away, their notifications held back for now.
    const late = tag('late');
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`ALTER TABLE events DISABLE TRIGGER events_announce`);
      await tx.execute(sql`
        INSERT INTO events (business_id, zone_id, topic, action, record_id)
        SELECT ${biz.id}::uuid, NULL, 'stores', 'updated', ${late} || '-' || n FROM generate_series(1, 3) AS n`);
      await tx.execute(sql`ALTER TABLE events ENABLE TRIGGER events_announce`);
    });
    const again = await openStream(ctx.app, { ...admin.headers, 'last-event-id': last.id! });
    await again.waitForRecord(`${late}-3`);
    // Now the notifications arrive, as the trigger would have sent them.
    await ctx.db.execute(sql`
      SELECT pg_notify('storedesk_events', json_build_object(
        'id', id, 'business_id', business_id, 'zone_id', zone_id, 'topic', topic, 'action', action,
        'record_id', record_id, 'session_id', session_id, 'created_at', created_at)::text)
      FROM events WHERE record_id LIKE ${`${late}-%`} ORDER BY id`);
    const marker = tag('marker');
    await publish(marker);
    await again.waitForRecord(marker);
    const sent = again.messages.filter((m) => m.data.recordId?.startsWith(`${late}-`));
    expect(sent.map((m) => m.data.recordId)).toEqual([`${late}-1`, `${late}-2`, `${late}-3`]);
  });
});
