/**
 * Orders at scale: 1,000,000 orders over two years and 200,000 customers in the
 * demo business, then the first page of /api/orders and /api/dashboard at 20
 * connections, status changes as fast as 20 clients make them (each moving its
 * own open orders between Placed and Confirmed) with the live event timed to an
 * open stream, a CSV export of 100,000 rows with the server's memory watched,
 * and orders placed through the storefront API, as the business's own system
 * places them with a secret API key, as fast as 20 clients place them.
 */
import http from 'node:http';
import autocannon from 'autocannon';
import pg from 'pg';
import { openStream } from './sse.ts';
import { percentile, round1, rssMb } from './stats.ts';

export const ordersTargets = {
  listP95Ms: 30,
  placedPerSecond: 200,
  dashboardP95Ms: 50,
  statusChangesPerSecond: 500,
  eventP95Ms: 100,
};

const ordersTotal = 1_000_000;
const customersTotal = 200_000;
/** The newest orders are still open: about 17 hours of orders at this rate, a busy backlog. */
const openOrders = 1_000;
/** Orders are placed this far apart, newest first: 1,000,000 of them span two years. */
const spacingSeconds = 63;

export async function seedOrders(
  databaseUrl: string,
  sizes = { orders: ordersTotal, customers: customersTotal },
) {
  const client = new pg.Client({ connectionString: databaseUrl });
  // A connection the server drops mid-run fails the bench's next query, not the process.
  client.on('error', (error) => console.error(`database connection: ${error.message}`));
  await client.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ business_id: string }>(
      `SELECT business_id FROM stores WHERE deleted_at IS NULL ORDER BY created_at LIMIT 1`,
    );
    const businessId = rows[0]!.business_id;
    await client.query(
      `INSERT INTO customers (business_id, name, phone, created_at)
       SELECT $1, (ARRAY['Aarav','Diya','Kabir','Meera','Rohan','Isha'])[1 + n % 6] || ' ' || (ARRAY['Sharma','Iyer','Reddy','Khan','Nair'])[1 + n % 5] || ' ' || n,
              '7' || lpad(n::text, 9, '0'), now() - (n * interval '5 minutes')
       FROM generate_series(1, $2::int) AS n`,
      [businessId, sizes.customers],
    );
    // One statement numbers a million orders itself: the per-order trigger would update the
    // business's counter row once per order, and a million versions of one row in one
    // transaction make each update slower than the last.
    await client.query('ALTER TABLE orders DISABLE TRIGGER orders_number');
    const counter = await client.query<{ last: number }>(
      'SELECT coalesce(max(last_number), 0)::int AS last FROM order_numbers WHERE business_id = $1',
      [businessId],
    );
    const firstNumber = counter.rows[0]!.last + 1;
    await client.query(
      `WITH s AS (
         SELECT id, zone_id, name, row_number() OVER (ORDER BY name) - 1 AS k, count(*) OVER () AS m
         FROM stores WHERE business_id = $1 AND deleted_at IS NULL AND name NOT LIKE 'Bench%'),
       c AS (
         SELECT id, name, phone, row_number() OVER (ORDER BY phone) - 1 AS k
         FROM customers WHERE business_id = $1 AND phone LIKE '7%')
       INSERT INTO orders (number, business_id, zone_id, store_id, store_name, customer_id, customer_name, customer_phone,
                           placed_at, status, state, items, charges, items_total_paise, charges_total_paise, bill_amount_paise)
       SELECT $6::int + $2::int - n, $1, s.zone_id, s.id, s.name, c.id, c.name, c.phone,
              now() - (n * $4::int * interval '1 second'),
              CASE WHEN n <= $3 THEN 0 WHEN n % 14 = 0 THEN -1 ELSE -2 END,
              CASE WHEN n <= $3 THEN 1 ELSE 0 END,
              jsonb_build_array(jsonb_build_object('itemId', gen_random_uuid(), 'itemName', 'Basmati Rice (5 kg)', 'itemQuantity', 1 + n % 3, 'itemPricePaise', 64950)),
              jsonb_build_array(jsonb_build_object('chargeLabel', 'Delivery charges', 'chargeAmountPaise', 3000)),
              64950 * (1 + n % 3), 3000, 64950 * (1 + n % 3) + 3000
       FROM generate_series(1, $2::int) AS n
       JOIN s ON s.k = n % s.m
       JOIN c ON c.k = n % $5::int`,
      [businessId, sizes.orders, openOrders, spacingSeconds, sizes.customers, firstNumber],
    );
    await client.query(
      `INSERT INTO order_numbers (business_id, last_number) VALUES ($1, $2)
       ON CONFLICT (business_id) DO UPDATE SET last_number = excluded.last_number`,
      [businessId, firstNumber + sizes.orders - 1],
    );
    await client.query('ALTER TABLE orders ENABLE TRIGGER orders_number');
    await recountDailyStats(client, businessId);
    // Every status change confirms an order with its zone's one executive: lift the limit of open orders per
    // executive (B14), or after the fifth every change is refused and the bench measures refusals.
    await client.query(
      `INSERT INTO order_settings (business_id, max_open_orders_per_executive) VALUES ($1, 1000000)
       ON CONFLICT (business_id) DO UPDATE SET max_open_orders_per_executive = excluded.max_open_orders_per_executive`,
      [businessId],
    );
    await client.query('COMMIT');
    for (const table of ['customers', 'orders', 'daily_stats']) await client.query(`VACUUM ANALYZE ${table}`);
    const open = await client.query<{ id: string; zone_id: string }>(
      `SELECT id, zone_id FROM orders WHERE business_id = $1 AND state = 1 AND status = 0 ORDER BY placed_at`,
      [businessId],
    );
    const dexes = await client.query<{ id: string; zone_id: string }>(
      `SELECT id, zone_id FROM users WHERE business_id = $1 AND level = 3 AND deleted_at IS NULL`,
      [businessId],
    );
    return { open: open.rows, dexes: dexes.rows };
  } finally {
    await client.end();
  }
}

