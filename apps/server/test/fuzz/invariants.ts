/**
 * What must hold of the database whatever requests came before: checked
 * after each operation's batch of fuzzed requests. Each check answers the
 * violations it found, as sentences naming the rows.
 */
import { sql, type SQL } from 'drizzle-orm';
import { apiKeyLimits } from '@storedesk/shared/settings/api-keys';
import type { Database } from '#server/db/client.ts';

/** Tables whose rows carry a version, and what names a row. */
const versioned: [table: string, key: string][] = [
  ['businesses', 'id::text'],
  ['zones', 'id::text'],
  ['users', 'id::text'],
  ['stores', 'id::text'],
  ['categories', 'id::text'],
  ['items', 'id::text'],
  ['slides', 'id::text'],
  ['coupons', "business_id::text || '/' || code"],
  ['orders', 'id::text'],
  ['order_settings', 'business_id::text'],
  ['referral_settings', 'business_id::text'],
  ['payment_modes', 'id::text'],
  ['helplines', 'id::text'],
];

/** Every business table, compared row for row for the business no request acts for. */
const businessTables = [
  'zones',
  'users',
  'stores',
  'categories',
  'items',
  'item_variants',
  'stock_adjustments',
  'slides',
  'coupons',
  'customers',
  'orders',
  'order_events',
  'daily_stats',
  'order_settings',
  'referral_settings',
  'payment_modes',
  'helplines',
  'push_subscriptions',
  'push_notifications',
  'customer_addresses',
  'customer_codes',
  'customer_sessions',
  'executive_presence',
  'executive_trail',
  'cash_settlements',
  'api_keys',
  'sms_usage',
  'referral_claims',
];

/**
 * Tables whose writes are not counted: pushes are sent in the background, and a customer's session,
 * like a secret API key, notes when it was last used (at most once a minute) on any request it comes
 * with, reads included.
 */
const uncounted = (table: string) =>
  table.startsWith('push_') || table === 'customer_sessions' || table === 'api_keys';

async function rows<T extends Record<string, unknown>>(db: Database, query: SQL): Promise<T[]> {
  return (await db.execute<T>(query)).rows as T[];
}

/** `table/key` → version, for every versioned row of every business. */
export async function versions(db: Database): Promise<Map<string, number>> {
  const union = sql.join(
    versioned.map(
      ([table, key]) =>
        sql`SELECT ${table}::text || '/' || ${sql.raw(key)} AS k, version FROM ${sql.identifier(table)}`,
    ),
    sql` UNION ALL `,
  );
  const found = await rows<{ k: string; version: number }>(db, union);
  return new Map(found.map((r) => [r.k, Number(r.version)]));
}

export function versionsWentBack(before: Map<string, number>, after: Map<string, number>): string[] {
  const problems: string[] = [];
  for (const [key, version] of after) {
    const was = before.get(key);
    if (was !== undefined && version < was)
      problems.push(`${key} went from version ${was} back to ${version}`);
  }
  return problems;
}

/** A digest of each table's rows of one business (and of its businesses row). */
export async function businessDigest(db: Database, businessId: string): Promise<Map<string, string>> {
  const digests = new Map<string, string>();
  const digest = async (table: string, where: SQL) => {
    const [row] = await rows<{ d: string; n: number }>(
      db,
      sql`SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS d, count(*)::int AS n
          FROM ${sql.identifier(table)} AS t WHERE ${where}`,
    );
    digests.set(table, `${row!.n}:${row!.d}`);
  };
  await digest('businesses', sql`id = ${businessId}`);
  for (const table of businessTables) await digest(table, sql`business_id = ${businessId}`);
  return digests;
}

export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...before.keys()].filter((table) => before.get(table) !== after.get(table));
}

/**
 * Counts, in the test's own database, every row any business table commits
 * (live events too, but those of push sends, which run in the background):
 * each write appends a row to `fuzz_writes`, so a transaction rolled back
 * leaves no trace and none waits for another.
 */
