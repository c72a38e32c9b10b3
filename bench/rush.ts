/**
 * The lunch rush at scale, on a server of its own (customer orders allowed at
 * 100,000 a minute per client address): 1,000 businesses (`--businesses`), the
 * demo business and copies of it written with SQL (bench/rush-seed.ts), and
 * 10,000,000 orders in all (`--orders`), a tenth of them the demo's.
 *
 * The load (bench/rush-load.ts), for 5 minutes (`--minutes`, fractions allowed),
 * open-loop on a fixed schedule: 200 customer orders a second through the
 * storefront API and 500 status changes a second as the businesses' owners,
 * across the businesses, with 2,000 live streams (`--streams`) open over them;
 * each status change is timed from its sending to its event on a stream of its
 * business (commit-to-stream).
 *
 * It runs twice: once with the demo's orders written (a tenth of the total: all
 * businesses there, each other one with only its open orders), once with every
 * business's orders; the figures are printed side by side with server and
 * PostgreSQL CPU, then one PASS or FAIL line per target.
 */
import pg from 'pg';
import { startServer } from '../e2e/support/server.ts';
import { runningEmbeddedPostgresUrl } from '../apps/server/src/db/embedded-postgres.ts';
import { runPhase, type KindFigures, type PhaseFigures } from './rush-load.ts';
import {
  countOrders,
  createBusinesses,
  loadBusinesses,
  openOrders,
  seedBusinessOrders,
  vacuumAnalyze,
} from './rush-seed.ts';
import { round1 } from './stats.ts';

export const rushTargets = {
  ordersPerSecond: 200,
  statusChangesPerSecond: 500,
  orderP95Ms: 300,
  statusChangeP95Ms: 200,
  commitToStreamP95Ms: 1000,
  /** Each kind's p95 with every order written, at most this much above its p95 with a tenth of them. */
  p95GrowthPercent: 20,
};

export type RushOptions = { businesses: number; orders: number; minutes: number; streams: number };

export const rushDefaults: RushOptions = { businesses: 1000, orders: 10_000_000, minutes: 5, streams: 2000 };

/** Orders written per statement at most, when writing many businesses' orders. */
const ROWS_PER_STATEMENT = 1_000_000;

const seconds = (since: number) => round1((performance.now() - since) / 1000);

