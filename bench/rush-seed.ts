/**
 * The rush's database, written with SQL on the fresh server's embedded PostgreSQL:
 * - `createBusinesses`: copies of the demo business (new ids): its zones, stores,
 *   categories, items and their variants, an owner with the demo owner's password hash
 *   (owner-<n>@rush.example.com / owner-demo-1), one delivery executive per zone,
 *   cash on delivery, a storefront key and the demo's order settings;
 * - `seedBusinessOrders`: orders per business in the manner of `seedOrders`
 *   (bench/orders.ts): numbering trigger off, numbers per business from the
 *   business's counter, one new customer per five orders, the newest `open`
 *   orders still Placed, the day counters counted again, VACUUM ANALYZE after.
 *   A business's orders are numbered from the newest down (n = 1 the newest), so
 *   its open orders (n ≤ open) can be written first and its history later
 *   without either renumbering the other.
 * Every business's limit of open orders per executive is lifted (the rush
 * confirms many orders with each zone's one executive). `loadBusinesses` gives
 * each business a session of its owner and a secret API key, both written as
 * the server keeps them (SHA-256), since its orders come from the business's
 * own system (ADR 0056).
 */
import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { basketSql } from './orders.ts';

/** What the load needs of one business. */
export type RushBusiness = {
  id: string;
  key: string;
  storeId: string;
  itemIds: string[];
  lat: number;
  lng: number;
  /** A session of its owner, made in the database (sign-in is deliberately slow). */
  token: string;
  /** A secret API key of the business, made in the database: what its orders carry. */
  apiKey: string;
  /** One delivery executive of each zone. */
  dexOfZone: Map<string, string>;
};

export type OpenOrder = { id: string; businessId: string; zoneId: string; version: number };

/** Orders of one business are spread over two years, newest first. */
const spanSeconds = 2 * 365 * 86_400;

