/**
 * Sales reports at scale (ADR 0046): 1,000,000 closed orders over the last
 * year in the demo business (its stores, items, payment modes, coupons and
 * executives), the rollup counted from them as migration 0024 counts it, then
 * the year's report of every grouping timed request by request (20 each, one
 * at a time, after one to warm up), with p50, p95 and a PASS or FAIL line
 * against 500 ms.
 */
import pg from 'pg';
import { percentile, round1 } from './stats.ts';

export const reportsTargets = { yearReportP95Ms: 500 };

const ordersTotal = 1_000_000;
/** A million orders 31.5 s apart span a year. */
const spacingSeconds = 31.5;
const groupings = ['day', 'store', 'category', 'item', 'paymentMode', 'coupon', 'executive'] as const;
const runsPerGrouping = 20;

/** The rollup's rows of one business, counted from its closed orders (the backfill of migration 0024). */
const recount = `
  DELETE FROM sales_stats WHERE business_id = $1;
  INSERT INTO sales_stats (business_id, dimension, day, zone_id, key, orders, items_sold, gross_paise, discount_paise, charges_paise, net_paise, cancelled)
  SELECT business_id, dimension, day, zone_id, key, sum(orders), sum(items_sold), sum(gross_paise),
         sum(discount_paise), sum(charges_paise), sum(net_paise), sum(cancelled)
  FROM (
    SELECT o.business_id, k.dimension, o.day, o.zone_id, k.key, (o.status = -2)::int AS orders,
           CASE WHEN o.status = -2 THEN q.items_sold ELSE 0 END AS items_sold,
           CASE WHEN o.status = -2 THEN o.items_total_paise ELSE 0 END AS gross_paise,
           CASE WHEN o.status = -2 THEN o.discount_paise ELSE 0 END AS discount_paise,
           CASE WHEN o.status = -2 THEN o.charges_total_paise ELSE 0 END AS charges_paise,
           CASE WHEN o.status = -2 THEN o.bill_amount_paise ELSE 0 END AS net_paise,
           (o.status = -1)::int AS cancelled
    FROM (SELECT ord.*, (ord.placed_at AT TIME ZONE b.time_zone)::date AS day FROM orders ord
          JOIN businesses b ON b.id = ord.business_id WHERE ord.business_id = $1 AND ord.status IN (-2, -1)) AS o
    CROSS JOIN LATERAL (SELECT coalesce(sum((e ->> 'itemQuantity')::bigint), 0) AS items_sold FROM jsonb_array_elements(o.items) AS e) AS q
    CROSS JOIN LATERAL (VALUES ('store', o.store_id::text), ('paymentMode', coalesce(o.payment_mode, '')),
                               ('coupon', coalesce(o.coupon_code, '')), ('executive', coalesce(o.dex_id::text, ''))) AS k(dimension, key)
    UNION ALL
    SELECT o.business_id, 'item', o.day, o.zone_id, i.key, (o.status = -2)::int,
           CASE WHEN o.status = -2 THEN i.quantity ELSE 0 END, CASE WHEN o.status = -2 THEN i.gross ELSE 0 END,
           0, 0, 0, (o.status = -1)::int
    FROM (SELECT ord.*, (ord.placed_at AT TIME ZONE b.time_zone)::date AS day FROM orders ord
          JOIN businesses b ON b.id = ord.business_id WHERE ord.business_id = $1 AND ord.status IN (-2, -1)) AS o
    CROSS JOIN LATERAL (SELECT coalesce(e ->> 'itemId', '') AS key, sum((e ->> 'itemQuantity')::bigint) AS quantity,
                               sum((e ->> 'itemQuantity')::bigint * (e ->> 'itemPricePaise')::bigint) AS gross
                        FROM jsonb_array_elements(o.items) AS e GROUP BY 1) AS i
  ) AS r
  GROUP BY 1, 2, 3, 4, 5`;

