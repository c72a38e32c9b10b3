/**
 * Soak: the real server on a fresh embedded database with the demo data, under
 * ten minutes (--minutes or SOAK_MINUTES) of paced mixed load (bench/soak-load.ts):
 * staff reads, staff writes that publish live events, customer orders through
 * the storefront API, and 1,000 live-event streams open throughout, each
 * counting what it receives.
 *
 * Every 10 s: the server's resident memory (/proc/<pid>/status) and a scrape
 * of its GET /api/metrics. prom-client's event-loop figures come from a
 * perf_hooks.monitorEventLoopDelay histogram that it resets at every scrape,
 * so with the bench as the only scraper each scrape's p99 is the p99 of the 10 s
 * since the one before (a scrape just before the load starts clears what came
 * before). That histogram samples every 10 ms and records the time between
 * samples, so an idle loop reads about 10 ms: the figures include it.
 *
 * At the end, the events the business published during the load (from the
 * events table) are compared with what each stream received: count and sum of
 * ids per stream, and for each event the number of streams that got it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { eventTopics } from '@storedesk/shared/events/topics';
import { startServer } from '../e2e/support/server.ts';
import { runningEmbeddedPostgresUrl } from '../apps/server/src/db/embedded-postgres.ts';
import { startIdleProbe } from './idle-probe.ts';
import { openCountingStream, STREAMS_PER_ADDRESS, streamAddress, type StreamTally } from './sse.ts';
import { LoadTally, prepareLoad, requestKinds, runLoad, soakRates } from './soak-load.ts';
import { percentile, round1 } from './stats.ts';

export const soakTargets = {
  /** Resident memory at the end within this much of minute 2's, either way. */
  rssChangePercent: 10,
  /** The worst 10-s interval's event-loop delay p99. */
  lagP99Ms: 50,
  errors: 0,
};

const STREAMS = 1000;
/** Owner sessions the streams share (sign-in is deliberately slow; a console tab shares its session too). */
const SESSIONS = 20;
const SAMPLE_EVERY_MS = 10_000;
/**
 * The per-address limit of customer orders, raised for the bench: its orders all come from 127.0.0.1 at
 * 120 a minute, the default limit itself, which would refuse some at a window's edge.
 */
const STOREFRONT_ORDERS_PER_MINUTE = 1200;

type Sample = {
  atSeconds: number;
  rssMb: number;
  heapUsedMb: number;
  externalMb: number;
  lagP50Ms: number;
  lagP99Ms: number;
  lagMaxMs: number;
  /** The same reading from an idle Node.js process on the machine (bench/idle-probe.ts). */
  idleLagP99Ms: number;
  serverCpuPercent: number;
  streamsOpen: number;
  poolWaiting: number;
  requests: number;
  errors: number;
};

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024);
}

/** The unlabelled series of a Prometheus text, and the requests counted by status class. */
function parseMetrics(text: string) {
  const values = new Map<string, number>();
  const requestsByClass: Record<string, number> = {};
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const space = line.lastIndexOf(' ');
    const name = line.slice(0, space);
    const value = Number(line.slice(space + 1));
    if (name.startsWith('storedesk_http_requests_total{')) {
      const status = /status="(\d)/.exec(name)?.[1] ?? '?';
      requestsByClass[`${status}xx`] = (requestsByClass[`${status}xx`] ?? 0) + value;
    } else {
      // A labelled sample is kept under its whole name, labels included.
      values.set(name, value);
    }
  }
  return { values, requestsByClass };
}

async function scrape(baseUrl: string) {
  const res = await fetch(`${baseUrl}/api/metrics`);
  if (!res.ok) throw new Error(`GET /api/metrics answered ${res.status}`);
  return parseMetrics(await res.text());
}

