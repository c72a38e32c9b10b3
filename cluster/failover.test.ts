/**
 * A database that loses its primary (ADR 0050): etcd, two Patroni nodes each
 * running a PostgreSQL (primary and synchronous standby), HAProxy sending
 * connections to whichever node Patroni's REST API names the primary, and two
 * compiled server instances on HAProxy, taken in turn by the load. While
 * customer orders and staff status changes are written, the primary's
 * postmaster and then its Patroni are killed (kill -9). The standby takes
 * over; meanwhile the instances answer 503 with Retry-After and come back by
 * themselves; no write they acknowledged is lost. The second instance reads
 * reports, exports and the dashboard through HAProxy's port for reads
 * (DATABASE_READ_URL, ADR 0052): the standby, then the primary once it has
 * none; its dashboard answers after the failover, and its order page shows a
 * change made through it.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../e2e/support/server.ts';
import { call, demoMenu, orderOf, type Answer, type DemoMenu } from './support/api.ts';
import { PatroniCluster } from './support/patroni.ts';

const OWNER = { email: 'owner@example.com', password: 'owner-demo-1' };
/** How long writes must have been answered again before the load stops. */
const AFTER_RESUMING_MS = 4000;
/** Writes must be answered again this soon after the kill, or the test fails. */
const RESUME_WITHIN_MS = 60_000;

let cluster: PatroniCluster | undefined;
let a: RunningServer | undefined;
let b: RunningServer | undefined;
let owner: { authorization: string };
let orderHeaders: Record<string, string>;
let menu: DemoMenu;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a connection to `url` reaches a PostgreSQL in recovery (a standby). */
async function inRecovery(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby')).rows[0]!
      .standby;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** An answer of `instance` other than a 503, asked again for at most 15 s while it is one. */
async function settled(instance: string, method: string, url: string, body?: unknown, headers = {}) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const res = await call(instance, method, url, body, headers);
    if (res.status !== 503 || Date.now() > deadline) return res;
    await pause(500);
  }
}

/** The error lines (pino level 50 and up) the two instances printed, the last few of each. */
function errorsLogged(): string {
  return [a, b]
    .map((server) =>
      (server?.output() ?? '')
        .split('\n')
        .filter((line) => /"level":(50|60)/.test(line))
        .slice(-3)
        .map((line) => line.slice(0, 2000))
        .join('\n'),
    )
    .join('\n---\n');
}

beforeAll(async () => {
  cluster = new PatroniCluster();
  await cluster.start();
  const env = {
    DATABASE_URL: cluster.url,
    // One client address places every order here: the customer-app limit must not refuse them.
    STOREFRONT_ORDERS_PER_MINUTE: '100000',
    LOG_LEVEL: 'warn',
  };
  // The first instance migrates and seeds the demo business; the second starts on what it made.
  a = await startServer({ ...env, SEED_DEMO: '1' });
  b = await startServer({ ...env, DATABASE_READ_URL: cluster.readUrl });

  const session = await call(a.baseUrl, 'POST', '/api/auth/sign-in', OWNER);
  expect(session.status).toBe(200);
  owner = { authorization: `Bearer ${session.body.token as string}` };
  ({ orderHeaders, menu } = await demoMenu(a.baseUrl, owner));
}, 240_000);

afterAll(async () => {
  await Promise.all([a, b].map((server) => server?.stop()));
  await cluster?.stop();
}, 120_000);