/** Copies of the demo business, `count` of them, in one transaction; answers their ids. */
export async function createBusinesses(client: pg.Client, demoId: string, count: number): Promise<string[]> {
  await client.query('BEGIN');
  try {
    await client.query(
      `CREATE TEMP TABLE rush_b ON COMMIT DROP AS
       SELECT n, gen_random_uuid() AS id FROM generate_series(1, $1::int) AS n`,
      [count],
    );
    await client.query(
      `INSERT INTO businesses (id, name, description, type, theme, live, time_zone, storefront_key, slug, service_ends_at)
       SELECT b.id, 'Rush Business ' || b.n, d.description, d.type, d.theme, true, d.time_zone,
              'pk_rush_' || b.n || '_' || substr(md5(random()::text), 1, 16), 'rush-business-' || b.n, d.service_ends_at
       FROM rush_b b CROSS JOIN businesses d WHERE d.id = $1`,
      [demoId],
    );
    await client.query(
      `CREATE TEMP TABLE rush_z ON COMMIT DROP AS
       SELECT gen_random_uuid() AS id, b.id AS business_id, b.n, z.id AS old_id, z.name
       FROM rush_b b CROSS JOIN zones z WHERE z.business_id = $1 AND z.deleted_at IS NULL`,
      [demoId],
    );
    await client.query(`INSERT INTO zones (id, business_id, name) SELECT id, business_id, name FROM rush_z`);
    const owner = await client.query<{ zone_id: string }>(
      `SELECT zone_id FROM users
       WHERE business_id = $1 AND level = 1 AND deleted_at IS NULL AND lower(email) = 'owner@example.com'`,
      [demoId],
    );
    if (owner.rows.length !== 1) throw new Error('the demo owner (owner@example.com) is missing');
    await client.query(
      `INSERT INTO users (business_id, zone_id, level, name, email, phone, password_hash, email_verified_at)
       SELECT z.business_id, z.id, 1, 'Rush Owner ' || z.n, 'owner-' || z.n || '@rush.example.com', o.phone, o.password_hash, now()
       FROM rush_z z JOIN users o ON o.zone_id = z.old_id
       WHERE o.business_id = $1 AND o.level = 1 AND o.deleted_at IS NULL AND lower(o.email) = 'owner@example.com'`,
      [demoId],
    );
    await client.query(
      `INSERT INTO users (business_id, zone_id, level, name, email, phone, password_hash, email_verified_at)
       SELECT z.business_id, z.id, 3, 'Rush Executive ' || z.n || ' ' || z.name,
              'dex-' || replace(z.id::text, '-', '') || '@rush.example.com', '+91-9800000011', o.password_hash, now()
       FROM rush_z z CROSS JOIN (
         SELECT password_hash FROM users
         WHERE business_id = $1 AND level = 1 AND deleted_at IS NULL AND lower(email) = 'owner@example.com') AS o`,
      [demoId],
    );
    await client.query(
      `CREATE TEMP TABLE rush_s ON COMMIT DROP AS
       SELECT gen_random_uuid() AS id, z.business_id, z.id AS zone_id, s.id AS old_id
       FROM rush_z z JOIN stores s ON s.zone_id = z.old_id AND s.deleted_at IS NULL`,
    );
    await client.query(
      `INSERT INTO stores (id, business_id, zone_id, name, description, location, phone, featured, latitude, longitude,
                           geohash, open_time, close_time, delivery_radius_km, status)
       SELECT r.id, r.business_id, r.zone_id, s.name, s.description, s.location, s.phone, s.featured, s.latitude,
              s.longitude, s.geohash, s.open_time, s.close_time, s.delivery_radius_km, s.status
       FROM rush_s r JOIN stores s ON s.id = r.old_id`,
    );
    await client.query(
      `CREATE TEMP TABLE rush_c ON COMMIT DROP AS
       SELECT gen_random_uuid() AS id, r.business_id, r.id AS store_id, c.id AS old_id
       FROM rush_s r JOIN categories c ON c.store_id = r.old_id AND c.deleted_at IS NULL`,
    );
    await client.query(
      `INSERT INTO categories (id, business_id, store_id, name)
       SELECT rc.id, rc.business_id, rc.store_id, c.name FROM rush_c rc JOIN categories c ON c.id = rc.old_id`,
    );
    await client.query(
      `CREATE TEMP TABLE rush_i ON COMMIT DROP AS
       SELECT gen_random_uuid() AS id, r.business_id, r.id AS store_id, rc.id AS category_id, i.id AS old_id
       FROM rush_s r JOIN items i ON i.store_id = r.old_id AND i.deleted_at IS NULL
       LEFT JOIN rush_c rc ON rc.old_id = i.category_id AND rc.store_id = r.id`,
    );
    await client.query(
      `INSERT INTO items (id, business_id, store_id, category_id, name, tags, in_stock, veg, featured, gst_rate, hsn)
       SELECT ri.id, ri.business_id, ri.store_id, ri.category_id, i.name, i.tags, i.in_stock, i.veg, i.featured, i.gst_rate, i.hsn
       FROM rush_i ri JOIN items i ON i.id = ri.old_id`,
    );
    // Each copied item gets its demo item's variants (B17): an item has at least one.
    await client.query(
      `INSERT INTO item_variants (business_id, store_id, item_id, position, label, price_paise, mrp_paise, sku, barcode, stock, low_stock_at)
       SELECT ri.business_id, ri.store_id, ri.id, v.position, v.label, v.price_paise, v.mrp_paise, v.sku, v.barcode, v.stock, v.low_stock_at
       FROM rush_i ri JOIN item_variants v ON v.item_id = ri.old_id`,
    );
    await client.query(
      `INSERT INTO order_settings (business_id, delivery_charges_enabled, standard_delivery_charges_paise, minimum_order_paise)
       SELECT b.id, d.delivery_charges_enabled, d.standard_delivery_charges_paise, d.minimum_order_paise
       FROM rush_b b CROSS JOIN order_settings d WHERE d.business_id = $1`,
      [demoId],
    );
    // Every status change confirms an order with its zone's one executive: lift the limit of open orders per
    // executive (B14) everywhere, the demo's too, or after the fifth every change is refused.
    await client.query(`UPDATE order_settings SET max_open_orders_per_executive = 1000000`);
    await client.query(
      `INSERT INTO payment_modes (business_id, title, type, enabled)
       SELECT id, 'Cash on delivery', 'COD', true FROM rush_b`,
    );
    const ids = await client.query<{ id: string }>('SELECT id FROM rush_b ORDER BY n');
    await client.query('COMMIT');
    return ids.rows.map((row) => row.id);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/**
 * Orders n = from..to (1 the newest) of each business of `ids`, in one transaction: `total` is how many the
 * business will hold from the bench (numbers after `base`, its counter before), the newest `open` of them
 * Placed. Customers: one per five orders, phones 7000000000 and on.
 */
export async function seedBusinessOrders(
  client: pg.Client,
  ids: string[],
  plan: { from: number; to: number; total: number; open: number; base: number },
) {
  const customers = Math.max(plan.open + 1, Math.ceil(plan.total / 5));
  const spacing = Math.max(1, Math.floor(spanSeconds / plan.total));
  await client.query('BEGIN');
  try {
    // The customers these orders name (k = n % customers), those not already written.
    await client.query(
      `INSERT INTO customers (business_id, name, phone, created_at)
       SELECT b.id, (ARRAY['Aarav','Diya','Kabir','Meera','Rohan','Isha'])[1 + k % 6] || ' ' || (ARRAY['Sharma','Iyer','Reddy','Khan','Nair'])[1 + k % 5] || ' ' || k,
              '7' || lpad(k::text, 9, '0'), now() - (k * interval '5 minutes')
       FROM unnest($1::uuid[]) AS b(id)
       CROSS JOIN (SELECT DISTINCT n % $4::int AS k FROM generate_series($2::int, $3::int) AS n) AS ks
       ON CONFLICT (business_id, phone) DO NOTHING`,
      [ids, plan.from, Math.min(plan.to, plan.from + customers - 1), customers],
    );
    // One statement numbers the orders itself: the per-order trigger would update each business's counter
    // row once per order.
    await client.query('ALTER TABLE orders DISABLE TRIGGER orders_number');
    await client.query(
      `WITH s AS (
         SELECT id, business_id, zone_id, name,
                row_number() OVER (PARTITION BY business_id ORDER BY name) - 1 AS k,
                count(*) OVER (PARTITION BY business_id) AS m
         FROM stores WHERE business_id = ANY($1::uuid[]) AND deleted_at IS NULL),
       c AS (
         SELECT id, business_id, name, phone, substr(phone, 2)::int AS k
         FROM customers WHERE business_id = ANY($1::uuid[]) AND phone LIKE '7%' AND length(phone) = 10)
       INSERT INTO orders (number, business_id, zone_id, store_id, store_name, customer_id, customer_name, customer_phone,
                           placed_at, status, state, items, charges, items_total_paise, charges_total_paise, bill_amount_paise,
                           delivery_address, payment_mode)
       SELECT $6::int + $4::int + 1 - g.n, b.id, s.zone_id, s.id, s.name, c.id, c.name, c.phone,
              now() - (g.n * $7::int * interval '1 second'),
              CASE WHEN g.n <= $5 THEN 0 WHEN g.n % 14 = 0 THEN -1 ELSE -2 END,
              CASE WHEN g.n <= $5 THEN 1 ELSE 0 END,
              jsonb_build_array(jsonb_build_object('itemId', gen_random_uuid(), 'itemName', 'Basmati Rice (5 kg)', 'itemQuantity', 1 + g.n % 3, 'itemPricePaise', 64950)),
              jsonb_build_array(jsonb_build_object('chargeLabel', 'Delivery charges', 'chargeAmountPaise', 3000)),
              64950 * (1 + g.n % 3), 3000, 64950 * (1 + g.n % 3) + 3000,
              jsonb_build_object('label', 'Home', 'text', g.n || ', Rush Road', 'landmark', '', 'lat', 12.9352, 'lng', 77.6245),
              'COD'
       FROM unnest($1::uuid[]) AS b(id)
       CROSS JOIN generate_series($2::int, $3::int) AS g(n)
       JOIN s ON s.business_id = b.id AND s.k = g.n % s.m
       JOIN c ON c.business_id = b.id AND c.k = g.n % $8::int`,
      [ids, plan.from, plan.to, plan.total, plan.open, plan.base, spacing, customers],
    );
    await client.query(
      `INSERT INTO order_numbers (business_id, last_number)
       SELECT id, $2::int + $3::int FROM unnest($1::uuid[]) AS b(id)
       ON CONFLICT (business_id) DO UPDATE SET last_number = greatest(order_numbers.last_number, excluded.last_number)`,
      [ids, plan.base, plan.total],
    );
    await client.query('ALTER TABLE orders ENABLE TRIGGER orders_number');
    await recountDailyStats(client, ids);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/**
 * `recountDailyStats` (apps/server/src/modules/orders/daily-stats.repository.ts, ADR 0016) for many
 * businesses at once: their counters counted again from every order, by the days of each one's time zone.
 */
async function recountDailyStats(client: pg.Client, ids: string[]) {
  await client.query('LOCK TABLE daily_stats IN EXCLUSIVE MODE');
  await client.query(`DELETE FROM daily_stats WHERE business_id = ANY($1::uuid[])`, [ids]);
  await client.query(
    `INSERT INTO daily_stats (business_id, zone_id, day, total, delivered, cancelled, earnings_paise, new_customers)
     SELECT o.business_id, o.zone_id, (o.placed_at AT TIME ZONE b.time_zone)::date,
            count(*), count(*) FILTER (WHERE o.status = -2), count(*) FILTER (WHERE o.status = -1),
            coalesce(sum(o.bill_amount_paise) FILTER (WHERE o.status = -2), 0),
            count(*) FILTER (WHERE o.first_of_customer)
     FROM (SELECT business_id, zone_id, placed_at, status, bill_amount_paise,
                  row_number() OVER (PARTITION BY customer_id ORDER BY placed_at, number) = 1 AS first_of_customer
           FROM orders WHERE business_id = ANY($1::uuid[])) AS o
     JOIN businesses b ON b.id = o.business_id
     GROUP BY 1, 2, 3`,
    [ids],
  );
}

export async function vacuumAnalyze(client: pg.Client) {
  for (const table of ['customers', 'orders', 'daily_stats']) await client.query(`VACUUM ANALYZE ${table}`);
}

/** What the load needs of each business of `ids`, with a new session of its owner and a new secret key each. */
export async function loadBusinesses(client: pg.Client, ids: string[]): Promise<RushBusiness[]> {
  const baskets = await client.query<{
    business_id: string;
    key: string;
    store_id: string;
    item_ids: string[];
    lat: number;
    lng: number;
  }>(
    `SELECT DISTINCT ON (s.business_id) s.business_id, b.storefront_key AS key, s.id AS store_id,
            s.latitude AS lat, s.longitude AS lng,
            ${basketSql.itemIds} AS item_ids
     FROM stores s JOIN businesses b ON b.id = s.business_id
     WHERE s.business_id = ANY($1::uuid[]) AND s.deleted_at IS NULL AND s.status = 1
       AND ${basketSql.hasItems}
     ORDER BY s.business_id, s.name`,
    [ids],
  );
  const dexes = await client.query<{ business_id: string; zone_id: string; id: string }>(
    `SELECT DISTINCT ON (zone_id) business_id, zone_id, id FROM users
     WHERE business_id = ANY($1::uuid[]) AND level = 3 AND deleted_at IS NULL AND zone_id IS NOT NULL
     ORDER BY zone_id, created_at, id`,
    [ids],
  );
  const owners = await client.query<{ business_id: string; id: string }>(
    `SELECT DISTINCT ON (business_id) business_id, id FROM users
     WHERE business_id = ANY($1::uuid[]) AND level = 1 AND deleted_at IS NULL AND zone_id IS NOT NULL
     ORDER BY business_id, created_at, id`,
    [ids],
  );
  // A session as startSession (auth.service.ts) makes one: a random token, kept as its SHA-256.
  const tokens = new Map(owners.rows.map((o) => [o.business_id, randomBytes(32).toString('base64url')]));
  await client.query(
    `INSERT INTO sessions (token_hash, user_id, business_id, expires_at, ip, user_agent)
     SELECT decode(h, 'hex'), u, b, now() + interval '1 day', '127.0.0.1', 'storedesk-bench-rush'
     FROM unnest($1::text[], $2::uuid[], $3::uuid[]) AS x(h, u, b)`,
    [
      owners.rows.map((o) => createHash('sha256').update(tokens.get(o.business_id)!).digest('hex')),
      owners.rows.map((o) => o.id),
      owners.rows.map((o) => o.business_id),
    ],
  );
  // A key as createKey (api-keys.service.ts) makes one: `sk_live_` and 256 random bits, kept as its SHA-256.
  const apiKeys = new Map(ids.map((id) => [id, `sk_live_${randomBytes(32).toString('base64url')}`]));
  await client.query(
    `INSERT INTO api_keys (business_id, name, token_hash, last_four, created_by_name)
     SELECT b, 'Rush bench', decode(h, 'hex'), f, 'Rush bench'
     FROM unnest($1::uuid[], $2::text[], $3::text[]) AS x(b, h, f)`,
    [
      ids,
      ids.map((id) => createHash('sha256').update(apiKeys.get(id)!).digest('hex')),
      ids.map((id) => apiKeys.get(id)!.slice(-4)),
    ],
  );
  const basketOf = new Map(baskets.rows.map((row) => [row.business_id, row]));
  return ids.map((id) => {
    const basket = basketOf.get(id);
    const token = tokens.get(id);
    if (!basket || basket.item_ids.length < 3)
      throw new Error(`business ${id} has no Open store with 3 items`);
    if (!token) throw new Error(`business ${id} has no owner`);
    return {
      id,
      key: basket.key,
      storeId: basket.store_id,
      itemIds: basket.item_ids,
      lat: basket.lat,
      lng: basket.lng,
      token,
      apiKey: apiKeys.get(id)!,
      dexOfZone: new Map(dexes.rows.filter((d) => d.business_id === id).map((d) => [d.zone_id, d.id])),
    };
  });
}

/** The Placed open orders of the businesses, with their versions. */
export async function openOrders(client: pg.Client): Promise<OpenOrder[]> {
  const { rows } = await client.query<{ id: string; business_id: string; zone_id: string; version: number }>(
    `SELECT id, business_id, zone_id, version FROM orders WHERE state = 1 AND status = 0 ORDER BY placed_at DESC`,
  );
  return rows.map((row) => ({
    id: row.id,
    businessId: row.business_id,
    zoneId: row.zone_id,
    version: Number(row.version),
  }));
}

export async function countOrders(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM orders');
  return Number(rows[0]!.n);
}