async function signIn(baseUrl: string, email: string, password: string) {
  const res = await fetch(`${baseUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in as ${email} answered ${res.status}`);
  const body = (await res.json()) as { token: string; user: { businessId: string } };
  return { token: body.token, businessId: body.user.businessId };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (seconds: number) => round1(seconds * 1000);
const sumOf = (values: number[]) => values.reduce((a, b) => a + b, 0);

export async function benchSoak(minutes: number) {
  const server = await startServer({
    LOG_LEVEL: 'warn',
    STOREFRONT_ORDERS_PER_MINUTE: String(STOREFRONT_ORDERS_PER_MINUTE),
  });
  const db = new pg.Client({ connectionString: runningEmbeddedPostgresUrl(server.dataDir)! });
  // A connection the server drops mid-run fails the bench's next query, not the process.
  db.on('error', (error) => console.error(`database connection: ${error.message}`));
  const streams: Array<{ tally: StreamTally; request: { destroy: () => void } }> = [];
  const probe = startIdleProbe();
  try {
    await db.connect();
    const { baseUrl, pid } = server;
    const owners: Array<Awaited<ReturnType<typeof signIn>>> = [];
    for (let i = 0; i < SESSIONS; i++)
      owners.push(await signIn(baseUrl, 'owner@example.com', 'owner-demo-1'));
    const admin = await signIn(baseUrl, 'admin@example.com', 'admin-demo-1');
    const businessId = owners[0]!.businessId;
    const setup = await prepareLoad(baseUrl, owners[0]!, admin);

    // Events up to `since` came before the load and are not counted; it is set once every stream is open.
    let since = Number.MAX_SAFE_INTEGER;
    const streamsPerEvent = new Map<number, number>();
    const onId = (id: number) => streamsPerEvent.set(id, (streamsPerEvent.get(id) ?? 0) + 1);
    for (let i = 0; i < STREAMS; i += 100) {
      const batch = Array.from({ length: Math.min(100, STREAMS - i) }, (_, j) =>
        openCountingStream(
          baseUrl,
          owners[(i + j) % SESSIONS]!.token,
          streamAddress(i + j),
          () => since,
          onId,
        ),
      );
      streams.push(...(await Promise.all(batch)));
    }
    await sleep(1000);
    since = Number(
      (await db.query<{ id: string | null }>('SELECT max(id) AS id FROM events')).rows[0]!.id ?? 0,
    );

    console.log(
      `soak: ${minutes} min of paced mixed load on a fresh demo database, ${STREAMS} live-event streams open ` +
        `(${SESSIONS} owner sessions, ${STREAMS_PER_ADDRESS} streams per client address), ` +
        `server started with STOREFRONT_ORDERS_PER_MINUTE=${STOREFRONT_ORDERS_PER_MINUTE}`,
    );
    console.log(
      `paced rates per second: order lists ${soakRates.orderList}, order pages ${soakRates.orderPage} ` +
        `(and one before each status change), stores ${soakRates.stores}, items ${soakRates.items}, ` +
        `dashboard ${soakRates.dashboard}, storefront orders ${soakRates.storefrontOrder}, order steps up to ` +
        `${soakRates.orderStep} (page + status change), item toggles ${soakRates.itemToggle}, ` +
        `store edits ${soakRates.storeEdit}; metrics and memory every ${SAMPLE_EVERY_MS / 1000} s`,
    );

    const tally = new LoadTally();
    const [first] = await Promise.all([scrape(baseUrl), probe.read()]);
    let lastCpu = first.values.get('process_cpu_seconds_total') ?? 0;
    const benchCpuStart = process.cpuUsage();
    const loadAverageStart = os.loadavg()[0]!;
    const started = performance.now();
    const stopAt = started + minutes * 60_000;
    const samples: Sample[] = [];
    let last = first;
    const sampling = (async () => {
      for (let n = 1; started + n * SAMPLE_EVERY_MS <= stopAt + 1; n++) {
        await sleep(started + n * SAMPLE_EVERY_MS - performance.now());
        const rss = rssMb(pid);
        const [scraped, idle] = await Promise.all([scrape(baseUrl), probe.read()]);
        const v = (name: string) => scraped.values.get(name) ?? Number.NaN;
        const cpu = v('process_cpu_seconds_total');
        const sample: Sample = {
          atSeconds: n * (SAMPLE_EVERY_MS / 1000),
          rssMb: rss,
          heapUsedMb: round1(v('nodejs_heap_size_used_bytes') / 1_048_576),
          externalMb: round1(v('nodejs_external_memory_bytes') / 1_048_576),
          lagP50Ms: ms(v('nodejs_eventloop_lag_p50_seconds')),
          lagP99Ms: ms(v('nodejs_eventloop_lag_p99_seconds')),
          lagMaxMs: ms(v('nodejs_eventloop_lag_max_seconds')),
          idleLagP99Ms: round1(idle.p99),
          serverCpuPercent: Math.round(((cpu - lastCpu) / (SAMPLE_EVERY_MS / 1000)) * 100),
          streamsOpen: v('storedesk_sse_streams_open'),
          poolWaiting: v('storedesk_db_pool_waiting_requests{pool="primary"}'),
          requests: tally.requests,
          errors: tally.errors,
        };
        lastCpu = cpu;
        last = scraped;
        samples.push(sample);
        if (sample.atSeconds % 60 === 0) {
          console.log(
            `  minute ${sample.atSeconds / 60}: RSS ${sample.rssMb} MB (heap ${sample.heapUsedMb} MB), ` +
              `lag p99 ${sample.lagP99Ms} ms (max ${sample.lagMaxMs} ms; idle process ${sample.idleLagP99Ms} ms), server CPU ${sample.serverCpuPercent}%, ` +
              `${sample.streamsOpen} streams, ${sample.requests} requests, ${sample.errors} errors`,
          );
        }
      }
    })();
    await runLoad(setup, stopAt, tally);
    await sampling;
    const seconds = (performance.now() - started) / 1000;
    const benchCpu = process.cpuUsage(benchCpuStart);

    // Let the last events reach every stream: wait until the deliveries stop growing (at most 30 s).
    const delivered = () => sumOf(streams.map((stream) => stream.tally.count));
    for (let before = -1, waited = 0; waited < 30_000 && delivered() !== before; waited += 2000) {
      before = delivered();
      await sleep(2000);
    }
    const published = (
      await db.query<{ id: string }>(
        'SELECT id FROM events WHERE business_id = $1 AND id > $2 AND topic = ANY($3) ORDER BY id',
        [businessId, since, [...eventTopics]],
      )
    ).rows.map((row) => Number(row.id));
    const publishedSum = sumOf(published);
    const tallies = streams.map((stream) => stream.tally);
    const complete = tallies.filter(
      (t) => t.open && t.count === published.length && t.idSum === publishedSum,
    );
    const closed = tallies.filter((t) => !t.open);
    const toEveryStream = published.filter((id) => streamsPerEvent.get(id) === STREAMS).length;
    const publishedSet = new Set(published);
    const unexpectedIds = [...streamsPerEvent.keys()].filter((id) => !publishedSet.has(id)).length;

    const atMinute2 = samples.find((sample) => sample.atSeconds === 120);
    const atEnd = samples[samples.length - 1]!;
    const rssChangePercent = atMinute2
      ? round1(((atEnd.rssMb - atMinute2.rssMb) / atMinute2.rssMb) * 100)
      : null;
    const lagP99s = samples.map((sample) => sample.lagP99Ms);
    const worstLagP99 = Math.max(...lagP99s);
    const serverRequestsByClass = Object.fromEntries(
      Object.entries(last.requestsByClass).map(([key, value]) => [
        key,
        value - (first.requestsByClass[key] ?? 0),
      ]),
    );
    const errors = tally.errors + Object.values(tally.skipped).reduce((a, b) => a + b, 0);

    const met = {
      memory: rssChangePercent === null ? null : Math.abs(rssChangePercent) <= soakTargets.rssChangePercent,
      lag: worstLagP99 < soakTargets.lagP99Ms,
      errors: errors === soakTargets.errors && (serverRequestsByClass['5xx'] ?? 0) === 0,
      events: complete.length === STREAMS && toEveryStream === published.length && unexpectedIds === 0,
    };
    const results = {
      machine: {
        cpus: os.cpus().length,
        node: process.version,
        // Other work on the machine competes with the server, its database and the bench.
        loadAverage1m: { start: round1(loadAverageStart), end: round1(os.loadavg()[0]!) },
      },
      minutes,
      seconds: round1(seconds),
      server: { STOREFRONT_ORDERS_PER_MINUTE },
      streams: { count: STREAMS, sessions: SESSIONS, perAddress: STREAMS_PER_ADDRESS },
      rates: soakRates,
      requests: {
        total: tally.requests,
        perSecond: round1(tally.requests / seconds),
        errors,
        skippedSends: tally.skipped,
        idleOrderSteps: tally.idleOrderSteps,
        writes: tally.writes,
        byKind: tally.summary(seconds),
        serverCountedByClass: serverRequestsByClass,
      },
      memory: {
        minute2RssMb: atMinute2?.rssMb ?? null,
        endRssMb: atEnd.rssMb,
        changePercent: rssChangePercent,
        minRssMb: Math.min(...samples.map((s) => s.rssMb)),
        maxRssMb: Math.max(...samples.map((s) => s.rssMb)),
      },
      lag: {
        worstIntervalP99Ms: worstLagP99,
        medianIntervalP99Ms: round1(percentile(lagP99s, 50)),
        maxMs: Math.max(...samples.map((s) => s.lagMaxMs)),
        idleProcessWorstIntervalP99Ms: Math.max(...samples.map((s) => s.idleLagP99Ms)),
        idleProcessMedianIntervalP99Ms: round1(
          percentile(
            samples.map((s) => s.idleLagP99Ms),
            50,
          ),
        ),
      },
      events: {
        published: published.length,
        streamsComplete: complete.length,
        streamsClosed: closed.length,
        closedBecause: [...new Set(closed.map((t) => t.ended))],
        eventsToEveryStream: toEveryStream,
        deliveries: delivered(),
        expectedDeliveries: published.length * STREAMS,
        unexpectedIds,
      },
      cpu: {
        serverPercent: Math.round(
          ((last.values.get('process_cpu_seconds_total')! - first.values.get('process_cpu_seconds_total')!) /
            seconds) *
            100,
        ),
        benchPercent: Math.round(((benchCpu.user + benchCpu.system) / 1e6 / seconds) * 100),
      },
      samples,
      targets: soakTargets,
      met,
    };
    const out = path.join(import.meta.dirname, 'results', 'soak.json');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify({ at: new Date().toISOString(), ...results }, null, 2)}\n`);

    const verdict = (ok: boolean | null) => (ok === null ? 'n/a ' : ok ? 'PASS' : 'FAIL');
    console.log(`requests by kind over ${round1(seconds)} s (${results.requests.perSecond} req/s in all):`);
    for (const kind of requestKinds) {
      const k = results.requests.byKind[kind]!;
      const other = Object.entries(k.non2xxOrUnexpected).map(([status, n]) => `${n}× ${status}`);
      console.log(
        `  ${kind.padEnd(16)} ${String(k.requests).padStart(6)} (${k.perSecond}/s), p50 ${k.p50Ms} ms, ` +
          `p95 ${k.p95Ms} ms, p99 ${k.p99Ms} ms; ${other.length > 0 ? other.join(', ') : 'no unexpected answer'}, ` +
          `${k.failed} failed${k.samples.length > 0 ? `: ${k.samples.join(' | ')}` : ''}`,
      );
    }
    console.log(
      `server CPU ${results.cpu.serverPercent}% of a core, bench ${results.cpu.benchPercent}%, ` +
        `load average ${results.machine.loadAverage1m.start} → ${results.machine.loadAverage1m.end} on ${results.machine.cpus} CPUs`,
    );
    console.log(
      `${verdict(met.memory)} server memory (RSS) ${atMinute2 ? `${atMinute2.rssMb} MB at minute 2, ` : ''}` +
        `${atEnd.rssMb} MB at the end${rssChangePercent === null ? ' (run shorter than 2 minutes: not judged)' : ` (${rssChangePercent > 0 ? '+' : ''}${rssChangePercent}%)`}; ` +
        `${results.memory.minRssMb}–${results.memory.maxRssMb} MB over the run (target: within ${soakTargets.rssChangePercent}%)`,
    );
    console.log(
      `${verdict(met.lag)} event-loop lag p99 ${worstLagP99} ms in the worst 10 s, ${results.lag.medianIntervalP99Ms} ms ` +
        `in the median one, longest delay ${results.lag.maxMs} ms (server's own figures; target p99 < ${soakTargets.lagP99Ms} ms); ` +
        `an idle Node.js process beside it: p99 ${results.lag.idleProcessWorstIntervalP99Ms} ms worst, ${results.lag.idleProcessMedianIntervalP99Ms} ms median`,
    );
    console.log(
      `${verdict(met.errors)} ${errors} errors: ${tally.errors} failed or unexpected answers, ` +
        `${errors - tally.errors} sends skipped; the server counted ${serverRequestsByClass['5xx'] ?? 0} 5xx (target 0)`,
    );
    console.log(
      `${verdict(met.events)} ${published.length} events published from ${tally.writes} writes; ` +
        `${complete.length}/${STREAMS} streams got every one, ${toEveryStream}/${published.length} events reached every stream, ` +
        `${results.events.deliveries}/${results.events.expectedDeliveries} deliveries, ${closed.length} streams closed early` +
        `${closed.length > 0 ? ` (${results.events.closedBecause.join('; ')})` : ''}`,
    );
    console.log(`results in ${path.relative(process.cwd(), out)}`);
  } finally {
    for (const stream of streams) stream.request.destroy();
    probe.stop();
    await db.end().catch(() => undefined);
    await server.stop();
  }
}