type Figures = { rps: number; p50Ms: number; p95Ms: number; p99Ms: number; non2xx: number };

/** 20 connections for 10 s; p95 from every response time. */
function cannon(options: autocannon.Options): Promise<Figures> {
  const times: number[] = [];
  return new Promise((resolve, reject) => {
    const run = autocannon({ connections: 20, duration: 10, ...options }, (error, result) => {
      if (error) return reject(error);
      resolve({
        rps: Math.round(result.requests.average),
        p50Ms: round1(percentile(times, 50)),
        p95Ms: round1(percentile(times, 95)),
        p99Ms: round1(percentile(times, 99)),
        non2xx: result.non2xx,
      });
    });
    run.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

/**
 * One JSON POST on a kept-alive connection, from `localAddress` if given; with `timeoutMs`, one
 * that has not answered by then fails. Rejects when no whole answer comes.
 */
export function post(
  agent: http.Agent,
  url: string,
  headers: Record<string, string>,
  body: unknown,
  localAddress?: string,
  timeoutMs?: number,
) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        ...(localAddress ? { localAddress } : {}),
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(payload)),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    if (timeoutMs !== undefined) req.setTimeout(timeoutMs, () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * A secret API key of the business `ownerToken` signs in to, made as its owner makes one in
 * Settings › Others (ADR 0056): what the bench's orders of the business's own system carry.
 */
export async function createApiKey(baseUrl: string, ownerToken: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/settings/api-keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ownerToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench' }),
  });
  const text = await res.text();
  if (res.status !== 201)
    throw new Error(`making a secret API key answered ${res.status}: ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { secret: string }).secret;
}

/** The headers of an order of the business's own system: its storefront key and one of its secret keys. */
export const keyedOrderHeaders = (storefrontKey: string, apiKey: string) => ({
  'x-storefront-key': storefrontKey,
  authorization: `Bearer ${apiKey}`,
});

export async function changeStatuses(
  baseUrl: string,
  token: string,
  targets: Array<{ id: string; zone_id: string; status?: number; version?: number }>,
  dexOfZone: Map<string, string>,
): Promise<Figures> {
  const clients = 20;
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const auth = { authorization: `Bearer ${token}` };
  const times: number[] = [];
  let refused = 0;
  const started = performance.now();
  const deadline = started + 10_000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      const mine = targets
        .filter((_, i) => i % clients === client)
        .map((order) => ({ status: 0, version: 1, ...order }));
      for (let turn = 0; performance.now() < deadline; turn++) {
        const order = mine[turn % mine.length]!;
        const confirm = order.status === 0;
        const sent = performance.now();
        const res = await post(agent, `${baseUrl}/api/orders/${order.id}/status`, auth, {
          status: confirm ? 1 : 0,
          ...(confirm ? { dexId: dexOfZone.get(order.zone_id) } : {}),
          version: order.version,
        });
        times.push(performance.now() - sent);
        if (res.status !== 200) {
          refused++;
          continue;
        }
        const answer = JSON.parse(res.body) as { status: number; version: number };
        order.status = answer.status;
        order.version = answer.version;
      }
    }),
  );
  agent.destroy();
  const seconds = (performance.now() - started) / 1000;
  return {
    rps: Math.round(times.length / seconds),
    p50Ms: round1(percentile(times, 50)),
    p95Ms: round1(percentile(times, 95)),
    p99Ms: round1(percentile(times, 99)),
    non2xx: refused,
  };
}

/** Runs `use` with a connection of its own. */
async function withClient<T>(databaseUrl: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  // A connection the server drops mid-run fails the bench's next query, not the process.
  client.on('error', (error) => console.error(`database connection: ${error.message}`));
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/**
 * The same status changes with the business texting each confirmation to its customer (B19, ADR
 * 0075): their rate, to hold against a run without, and how long after each change's transaction
 * began its text was written to the outbox, once every text is settled (at most a minute after).
 */
async function changeStatusesTexting(
  baseUrl: string,
  databaseUrl: string,
  token: string,
  targets: Array<{ id: string; zone_id: string }>,
  dexOfZone: Map<string, string>,
) {
  const client = new pg.Client({ connectionString: databaseUrl });
  // A connection the server drops mid-run fails the bench's next query, not the process.
  client.on('error', (error) => console.error(`database connection: ${error.message}`));
  await client.connect();
  try {
    const { rows: business } = await client.query<{ id: string; limit: number }>(
      `SELECT b.id, b.sms_daily_limit AS limit FROM businesses b
       WHERE b.id = (SELECT business_id FROM orders WHERE id = $1)`,
      [targets[0]!.id],
    );
    const { id: businessId, limit } = business[0]!;
    await client.query(
      `INSERT INTO notification_settings (business_id, sms_confirmed) VALUES ($1, true)
       ON CONFLICT (business_id) DO UPDATE SET sms_confirmed = true`,
      [businessId],
    );
    await client.query('UPDATE businesses SET sms_daily_limit = 100000 WHERE id = $1', [businessId]);
    // Where each order stands after the run before.
    const { rows: now } = await client.query<{
      id: string;
      zone_id: string;
      status: number;
      version: number;
    }>('SELECT id, zone_id, status, version FROM orders WHERE id = ANY($1::uuid[])', [
      targets.map((order) => order.id),
    ]);
    const since = new Date();
    const figures = await changeStatuses(baseUrl, token, now, dexOfZone);
    let pending = 1;
    for (let waited = 0; pending > 0 && waited < 60_000; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const { rows } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM order_messages WHERE business_id = $1 AND state = 'PENDING' AND created_at >= $2`,
        [businessId, since],
      );
      pending = rows[0]!.n;
    }
    const { rows: outcomes } = await client.query<{ state: string; ms: number }>(
      `SELECT state, extract(epoch FROM sent_at - created_at) * 1000 AS ms FROM order_messages
       WHERE business_id = $1 AND created_at >= $2`,
      [businessId, since],
    );
    await client.query('UPDATE notification_settings SET sms_confirmed = false WHERE business_id = $1', [
      businessId,
    ]);
    await client.query('UPDATE businesses SET sms_daily_limit = $2 WHERE id = $1', [businessId, limit]);
    const sent = outcomes.filter((row) => row.state === 'SENT').map((row) => Number(row.ms));
    return {
      statusChanges: figures,
      texts: {
        queued: outcomes.length,
        sent: sent.length,
        failed: outcomes.filter((row) => row.state === 'FAILED').length,
        pending,
        p50Ms: round1(percentile(sent, 50)),
        p95Ms: round1(percentile(sent, 95)),
        maxMs: round1(Math.max(0, ...sent)),
      },
    };
  } finally {
    await client.end();
  }
}

