/**
 * What a change of an order costs in reads when many consoles are open (ADR 0051), on a server of
 * its own whose demo business has 1,000 open orders (bench/orders.ts's seed): CONSOLES consoles of
 * the owner, each with the console's own query code (apps/console/src: the orders list's, the
 * dashboard's and the order page's query options and `applyLiveEvent`) holding the screens a busy
 * shop keeps open (the active orders list, first page of the default size, and the dashboard;
 * every tenth console also an open order page), fed by its own /api/events stream. Meanwhile a
 * load moves the 50 newest open orders between Placed and Confirmed (a fifth of them on the
 * lists' first page), CHANGES_PER_SECOND a second for SECONDS s. Every GET the consoles make is
 * counted.
 *
 * Run twice: "before" refreshes every query of an event's topic on every event (what the console
 * did before events carried the change), "after" is the console as it is.
 */
import http from 'node:http';
import { register } from 'node:module';
import pg from 'pg';
import { QueryClient, QueryObserver, type QueryObserverOptions } from '@tanstack/react-query';
import type { LiveEvent } from '@storedesk/shared/events/schemas';
import { limits } from '@storedesk/shared/limits';
import { startServer } from '../e2e/support/server.ts';
import { runningEmbeddedPostgresUrl } from '../apps/server/src/db/embedded-postgres.ts';
import { post, seedOrders } from './orders.ts';
import { openStream, streamAddress } from './sse.ts';
import { round1 } from './stats.ts';

/**
 * The console's own modules, loaded at run time (console-alias.mjs resolves their `@/…`): they are
 * type-checked by the console's project, whose settings (DOM, its paths) this one does not share.
 */
type ConsoleModules = {
  applyLiveEvent: (queryClient: QueryClient, event: LiveEvent) => void;
  ordersQueryOptions: (query: Record<string, unknown>, timeZone: string) => QueryObserverOptions;
  dashboardQueryOptions: (query: { zoneId: undefined }, timeZone: string) => QueryObserverOptions;
  orderQueryOptions: (orderId: string) => QueryObserverOptions;
};

async function loadConsole(): Promise<ConsoleModules> {
  register('./console-alias.mjs', import.meta.url);
  const from = (file: string) => import(new URL(`../apps/console/src/${file}`, import.meta.url).href);
  const [live, orders, order, dashboard] = await Promise.all([
    from('lib/live-events.ts'),
    from('features/orders/api/get-orders.ts'),
    from('features/orders/api/get-order.ts'),
    from('features/dashboard/api/get-dashboard.ts'),
  ]);
  return { ...live, ...orders, ...order, ...dashboard } as ConsoleModules;
}

const CONSOLES = 100;
const CHANGES_PER_SECOND = 10;
const SECONDS = 10;

type Mode = 'before' | 'after';

/** The consoles' reads, by path. */
const reads = new Map<string, number>();
const countRead = (path: string) => reads.set(path, (reads.get(path) ?? 0) + 1);

/** The consoles call `/api/…` as a page of the console does; here they reach the bench's server. */
function serveConsolesFrom(baseUrl: string, token: string) {
  const fetchOf = globalThis.fetch;
  globalThis.fetch = ((input: string | URL | Request, init?: RequestInit) => {
    if (typeof input === 'string' && input.startsWith('/api/')) {
      countRead(input.split('?')[0]!.replace(/\/[0-9a-f-]{36}$/, '/:id'));
      const headers = { ...(init?.headers as Record<string, string>), authorization: `Bearer ${token}` };
      return fetchOf(`${baseUrl}${input}`, { ...init, headers });
    }
    return fetchOf(input, init);
  }) as typeof fetch;
  return () => {
    globalThis.fetch = fetchOf;
  };
}

