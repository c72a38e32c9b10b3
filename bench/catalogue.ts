/**
 * Stores and catalogue at scale: 1,000 stores and one store of 50,000 items,
 * then the store list and the item list searched and paged at 20 connections.
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { percentile, round1 } from './stats.ts';

export const catalogueTargets = { storeListP95Ms: 30, itemListP95Ms: 30 };

/** Fills the demo business with 1,000 stores and one store of 50,000 items, in SQL. */
export async function seedScale(databaseUrl: string): Promise<{ bigStoreId: string }> {
  const client = new pg.Client({ connectionString: databaseUrl });
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
    await client.query(
      `INSERT INTO categories (business_id, store_id, name)
       SELECT $1, $2, 'Aisle ' || n FROM generate_series(1, 200) AS n`,
      [businessId, bigStoreId],
    );
    await client.query(
      `INSERT INTO items (business_id, store_id, category_id, name, tags, in_stock, veg, featured, price_paise)
       SELECT $1, $2, (SELECT id FROM categories WHERE store_id = $2 ORDER BY name OFFSET (n % 200) LIMIT 1),
              (ARRAY['Organic','Fresh','Classic','Premium','Daily'])[1 + n % 5] || ' product ' || n,
              ARRAY['tag' || (n % 20)], n % 7 <> 0, n % 3 = 0, n % 4, 1000 + (n * 37) % 99000
       FROM generate_series(1, 50000) AS n`,
      [businessId, bigStoreId],
    );
    await client.query('COMMIT');
    // Autovacuum would get here within a minute or two; the lists are measured on a settled database.
    for (const table of ['stores', 'categories', 'items']) await client.query(`VACUUM ANALYZE ${table}`);
    return { bigStoreId };
  } finally {
    await client.end();
  }
}

/** 20 connections for 10 s over `paths` in turn; p95 from every response time (autocannon reports no p95). */
async function measure(baseUrl: string, token: string, paths: string[]) {
  let i = 0;
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon(
      {
        url: baseUrl,
        connections: 20,
        duration: 10,
        headers: { authorization: `Bearer ${token}` },
        requests: [
          { method: 'GET', setupRequest: (request) => ({ ...request, path: paths[i++ % paths.length]! }) },
        ],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    run.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  return {
    rps: Math.round(result.requests.average),
    p50Ms: round1(percentile(times, 50)),
    p95Ms: round1(percentile(times, 95)),
    p99Ms: round1(percentile(times, 99)),
    non2xx: result.non2xx,
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

/**
 * The item list is measured twice. "Search and page": deep unfiltered pages, and
 * searches each followed by its next three pages, as someone looks through what
 * they found. "New searches only": every request a search the server has not
 * seen lately (more distinct searches than it keeps per list, in a cycle), the
 * worst case. The store list mixes pages with searches that are all new.
 */
export async function benchCatalogue(baseUrl: string, databaseUrl: string, token: string) {
  const started = Date.now();
  const { bigStoreId } = await seedScale(databaseUrl);
  const seedSeconds = Math.round((Date.now() - started) / 100) / 10;
  const items = `/api/stores/${bigStoreId}/items`;
  const firstReadMs = {
    stores: await timeOne(baseUrl, token, '/api/stores?page=0&pageSize=10'),
    items: await timeOne(baseUrl, token, `${items}?page=0&pageSize=10`),
  };
  const words = ['organic', 'fresh', 'classic', 'premium', 'daily'];
  const storePaths: string[] = [];
  const itemPaths: string[] = [];
  const newSearchPaths: string[] = [];
  for (let n = 0; n < 40; n++) {
    const pageSize = [5, 10, 25][n % 3];
    storePaths.push(`/api/stores?page=${n % 30}&pageSize=${pageSize}`);
    storePaths.push(`/api/stores?q=store%20${(n * 37) % 1000}&page=0&pageSize=${pageSize}`);
    // Half match a fifth of the store ("org", "orga", …), half a few hundred items ("product 17").
    const q = encodeURIComponent(
      n % 2 === 0 ? words[(n / 2) % 5]!.slice(0, 3 + ((n / 2) % 4)) : `product ${n}`,
    );
    itemPaths.push(`${items}?page=${(n * 97) % 1900}&pageSize=${pageSize}`);
    for (let page = 0; page < 4; page++) itemPaths.push(`${items}?q=${q}&page=${page}&pageSize=${pageSize}`);
    newSearchPaths.push(`${items}?q=${q}&page=${n % 10}&pageSize=${pageSize}`);
  }
  const storeList = await measure(baseUrl, token, storePaths);
  const itemList = await measure(baseUrl, token, itemPaths);
  const itemNewSearches = await measure(baseUrl, token, newSearchPaths);

  // A rename anywhere (here straight in SQL, as another instance would) makes the next read load the list again.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(
    `UPDATE items SET name = name || ' (renamed)' WHERE id = (SELECT id FROM items WHERE store_id = $1 LIMIT 1)`,
    [bigStoreId],
  );
  await client.end();
  const readAfterRenameMs = await timeOne(baseUrl, token, `${items}?page=0&pageSize=10`);

  return {
    seed: { stores: 1001, items: 50_000, seconds: seedSeconds },
    stores: storeList,
    items: itemList,
    itemNewSearches,
    firstReadMs,
    itemReadAfterRenameMs: readAfterRenameMs,
  };
}