/**
 * A bench's basket at a store `s`: its first three items in stock by name (`itemIds`), and the
 * condition that it has three (`hasItems`). Only items of one variant whose stock is not counted
 * (B17): an order's line needs no variant named, and a run of orders never sells them out.
 */
const basketItem = `store_id = s.id AND deleted_at IS NULL AND in_stock
      AND (SELECT count(*) = 1 AND bool_and(v.stock IS NULL) FROM item_variants v WHERE v.item_id = items.id)`;
export const basketSql = {
  itemIds: `(SELECT array_agg(i.id ORDER BY i.name) FROM (
      SELECT id, name FROM items WHERE ${basketItem} ORDER BY name LIMIT 3) AS i)`,
  hasItems: `(SELECT count(*) FROM items WHERE ${basketItem}) >= 3`,
};

/**
 * What an order of the bench names: an Open store of the demo business, three of its items in
 * stock, and where the store stands (its orders go there: the demo's stores deliver 5 km around).
 */
async function basketOf(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  // A connection the server drops mid-run fails the bench's next query, not the process.
  client.on('error', (error) => console.error(`database connection: ${error.message}`));
  await client.connect();
  try {
    const { rows } = await client.query<{
      key: string;
      store_id: string;
      item_ids: string[];
      lat: number;
      lng: number;
    }>(
      `SELECT b.storefront_key AS key, s.id AS store_id, s.latitude AS lat, s.longitude AS lng,
              ${basketSql.itemIds} AS item_ids
       FROM stores s JOIN businesses b ON b.id = s.business_id
       WHERE s.deleted_at IS NULL AND s.status = 1 AND s.name NOT LIKE 'Bench%'
         AND ${basketSql.hasItems}
       ORDER BY s.name LIMIT 1`,
    );
    const row = rows[0]!;
    return {
      key: row.key,
      storeId: row.store_id,
      itemIds: row.item_ids,
      point: { lat: row.lat, lng: row.lng },
    };
  } finally {
    await client.end();
  }
}

