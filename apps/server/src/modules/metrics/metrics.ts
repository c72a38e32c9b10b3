import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The route label of a request that matched no route: raw URLs would make a series per path. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Latency buckets in seconds, from 5 ms to 10 s. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export type MetricSources = {
  /** The pool behind the app's database. */
  pool: pg.Pool;
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
export function createMetrics({ pool, openStreams, onFanOut }: MetricSources): AppMetrics {
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
  new Gauge({
    name: 'storedesk_db_pool_clients',
    help: 'Connections the database pool holds, busy or idle.',
    registers,
    collect() {
      this.set(pool.totalCount);
    },
  });
  new Gauge({
    name: 'storedesk_db_pool_idle_clients',
    help: 'Connections of the database pool that are idle.',
    registers,
    collect() {
      this.set(pool.idleCount);
    },
  });
  new Gauge({
    name: 'storedesk_db_pool_waiting_requests',
    help: 'Queries waiting for a connection of the database pool.',
    registers,
    collect() {
      this.set(pool.waitingCount);
    },
  });
  new Gauge({
    name: 'storedesk_db_pool_max_clients',
    help: 'Connections the database pool may hold at most.',
    registers,
    collect() {
      // pg-pool fills in its default of 10 when none is given.
      this.set(pool.options.max ?? 10);
    },
  });

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
