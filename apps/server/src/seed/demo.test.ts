import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  createTestApp,
  createTestDatabase,
  errorOf,
  type TestApp,
  type TestDatabase,
} from '#test/harness.ts';
import { limits } from '@storedesk/shared/limits';
import { deliversTo } from '@storedesk/shared/storefront/serviceability';
import { LocalStorage } from '#server/storage/local-storage.ts';
import { demoCredentials, isDatabaseEmpty, seedDemo } from './demo.ts';

let database: TestDatabase;
let ctx: TestApp;
let emptyBefore: boolean;
let credentials: string[];
let businessId: string;
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storedesk-seed-files-'));
const storage = new LocalStorage(filesDir);

beforeAll(async () => {
  database = await createTestDatabase();
  emptyBefore = await isDatabaseEmpty(database.db);
  await seedDemo(database.db, storage, { info: () => undefined });
  credentials = await demoCredentials(database.db);
  ctx = await createTestApp({ database });
  const rows = await database.db.execute<{ id: string }>(
    sql`SELECT id FROM businesses WHERE name = 'Demo Fresh Mart'`,
  );
  businessId = rows.rows[0]!.id;
});
afterAll(async () => {
  await ctx.close();
  await database.drop();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

const signIn = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const result = await database.db.execute<Record<string, unknown>>(query);
  return result.rows[0] as T;
}

describe('seedDemo', () => {
  it("gives the demo's slides pictures, so the customer app's slide feed shows them", async () => {
    const slides = await database.db.execute<{ title: string; image_key: string | null }>(
      sql`SELECT title, image_key FROM slides WHERE business_id = ${businessId} ORDER BY position`,
    );
    expect(slides.rows.map((slide) => slide.title)).toEqual([
      'Mango season: Alphonso mangoes in store',
      'Free delivery over ₹499 with code FREEDEL',
      '10% off orders over ₹199 with code FRESH10',
    ]);
    for (const slide of slides.rows) {
      expect(slide.image_key).toMatch(
        new RegExp(`^business/${businessId}/images/slides/[0-9a-f-]{36}\\.png$`),
      );
      const file = (await storage.get(slide.image_key!))!;
      expect(file.contentType).toBe('image/png');
      expect(file.size).toBeLessThanOrEqual(limits.imageMaxBytes);
      expect((await text(file.body)).slice(1, 4)).toBe('PNG');
    }
    const key = (await one<{ key: string }>(sql`SELECT storefront_key AS key FROM businesses`)).key;
    const feed = await ctx.app.inject({
      url: '/api/storefront/slides',
      headers: { 'x-storefront-key': key },
    });
    expect(feed.statusCode).toBe(200);
    expect(feed.json().items.map((slide: { title: string }) => slide.title)).toEqual([
      'Mango season: Alphonso mangoes in store',
      'Free delivery over ₹499 with code FREEDEL',
      '10% off orders over ₹199 with code FRESH10',
    ]);
  });

  it('keeps the promises its slides make: the codes they name, at the minimums they name', async () => {
    const coupons = await database.db.execute<{
      code: string;
      type: string;
      discount_percent: number;
      min_order_value_paise: string;
    }>(
      sql`SELECT code, type, discount_percent, min_order_value_paise FROM coupons
          WHERE business_id = ${businessId} AND code IN ('FREEDEL', 'FRESH10') ORDER BY code`,
    );
    expect(
      coupons.rows.map((c) => [c.code, c.type, c.discount_percent, Number(c.min_order_value_paise)]),
    ).toEqual([
      ['FREEDEL', 'FREE_DELIVERY', 0, 49_900],
      ['FRESH10', 'DISCOUNT', 10, 19_900],
    ]);
    const mangoes = await one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM items WHERE business_id = ${businessId} AND name LIKE 'Alphonso Mangoes%' AND in_stock`,
    );
    expect(mangoes.n).toBeGreaterThan(0);
  });

  it('fills an empty database', async () => {
    expect(emptyBefore).toBe(true);
    expect(await isDatabaseEmpty(database.db)).toBe(false);
    expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM businesses`)).n).toBe(1);
  });

  it('lists every demo account for the start-up banner, as the README’s table of demo accounts does', () => {
    expect(credentials).toEqual([
      'owner (every zone): owner@example.com / owner-demo-1',
      'admin of the Bengaluru zone: admin@example.com / admin-demo-1',
      'admin of the Mumbai zone: admin.mumbai@example.com / admin-demo-1',
      'delivery executive (signs in at /deliver only): dex@example.com / dex-demo-1',
    ]);
    const readme = fs.readFileSync(path.join(import.meta.dirname, '../../../../README.md'), 'utf8');
    const lines = readme.slice(readme.indexOf('| demo account')).split('\n');
    const rows = lines
      .slice(
        2,
        lines.findIndex((line) => !line.startsWith('|')),
      )
      .map((line) => {
        const [label, email, password] = line
          .split('|')
          .slice(1, 4)
          .map((cell) => cell.trim().replaceAll('`', ''));
        return `${label}: ${email} / ${password}`;
      });
    expect(rows).toEqual(credentials);
  });

  it('the owner signs in to "Demo Fresh Mart"', async () => {
    const res = await signIn('owner@example.com', 'owner-demo-1');
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: 'owner@example.com', level: 1, businessId });
    expect(res.json().business).toMatchObject({ name: 'Demo Fresh Mart', serviceEnded: false });
  });

  it('has two zones, and the admin signs in to the first', async () => {
    const owner = await signIn('owner@example.com', 'owner-demo-1');
    const zones = await ctx.app.inject({
      url: '/api/zones',
      headers: { authorization: `Bearer ${owner.json().token}` },
    });
    expect(zones.statusCode).toBe(200);
    expect(zones.json().total).toBe(2);

    const admin = await signIn('admin@example.com', 'admin-demo-1');
    expect(admin.statusCode).toBe(200);
    expect(admin.json().user).toMatchObject({ level: 2, businessId, zoneId: zones.json().items[0].id });
  });

  it("refuses the delivery executive with the spec's message and no session", async () => {
    const res = await signIn('dex@example.com', 'dex-demo-1');
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toEqual({
      code: 'forbidden',
      message: "You don't have proper permissions to sign in",
    });
    expect(res.cookies).toHaveLength(0);
  });

  it('the demo passwords are the only ones that work', async () => {
    expect((await signIn('owner@example.com', 'admin-demo-1')).statusCode).toBe(401);
    expect((await signIn('admin@example.com', 'owner-demo-1')).statusCode).toBe(401);
  });

  it('has at least 3 stores, each with a catalogue', async () => {
    const stores = await database.db.execute<{ id: string; items: number; categories: number }>(sql`
      SELECT s.id,
             (SELECT count(*)::int FROM items i WHERE i.store_id = s.id AND i.deleted_at IS NULL) AS items,
             (SELECT count(*)::int FROM categories c WHERE c.store_id = s.id AND c.deleted_at IS NULL) AS categories
      FROM stores s WHERE s.business_id = ${businessId} AND s.deleted_at IS NULL`);
    expect(stores.rows.length).toBeGreaterThanOrEqual(3);
    for (const store of stores.rows) {
      expect(store.items).toBeGreaterThan(0);
      expect(store.categories).toBeGreaterThan(0);
    }
  });

  it('has a few hundred orders, all within the last 60 days', async () => {
    const orders = await one<{ n: number; oldest: string; newest: string; outside: number }>(sql`
      SELECT count(*)::int AS n, min(placed_at)::text AS oldest, max(placed_at)::text AS newest,
             count(*) FILTER (WHERE placed_at < now() - interval '60 days' OR placed_at > now())::int AS outside
      FROM orders WHERE business_id = ${businessId}`);
    expect(orders.n).toBeGreaterThanOrEqual(200);
    expect(orders.n).toBeLessThan(1000);
    expect(orders.outside).toBe(0);
  });

  it('every order is in a zone of its store, and its bill adds up', async () => {
    const bad = await one<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM orders o JOIN stores s ON s.id = o.store_id
      WHERE o.business_id = ${businessId}
        AND (o.zone_id <> s.zone_id
             OR o.bill_amount_paise <> o.items_total_paise - o.discount_paise + o.charges_total_paise)`);
    expect(bad.n).toBe(0);
  });

  it('every order goes to an address its store delivers to, paid by an enabled mode, delivered ones paid', async () => {
    const orders = (
      await database.db.execute<{
        address: { lat: number; lng: number; text: string };
        mode: string;
        paid: boolean;
        status: number;
        code: string;
        lat: number;
        lng: number;
        radius: number;
      }>(sql`
        SELECT o.delivery_address AS address, o.payment_mode AS mode, o.paid_at IS NOT NULL AS paid,
               o.status, o.delivery_code AS code, s.latitude AS lat, s.longitude AS lng,
               s.delivery_radius_km AS radius
        FROM orders o JOIN stores s ON s.id = o.store_id WHERE o.business_id = ${businessId}`)
    ).rows;
    const enabled = (
      await database.db.execute<{ type: string }>(
        sql`SELECT type FROM payment_modes WHERE business_id = ${businessId} AND enabled`,
      )
    ).rows.map((row) => row.type);
    expect(orders.length).toBeGreaterThan(0);
    for (const order of orders) {
      expect(order.address.text).not.toBe('');
      expect(
        deliversTo({ lat: order.lat, lng: order.lng, deliveryRadiusKm: order.radius }, order.address),
      ).toBe(true);
      expect(enabled).toContain(order.mode);
      expect(order.code).toMatch(/^\d{4}$/);
      if (order.status === -2) expect(order.paid).toBe(true);
    }
    // Both modes are used, and some open orders are still unpaid, for staff to mark.
    expect(new Set(orders.map((order) => order.mode))).toEqual(new Set(['COD', 'UPI']));
    expect(orders.some((order) => order.status >= 0 && !order.paid)).toBe(true);
  });

  it("the demo business's shop is at /shop/demo-fresh-mart", async () => {
    expect(await one<{ slug: string }>(sql`SELECT slug FROM businesses WHERE id = ${businessId}`)).toEqual({
      slug: 'demo-fresh-mart',
    });
  });

  it('daily_stats agree with the orders, day by day and zone by zone', async () => {
    const mismatches = await database.db.execute(sql`
      WITH counted AS (
        SELECT zone_id, (placed_at AT TIME ZONE 'Asia/Kolkata')::date AS day,
               count(*)::int AS total,
               count(*) FILTER (WHERE status = -2)::int AS delivered,
               count(*) FILTER (WHERE status = -1)::int AS cancelled
        FROM orders WHERE business_id = ${businessId} GROUP BY 1, 2
      ),
      stats AS (
        SELECT zone_id, day, total, delivered, cancelled FROM daily_stats WHERE business_id = ${businessId}
      )
      SELECT * FROM counted FULL JOIN stats USING (zone_id, day)
      WHERE counted.total IS DISTINCT FROM stats.total
         OR counted.delivered IS DISTINCT FROM stats.delivered
         OR counted.cancelled IS DISTINCT FROM stats.cancelled`);
    expect(mismatches.rows).toEqual([]);
    const totals = await one<{ stats: number; orders: number }>(sql`
      SELECT (SELECT sum(total)::int FROM daily_stats WHERE business_id = ${businessId}) AS stats,
             (SELECT count(*)::int FROM orders WHERE business_id = ${businessId}) AS orders`);
    expect(totals.stats).toBe(totals.orders);
    const customers = await one<{ counted: number; ordering: number }>(sql`
      SELECT (SELECT sum(new_customers)::int FROM daily_stats WHERE business_id = ${businessId}) AS counted,
             (SELECT count(DISTINCT customer_id)::int FROM orders WHERE business_id = ${businessId}) AS ordering`);
    expect(customers.counted).toBe(customers.ordering);
  });

  it('leaves out a demo account whose password was changed', async () => {
    await database.db.execute(
      sql`UPDATE users SET password_hash = 'changed' WHERE email = 'dex@example.com'`,
    );
    const lines = await demoCredentials(database.db);
    expect(lines).toHaveLength(3);
    expect(lines.join('\n')).not.toContain('dex@example.com');
    expect(lines.join('\n')).toContain('owner@example.com / owner-demo-1');
  });
});
