/**
 * Stores and catalogue at scale:
 * - 1,000 stores and one store of 50,000 items, then the store list and the item list searched
 *   and paged at 20 connections;
 * - the grocer's catalogue (B17): five stores of 5,000 items of one to three variants each, the
 *   first filled through the import endpoint with a file of 10,000 variant rows
 *   (bench/catalogue-import.ts) and the others with SQL; then the staff item list of the five
 *   searched and paged at 20 connections, the customer app's catalogue of a store of 5,000 items
 *   (its size plain and compressed, and its latency), and orders with stock counted against
 *   orders without (bench/catalogue-stock.ts).
 */
import http from 'node:http';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchImport, importCategories, type ServerProcess } from './catalogue-import.ts';
import { insertCategories, insertStoreItems } from './catalogue-seed.ts';
import { benchStockOrders } from './catalogue-stock.ts';
import { createApiKey } from './orders.ts';
import { postgresCpuSeconds } from './rush-load.ts';
import { cpuSeconds, percentile, round1 } from './stats.ts';

export const catalogueTargets = {
  storeListP95Ms: 30,
  itemListP95Ms: 30,
  importSeconds: 20,
  storeItemListP95Ms: 50,
  /** Orders a second with stock counted, at least this share of those without. */
  countedOrdersShare: 0.9,
};

/** Stores of the grocer's catalogue, and items in each. */
const grocers = 5;
const grocerItems = 5000;

/** Fills the demo business with 1,000 stores and one store of 50,000 items, in SQL. */
export async function seedScale(databaseUrl: string): Promise<{ bigStoreId: string }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  // A connection the server drops mid-run fails the bench's next query, not the process.
  client.on('error', (error) => console.error(`database connection: ${error.message}`));
  await client.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ business_id: string; zone_id: string }>(
      `SELECT business_id, id AS zone_id FROM zones WHERE deleted_at IS NULL ORDER BY created_at, name LIMIT 1`,
    );
    const { business_id: businessId, zone_id: zoneId } = rows[0]!;
    await client.query(
      `INSERT INTO stores (business_id, zone_id, name, description, location, phone, featured, latitude, longitude, geohash, open_time, close_time, status)
       SELECT $1, $2, 'Bench store ' || n, 'Store number ' || n, 'Area ' || (n % 50), '98450' || lpad(n::text, 5, '0'),
              1 + n % 9, 12.9 + n / 10000.0, 77.5 + n / 10000.0, 'tdr1' || lpad(n::text, 5, '0'), '07:00', '22:00', n % 2
       FROM generate_series(1, 1000) AS n`,
      [businessId, zoneId],
    );
    const big = await client.query<{ id: string }>(
      `INSERT INTO stores (business_id, zone_id, name, description, location, phone, featured, latitude, longitude, geohash, open_time, close_time, status)
       VALUES ($1, $2, 'Bench hypermarket', 'Everything', 'Whitefield', '9845099999', 9, 12.97, 77.75, 'tdr1zzzzz', '06:00', '23:00', 1)
       RETURNING id`,
      [businessId, zoneId],
    );
    const bigStoreId = big.rows[0]!.id;
    await insertCategories(client, { businessId, storeId: bigStoreId }, 200);
    await insertStoreItems(client, {
      businessId,
      storeId: bigStoreId,
      items: 50_000,
      variants: 'one',
      skuPrefix: null,
      stock: null,
    });
    await client.query('COMMIT');
    // Autovacuum would get here within a minute or two; the lists are measured on a settled database.
    for (const table of ['stores', 'categories', 'items', 'item_variants'])
      await client.query(`VACUUM ANALYZE ${table}`);
    return { bigStoreId };
  } finally {
    await client.end();
  }
}

/**
 * 20 connections for 10 s over `paths` in turn; p95 from every response time (autocannon reports
 * no p95), and the cores the server and its PostgreSQL kept busy meanwhile (out of the machine's,
 * which other work shares).
 */