export async function installWriteCounter(db: Database): Promise<void> {
  await db.execute(sql`CREATE TABLE fuzz_writes (id bigserial PRIMARY KEY, at_table text NOT NULL)`);
  await db.execute(sql`
    CREATE FUNCTION fuzz_count_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO fuzz_writes (at_table) VALUES (TG_TABLE_NAME);
      RETURN NULL;
    END $$`);
  for (const table of ['businesses', ...businessTables.filter((t) => !uncounted(t))]) {
    await db.execute(sql`
      CREATE TRIGGER fuzz_count AFTER INSERT OR UPDATE OR DELETE ON ${sql.identifier(table)}
      FOR EACH ROW EXECUTE FUNCTION fuzz_count_write()`);
  }
  await db.execute(sql`
    CREATE TRIGGER fuzz_count AFTER INSERT ON events
    FOR EACH ROW WHEN (NEW.topic <> 'push') EXECUTE FUNCTION fuzz_count_write()`);
}

/** Where the write counter stands: a refusal or a read must leave it where it was. */
export async function writesSoFar(db: Database): Promise<string> {
  const [row] = await rows<{ n: string | null }>(db, sql`SELECT max(id)::text AS n FROM fuzz_writes`);
  return row!.n ?? '0';
}

/** The tables written since the counter stood at `since`. */
export async function writtenSince(db: Database, since: string): Promise<string[]> {
  const found = await rows<{ t: string }>(
    db,
    sql`SELECT DISTINCT at_table AS t FROM fuzz_writes WHERE id > ${since}::bigint ORDER BY 1`,
  );
  return found.map((r) => r.t);
}

