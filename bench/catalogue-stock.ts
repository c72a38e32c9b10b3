/**
 * What counting stock costs an order (B17): the same orders placed through
 * `POST /api/storefront/orders` at a store of 5,000 items, as the business's own system places
 * them (its secret key, bench/orders.ts), by 20 clients for 10 s, once with the store's variants
 * not counted (stock null) and once counted with a million units each (so none runs out), in
 * turn three times (uncounted, counted, uncounted, …) so a drift of the shared machine falls on
 * both. Two mixes of orders:
 * - spread: each order three items of the store, a different three each time (a shop's day);
 * - hot: every order the same three variants (everyone buying the same milk at once), where
 *   orders wait on each other for the rows the stock is taken from.
 * Each counted run checks that the stock taken is what its orders asked for; every run samples
 * how many PostgreSQL sessions wait for a lock.
 */
import http from 'node:http';
import pg from 'pg';
import { keyedOrderHeaders, post } from './orders.ts';
import { setStoreStock } from './catalogue-seed.ts';
import { percentile, round1 } from './stats.ts';

const clients = 20;
const runSeconds = 10;
const quantity = 5;
const rounds = 3;
const countedStock = 1_000_000;
/** Orders a client address sends at most: the endpoint allows each address 120 a minute. */
const perAddress = 100;

type Line = { itemId: string; variantId: string; quantity: number };
export type OrderRun = {
  stock: 'none' | 'counted';
  orders: number;
  seconds: number;
  rps: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  refused: Record<string, number>;
  /** PostgreSQL sessions waiting for a lock, on average over the run (sampled every 100 ms). */
  lockWaiters: number;
  /** Counted runs: units the store's variants lost, and units the run's orders asked for. */
  unitsTaken?: number;
  unitsOrdered?: number;
};

/** The store's items in stock and their variants, by name. */
async function storeItems(client: pg.Client, storeId: string) {
  const { rows } = await client.query<{ id: string; variant_ids: string[] }>(
    `SELECT i.id, array_agg(v.id ORDER BY v.position) AS variant_ids
     FROM items i JOIN item_variants v ON v.item_id = i.id
     WHERE i.store_id = $1 AND i.deleted_at IS NULL AND i.in_stock
     GROUP BY i.id, i.name ORDER BY i.name, i.id`,
    [storeId],
  );
  return rows.map((row) => ({ id: row.id, variantIds: row.variant_ids }));
}

/** Order `k`'s lines in the mix: three distinct items, each with one of its variants. */
function linesOf(
  mix: 'spread' | 'hot',
  items: Array<{ id: string; variantIds: string[] }>,
  k: number,
): Line[] {
  if (mix === 'hot')
    return items.slice(0, 3).map((item) => ({ itemId: item.id, variantId: item.variantIds[0]!, quantity }));
  // Steps through the items by a stride prime to their number, so orders in a row name different ones.
  const at = (i: number) => items[((k * 3 + i) * 7919) % items.length]!;
  return [0, 1, 2].map((i) => {
    const item = at(i);
    return { itemId: item.id, variantId: item.variantIds[k % item.variantIds.length]!, quantity };
  });
}

/** Units taken from the store's counted variants so far (each started at `countedStock`). */
async function unitsTaken(client: pg.Client, storeId: string): Promise<number> {
  const { rows } = await client.query<{ taken: string }>(
    `SELECT coalesce(sum($2::int - stock), 0) AS taken FROM item_variants WHERE store_id = $1 AND stock IS NOT NULL`,
    [storeId, countedStock],
  );
  return Number(rows[0]!.taken);
}