async function measure(
  baseUrl: string,
  headers: Record<string, string>,
  paths: string[],
  server: ServerProcess,
) {
  let i = 0;
  const times: number[] = [];
  const serverCpu = cpuSeconds(server.pid);
  const postgresCpu = postgresCpuSeconds(server.dataDir);
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon(
      {
        url: baseUrl,
        connections: 20,
        duration: 10,
        headers,
        requests: [
          { method: 'GET', setupRequest: (request) => ({ ...request, path: paths[i++ % paths.length]! }) },
        ],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    run.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  const seconds = (performance.now() - started) / 1000;
  return {
    rps: Math.round(result.requests.average),
    p50Ms: round1(percentile(times, 50)),
    p95Ms: round1(percentile(times, 95)),
    p99Ms: round1(percentile(times, 99)),
    non2xx: result.non2xx,
    serverCores: round1((cpuSeconds(server.pid) - serverCpu) / seconds),
    postgresCores: round1((postgresCpuSeconds(server.dataDir) - postgresCpu) / seconds),
  };
}

/** One request, timed: the first read of a list loads it into memory. */
async function timeOne(baseUrl: string, token: string, path: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return Math.round((performance.now() - started) * 10) / 10;
}

export type Grocer = { id: string; lat: number; lng: number };

/**
 * The grocer's stores, in the demo business's first zone around Koramangala, Open all day:
 * each with 50 categories (`Aisle 1` to `Aisle 50`), the first with no items (the import fills
 * it), the others with 5,000 items of mixed variants, SKUs `G<n>-…`, stock not counted.
 */
async function seedGrocers(databaseUrl: string): Promise<Grocer[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  // A connection the server drops mid-run fails the bench's next query, not the process.
  client.on('error', (error) => console.error(`database connection: ${error.message}`));
  await client.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ business_id: string; zone_id: string }>(
      `SELECT business_id, id AS zone_id FROM zones WHERE deleted_at IS NULL ORDER BY created_at, name LIMIT 1`,
    );
    const { business_id: businessId, zone_id: zoneId } = rows[0]!;
    const stores = await client.query<{ id: string; lat: number; lng: number }>(
      `INSERT INTO stores (business_id, zone_id, name, description, location, phone, featured, latitude, longitude, geohash, open_time, close_time, status)
       SELECT $1, $2, 'Bench grocer ' || n, 'A grocer of 5,000 items', 'Koramangala', '98451' || lpad(n::text, 5, '0'),
              1, 12.9352 + n / 1000.0, 77.6245, 'tdr1g' || lpad(n::text, 4, '0'), '00:00', '23:59', 1
       FROM generate_series(1, $3::int) AS n ORDER BY n
       RETURNING id, latitude AS lat, longitude AS lng`,
      [businessId, zoneId, grocers],
    );
    for (const [n, store] of stores.rows.entries()) {
      const ref = { businessId, storeId: store.id };
      await insertCategories(client, ref, importCategories);
      if (n === 0) continue;
      await insertStoreItems(client, {
        ...ref,
        items: grocerItems,
        variants: 'mixed',
        skuPrefix: `G${n + 1}`,
        stock: null,
      });
    }
    await client.query('COMMIT');
    for (const table of ['stores', 'categories', 'items', 'item_variants']) {
      await client.query(`VACUUM ANALYZE ${table}`);
    }
    return stores.rows;
  } finally {
    await client.end();
  }
}

/** One GET with `accept-encoding`, as bytes on the wire: its status, encoding, length and ETag. */
function wireBytes(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; encoding: string; bytes: number; body: Buffer; etag: string }>(
    (resolve, reject) => {
      http
        .get(url, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const body = Buffer.concat(chunks);
            resolve({
              status: res.statusCode ?? 0,
              encoding: String(res.headers['content-encoding'] ?? 'identity'),
              bytes: body.length,
              body,
              etag: String(res.headers.etag ?? ''),
            });
          });
          res.on('error', reject);
        })
        .on('error', reject);
    },
  );
}

/**
 * The customer app's catalogue of a store of 5,000 items: its bytes plain, gzip and brotli,
 * what it holds, and its latency at 20 connections as a browser asks (brotli accepted), whole
 * and searched.
 */
