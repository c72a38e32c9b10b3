/**
 * The README's promise, under load: when PostgreSQL dies underneath a running
 * server, while customer orders, status changes, a live stream and a CSV
 * export are in flight, the server answers 503 with Retry-After meanwhile,
 * never exits, recovers by itself, and every write it acknowledged is there.
 * Run against the real process (src/main.ts), so a crash is an exit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#test/harness.ts';
import { startServerProcess, type ServerProcess } from '#test/server-process.ts';
import { LiveStream, slowDownload, WriteLoad, type Menu } from '#test/write-load.ts';
import { releaseAbandonedDataDir, runningEmbeddedPostgresUrl } from './embedded-postgres.ts';

const TIMEOUT = 240_000;
/** Completed orders the export reads: far more than a paused client's socket buffers hold. */
const EXPORT_ROWS = 100_000;
const OWNER = { email: 'owner@example.com', password: 'owner-demo-1' };

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!().catch(() => undefined);
}, TIMEOUT);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` holds, at most `timeoutMs`; says what it last saw otherwise. */
async function waitFor<T>(
  what: string,
  probe: () => Promise<T>,
  check: (value: T) => boolean,
  timeoutMs: number,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (check(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await pause(100);
  }
}

/** A query on a connection of its own, closed after; an error (the database is gone) rejects it. */
async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** /api/health's status; a server that exited fails the test with what it printed last. */
async function health(server: ServerProcess): Promise<number> {
  const exit = server.exit();
  if (exit) throw new Error(`the server exited (${JSON.stringify(exit)}):\n${server.output().slice(-3000)}`);
  return fetch(`${server.baseUrl}/api/health`).then(
    (res) => res.status,
    () => 0,
  );
}

async function json<T>(res: Response): Promise<T> {
  const body = await res.text();
  if (!res.ok) throw new Error(`${res.url} answered ${res.status}: ${body.slice(0, 300)}`);
  return JSON.parse(body) as T;
}

/**
 * The demo owner's token and business, the keys of an order of the business's own system (a secret
 * key made as the owner makes one), and an open store with items in stock.
 */
async function demoBusiness(server: ServerProcess) {
  const signIn = await json<{ token: string; user: { businessId: string } }>(
    await fetch(`${server.baseUrl}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(OWNER),
    }),
  );
  const auth = { authorization: `Bearer ${signIn.token}` };
  const { storefrontKey } = await json<{ storefrontKey: string }>(
    await fetch(`${server.baseUrl}/api/settings/business`, { headers: auth }),
  );
  const { secret: apiKey } = await json<{ secret: string }>(
    await fetch(`${server.baseUrl}/api/settings/api-keys`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Write load' }),
    }),
  );
  const stores = await json<{
    items: Array<{ id: string; status: number; latitude: number; longitude: number }>;
  }>(await fetch(`${server.baseUrl}/api/stores?pageSize=25`, { headers: auth }));
  const store = stores.items.find((s) => s.status === 1)!;
  const items = await json<{
    items: Array<{ id: string; inStock: boolean; variants: Array<{ id: string; stock: number | null }> }>;
  }>(await fetch(`${server.baseUrl}/api/stores/${store.id}/items?pageSize=25`, { headers: auth }));
  const menu: Menu = {
    storeId: store.id,
    lines: items.items
      .filter((i) => i.inStock)
      .flatMap((i) =>
        i.variants.filter((v) => v.stock === null).map((v) => ({ itemId: i.id, variantId: v.id })),
      ),
    deliveryAddress: { label: 'Home', text: '1, Load Road', lat: store.latitude, lng: store.longitude },
  };
  expect(menu.lines.length).toBeGreaterThan(0);
  return { token: signIn.token, businessId: signIn.user.businessId, keys: { storefrontKey, apiKey }, menu };
}