/**
 * Orders placed through `POST /api/storefront/orders` for 10 s by 20 clients, as the business's own
 * system places them (`apiKey`, ADR 0056): each names a new customer (an order that joins no
 * customer's account), an address by the store and cash on delivery. The endpoint allows each
 * client address 120 orders a minute, so the clients send from many loopback addresses (127.0.2.1
 * and on, each used for at most 100 orders), as that many tills would.
 */
export async function placeOrders(baseUrl: string, databaseUrl: string, apiKey: string): Promise<Figures> {
  const { key, storeId, itemIds, point } = await basketOf(databaseUrl);
  const clients = 20;
  const perAddress = 100;
  const agent = new http.Agent({ keepAlive: true });
  const headers = keyedOrderHeaders(key, apiKey);
  const times: number[] = [];
  let refused = 0;
  const started = performance.now();
  const deadline = started + 10_000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let turn = 0; performance.now() < deadline; turn++) {
        const address = client + clients * Math.floor(turn / perAddress);
        const localAddress = `127.0.${2 + Math.floor(address / 250)}.${1 + (address % 250)}`;
        const phone = `8${String(client * 1_000_000 + turn).padStart(9, '0')}`;
        const sent = performance.now();
        const res = await post(
          agent,
          `${baseUrl}/api/storefront/orders`,
          headers,
          {
            customer: { name: `Bench Customer ${client}-${turn}`, phone },
            storeId,
            items: itemIds.map((itemId) => ({ itemId, quantity: 5 })),
            deliveryAddress: { label: 'Home', text: `${turn}, Bench Road`, ...point },
            paymentMode: 'COD',
          },
          localAddress,
        );
        times.push(performance.now() - sent);
        if (res.status !== 201) refused++;
      }
    }),
  );
  agent.destroy();
  const seconds = (performance.now() - started) / 1000;
  return {
    rps: Math.round(times.length / seconds),
    p50Ms: round1(percentile(times, 50)),
    p95Ms: round1(percentile(times, 95)),
    p99Ms: round1(percentile(times, 99)),
    non2xx: refused,
  };
}