async function benchStorefrontCatalogue(
  baseUrl: string,
  storefrontKey: string,
  storeId: string,
  server: ServerProcess,
) {
  const path = `/api/storefront/stores/${storeId}/catalogue`;
  const key = { 'x-storefront-key': storefrontKey };
  const plain = await wireBytes(`${baseUrl}${path}`, { ...key, 'accept-encoding': 'identity' });
  if (plain.status !== 200)
    throw new Error(`${path} answered ${plain.status}: ${plain.body.toString().slice(0, 300)}`);
  const gzip = await wireBytes(`${baseUrl}${path}`, { ...key, 'accept-encoding': 'gzip' });
  const br = await wireBytes(`${baseUrl}${path}`, { ...key, 'accept-encoding': 'br' });
  const answer = JSON.parse(plain.body.toString()) as {
    items: Array<{ variants: unknown[] }>;
    categories: unknown[];
    truncated: boolean;
  };
  const browser = { ...key, 'accept-encoding': 'gzip, deflate, br, zstd' };
  // One customer at a time: what a page waits for when the server has nothing else to do.
  const alone: number[] = [];
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    const res = await wireBytes(`${baseUrl}${path}`, browser);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    alone.push(performance.now() - started);
  }
  const whole = await measure(baseUrl, browser, [path], server);
  const searches = ['org', 'fresh', 'product 1', 'premium product 4', 'dai', 'tag3'].map(
    (q) => `${path}?q=${encodeURIComponent(q)}`,
  );
  const searched = await measure(baseUrl, browser, searches, server);
  // The app asking again with the tag it holds (every 15 s while the page is shown): 304 while
  // nothing changed, the catalogue not read (autocannon counts each 304 in `non2xx`).
  const held = { ...browser, 'if-none-match': plain.etag };
  const again: number[] = [];
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    const res = await wireBytes(`${baseUrl}${path}`, held);
    if (res.status !== 304) throw new Error(`${path} with its tag answered ${res.status}`);
    again.push(performance.now() - started);
  }
  const revalidated = await measure(baseUrl, held, [path], server);
  return {
    items: answer.items.length,
    variants: answer.items.reduce((sum, item) => sum + item.variants.length, 0),
    categories: answer.categories.length,
    truncated: answer.truncated,
    kilobytes: {
      plain: round1(plain.bytes / 1024),
      gzip: gzip.encoding === 'gzip' ? round1(gzip.bytes / 1024) : null,
      br: br.encoding === 'br' ? round1(br.bytes / 1024) : null,
    },
    alone: {
      requests: alone.length,
      p50Ms: round1(percentile(alone, 50)),
      p95Ms: round1(percentile(alone, 95)),
    },
    whole,
    searched,
    revalidated: {
      alone: { p50Ms: round1(percentile(again, 50)), p95Ms: round1(percentile(again, 95)) },
      ...revalidated,
    },
  };
}

/**
 * The item list is measured twice. "Search and page": deep unfiltered pages, and
 * searches each followed by its next three pages, as someone looks through what
 * they found. "New searches only": every request a search the server has not
 * seen lately (more distinct searches than it keeps per list, in a cycle), the
 * worst case. The store list mixes pages with searches that are all new.
 */
