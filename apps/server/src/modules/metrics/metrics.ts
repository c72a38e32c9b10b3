import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The route label of a request that matched no route: raw URLs would make a series per path. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Latency buckets in seconds, from 5 ms to 10 s. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export type MetricSources = {
  /** The pools behind the app's databases: the primary, and the read database's when it has its own (ADR 0052). */
  pools: { primary: pg.Pool; read: pg.Pool | null };
  /** Live-event streams open on this process right now. */
  openStreams: () => number;
  /** Calls the listener with the seconds of each round of live events going out to the streams. */
  onFanOut: (listener: (seconds: number) => void) => void;
};

export type AppMetrics = {
  registry: Registry;
  /** Counts one answered HTTP request and its time. */
  observeRequest: (request: { method: string; route: string; status: number; seconds: number }) => void;
  /** Counts one order placed through the customer app's API. */
  orderPlaced: () => void;
};

/**
 * The metrics of one app, on a registry of its own: two apps in one process
 * (as in tests) never share or clash. Gauges read their source when scraped.
 */
export function createMetrics({ pools, openStreams, onFanOut }: MetricSources): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'storedesk_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames,
    registers,
  });
  const duration = new Histogram({
    name: 'storedesk_http_request_duration_seconds',
    help: 'Time from receiving an HTTP request to the end of its answer, by method, route pattern and status.',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const orders = new Counter({
    name: 'storedesk_orders_placed_total',
    help: 'Orders placed through the customer app API (POST /api/storefront/orders) by this process.',
    registers,
  });

  const fanOut = new Histogram({
    name: 'storedesk_live_fanout_seconds',
    help: 'Time from live events reaching this process to their last write to its open streams, per round of events.',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 1],
    registers,
  });
  onFanOut((seconds) => fanOut.observe(seconds));

  new Gauge({
    name: 'storedesk_sse_streams_open',
    help: 'Live-event streams (GET /api/events) open on this process.',
    registers,
    collect() {
      this.set(openStreams());
    },
  });
  // Each pool's gauges carry its name in the `pool` label: `primary`, and `read` when DATABASE_READ_URL is set.
  const named = Object.entries(pools).filter((entry): entry is [string, pg.Pool] => entry[1] !== null);
  const poolGauge = (name: string, help: string, read: (pool: pg.Pool) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['pool'],
      registers,
      collect() {
        for (const [label, pool] of named) this.set({ pool: label }, read(pool));
      },
    });
  poolGauge(
    'storedesk_db_pool_clients',
    'Connections the database pool holds, busy or idle.',
    (pool) => pool.totalCount,
  );
  poolGauge(
    'storedesk_db_pool_idle_clients',
    'Connections of the database pool that are idle.',
    (pool) => pool.idleCount,
  );
  poolGauge(
    'storedesk_db_pool_waiting_requests',
    'Queries waiting for a connection of the database pool.',
    (pool) => pool.waitingCount,
  );
  // pg-pool fills in its default of 10 when none is given.
  poolGauge(
    'storedesk_db_pool_max_clients',
    'Connections the database pool may hold at most.',
    (pool) => pool.options.max ?? 10,
  );

  return {
    registry,
    observeRequest: ({ method, route, status, seconds }) => {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
    orderPlaced: () => orders.inc(),
  };
}