/**
 * The statements of `recountDailyStats` (apps/server/src/modules/orders/daily-stats.repository.ts,
 * ADR 0016), which the bench's project cannot import: the business's counters
 * counted again from every order, by the days of its time zone as the
 * transaction has it.
 */
async function recountDailyStats(client: pg.Client, businessId: string) {
  await client.query('LOCK TABLE daily_stats IN EXCLUSIVE MODE');
  await client.query(`DELETE FROM daily_stats WHERE business_id = $1`, [businessId]);
  await client.query(
    `INSERT INTO daily_stats (business_id, zone_id, day, total, delivered, cancelled, earnings_paise, new_customers)
     SELECT o.business_id, o.zone_id, (o.placed_at AT TIME ZONE (SELECT time_zone FROM businesses WHERE id = $1))::date,
            count(*), count(*) FILTER (WHERE o.status = -2), count(*) FILTER (WHERE o.status = -1),
            coalesce(sum(o.bill_amount_paise) FILTER (WHERE o.status = -2), 0),
            count(*) FILTER (WHERE o.first_of_customer)
     FROM (SELECT business_id, zone_id, placed_at, status, bill_amount_paise,
                  -- An order placed with a secret API key has no customer account, so it is nobody's first.
                  customer_id IS NOT NULL
                    AND row_number() OVER (PARTITION BY customer_id ORDER BY placed_at, number) = 1 AS first_of_customer
           FROM orders WHERE business_id = $1) AS o
     GROUP BY 1, 2, 3`,
    [businessId],
  );
}

/**
 * The demo business's time zone changed to UTC and back, each in one transaction
 * with its counters counted again from every order, as the settings save does:
 * seconds each.
 */
export async function changeTimeZone(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  // A connection the server drops mid-run fails the bench's next query, not the process.
  client.on('error', (error) => console.error(`database connection: ${error.message}`));
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      `SELECT business_id AS id FROM stores WHERE deleted_at IS NULL ORDER BY created_at LIMIT 1`,
    );
    const businessId = rows[0]!.id;
    const seconds: number[] = [];
    for (const timeZone of ['UTC', 'Asia/Kolkata']) {
      const started = performance.now();
      await client.query('BEGIN');
      await client.query('UPDATE businesses SET time_zone = $2 WHERE id = $1', [businessId, timeZone]);
      await recountDailyStats(client, businessId);
      await client.query('COMMIT');
      seconds.push(round1((performance.now() - started) / 1000));
    }
    return { toUtcSeconds: seconds[0]!, backSeconds: seconds[1]! };
  } finally {
    await client.end();
  }
}