/** Copies the business's completed orders until it has about EXPORT_ROWS of them, numbered after its last. */
async function padCompletedOrders(url: string, businessId: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const [{ completed }] = (
      await client.query<{ completed: number }>(
        'SELECT count(*)::int AS completed FROM orders WHERE business_id = $1 AND state = 0',
        [businessId],
      )
    ).rows as [{ completed: number }];
    const copies = Math.ceil(EXPORT_ROWS / completed);
    await client.query('BEGIN');
    // Numbered here in one statement: the numbering trigger would update the counter once per row.
    await client.query('ALTER TABLE orders DISABLE TRIGGER orders_number');
    await client.query(
      `INSERT INTO orders (number, business_id, zone_id, store_id, store_name, customer_id, customer_name,
                           customer_phone, placed_at, status, state, items, charges, items_total_paise,
                           charges_total_paise, bill_amount_paise)
       SELECT (SELECT last_number FROM order_numbers WHERE business_id = $1) + row_number() OVER (),
              business_id, zone_id, store_id, store_name, customer_id, customer_name, customer_phone,
              placed_at - g * interval '1 hour', status, state, items, charges, items_total_paise,
              charges_total_paise, bill_amount_paise
       FROM orders CROSS JOIN generate_series(1, $2::int) AS g
       WHERE business_id = $1 AND state = 0`,
      [businessId, copies],
    );
    await client.query(
      `UPDATE order_numbers SET last_number = (SELECT max(number) FROM orders WHERE business_id = $1)
       WHERE business_id = $1`,
      [businessId],
    );
    await client.query('ALTER TABLE orders ENABLE TRIGGER orders_number');
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
}

type Metrics = { clients: number; idle: number };
async function poolMetrics(server: ServerProcess): Promise<Metrics> {
  const text = await (await fetch(`${server.baseUrl}/api/metrics`)).text();
  const value = (name: string) =>
    Number(new RegExp(`^${name}\\{pool="primary"\\} (\\S+)$`, 'm').exec(text)?.[1]);
  return { clients: value('storedesk_db_pool_clients'), idle: value('storedesk_db_pool_idle_clients') };
}

/**
 * Puts the load on `server`, loses the database with `lose` while an export's
 * transaction is open, and checks everything the server acknowledged.
 * `outage`: whether the database stays away for a while (so health says 503).
 */
async function survivesLosingItsDatabase(
  server: ServerProcess,
  databaseUrl: () => string,
  lose: () => Promise<void>,
  outage: boolean,
) {
  const demo = await demoBusiness(server);
  await padCompletedOrders(databaseUrl(), demo.businessId);
  const exportUrl = `${server.baseUrl}/api/orders/export.csv?view=completed`;

  const stream = new LiveStream(server.baseUrl, demo.token);
  const load = new WriteLoad(server.baseUrl, demo.token, demo.keys, demo.menu);
  cleanups.push(
    () => stream.stop(),
    () => load.stop(),
  );
  // The orders start once the stream is open: it is told of every one from then on.
  await waitFor(
    'the live stream open',
    async () => stream.opened,
    (opened) => opened,
    30_000,
  );
  load.start();
  await waitFor(
    'acknowledged orders',
    async () => load.orders.length,
    (n) => n >= 20,
    30_000,
  );

  // The export waits for its client with its transaction open, between two reads of its cursor.
  const download = await slowDownload(exportUrl, demo.token);
  expect(download.status).toBe(200);
  await waitFor(
    'the export waiting for its client inside its transaction',
    () =>
      query<{ n: number }>(
        databaseUrl(),
        `SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE state = 'idle in transaction' AND query LIKE 'FETCH % FROM order_export'`,
      ).then((rows) => rows[0]!.n),
    (n) => n === 1,
    15_000,
  );

  await lose();
  if (outage) {
    await waitFor(
      'health during the outage',
      () => health(server),
      (status) => status === 503,
      15_000,
    );
  }
  await waitFor(
    'health after the outage',
    () => health(server),
    (status) => status === 200,
    90_000,
  );
  // Writes go on after the database is back, and are answered as before.
  const before = load.orders.length;
  await waitFor(
    'orders after the recovery',
    async () => load.orders.length - before,
    (n) => n >= 20,
    30_000,
  );
  await load.stop();

  const cut = await download.finish();
  // The file the database failure interrupted never looks whole: the connection is cut.
  expect(cut.complete).toBe(false);

  expect(server.exit()).toBeNull();
  expect(load.unexpected).toEqual([]);
  if (outage) expect(load.unavailable.order).toBeGreaterThan(0);

  const stored = await query<{ n: number }>(
    databaseUrl(),
    'SELECT count(*)::int AS n FROM orders WHERE id = ANY($1::uuid[])',
    [load.orders],
  );
  expect(stored[0]!.n).toBe(load.orders.length);
  const cancelled = await query<{ n: number }>(
    databaseUrl(),
    'SELECT count(*)::int AS n FROM orders WHERE id = ANY($1::uuid[]) AND status = -1',
    [load.cancelled],
  );
  expect(load.cancelled.length).toBeGreaterThan(0);
  expect(cancelled[0]!.n).toBe(load.cancelled.length);

  // The live stream, reconnecting as a browser does, was told of every acknowledged order.
  await waitFor(
    'orders the live stream missed',
    async () => load.orders.filter((id) => !stream.createdOrders.has(id)).length,
    (missing) => missing === 0,
    20_000,
  ).catch(async (error: Error) => {
    // What is needed to tell why: the missed orders' events, and the stream's connections.
    const missed = load.orders.filter((id) => !stream.createdOrders.has(id));
    const rows = await query(
      databaseUrl(),
      `SELECT id, topic, action, record_id, tx::text, snapshot::text, created_at FROM events
       WHERE record_id = ANY($1::text[]) ORDER BY id`,
      [missed],
    );
    throw new Error(
      `${error.message}\nevents of the missed orders: ${JSON.stringify(rows)}\n` +
        `the stream's connections: ${JSON.stringify(stream.connections.slice(-30))}\n` +
        `the server printed last: ${server.output().slice(-4000)}`,
    );
  });
  await stream.stop();

  // An export started now is whole: every completed order, and the header.
  const whole = await fetch(exportUrl, { headers: { authorization: `Bearer ${demo.token}` } });
  expect(whole.status).toBe(200);
  const lines = (await whole.text()).split('\r\n').filter((line) => line !== '');
  const completed = await query<{ n: number }>(
    databaseUrl(),
    'SELECT count(*)::int AS n FROM orders WHERE business_id = $1 AND state = 0',
    [demo.businessId],
  );
  expect(lines.length).toBe(completed[0]!.n + 1);

  // No connection was lost from the pool for good: once idle, every client is back.
  await waitFor(
    'pool clients in use',
    () => poolMetrics(server),
    (m) => m.clients === m.idle,
    10_000,
  );
  expect(server.output()).not.toMatch(/Unhandled|uncaught/i);
}