export async function benchRush(options: RushOptions) {
  const { businesses, orders, minutes, streams } = options;
  const others = businesses - 1;
  const demoOrders = Math.round(orders / 10);
  const perOther = others > 0 ? Math.floor((orders - demoOrders) / others) : 0;
  // Placed orders per business for the status changes: enough that each waits for its event between changes.
  const open = Math.max(20, Math.ceil(5000 / businesses));
  if (businesses < 2) throw new Error('--businesses must be at least 2 (the demo and one other)');
  if (perOther <= open || demoOrders <= open) {
    throw new Error(
      `--orders ${orders} over ${businesses} businesses leaves ${perOther} a business: more than ${open} needed`,
    );
  }

  const server = await startServer({ LOG_LEVEL: 'warn', STOREFRONT_ORDERS_PER_MINUTE: '100000' });
  const db = new pg.Client({ connectionString: runningEmbeddedPostgresUrl(server.dataDir)! });
  // A lost connection fails the next query, which ends the run saying why, rather than the process.
  db.on('error', () => undefined);
  try {
    await db.connect();
    const { baseUrl, pid, dataDir } = server;
    const demo = await db.query<{ id: string; last: string | null }>(
      `SELECT b.id, n.last_number AS last FROM businesses b LEFT JOIN order_numbers n ON n.business_id = b.id
       ORDER BY b.created_at LIMIT 1`,
    );
    const demoId = demo.rows[0]!.id;

    // The first phase's database: every business, the demo's orders, each other one's open orders.
    let started = performance.now();
    const ids = await createBusinesses(db, demoId, others);
    const createdSeconds = seconds(started);
    /** Writes orders `from` to `to` of every other business, as many businesses a statement as fit; then the orders in all. */
    const seedOthers = async (from: number, to: number) => {
      const batch = Math.max(1, Math.floor(ROWS_PER_STATEMENT / (to - from + 1)));
      for (let i = 0; i < ids.length; i += batch) {
        await seedBusinessOrders(db, ids.slice(i, i + batch), { from, to, total: perOther, open, base: 0 });
      }
      await vacuumAnalyze(db);
      return countOrders(db);
    };
    await seedBusinessOrders(db, [demoId], {
      from: 1,
      to: demoOrders,
      total: demoOrders,
      open,
      base: Number(demo.rows[0]!.last ?? 0),
    });
    const firstOrders = await seedOthers(1, open);
    const firstSeedSeconds = seconds(started);
    console.log(
      `seeded ${others} businesses in ${createdSeconds} s, then ${firstOrders} orders (the demo's ${demoOrders}, ${open} open in each other one) in ${firstSeedSeconds} s all told`,
    );

    // A copied owner signs in with the demo owner's password: the copies are real accounts.
    const signIn = await fetch(`${baseUrl}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner-1@rush.example.com', password: 'owner-demo-1' }),
    });
    await signIn.arrayBuffer();
    if (signIn.status !== 200) throw new Error(`a copied owner's sign-in answered ${signIn.status}`);

    const all = await loadBusinesses(db, [demoId, ...ids]);
    const phase = async (phoneBase: number) =>
      runPhase({
        baseUrl,
        serverPid: pid,
        dataDir,
        businesses: all,
        open: await openOrders(db),
        streams,
        seconds: minutes * 60,
        ordersPerSecond: rushTargets.ordersPerSecond,
        changesPerSecond: rushTargets.statusChangesPerSecond,
        phoneBase,
      });
    console.log(`load for ${minutes} min with ${firstOrders} orders …`);
    const first = await phase(0);
    showServerErrors(first, server.output());

    // The second phase's database: every business's orders.
    started = performance.now();
    const secondOrders = await seedOthers(open + 1, perOther);
    const secondSeedSeconds = seconds(started);
    console.log(
      `seeded the other businesses' orders in ${secondSeedSeconds} s: ${secondOrders} orders in all`,
    );
    console.log(`load for ${minutes} min with ${secondOrders} orders …`);
    const second = await phase(100_000_000);
    showServerErrors(second, server.output());

    const results = {
      options,
      openPerBusiness: open,
      seed: {
        businessesSeconds: createdSeconds,
        first: { orders: firstOrders, seconds: firstSeedSeconds },
        second: { orders: secondOrders, seconds: secondSeedSeconds },
      },
      phases: [
        { ordersInDatabase: firstOrders, ...first },
        { ordersInDatabase: secondOrders, ...second },
      ],
      targets: rushTargets,
      met: verdicts(first, second),
    };
    print(firstOrders, first, secondOrders, second);
    return results;
  } finally {
    await db.end().catch(() => undefined);
    await server.stop();
  }
}

/** A phase with answers of 500 and more: what the server last printed, which says why. */
function showServerErrors(phase: PhaseFigures, output: string) {
  const failed = [phase.orders, phase.statusChanges].some((kind) =>
    Object.keys(kind.byStatus).some((status) => status.startsWith('5')),
  );
  if (failed) console.log(`the server answered 5xx; the end of its output:\n${output.slice(-3000)}`);
}

type Verdict = { pass: boolean; line: string };

function verdicts(first: PhaseFigures, second: PhaseFigures): Record<string, boolean> {
  return Object.fromEntries(Object.entries(verdictLines(first, second)).map(([k, v]) => [k, v.pass]));
}

function verdictLines(first: PhaseFigures, second: PhaseFigures): Record<string, Verdict> {
  const t = rushTargets;
  const out: Record<string, Verdict> = {};
  for (const [label, p] of [
    ['1', first],
    ['2', second],
  ] as const) {
    const at = label === '1' ? 'with a tenth of the orders' : 'with every order';
    const events = p.commitToStream;
    out[`ordersPerSecond${label}`] = {
      pass: p.orders.rate >= t.ordersPerSecond,
      line: `customer orders ${at}: ${p.orders.rate}/s (target ≥ ${t.ordersPerSecond}/s)`,
    };
    out[`statusChangesPerSecond${label}`] = {
      pass: p.statusChanges.rate >= t.statusChangesPerSecond,
      line: `status changes ${at}: ${p.statusChanges.rate}/s (target ≥ ${t.statusChangesPerSecond}/s)`,
    };
    out[`orderP95${label}`] = {
      pass: p.orders.p95Ms < t.orderP95Ms,
      line: `customer order p95 ${at}: ${p.orders.p95Ms} ms (target < ${t.orderP95Ms} ms)`,
    };
    out[`statusChangeP95${label}`] = {
      pass: p.statusChanges.p95Ms < t.statusChangeP95Ms,
      line: `status change p95 ${at}: ${p.statusChanges.p95Ms} ms (target < ${t.statusChangeP95Ms} ms)`,
    };
    out[`commitToStreamP95${label}`] = {
      pass: events.p95Ms < t.commitToStreamP95Ms && events.received >= 0.99 * events.expected,
      line: `commit-to-stream p95 ${at}: ${events.p95Ms} ms, ${events.received}/${events.expected} received (target < ${t.commitToStreamP95Ms} ms, 99% received)`,
    };
  }
  const growth = (a: KindFigures, b: KindFigures) => round1((b.p95Ms / a.p95Ms - 1) * 100);
  for (const [key, name, a, b] of [
    ['orderP95Growth', 'customer order', first.orders, second.orders],
    ['statusChangeP95Growth', 'status change', first.statusChanges, second.statusChanges],
  ] as const) {
    out[key] = {
      pass: b.p95Ms <= a.p95Ms * (1 + t.p95GrowthPercent / 100),
      line: `${name} p95 with every order within ${t.p95GrowthPercent}% of a tenth's: ${a.p95Ms} → ${b.p95Ms} ms (${growth(a, b)}%)`,
    };
  }
  return out;
}

function print(firstOrders: number, first: PhaseFigures, secondOrders: number, second: PhaseFigures) {
  const statuses = (k: KindFigures) =>
    Object.entries(k.byStatus)
      .sort()
      .map(([status, n]) => `${status}×${n}`)
      .join(' ');
  const rows: Array<[string, (p: PhaseFigures) => string]> = [
    ['seconds of load', (p) => String(p.seconds)],
    ['orders/s (2xx)', (p) => `${p.orders.rate}`],
    ['  p50 / p95 / p99 ms', (p) => `${p.orders.p50Ms} / ${p.orders.p95Ms} / ${p.orders.p99Ms}`],
    ['  answers', (p) => statuses(p.orders)],
    ['  late / dropped', (p) => `${p.orders.late} / ${p.orders.dropped}`],
    ['status changes/s (2xx)', (p) => `${p.statusChanges.rate}`],
    [
      '  p50 / p95 / p99 ms',
      (p) => `${p.statusChanges.p50Ms} / ${p.statusChanges.p95Ms} / ${p.statusChanges.p99Ms}`,
    ],
    ['  answers', (p) => statuses(p.statusChanges)],
    [
      '  late / dropped / no order',
      (p) => `${p.statusChanges.late} / ${p.statusChanges.dropped} / ${p.statusChanges.noIdleOrder}`,
    ],
    [
      'commit-to-stream p50 / p95 ms',
      (p) => `${p.commitToStream.p50Ms} / ${p.commitToStream.p95Ms} (max ${p.commitToStream.maxMs})`,
    ],
    ['  received / expected', (p) => `${p.commitToStream.received} / ${p.commitToStream.expected}`],
    [
      'streams open at end',
      (p) => `${p.streams.openAtEnd}/${p.streams.opened} (${p.streams.megabytesReceived} MB)`,
    ],
    ['server CPU (cores)', (p) => String(p.cpu.serverCores)],
    ['PostgreSQL CPU (cores)', (p) => String(p.cpu.postgresCores)],
    ['bench CPU (cores)', (p) => String(p.cpu.benchCores)],
  ];
  const width = 32;
  const col = 40;
  console.log(`${''.padEnd(width)}${`${firstOrders} orders`.padEnd(col)}${secondOrders} orders`);
  for (const [label, value] of rows)
    console.log(`${label.padEnd(width)}${value(first).padEnd(col)}${value(second)}`);
  for (const verdict of Object.values(verdictLines(first, second))) {
    console.log(`${verdict.pass ? 'PASS' : 'FAIL'} ${verdict.line}`);
  }
}