/** A year of closed orders in the demo business (each line at its item's first variant's price), and its rollup; answers the business's year as from and to. */
async function seedYear(
  databaseUrl: string,
): Promise<{ from: string; to: string; seconds: number; rollupSeconds: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  // A connection lost mid-run fails the query under way, which ends the bench with its reason.
  client.on('error', () => undefined);
  await client.connect();
  const started = performance.now();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ business_id: string }>(
      'SELECT business_id FROM stores WHERE deleted_at IS NULL ORDER BY created_at LIMIT 1',
    );
    const businessId = rows[0]!.business_id;
    const customer = await client.query<{ id: string }>(
      `INSERT INTO customers (business_id, name, phone) VALUES ($1, 'Report Bench', '6000000001') RETURNING id`,
      [businessId],
    );
    // Numbered by the statement itself, as the orders bench does (ADR 0024).
    await client.query('ALTER TABLE orders DISABLE TRIGGER orders_number');
    const counter = await client.query<{ last: number }>(
      'SELECT coalesce(max(last_number), 0)::int AS last FROM order_numbers WHERE business_id = $1',
      [businessId],
    );
    const firstNumber = counter.rows[0]!.last + 1;
    // The stores, items and executives as arrays, each order taking its own by its number.
    await client.query(
      `WITH s AS (SELECT array_agg(id ORDER BY id) AS id, array_agg(zone_id ORDER BY id) AS zone, array_agg(name ORDER BY id) AS name
                  FROM stores WHERE business_id = $1 AND deleted_at IS NULL),
            i AS (SELECT array_agg(it.id::text ORDER BY it.id) AS id, array_agg(it.name ORDER BY it.id) AS name,
                         array_agg(v.price_paise::bigint ORDER BY it.id) AS price
                  FROM items it
                  CROSS JOIN LATERAL (SELECT price_paise FROM item_variants
                                      WHERE item_id = it.id ORDER BY position LIMIT 1) AS v
                  WHERE it.business_id = $1 AND it.deleted_at IS NULL),
            d AS (SELECT array_agg(id ORDER BY id) AS id, array_agg(name ORDER BY id) AS name
                  FROM users WHERE business_id = $1 AND level = 3 AND deleted_at IS NULL),
            g AS (SELECT n, 1 + n % 3 AS q1, 1 + n % 2 AS q2,
                         1 + n % cardinality(i.id) AS a, 1 + (n * 7 + 3) % cardinality(i.id) AS b,
                         1 + n % cardinality(s.id) AS st, 1 + n % cardinality(d.id) AS dx
                  FROM generate_series(1, $2::int) AS n, s, i, d),
            o AS (SELECT g.*, i.price[g.a] * g.q1 + i.price[g.b] * g.q2 AS gross,
                         CASE WHEN g.n % 10 = 0 THEN 5000 ELSE 0 END AS discount FROM g, i)
       INSERT INTO orders (number, business_id, zone_id, store_id, store_name, customer_id, customer_name, customer_phone,
                           placed_at, status, state, items, charges, coupon_code, payment_mode, dex_id, dex_name,
                           items_total_paise, discount_paise, charges_total_paise, bill_amount_paise)
       SELECT $5::int + $2::int - o.n, $1, s.zone[o.st], s.id[o.st], s.name[o.st], $3, 'Report Bench', '6000000001',
              now() - (o.n * $4::float8 * interval '1 second'),
              CASE WHEN o.n % 14 = 0 THEN -1 ELSE -2 END, 0,
              jsonb_build_array(
                jsonb_build_object('itemId', i.id[o.a], 'itemName', i.name[o.a], 'itemQuantity', o.q1, 'itemPricePaise', i.price[o.a]),
                jsonb_build_object('itemId', i.id[o.b], 'itemName', i.name[o.b], 'itemQuantity', o.q2, 'itemPricePaise', i.price[o.b])),
              jsonb_build_array(jsonb_build_object('chargeLabel', 'Delivery charges', 'chargeAmountPaise', 3000)),
              CASE WHEN o.n % 10 = 0 THEN 'BENCH' || (o.n % 7) END,
              (ARRAY['COD', 'UPI', 'CARD'])[1 + o.n % 3],
              d.id[o.dx], d.name[o.dx], o.gross, o.discount, 3000, o.gross - o.discount + 3000
       FROM o, s, i, d`,
      [businessId, ordersTotal, customer.rows[0]!.id, spacingSeconds, firstNumber],
    );
    await client.query(
      `INSERT INTO order_numbers (business_id, last_number) VALUES ($1, $2)
       ON CONFLICT (business_id) DO UPDATE SET last_number = excluded.last_number`,
      [businessId, firstNumber + ordersTotal - 1],
    );
    await client.query('ALTER TABLE orders ENABLE TRIGGER orders_number');
    const rollupStarted = performance.now();
    for (const statement of recount.split(';')) await client.query(statement, [businessId]);
    const rollupSeconds = round1((performance.now() - rollupStarted) / 1000);
    await client.query('COMMIT');
    await client.query('VACUUM ANALYZE sales_stats');
    const year = await client.query<{ from: string; to: string }>(
      `SELECT ((now() AT TIME ZONE b.time_zone)::date - 364)::text AS from, (now() AT TIME ZONE b.time_zone)::date::text AS to
       FROM businesses b WHERE b.id = $1`,
      [businessId],
    );
    return { ...year.rows[0]!, seconds: round1((performance.now() - started) / 1000), rollupSeconds };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

export async function benchReports(baseUrl: string, databaseUrl: string, token: string) {
  const year = await seedYear(databaseUrl);
  console.log(
    `reports: ${ordersTotal} orders over ${year.from} to ${year.to} seeded and rolled up in ${year.seconds} s (the rollup ${year.rollupSeconds} s of it)`,
  );
  const results: Record<string, { p50Ms: number; p95Ms: number; rows: number; orders: number }> = {};
  let pass = true;
  for (const groupBy of groupings) {
    const url = `${baseUrl}/api/reports/sales?from=${year.from}&to=${year.to}&groupBy=${groupBy}`;
    const headers = { authorization: `Bearer ${token}` };
    const times: number[] = [];
    let body: { rows: unknown[]; totals: { orders: number } } | undefined;
    for (let run = 0; run <= runsPerGrouping; run++) {
      const started = performance.now();
      const res = await fetch(url, { headers });
      body = (await res.json()) as typeof body;
      if (res.status !== 200) throw new Error(`${groupBy}: ${res.status} ${JSON.stringify(body)}`);
      if (run > 0) times.push(performance.now() - started);
    }
    const p95 = round1(percentile(times, 95));
    results[groupBy] = {
      p50Ms: round1(percentile(times, 50)),
      p95Ms: p95,
      rows: body!.rows.length,
      orders: body!.totals.orders,
    };
    pass &&= p95 < reportsTargets.yearReportP95Ms;
    console.log(
      `reports: a year by ${groupBy}: p50 ${results[groupBy].p50Ms} ms, p95 ${p95} ms (${body!.rows.length} rows, ${body!.totals.orders} delivered orders)`,
    );
  }
  const worst = Math.max(...Object.values(results).map((r) => r.p95Ms));
  console.log(
    `${pass ? 'PASS' : 'FAIL'} a year's report over ${ordersTotal} orders: p95 ${worst} ms at worst (target < ${reportsTargets.yearReportP95Ms} ms)`,
  );
  return {
    orders: ordersTotal,
    seedSeconds: year.seconds,
    rollupSeconds: year.rollupSeconds,
    from: year.from,
    to: year.to,
    groupings: results,
    pass,
  };
}