export async function benchCatalogue(
  baseUrl: string,
  databaseUrl: string,
  token: string,
  server: ServerProcess,
) {
  // Other work on the machine shows here: the figures are only as quiet as the machine was.
  const loadAverageAtStart = round1(os.loadavg()[0]!);
  const staff = { authorization: `Bearer ${token}` };
  const started = Date.now();
  const { bigStoreId } = await seedScale(databaseUrl);
  const seedSeconds = Math.round((Date.now() - started) / 100) / 10;
  const items = `/api/stores/${bigStoreId}/items`;
  const firstReadMs = {
    stores: await timeOne(baseUrl, token, '/api/stores?page=0&pageSize=10'),
    items: await timeOne(baseUrl, token, `${items}?page=0&pageSize=10`),
  };
  const words = ['organic', 'fresh', 'classic', 'premium', 'daily'];
  /** Search n: half match a fifth of a store ("org", "orga", …), half a few hundred items ("product 17"). */
  const searchOf = (n: number) =>
    encodeURIComponent(n % 2 === 0 ? words[(n / 2) % 5]!.slice(0, 3 + ((n / 2) % 4)) : `product ${n}`);
  const storePaths: string[] = [];
  const itemPaths: string[] = [];
  const newSearchPaths: string[] = [];
  for (let n = 0; n < 40; n++) {
    const pageSize = [5, 10, 25][n % 3];
    storePaths.push(`/api/stores?page=${n % 30}&pageSize=${pageSize}`);
    storePaths.push(`/api/stores?q=store%20${(n * 37) % 1000}&page=0&pageSize=${pageSize}`);
    const q = searchOf(n);
    itemPaths.push(`${items}?page=${(n * 97) % 1900}&pageSize=${pageSize}`);
    for (let page = 0; page < 4; page++) itemPaths.push(`${items}?q=${q}&page=${page}&pageSize=${pageSize}`);
    newSearchPaths.push(`${items}?q=${q}&page=${n % 10}&pageSize=${pageSize}`);
  }
  const storeList = await measure(baseUrl, staff, storePaths, server);
  const itemList = await measure(baseUrl, staff, itemPaths, server);
  const itemNewSearches = await measure(baseUrl, staff, newSearchPaths, server);

  // A rename anywhere (here straight in SQL, as another instance would) makes the next read load the list again.
  const client = new pg.Client({ connectionString: databaseUrl });
  // A connection the server drops mid-run fails the bench's next query, not the process.
  client.on('error', (error) => console.error(`database connection: ${error.message}`));
  await client.connect();
  await client.query(
    `UPDATE items SET name = name || ' (renamed)' WHERE id = (SELECT id FROM items WHERE store_id = $1 LIMIT 1)`,
    [bigStoreId],
  );
  await client.end();
  const readAfterRenameMs = await timeOne(baseUrl, token, `${items}?page=0&pageSize=10`);

  // The grocer's catalogue: five stores of 5,000 items, the first filled by the import.
  const grocerStarted = Date.now();
  const stores = await seedGrocers(databaseUrl);
  const grocerSeedSeconds = Math.round((Date.now() - grocerStarted) / 100) / 10;
  const imported = await benchImport(baseUrl, token, stores[0]!.id, server);

  const grocerFirstReadMs: number[] = [];
  const grocerPaths: string[] = [];
  for (const [s, store] of stores.entries()) {
    const list = `/api/stores/${store.id}/items`;
    grocerFirstReadMs.push(await timeOne(baseUrl, token, `${list}?page=0&pageSize=10`));
    for (let n = 0; n < 16; n++) {
      const pageSize = [5, 10, 25][(n + s) % 3]!;
      grocerPaths.push(
        `${list}?page=${(n * 37 + s) % Math.floor(grocerItems / pageSize)}&pageSize=${pageSize}`,
      );
      const q = searchOf(n + s);
      for (let page = 0; page < 2; page++)
        grocerPaths.push(`${list}?q=${q}&page=${page}&pageSize=${pageSize}`);
    }
  }
  const { total: importedItems } = (await (
    await fetch(`${baseUrl}/api/stores/${stores[0]!.id}/items?pageSize=5`, { headers: staff })
  ).json()) as { total: number };
  const grocerLists = await measure(baseUrl, staff, grocerPaths, server);

  const { storefrontKey } = (await (
    await fetch(`${baseUrl}/api/settings/business`, { headers: staff })
  ).json()) as {
    storefrontKey: string;
  };
  const storefront = await benchStorefrontCatalogue(baseUrl, storefrontKey, stores[0]!.id, server);
  const stockOrders = await benchStockOrders(
    baseUrl,
    databaseUrl,
    { storefrontKey, apiKey: await createApiKey(baseUrl, token) },
    stores[1]!,
  );

  return {
    machine: { cpus: os.cpus().length, loadAverageAtStart },
    seed: { stores: 1001, items: 50_000, seconds: seedSeconds },
    stores: storeList,
    items: itemList,
    itemNewSearches,
    firstReadMs,
    itemReadAfterRenameMs: readAfterRenameMs,
    grocers: {
      stores: grocers,
      itemsEach: grocerItems,
      importedItems,
      seedSeconds: grocerSeedSeconds,
      firstReadMs: grocerFirstReadMs,
      itemLists: grocerLists,
    },
    import: imported,
    storefront,
    stockOrders,
  };
}