/** Orders, their timelines and totals, counters, coupons, and references across businesses. */
export async function consistencyProblems(db: Database): Promise<string[]> {
  const problems: string[] = [];
  const check = async (what: string, query: SQL) => {
    const found = await rows<{ id: string; detail?: string }>(db, query);
    for (const row of found.slice(0, 5))
      problems.push(`${what}: ${row.id}${row.detail ? ` (${row.detail})` : ''}`);
    if (found.length > 5) problems.push(`${what}: and ${found.length - 5} more`);
  };

  await check(
    'an order whose totals do not add up to its rows',
    sql`SELECT o.id::text AS id,
          concat_ws(' ', o.items_total_paise, o.discount_paise, o.charges_total_paise, o.bill_amount_paise) AS detail
        FROM orders o
        WHERE o.items_total_paise <> (SELECT coalesce(sum((i->>'itemQuantity')::bigint * (i->>'itemPricePaise')::bigint), 0)
                                      FROM jsonb_array_elements(o.items) AS i)
           OR o.charges_total_paise <> (SELECT coalesce(sum((c->>'chargeAmountPaise')::bigint), 0)
                                        FROM jsonb_array_elements(o.charges) AS c)
           OR o.bill_amount_paise <> o.items_total_paise - o.discount_paise + o.charges_total_paise
           OR o.discount_paise <> coalesce((o.offer->>'discountPaise')::bigint, 0)
           OR o.coupon_code IS DISTINCT FROM o.offer->>'coupon'
           OR o.discount_paise < 0 OR o.bill_amount_paise < 0
           OR jsonb_array_length(o.items) = 0`,
  );
  await check(
    'an order whose state does not follow its status',
    // Paid online and not yet paid (state 2, ADR 0072): Placed while it waits, Cancelled once lapsed or
    // cancelled by its customer, never anything else, never paid, and with its time to pay while it waits.
    sql`SELECT id::text AS id FROM orders
        WHERE (state = 2 AND (payment_mode IS DISTINCT FROM 'ONLINE' OR status NOT IN (0, -1) OR paid_at IS NOT NULL
                              OR (status = 0 AND pay_by IS NULL)))
           OR (state <> 2 AND state <> CASE WHEN status IN (-2, -1) THEN 0 ELSE 1 END)
           OR status NOT IN (-2, -1, 0, 1, 2)`,
  );
  await check(
    'an order Confirmed or Picked Up without a delivery executive',
    sql`SELECT id::text AS id FROM orders WHERE status IN (1, 2) AND (dex_id IS NULL OR dex_name IS NULL)`,
  );
  await check(
    'an order whose version is not the number of its timeline rows',
    sql`SELECT o.id::text AS id, o.version || ' vs ' || count(e.id) AS detail
        FROM orders o LEFT JOIN order_events e ON e.order_id = o.id
        GROUP BY o.id HAVING o.version <> count(e.id)`,
  );
  // A timeline has rows of two kinds: status rows (the first, Placed, then each change or note, which
  // names the status it was written at), and the one row of a payment marked received, which names
  // no status (from and to both empty; ADR 0038). The status rows alone lead to the order's status.
  await check(
    'an order whose timeline does not lead to its status',
    sql`WITH timeline AS (
          SELECT e.*, row_number() OVER (PARTITION BY e.order_id ORDER BY e.id) AS n,
                 lag(coalesce(e.to_status, e.from_status)) OVER (PARTITION BY e.order_id ORDER BY e.id) AS before,
                 lag(e.to_status) OVER (PARTITION BY e.order_id ORDER BY e.id) AS previous_move
          FROM order_events e WHERE e.from_status IS NOT NULL OR e.to_status IS NOT NULL)
        SELECT DISTINCT t.order_id::text AS id, 'row ' || t.n AS detail FROM timeline t JOIN orders o ON o.id = t.order_id
        WHERE (t.n = 1 AND (t.from_status IS NOT NULL OR t.to_status IS DISTINCT FROM 0))
           OR (t.n > 1 AND t.from_status IS DISTINCT FROM t.before)
           OR (t.n > 1 AND t.before IN (-2, -1))
           OR t.business_id <> o.business_id
        UNION
        SELECT o.id::text, 'status ' || o.status FROM orders o
        WHERE o.status IS DISTINCT FROM (SELECT coalesce(e.to_status, e.from_status) FROM order_events e
                                         WHERE e.order_id = o.id AND (e.from_status IS NOT NULL OR e.to_status IS NOT NULL)
                                         ORDER BY e.id DESC LIMIT 1)`,
  );
  await check(
    'an order whose payment is not its one payment row, by who marked it, after it was placed and before any cancel',
    sql`SELECT o.id::text AS id, concat_ws(' ', 'paid', o.paid_at IS NOT NULL, 'payment rows', count(e.id)) AS detail
        FROM orders o
        LEFT JOIN order_events e ON e.order_id = o.id AND e.from_status IS NULL AND e.to_status IS NULL
          AND e.kind IS NULL
        GROUP BY o.id
        HAVING count(e.id) <> CASE WHEN o.paid_at IS NULL THEN 0 ELSE 1 END
            OR (o.paid_at IS NULL) <> (o.paid_by_name IS NULL)
            OR coalesce(bool_or(e.actor_id IS DISTINCT FROM o.paid_by_id OR e.actor_name IS DISTINCT FROM o.paid_by_name
                                OR e.business_id <> o.business_id), false)
        UNION ALL
        SELECT e.order_id::text, 'payment row ' || e.id FROM order_events e
        WHERE e.from_status IS NULL AND e.to_status IS NULL AND e.kind IS NULL
          AND coalesce((SELECT coalesce(p.to_status, p.from_status) FROM order_events p
                        WHERE p.order_id = e.order_id AND p.id < e.id AND (p.from_status IS NOT NULL OR p.to_status IS NOT NULL)
                        ORDER BY p.id DESC LIMIT 1), -1) = -1`,
  );
  // Refunds (B18, ADR 0069): the order keeps the sum of those that gave back its payment, never more
  // than was received, each with its timeline row; only a paid order has any, but for the refunds of
  // online payments that never paid it (ADR 0072: late, or the wrong amount), which it does not count.
  await check(
    'an order whose refunds are not its refunded sum, exceed what was received, or lack their timeline rows',
    sql`SELECT o.id::text AS id,
               concat_ws(' ', 'refunded', o.refunded_paise, 'sum', coalesce(sum(r.amount_paise) FILTER (WHERE r.state <> 'FAILED' AND r.counted), 0),
                         'rows', (SELECT count(*) FROM order_events e WHERE e.order_id = o.id AND e.kind = 'REFUND'),
                         'refunds', count(r.id)) AS detail
        FROM orders o
        LEFT JOIN (SELECT r.*, (r.gateway_payment_id IS NULL OR gp.state = 'APPLIED') AS counted
                   FROM refunds r LEFT JOIN gateway_payments gp ON gp.id = r.gateway_payment_id) r ON r.order_id = o.id
        GROUP BY o.id
        HAVING o.refunded_paise <> coalesce(sum(r.amount_paise) FILTER (WHERE r.state <> 'FAILED' AND r.counted), 0)
            OR o.refunded_paise > coalesce(o.paid_paise, o.bill_amount_paise)
            OR (count(r.id) FILTER (WHERE r.counted) > 0 AND o.paid_at IS NULL)
            OR count(r.id) <> (SELECT count(*) FROM order_events e WHERE e.order_id = o.id AND e.kind = 'REFUND')
            OR coalesce(bool_or(r.business_id <> o.business_id), false)`,
  );
  // Delivery slots (B19, ADR 0077): each slot's booked places are its orders not cancelled.
  await check(
    'a delivery slot whose booked places are not its orders not cancelled',
    sql`SELECT coalesce(b.store_id, o.store_id)::text || ' ' || coalesce(b.starts_at, o.slot_starts_at)::text AS id,
               concat_ws(' ', 'booked', b.booked, 'orders', o.n) AS detail
        FROM slot_bookings b
        FULL JOIN (SELECT store_id, slot_starts_at, count(*)::int AS n FROM orders
                   WHERE slot_starts_at IS NOT NULL AND status <> -1 GROUP BY 1, 2) o
          ON o.store_id = b.store_id AND o.slot_starts_at = b.starts_at
        WHERE coalesce(b.booked, 0) <> coalesce(o.n, 0)`,
  );
  await check(
    'a day of the dashboard whose counters are not its orders',
    sql`WITH counted AS (
          SELECT o.business_id, o.zone_id, (o.placed_at AT TIME ZONE b.time_zone)::date AS day,
                 count(*)::int AS total,
                 count(*) FILTER (WHERE o.status = -2)::int AS delivered,
                 count(*) FILTER (WHERE o.status = -1)::int AS cancelled,
                 coalesce(sum(o.bill_amount_paise) FILTER (WHERE o.status = -2), 0)::bigint AS earnings_paise,
                 count(*) FILTER (WHERE o.is_first)::int AS new_customers
          -- An order of no customer's account (a secret API key's) is nobody's first.
          -- Orders that never reached the store (online, unpaid: state 2, ADR 0072) are not counted.
          FROM (SELECT *, customer_id IS NOT NULL
                          AND row_number() OVER (PARTITION BY customer_id ORDER BY placed_at, number) = 1 AS is_first
                FROM orders WHERE state <> 2) AS o
          JOIN businesses b ON b.id = o.business_id
          GROUP BY 1, 2, 3)
        SELECT coalesce(c.business_id, d.business_id)::text || ' ' || coalesce(c.day, d.day)::text AS id,
               concat_ws(' ', 'expected', c.total, c.delivered, c.cancelled, c.earnings_paise, c.new_customers,
                         'stored', d.total, d.delivered, d.cancelled, d.earnings_paise, d.new_customers) AS detail
        FROM counted c FULL JOIN daily_stats d
          ON d.business_id = c.business_id AND d.zone_id = c.zone_id AND d.day = c.day
        WHERE coalesce(c.total, 0) <> coalesce(d.total, 0)
           OR coalesce(c.delivered, 0) <> coalesce(d.delivered, 0)
           OR coalesce(c.cancelled, 0) <> coalesce(d.cancelled, 0)
           OR coalesce(c.earnings_paise, 0) <> coalesce(d.earnings_paise, 0)
           OR coalesce(c.new_customers, 0) <> coalesce(d.new_customers, 0)`,
  );
  await check(
    'a day of the sales rollup whose figures are not its closed orders (by store, and by item)',
    sql`WITH closed AS (
          SELECT o.*, (o.placed_at AT TIME ZONE b.time_zone)::date AS day, (o.status = -2) AS delivered
          FROM orders o JOIN businesses b ON b.id = o.business_id WHERE o.status IN (-2, -1) AND o.state <> 2),
        counted AS (
          SELECT business_id, 'store' AS dimension, day, zone_id, store_id::text AS key,
                 count(*) FILTER (WHERE delivered)::bigint AS orders,
                 coalesce(sum((SELECT sum((e ->> 'itemQuantity')::bigint) FROM jsonb_array_elements(items) e))
                          FILTER (WHERE delivered), 0)::bigint AS items_sold,
                 coalesce(sum(items_total_paise) FILTER (WHERE delivered), 0)::bigint AS gross_paise,
                 coalesce(sum(bill_amount_paise) FILTER (WHERE delivered), 0)::bigint AS net_paise,
                 count(*) FILTER (WHERE NOT delivered)::bigint AS cancelled
          FROM closed GROUP BY 1, 2, 3, 4, 5
          UNION ALL
          SELECT c.business_id, 'item', c.day, c.zone_id, coalesce(e ->> 'itemId', ''),
                 count(DISTINCT c.id) FILTER (WHERE c.delivered),
                 coalesce(sum((e ->> 'itemQuantity')::bigint) FILTER (WHERE c.delivered), 0),
                 coalesce(sum((e ->> 'itemQuantity')::bigint * (e ->> 'itemPricePaise')::bigint) FILTER (WHERE c.delivered), 0),
                 0, count(DISTINCT c.id) FILTER (WHERE NOT c.delivered)
          FROM closed c CROSS JOIN LATERAL jsonb_array_elements(c.items) e GROUP BY 1, 2, 3, 4, 5),
        stored AS (SELECT * FROM sales_stats WHERE dimension IN ('store', 'item'))
        SELECT concat_ws(' ', coalesce(c.business_id, s.business_id), coalesce(c.dimension, s.dimension),
                         coalesce(c.day, s.day), coalesce(c.key, s.key)) AS id,
               concat_ws(' ', 'expected', c.orders, c.items_sold, c.gross_paise, c.net_paise, c.cancelled,
                         'stored', s.orders, s.items_sold, s.gross_paise, s.net_paise, s.cancelled) AS detail
        FROM counted c FULL JOIN stored s
          ON s.business_id = c.business_id AND s.dimension = c.dimension AND s.day = c.day
         AND s.zone_id = c.zone_id AND s.key = c.key
        WHERE coalesce(c.orders, 0) <> coalesce(s.orders, 0)
           OR coalesce(c.items_sold, 0) <> coalesce(s.items_sold, 0)
           OR coalesce(c.gross_paise, 0) <> coalesce(s.gross_paise, 0)
           OR coalesce(c.net_paise, 0) <> coalesce(s.net_paise, 0)
           OR coalesce(c.cancelled, 0) <> coalesce(s.cancelled, 0)`,
  );
  await check(
    'a coupon whose uses are not the orders placed with it',
    sql`SELECT c.business_id::text || '/' || c.code AS id, c.used_count || ' uses, ' || count(o.id) || ' orders' AS detail
        FROM coupons c LEFT JOIN orders o ON o.business_id = c.business_id AND o.coupon_code = c.code
        GROUP BY c.business_id, c.code, c.used_count, c.usage_limit
        HAVING c.used_count <> count(o.id) OR c.used_count > c.usage_limit`,
  );
  await check(
    'a record that points at another business',
    sql`SELECT 'store ' || s.id AS id FROM stores s JOIN zones z ON z.id = s.zone_id WHERE z.business_id <> s.business_id
        UNION ALL SELECT 'category ' || c.id FROM categories c JOIN stores s ON s.id = c.store_id WHERE s.business_id <> c.business_id
        UNION ALL SELECT 'item ' || i.id FROM items i JOIN stores s ON s.id = i.store_id WHERE s.business_id <> i.business_id
        UNION ALL SELECT 'item ' || i.id FROM items i JOIN categories c ON c.id = i.category_id
                  WHERE c.business_id <> i.business_id OR c.store_id <> i.store_id
        UNION ALL SELECT 'item variant ' || v.id FROM item_variants v JOIN items i ON i.id = v.item_id
                  WHERE i.business_id <> v.business_id OR i.store_id <> v.store_id
        UNION ALL SELECT 'stock adjustment ' || a.id FROM stock_adjustments a JOIN item_variants v ON v.id = a.variant_id
                  WHERE v.business_id <> a.business_id OR v.store_id <> a.store_id OR v.item_id <> a.item_id
        UNION ALL SELECT 'user ' || u.id FROM users u JOIN zones z ON z.id = u.zone_id WHERE z.business_id <> u.business_id
        UNION ALL SELECT 'order ' || o.id FROM orders o JOIN stores s ON s.id = o.store_id WHERE s.business_id <> o.business_id
        UNION ALL SELECT 'order ' || o.id FROM orders o JOIN zones z ON z.id = o.zone_id WHERE z.business_id <> o.business_id
        UNION ALL SELECT 'order ' || o.id FROM orders o JOIN customers c ON c.id = o.customer_id WHERE c.business_id <> o.business_id
        UNION ALL SELECT 'order ' || o.id FROM orders o JOIN users u ON u.id = o.dex_id
                  WHERE u.business_id <> o.business_id OR u.level <> 3
        UNION ALL SELECT 'business ' || b.id FROM businesses b JOIN stores s ON s.id = b.main_store_id WHERE s.business_id <> b.id
        UNION ALL SELECT 'coupon ' || c.code FROM coupons c, unnest(c.store_ids) AS sid
                  WHERE NOT EXISTS (SELECT 1 FROM stores s WHERE s.id = sid AND s.business_id = c.business_id)
        UNION ALL SELECT 'coupon ' || c.code FROM coupons c, unnest(c.customer_ids) AS cid
                  WHERE NOT EXISTS (SELECT 1 FROM customers k WHERE k.id = cid AND k.business_id = c.business_id)
        UNION ALL SELECT 'push subscription ' || p.id FROM push_subscriptions p JOIN customers c ON c.id = p.customer_id
                  WHERE c.business_id <> p.business_id
        UNION ALL SELECT 'customer address ' || a.id FROM customer_addresses a JOIN customers c ON c.id = a.customer_id
                  WHERE c.business_id <> a.business_id
        UNION ALL SELECT 'customer session ' || s.id FROM customer_sessions s JOIN customers c ON c.id = s.customer_id
                  WHERE c.business_id <> s.business_id
        UNION ALL SELECT 'referral claim of order ' || r.order_id FROM referral_claims r JOIN orders o ON o.id = r.order_id
                  WHERE o.business_id <> r.business_id`,
  );
  // An order of the business's own system (its secret API key, ADR 0056) belongs to no customer's
  // account: it named its address and payment mode, and no coupon for named customers or first orders
  // applied to it (a coupon's customers and first-order rule are set when it is made).
  await check(
    'an order of no customer without its address or payment mode, or with a coupon for customers',
    sql`SELECT o.id::text AS id, concat_ws(' ', 'coupon', o.coupon_code) AS detail FROM orders o
        LEFT JOIN coupons c ON c.business_id = o.business_id AND c.code = o.coupon_code
        WHERE o.customer_id IS NULL
          AND (o.delivery_address IS NULL OR o.payment_mode IS NULL
               OR c.new_users_only OR cardinality(c.customer_ids) > 0)`,
  );
  await check(
    'a business with more secret API keys not revoked than it may hold',
    sql`SELECT business_id::text AS id, count(*) || ' live keys' AS detail FROM api_keys
        WHERE revoked_at IS NULL GROUP BY business_id HAVING count(*) > ${apiKeyLimits.liveMax}`,
  );
  await check(
    "a day's count of texts below nothing",
    sql`SELECT business_id::text || ' ' || day AS id, sent::text AS detail FROM sms_usage WHERE sent < 0`,
  );
  await check(
    'an audit log entry that shows a secret, a token or a key (ADR 0047)',
    sql`SELECT id::text AS id FROM audit_log
        WHERE changes ?| array['password', 'passwordHash', 'totpSecret', 'totpPendingSecret', 'storefrontKey', 'deliveryCode',
                               'tokenHash', 'secret']`,
  );
  await check(
    'a blocked customer without who blocked them, or with an order placed while blocked',
    sql`SELECT c.id::text AS id, 'blocked by nobody' AS detail FROM customers c
          WHERE c.blocked_at IS NOT NULL AND (c.blocked_by_id IS NULL OR c.blocked_by_name IS NULL)
        UNION ALL SELECT c.id::text, 'order ' || o.id FROM customers c JOIN orders o ON o.customer_id = c.id
          WHERE c.blocked_at IS NOT NULL AND o.placed_at > c.blocked_at`,
  );
  await check(
    'a customer with more saved addresses than the limit',
    sql`SELECT customer_id::text AS id, count(*) || ' addresses' AS detail FROM customer_addresses
        WHERE deleted_at IS NULL GROUP BY customer_id HAVING count(*) > 20`,
  );
  await check(
    'a deleted zone still in use',
    sql`SELECT 'store ' || s.id AS id FROM stores s JOIN zones z ON z.id = s.zone_id
          WHERE z.deleted_at IS NOT NULL AND s.deleted_at IS NULL
        UNION ALL SELECT 'user ' || u.id FROM users u JOIN zones z ON z.id = u.zone_id
          WHERE z.deleted_at IS NOT NULL AND u.deleted_at IS NULL AND u.level IN (2, 3)
        UNION ALL SELECT 'order ' || o.id FROM orders o JOIN zones z ON z.id = o.zone_id
          WHERE z.deleted_at IS NOT NULL AND o.state = 1`,
  );
  await check(
    'a business without exactly one live owner',
    sql`SELECT b.id::text AS id, count(u.id) || ' owners' AS detail
        FROM businesses b LEFT JOIN users u ON u.business_id = b.id AND u.level = 1 AND u.deleted_at IS NULL
        GROUP BY b.id HAVING count(u.id) <> 1`,
  );
  return problems;
}