async function openConsole(
  app: ConsoleModules,
  baseUrl: string,
  token: string,
  n: number,
  mode: Mode,
  orderId: string,
  timeZone: string,
) {
  const { ordersQueryOptions, dashboardQueryOptions, orderQueryOptions, applyLiveEvent } = app;
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
  const screens = [
    ordersQueryOptions(
      {
        view: 'active',
        status: undefined,
        storeId: undefined,
        from: undefined,
        to: undefined,
        q: '',
        sort: 'newest',
        page: 0,
        pageSize: limits.defaultPageSize,
        zoneId: undefined,
      },
      timeZone,
    ),
    dashboardQueryOptions({ zoneId: undefined }, timeZone),
    ...(n % 10 === 0 ? [orderQueryOptions(orderId)] : []),
  ];
  const unsubscribes = screens.map((options) =>
    new QueryObserver(queryClient, options).subscribe(() => undefined),
  );
  // Mounted screens read once; what they read after that is the events' doing.
  for (let waited = 0; waited < 30_000; waited += 50) {
    if (
      queryClient
        .getQueryCache()
        .getAll()
        .every((query) => query.state.status === 'success')
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const stream = await openStream(
    baseUrl,
    token,
    (data) => {
      const event = data as unknown as LiveEvent;
      if (mode === 'before') void queryClient.invalidateQueries({ queryKey: [event.topic] });
      else applyLiveEvent(queryClient, event);
    },
    streamAddress(n),
  );
  return () => {
    stream.destroy();
    for (const unsubscribe of unsubscribes) unsubscribe();
    queryClient.clear();
  };
}

type Target = { id: string; zoneId: string; status: number; version: number };

/** Open orders of the demo business and an executive of each one's zone, for the moves. */
async function targetsOf(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  // A connection the server drops mid-run fails the bench's next query, not the process.
  client.on('error', (error) => console.error(`database connection: ${error.message}`));
  await client.connect();
  try {
    const { rows: orders } = await client.query<{
      id: string;
      zone_id: string;
      status: number;
      version: number;
    }>(
      `SELECT o.id, o.zone_id, o.status, o.version FROM orders o
       WHERE o.business_id = (SELECT business_id FROM stores WHERE deleted_at IS NULL ORDER BY created_at LIMIT 1)
         AND o.state = 1 AND o.status IN (0, 1)
         AND EXISTS (SELECT 1 FROM users u WHERE u.zone_id = o.zone_id AND u.level = 3 AND u.deleted_at IS NULL)
       ORDER BY o.placed_at DESC LIMIT 50`,
    );
    const { rows: dexes } = await client.query<{ id: string; zone_id: string }>(
      `SELECT DISTINCT ON (zone_id) id, zone_id FROM users WHERE level = 3 AND deleted_at IS NULL ORDER BY zone_id, id`,
    );
    const { rows: zone } = await client.query<{ time_zone: string }>(
      `SELECT time_zone FROM businesses
       WHERE id = (SELECT business_id FROM stores WHERE deleted_at IS NULL ORDER BY created_at LIMIT 1)`,
    );
    return {
      targets: orders.map((o): Target => ({
        id: o.id,
        zoneId: o.zone_id,
        status: o.status,
        version: o.version,
      })),
      dexOfZone: new Map(dexes.map((dex) => [dex.zone_id, dex.id])),
      timeZone: zone[0]!.time_zone,
    };
  } finally {
    await client.end();
  }
}

/** CHANGES_PER_SECOND moves a second for SECONDS s, each the next order's, with the version it has. */
async function moveOrders(baseUrl: string, token: string, targets: Target[], dexOfZone: Map<string, string>) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const auth = { authorization: `Bearer ${token}` };
  let made = 0;
  let refused = 0;
  const started = performance.now();
  for (let n = 0; n < CHANGES_PER_SECOND * SECONDS; n++) {
    const due = started + (n * 1000) / CHANGES_PER_SECOND;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const order = targets[n % targets.length]!;
    const confirm = order.status === 0;
    const res = await post(agent, `${baseUrl}/api/orders/${order.id}/status`, auth, {
      status: confirm ? 1 : 0,
      ...(confirm ? { dexId: dexOfZone.get(order.zoneId) } : {}),
      version: order.version,
    });
    if (res.status !== 200) {
      refused++;
      continue;
    }
    const answer = JSON.parse(res.body) as { status: number; version: number };
    order.status = answer.status;
    order.version = answer.version;
    made++;
  }
  agent.destroy();
  return { made, refused };
}

async function measure(baseUrl: string, databaseUrl: string, token: string, mode: Mode) {
  const { targets, dexOfZone, timeZone } = await targetsOf(databaseUrl);
  if (targets.length === 0) throw new Error('the demo business has no open orders to move');
  const app = await loadConsole();
  const restore = serveConsolesFrom(baseUrl, token);
  const consoles: Array<() => void> = [];
  try {
    for (let n = 0; n < CONSOLES; n++) {
      consoles.push(await openConsole(app, baseUrl, token, n, mode, targets[0]!.id, timeZone));
    }
    reads.clear();
    const moves = await moveOrders(baseUrl, token, targets, dexOfZone);
    // The last events' reads, and any put off to the end of a second.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const total = [...reads.values()].reduce((sum, n) => sum + n, 0);
    return {
      mode,
      consoles: CONSOLES,
      changes: moves.made,
      refused: moves.refused,
      reads: total,
      readsPerChange: round1(total / Math.max(1, moves.made)),
      byPath: Object.fromEntries(reads),
    };
  } finally {
    for (const close of consoles) close();
    restore();
  }
}

export async function benchConsoleReads() {
  const server = await startServer({ LOG_LEVEL: 'warn' });
  try {
    const { baseUrl } = server;
    const databaseUrl = runningEmbeddedPostgresUrl(server.dataDir)!;
    await seedOrders(databaseUrl, { orders: 2_000, customers: 500 });
    const signIn = await fetch(`${baseUrl}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@example.com', password: 'owner-demo-1' }),
    });
    const { token } = (await signIn.json()) as { token: string };
    const before = await measure(baseUrl, databaseUrl, token, 'before');
    const after = await measure(baseUrl, databaseUrl, token, 'after');
    for (const run of [before, after]) {
      console.log(
        `reads per change (${run.mode.padEnd(6)}) ${run.readsPerChange} = ${run.reads} reads for ${run.changes} changes with ${run.consoles} consoles open (${CHANGES_PER_SECOND} changes/s; ${JSON.stringify(run.byPath)})`,
      );
    }
    const perConsoleSecond = round1(after.reads / CONSOLES / SECONDS);
    console.log(
      `reads per change ${before.readsPerChange} → ${after.readsPerChange}; after: ${perConsoleSecond} reads per console per second (at most one per open screen a second, by design)`,
    );
    return { changesPerSecond: CHANGES_PER_SECOND, seconds: SECONDS, before, after, perConsoleSecond };
  } finally {
    await server.stop();
  }
}