export async function benchStockOrders(
  baseUrl: string,
  databaseUrl: string,
  orderHeaders: { storefrontKey: string; apiKey: string },
  store: { id: string; lat: number; lng: number },
) {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => undefined);
  await client.connect();
  const headers = keyedOrderHeaders(orderHeaders.storefrontKey, orderHeaders.apiKey);
  // Client addresses 127.0.100.1 and on, each new to the run that uses it.
  let nextAddress = 0;
  let nextPhone = 0;
  let items: Array<{ id: string; variantIds: string[] }> = [];

  const run = async (mix: 'spread' | 'hot', stock: 'none' | 'counted'): Promise<OrderRun> => {
    await setStoreStock(client, store.id, stock === 'counted' ? countedStock : null);
    const agent = new http.Agent({ keepAlive: true });
    const times: number[] = [];
    const refused: Record<string, number> = {};
    let placed = 0;
    let orderNumber = 0;
    const firstAddress = nextAddress;
    let addressesUsed = 0;
    const started = performance.now();
    const deadline = started + runSeconds * 1000;
    const waiters: number[] = [];
    let sampling = Promise.resolve();
    const sampler = setInterval(() => {
      sampling = sampling.then(async () => {
        const { rows } = await client.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock'`,
        );
        waiters.push(rows[0]!.n);
      });
    }, 100);
    await Promise.all(
      Array.from({ length: clients }, async (_, c) => {
        for (let turn = 0; performance.now() < deadline; turn++) {
          const address = firstAddress + c + clients * Math.floor(turn / perAddress);
          addressesUsed = Math.max(addressesUsed, address - firstAddress + 1);
          const localAddress = `127.0.${100 + Math.floor(address / 250)}.${1 + (address % 250)}`;
          const k = orderNumber++;
          const phone = `9${String(nextPhone++).padStart(9, '0')}`;
          const sent = performance.now();
          const res = await post(
            agent,
            `${baseUrl}/api/storefront/orders`,
            headers,
            {
              customer: { name: `Stock Bench ${phone}`, phone },
              storeId: store.id,
              items: linesOf(mix, items, k),
              deliveryAddress: { label: 'Home', text: `${k}, Stock Road`, lat: store.lat, lng: store.lng },
              paymentMode: 'COD',
            },
            localAddress,
          );
          times.push(performance.now() - sent);
          if (res.status === 201) placed++;
          else refused[res.status] = (refused[res.status] ?? 0) + 1;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    await sampling;
    agent.destroy();
    nextAddress += addressesUsed;
    return {
      stock,
      orders: placed,
      seconds: round1(seconds),
      rps: round1(placed / seconds),
      p50Ms: round1(percentile(times, 50)),
      p95Ms: round1(percentile(times, 95)),
      p99Ms: round1(percentile(times, 99)),
      refused,
      lockWaiters: round1(waiters.reduce((sum, n) => sum + n, 0) / Math.max(1, waiters.length)),
      ...(stock === 'counted'
        ? { unitsTaken: await unitsTaken(client, store.id), unitsOrdered: placed * 3 * quantity }
        : {}),
    };
  };

  try {
    items = await storeItems(client, store.id);
    if (items.length < 3) throw new Error(`the store has ${items.length} items in stock: an order names 3`);
    const mixes: Record<string, { runs: OrderRun[]; none: Summary; counted: Summary; ratio: number }> = {};
    for (const mix of ['spread', 'hot'] as const) {
      const runs: OrderRun[] = [];
      for (let round = 0; round < rounds; round++) {
        runs.push(await run(mix, 'none'));
        runs.push(await run(mix, 'counted'));
      }
      const none = summary(runs.filter((r) => r.stock === 'none'));
      const counted = summary(runs.filter((r) => r.stock === 'counted'));
      mixes[mix] = { runs, none, counted, ratio: Math.round((counted.rps / none.rps) * 1000) / 1000 };
    }
    await setStoreStock(client, store.id, null);
    return { clients, runSeconds, rounds, quantity, items: items.length, mixes };
  } finally {
    await client.end();
  }
}

type Summary = { orders: number; rps: number; p95Ms: number; refused: number; lockWaiters: number };

/** Runs of one kind together: orders a second over their time, the worse p95, every refusal. */
function summary(runs: OrderRun[]): Summary {
  const orders = runs.reduce((sum, r) => sum + r.orders, 0);
  const seconds = runs.reduce((sum, r) => sum + r.seconds, 0);
  return {
    orders,
    rps: round1(orders / seconds),
    p95Ms: Math.max(...runs.map((r) => r.p95Ms)),
    refused: runs.reduce((sum, r) => sum + Object.values(r.refused).reduce((a, b) => a + b, 0), 0),
    lockWaiters: round1(runs.reduce((sum, r) => sum + r.lockWaiters, 0) / runs.length),
  };
}