export async function benchOrders(baseUrl: string, databaseUrl: string, token: string, serverPid: number) {
  const started = Date.now();
  const { open, dexes } = await seedOrders(databaseUrl);
  const seedSeconds = Math.round((Date.now() - started) / 100) / 10;
  const headers = { authorization: `Bearer ${token}` };

  const list = await cannon({ url: `${baseUrl}/api/orders?pageSize=10`, headers });
  const dashboard = await cannon({ url: `${baseUrl}/api/dashboard`, headers });

  // Status changes: 20 clients, each with its own open orders, moving them between Placed and
  // Confirmed (with a delivery executive of the order's zone) and carrying the version each answer gives.
  const dexOfZone = new Map(dexes.map((dex) => [dex.zone_id, dex.id]));
  const targets = open.filter((order) => dexOfZone.has(order.zone_id));
  // An open live stream notes, for every orders event, how long after its transaction began it arrived.
  const latencies: number[] = [];
  const stream = await openStream(baseUrl, token, (event) => {
    if (event.topic === 'orders') latencies.push(Date.now() - Date.parse(event.at));
  });
  const changes = await changeStatuses(baseUrl, token, targets, dexOfZone);
  await new Promise((resolve) => setTimeout(resolve, 500));
  stream.destroy();
  const eventLatency = {
    received: latencies.length,
    p50Ms: round1(percentile(latencies, 50)),
    p95Ms: round1(percentile(latencies, 95)),
  };

  const texting = await changeStatusesTexting(baseUrl, databaseUrl, token, targets, dexOfZone);
  // The same changes again without texts, warm as the texting run was: the rate it is held against.
  const { rows: againFrom } = await withClient(databaseUrl, (client) =>
    client.query<{ id: string; zone_id: string; status: number; version: number }>(
      'SELECT id, zone_id, status, version FROM orders WHERE id = ANY($1::uuid[])',
      [targets.map((order) => order.id)],
    ),
  );
  const changesAgain = await changeStatuses(baseUrl, token, againFrom, dexOfZone);

  // CSV export of the closed orders of a date range holding 100,000 of them, memory sampled meanwhile.
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const firstClosedDaysAgo = Math.ceil((openOrders * spacingSeconds) / 86_400) + 1;
  const spanDays = Math.round((100_000 * spacingSeconds) / 86_400);
  const exportUrl = `${baseUrl}/api/orders/export.csv?view=completed&from=${day(firstClosedDaysAgo + spanDays - 1)}&to=${day(firstClosedDaysAgo)}`;
  const rssBefore = rssMb(serverPid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(serverPid))), 50);
  const exportStarted = performance.now();
  const res = await fetch(exportUrl, { headers });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body!) {
    bytes += chunk.length;
    for (const byte of chunk as Uint8Array) if (byte === 10) lines++;
  }
  clearInterval(sampler);
  const csvExport = {
    status: res.status,
    rows: lines - 1,
    megabytes: round1(bytes / 1_048_576),
    seconds: round1((performance.now() - exportStarted) / 1000),
    serverRssBeforeMb: rssBefore,
    serverRssPeakMb: rssPeak,
  };

  // Last, so the orders it adds change none of the figures above.
  const placing = await placeOrders(baseUrl, databaseUrl, await createApiKey(baseUrl, token));
  console.log(
    `POST /api/storefront/orders  ${placing.rps} orders/s, p50 ${placing.p50Ms} ms, p95 ${placing.p95Ms} ms, p99 ${placing.p99Ms} ms (20 clients, ${placing.non2xx} non-2xx) (target ≥ ${ordersTargets.placedPerSecond}/s)`,
  );

  const zoneChange = await changeTimeZone(databaseUrl);
  console.log(
    `time zone change + recount   ${zoneChange.toUtcSeconds} s to UTC, ${zoneChange.backSeconds} s back (all ${ordersTotal} orders of the business)`,
  );

  return {
    seed: { orders: ordersTotal, customers: customersTotal, openOrders, seconds: seedSeconds },
    list,
    dashboard,
    statusChanges: changes,
    eventLatency,
    texting: { ...texting, withoutTexts: changesAgain },
    csvExport,
    placing,
    zoneChange,
  };
}