describe('the primary PostgreSQL and its Patroni killed mid-load', () => {
  it('the standby takes over, the instances answer 503 with Retry-After meanwhile, and no acknowledged write is lost', async () => {
    const db = cluster!;
    const instances = [a!.baseUrl, b!.baseUrl];
    let turn = 0;
    /** Round-robin over the two instances, as a load balancer would. */
    const next = () => instances[turn++ % instances.length]!;

    type Ack = { at: number; sentAt: number; instance: string };
    const acks: Ack[] = [];
    const orders: string[] = [];
    /** Acknowledged status changes: the order, the note the change wrote and what it left the order at. */
    const changes: Array<{ id: string; note: string; status: number; version: number }> = [];
    let unavailable = 0;
    const unexpected: string[] = [];
    /** Orders waiting for their next change: a note first, then cancellation. */
    const toChange: Array<{ id: string; step: 'note' | 'cancel' }> = [];
    let running = true;
    let notes = 0;

    /** Whether an answer is the 503 of a lost database, with Retry-After; anything else is recorded. */
    const judge = async (what: string, answer: Answer | Error) => {
      if (answer instanceof Error) unexpected.push(`${what}: no answer (${answer.message})`);
      else if (
        answer.status === 503 &&
        answer.retryAfter !== null &&
        Number(answer.retryAfter) > 0 &&
        (answer.body.error as { code?: string } | undefined)?.code === 'unavailable'
      ) {
        unavailable++;
        // A client would wait Retry-After; a short pause keeps the measure of the gap fine-grained.
        await pause(200);
      } else
        unexpected.push(
          `${what}: ${answer.status} ${answer.retryAfter ?? ''} ${JSON.stringify(answer.body)}`,
        );
    };

    const orderWorker = async () => {
      while (running) {
        const instance = next();
        const sentAt = Date.now();
        const res = await call(
          instance,
          'POST',
          '/api/storefront/orders',
          orderOf(menu, {
            name: 'Asha Rao',
            phone: `98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
          }),
          orderHeaders,
        ).catch((error: Error) => error);
        if (!(res instanceof Error) && res.status === 201) {
          acks.push({ at: Date.now(), sentAt, instance });
          orders.push(res.body.id as string);
          toChange.push({ id: res.body.id as string, step: 'note' });
        } else await judge('order', res);
      }
    };

    const statusWorker = async () => {
      while (running) {
        const task = toChange.shift();
        if (!task) {
          await pause(20);
          continue;
        }
        const read = await call(next(), 'GET', `/api/orders/${task.id}`, undefined, owner).catch(
          (error: Error) => error,
        );
        if (read instanceof Error || read.status !== 200) {
          await judge('read', read);
          toChange.unshift(task);
          continue;
        }
        // A change whose answer was lost may have landed: the order as read says what is left to do.
        if (read.body.status === -1) continue;
        const instance = next();
        const note = `failover note ${++notes}`;
        const status = task.step === 'cancel' ? -1 : (read.body.status as number);
        const sentAt = Date.now();
        const res = await call(
          instance,
          'POST',
          `/api/orders/${task.id}/status`,
          { status, version: read.body.version, note },
          owner,
        ).catch((error: Error) => error);
        if (!(res instanceof Error) && res.status === 200) {
          acks.push({ at: Date.now(), sentAt, instance });
          changes.push({ id: task.id, note, status, version: res.body.version as number });
          if (task.step === 'note') toChange.push({ id: task.id, step: 'cancel' });
        } else {
          await judge('status', res);
          toChange.unshift(task);
        }
      }
    };

    const workers = [
      orderWorker(),
      orderWorker(),
      orderWorker(),
      orderWorker(),
      statusWorker(),
      statusWorker(),
    ];
    try {
      // The second instance reads its dashboard from the standby.
      expect(await inRecovery(db.readUrl)).toBe(true);
      expect((await call(b!.baseUrl, 'GET', '/api/dashboard', undefined, owner)).status).toBe(200);

      // Writes flow before the kill.
      const warm = Date.now() + 20_000;
      while ((acks.length < 50 || changes.length < 10) && Date.now() < warm) await pause(100);
      expect(
        acks.length,
        `writes before the kill; ${unexpected.slice(0, 5).join('; ')}`,
      ).toBeGreaterThanOrEqual(50);
      await pause(1000);

      const [primary, standby] = await db.waitForSyncStandby(10_000, { caughtUp: false });
      const killedAt = Date.now();
      primary.killPostmaster();
      await primary.killPatroni();

      // Writes resume: a write sent after the kill is acknowledged.
      const resumedBy = killedAt + RESUME_WITHIN_MS;
      let resumed: Ack | undefined;
      while (!(resumed = acks.find((ack) => ack.sentAt > killedAt)) && Date.now() < resumedBy)
        await pause(100);
      if (!resumed) {
        throw new Error(
          `writes did not resume within ${RESUME_WITHIN_MS / 1000} s of the kill\n` +
            `--- ${standby.name} (the standby)\n${standby.output().slice(-6000)}`,
        );
      }
      await pause(AFTER_RESUMING_MS);
      running = false;
      await Promise.all(workers);

      // The standby is the primary now, as Patroni and HAProxy see it.
      expect(await db.primary()).toBe(standby);
      expect((await db.members(standby))?.find((member) => member.role === 'leader')?.name).toBe(
        standby.name,
      );

      // The longest wait between two acknowledged writes, from the last one before the kill on.
      const times = acks.map((ack) => ack.at).sort((x, y) => x - y);
      const from = Math.max(
        0,
        times.findLastIndex((at) => at <= killedAt),
      );
      let gapMs = 0;
      for (let i = from + 1; i < times.length; i++) gapMs = Math.max(gapMs, times[i]! - times[i - 1]!);

      // Every acknowledged write is there: each order, and each change as far as acknowledged.
      const lost: string[] = [];
      const readOrder = async (id: string) => {
        for (let tries = 0; tries < 20; tries++) {
          const res = await call(a!.baseUrl, 'GET', `/api/orders/${id}`, undefined, owner);
          if (res.status !== 503) return res;
          await pause(500);
        }
        return call(a!.baseUrl, 'GET', `/api/orders/${id}`, undefined, owner);
      };
      const byOrder = new Map<string, typeof changes>();
      for (const change of changes) byOrder.set(change.id, [...(byOrder.get(change.id) ?? []), change]);
      const queue = [...orders];
      const checker = async () => {
        for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
          const res = await readOrder(id);
          if (res.status !== 200) {
            lost.push(`order ${id}: ${res.status}`);
            continue;
          }
          const timeline = res.body.timeline as Array<{ note: string | null }>;
          for (const change of byOrder.get(id) ?? []) {
            const reflected =
              (res.body.version as number) >= change.version &&
              (change.status !== -1 || res.body.status === -1) &&
              timeline.some((entry) => entry.note === change.note);
            if (!reflected) lost.push(`change "${change.note}" of order ${id}`);
          }
        }
      };
      await Promise.all(Array.from({ length: 8 }, checker));

      console.log(
        `failover: ${(gapMs / 1000).toFixed(1)} s without writes, ${lost.length} acknowledged writes lost`,
      );
      const tally =
        `${orders.length} orders and ${changes.length} status changes acknowledged, ${unavailable} answers 503; ` +
        `the first write sent after the kill was acknowledged ${((resumed.at - killedAt) / 1000).toFixed(1)} s after it`;

      expect(lost, tally).toEqual([]);
      expect(gapMs, tally).toBeLessThan(RESUME_WITHIN_MS);
      // Meanwhile the instances said 503 with Retry-After, and nothing else.
      expect(unexpected, `${tally}\nwhat the instances logged as errors:\n${errorsLogged()}`).toEqual([]);
      expect(unavailable, tally).toBeGreaterThan(0);
      // Both instances came back by themselves.
      const afterResuming = acks.filter((ack) => ack.sentAt >= resumed.sentAt);
      for (const instance of instances) {
        expect(afterResuming.filter((ack) => ack.instance === instance).length).toBeGreaterThan(0);
      }

      // With no standby left, the reads' port reaches the new primary: the dashboard answers, and
      // a change made through the instance that reads there shows on its order page at once.
      expect(await inRecovery(db.readUrl)).toBe(false);
      expect((await settled(b!.baseUrl, 'GET', '/api/dashboard', undefined, owner)).status).toBe(200);
      const placed = await settled(
        b!.baseUrl,
        'POST',
        '/api/storefront/orders',
        orderOf(menu, { name: 'Asha Rao', phone: '9800000001' }),
        orderHeaders,
      );
      expect(placed.status).toBe(201);
      const orderUrl = `/api/orders/${placed.body.id as string}`;
      const before = await call(b!.baseUrl, 'GET', orderUrl, undefined, owner);
      const changed = await call(
        b!.baseUrl,
        'POST',
        `${orderUrl}/status`,
        { status: -1, version: before.body.version, note: 'after the failover' },
        owner,
      );
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      const after = await call(b!.baseUrl, 'GET', orderUrl, undefined, owner);
      expect(after.body).toMatchObject({ status: -1, version: (before.body.version as number) + 1 });
      expect((after.body.timeline as Array<{ note: string | null }>).map((entry) => entry.note)).toContain(
        'after the failover',
      );
    } finally {
      running = false;
      await Promise.all(workers);
    }
  }, 150_000);
});