function killPostmaster(dataDir: string) {
  const pid = Number(
    fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  process.kill(pid, 'SIGKILL');
}

/** A PostgreSQL in a process of its own that starts it again `restartDelayMs` after it dies, as a host's supervisor would. */
async function startSupervisedPostgres(restartDelayMs: number): Promise<{ url: string; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storedesk-outside-'));
  fs.chmodSync(dataDir, 0o755);
  const fixture = path.resolve(import.meta.dirname, '../../test/fixtures/start-embedded-postgres.ts');
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', fixture, dataDir, String(restartDelayMs)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  cleanups.push(async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await releaseAbandonedDataDir(dataDir, { info: () => undefined, warn: () => undefined });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /^URL (\S+)$/m.exec(output);
      if (found) resolve(found[1]!);
    });
    child.once('exit', () => reject(new Error(`the database process exited: ${output}`)));
  });
  return { url, dataDir };
}

describe('losing the database under load', () => {
  it(
    'the embedded PostgreSQL killed (-9): the server answers 503, starts it again, and loses nothing it acknowledged',
    async () => {
      const server = await startServerProcess('source', { STOREFRONT_ORDERS_PER_MINUTE: '100000' });
      cleanups.push(() => server.stop());
      await survivesLosingItsDatabase(
        server,
        () => runningEmbeddedPostgresUrl(server.dataDir)!,
        async () => killPostmaster(server.dataDir),
        true,
      );
    },
    TIMEOUT,
  );

  it(
    'a DATABASE_URL PostgreSQL that crashes and is started again by its host: the same',
    async () => {
      const database = await startSupervisedPostgres(2000);
      const server = await startServerProcess('source', {
        DATABASE_URL: database.url,
        SEED_DEMO: '1',
        STOREFRONT_ORDERS_PER_MINUTE: '100000',
      });
      cleanups.push(() => server.stop());
      await survivesLosingItsDatabase(
        server,
        () => database.url,
        async () => killPostmaster(database.dataDir),
        true,
      );
    },
    TIMEOUT,
  );

  it(
    "every connection of a DATABASE_URL database cut by its server (this run's PostgreSQL): the same",
    async () => {
      const database = await createTestDatabase();
      cleanups.push(() => database.drop());
      const server = await startServerProcess('source', {
        DATABASE_URL: database.url,
        SEED_DEMO: '1',
        STOREFRONT_ORDERS_PER_MINUTE: '100000',
      });
      cleanups.push(() => server.stop());
      const name = new URL(database.url).pathname.slice(1);
      await survivesLosingItsDatabase(
        server,
        () => database.url,
        async () => {
          // As a failover or an administrator does: every backend ends, now and twice more.
          for (let round = 0; round < 3; round++) {
            await database.pool.query(
              'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
              [name],
            );
            await pause(300);
          }
        },
        false,
      );
    },
    TIMEOUT,
  );
});
