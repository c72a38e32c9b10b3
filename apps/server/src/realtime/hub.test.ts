import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createBusiness, createTestDatabase, type TestDatabase } from '#test/harness.ts';
import { EventHub } from './hub.ts';
import { publishEvent } from './events.repository.ts';

let database: TestDatabase;
let hub: EventHub;

beforeAll(async () => {
  database = await createTestDatabase();
  hub = new EventHub(database.url, database.db, { info: () => undefined, warn: () => undefined });
  await hub.start();
});
afterAll(async () => {
  await hub.stop();
  await database.drop();
});

async function until(done: () => boolean) {
  for (let waited = 0; !done(); waited += 10) {
    if (waited > 5000) throw new Error('not delivered within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the fan-out of live events', () => {
  it('gives every subscriber of the business each event in order, letting the event loop turn meanwhile', async () => {
    const [a, b] = [await createBusiness(database.db), await createBusiness(database.db)];
    // The event loop's turns, counted while the events go out.
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns++;
      if (ticking) setImmediate(tick);
    };
    tick();

    const ofA: Array<Array<{ id: number; turn: number }>> = [];
    const unsubscribes: Array<() => void> = [];
    for (let n = 0; n < 300; n++) {
      const received: Array<{ id: number; turn: number }> = [];
      ofA.push(received);
      unsubscribes.push(
        hub.subscribe(a.id, (events) => {
          for (const event of events) received.push({ id: event.id, turn: turns });
          // The last subscriber leaves as the first events reach the first: it gets nothing more.
          if (n === 0) unsubscribes[299]!();
        }),
      );
    }
    const ofB: number[] = [];
    unsubscribes.push(hub.subscribe(b.id, (events) => ofB.push(...events.map((event) => event.id))));

    await database.db.transaction(async (tx) => {
      for (const recordId of ['first', 'second', 'third']) {
        await publishEvent(tx, {
          businessId: a.id,
          zoneId: null,
          topic: 'stores',
          action: 'updated',
          recordId,
        });
      }
      await publishEvent(tx, {
        businessId: b.id,
        zoneId: null,
        topic: 'stores',
        action: 'updated',
        recordId: 'b',
      });
    });
    await until(() => ofA.slice(0, 299).every((received) => received.length === 3) && ofB.length === 1);
    ticking = false;
    for (const unsubscribe of unsubscribes) unsubscribe();

    const ids = async (businessId: string) =>
      (
        await database.db.execute<{ id: string }>(
          sql`SELECT id FROM events WHERE business_id = ${businessId} ORDER BY id`,
        )
      ).rows.map((row) => Number(row.id));
    const published = await ids(a.id);
    expect(published).toHaveLength(3);
    for (const received of ofA.slice(0, 299)) expect(received.map((r) => r.id)).toEqual(published);
    expect(ofA[299]).toEqual([]);
    expect(ofB).toEqual(await ids(b.id));
    // 299 deliveries of the events did not all happen in one turn of the loop.
    expect(ofA[298]![0]!.turn).toBeGreaterThan(ofA[0]![0]!.turn);
  });
});

describe('a listener connection lost and made again', () => {
  it('delivers what was committed meanwhile, and what it had delivered already, once', async () => {
    const biz = await createBusiness(database.db);
    const logged: string[] = [];
    const own = new EventHub(database.url, database.db, {
      info: (msg) => logged.push(msg),
      warn: () => undefined,
    });
    await own.start();
    try {
      const received: number[] = [];
      own.subscribe(biz.id, (events) => received.push(...events.map((event) => event.id)));
      const publish = (recordId: string) =>
        publishEvent(database.db, {
          businessId: biz.id,
          zoneId: null,
          topic: 'stores',
          action: 'updated',
          recordId,
        });
      await publish('before');
      await until(() => received.length === 1);

      // Its connection cut, the hub connects again and catches up from its recent past, which holds
      // the event it has delivered already.
      const ownListener = await database.db.execute<{ pid: number }>(
        sql`SELECT pid FROM pg_stat_activity
            WHERE datname = current_database() AND query LIKE 'LISTEN %' ORDER BY backend_start DESC LIMIT 1`,
      );
      await database.db.execute(sql`SELECT pg_terminate_backend(${ownListener.rows[0]!.pid}::int)`);
      await publish('while away');
      await until(() => logged.includes('event listener reconnected'));
      await publish('after');
      const published = (
        await database.db.execute<{ id: string }>(
          sql`SELECT id FROM events WHERE business_id = ${biz.id} ORDER BY id`,
        )
      ).rows.map((row) => Number(row.id));
      expect(published).toHaveLength(3);
      // The last event arriving is the signal that everything before it has been handed out.
      await until(() => received.includes(published[2]!));
      expect([...received].sort((x, y) => x - y)).toEqual(published);
    } finally {
      await own.stop();
    }
  });
});

describe('a listener connection lost while a transaction is open', () => {
  /** The pids of this database's listening connections: one per hub. */
  const listeners = async () =>
    (
      await database.db.execute<{ pid: number }>(
        sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'`,
      )
    ).rows.map((row) => row.pid);

  it('delivers what commits while it is away under an older id, and nothing committed before the hub started', async () => {
    const biz = await createBusiness(database.db);
    const publish = (db: Parameters<typeof publishEvent>[0], recordId: string) =>
      publishEvent(db, { businessId: biz.id, zoneId: null, topic: 'stores', action: 'updated', recordId });

    // A transaction takes its event's id, then others commit theirs, all before this hub starts.
    let commit!: () => void;
    let inserted!: () => void;
    const written = new Promise<void>((resolve) => (inserted = resolve));
    const late = database.db.transaction(async (tx) => {
      await publish(tx, 'late');
      inserted();
      await new Promise<void>((resolve) => (commit = resolve));
    });
    await written;
    for (let n = 1; n <= 20; n++) await publish(database.db, `before-start-${n}`);

    const others = await listeners();
    const own = new EventHub(database.url, database.db, { info: () => undefined, warn: () => undefined });
    await own.start();
    try {
      const received: string[] = [];
      own.subscribe(biz.id, (events) => received.push(...events.map((event) => event.record_id!)));
      await publish(database.db, 'seen');
      await until(() => received.includes('seen'));

      const [lost] = (await listeners()).filter((pid) => !others.includes(pid));
      await database.db.execute(sql`SELECT pg_terminate_backend(${lost}::int)`);
      commit();
      await late;
      for (let waited = 0; ; waited += 20) {
        const mine = (await listeners()).filter((pid) => !others.includes(pid));
        if (mine.length === 1 && mine[0] !== lost) break;
        if (waited > 5000) throw new Error('the hub did not listen again within 5 s');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // Written once the hub listens again: what arrives before it is all that arrives.
      await publish(database.db, 'marker');
      await until(() => received.includes('marker'));
      expect(received).toEqual(['seen', 'late', 'marker']);
    } finally {
      await own.stop();
    }
  });
});
