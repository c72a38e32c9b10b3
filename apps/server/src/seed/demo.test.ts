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
import { lineName } from '@storedesk/shared/catalogue/variants';
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

  it('keeps the sample catalogue in Fresh Mart Jayanagar, imported as an owner would import it', async () => {
    const { rows } = await database.db.execute<{
      store: string;
      items: number;
      variants: number;
      counted: number;
      named: number;
    }>(sql`
      SELECT s.name AS store, count(DISTINCT v.item_id)::int AS items, count(*)::int AS variants,
             count(v.stock)::int AS counted,
             count(DISTINCT v.item_id) FILTER (WHERE i.name_hi IS NOT NULL AND i.name_kn IS NOT NULL)::int AS named
      FROM item_variants v JOIN stores s ON s.id = v.store_id JOIN items i ON i.id = v.item_id
      WHERE v.business_id = ${businessId} AND v.sku IS NOT NULL GROUP BY s.name`);
    expect(rows).toHaveLength(1);
    // Every item of the sample has its name in Hindi and in Kannada too (ADR 0085).
    expect(rows[0]).toMatchObject({
      store: 'Fresh Mart Jayanagar',
      items: 2_558,
      variants: 4_758,
      named: 2_558,
    });
    expect(rows[0]!.counted).toBeGreaterThan(2_000);
    // Its vegetables are sold loose: per kg, in 250 g steps up to 5 kg, counted in grams.
    const loose = await database.db.execute<{
      item: string;
      price: number;
      step: number;
      max: number;
      stock: number;
      hindi: string;
      kannada: string;
    }>(sql`
      SELECT i.name AS item, v.price_paise::int AS price, v.step_grams AS step, v.max_grams AS max, v.stock,
             i.name_hi AS hindi, i.name_kn AS kannada
      FROM item_variants v JOIN items i ON i.id = v.item_id
      WHERE v.business_id = ${businessId} AND v.sku = 'LOOSE-04751'`);
    expect(loose.rows).toEqual([
      {
        item: 'Loose Onion',
        price: 3_600,
        step: 250,
        max: 5_000,
        stock: 10_000,
        hindi: 'खुला प्याज़',
        kannada: 'ಬಿಡಿ ಈರುಳ್ಳಿ',
      },
    ]);
  });

  it('sells milk and atta in two sizes each, below their MRP, and every other item as one unlabelled variant', async () => {
    const variants = await database.db.execute<{
      store: string;
      category: string;
      item: string;
      label: string;
      price: number;
      mrp: number | null;
    }>(sql`
      SELECT s.name AS store, c.name AS category, i.name AS item, v.label,
             v.price_paise::int AS price, v.mrp_paise::int AS mrp
      FROM item_variants v JOIN items i ON i.id = v.item_id JOIN stores s ON s.id = v.store_id
        JOIN categories c ON c.id = i.category_id
      -- The sample catalogue imported into one store has SKUs; the demo's own items have none.
      WHERE v.business_id = ${businessId} AND v.sku IS NULL
      ORDER BY s.name, i.name, v.position`);
    const stores = [...new Set(variants.rows.map((v) => v.store))];
    expect(stores).toHaveLength(5);
    for (const store of stores) {
      const ofStore = variants.rows.filter((v) => v.store === store);
      const sized = ofStore
        .filter((v) => v.item === 'Full Cream Milk' || v.item === 'Aashirvaad Whole Wheat Atta')
        .map(({ category, item, label, price, mrp }) => [category, item, label, price, mrp]);
      expect(sized, store).toEqual([
        ['Staples', 'Aashirvaad Whole Wheat Atta', '5 kg', 26_500, 28_900],
        ['Staples', 'Aashirvaad Whole Wheat Atta', '10 kg', 51_000, 56_000],
        ['Dairy & Eggs', 'Full Cream Milk', '500 ml', 3_400, 3_500],
        ['Dairy & Eggs', 'Full Cream Milk', '1 L', 6_600, 6_800],
      ]);
      const others = ofStore.filter(
        (v) => v.item !== 'Full Cream Milk' && v.item !== 'Aashirvaad Whole Wheat Atta',
      );
      expect(others.length, store).toBeGreaterThan(10);
      expect(new Set(others.map((v) => v.item)).size, store).toBe(others.length);
      expect(
        others.filter((v) => v.label !== ''),
        store,
      ).toEqual([]);
      expect(
        others.filter((v) => v.mrp !== null && v.mrp < v.price),
        store,
      ).toEqual([]);
    }
  });

  it('counts the stock of milk, atta, eggs and loose onions, some of it low and some sold out, and of nothing else', async () => {
    const counted = await database.db.execute<{
      store: string;
      item: string;
      label: string;
      stock: number;
      low: number | null;
    }>(sql`
      SELECT s.name AS store, i.name AS item, v.label, v.stock, v.low_stock_at AS low
      FROM item_variants v JOIN items i ON i.id = v.item_id JOIN stores s ON s.id = v.store_id
      WHERE v.business_id = ${businessId} AND v.stock IS NOT NULL AND v.sku IS NULL
      ORDER BY s.name, i.name, v.position`);
    const stores = [...new Set(counted.rows.map((v) => v.store))];
    expect(stores).toHaveLength(5);
    for (const store of stores) {
      expect(
        counted.rows
          .filter((v) => v.store === store)
          .map(({ item, label, stock, low }) => [item, label, stock, low]),
        store,
      ).toEqual([
        ['Aashirvaad Whole Wheat Atta', '5 kg', 25, 5],
        ['Aashirvaad Whole Wheat Atta', '10 kg', 0, 3],
        ['Brown Eggs (6)', '', 3, null],
        ['Full Cream Milk', '500 ml', 40, 10],
        ['Full Cream Milk', '1 L', 6, 8],
        // Loose, in grams: 40 kg, low at 5 kg.
        ['Onions', '', 40_000, 5_000],
      ]);
    }
    // Their availability is their stock: none is switched off, as one in ten other items are.
    const off = await database.db.execute(sql`
      SELECT DISTINCT i.name FROM items i JOIN item_variants v ON v.item_id = i.id
      WHERE i.business_id = ${businessId} AND v.sku IS NULL AND v.stock IS NOT NULL AND NOT i.in_stock`);
    expect(off.rows).toEqual([]);

    // The Bengaluru admin's Low stock view: the 10 kg atta sold out, the 1 L milk and the eggs low, in each
    // store of the zone; Jayanagar's sample catalogue has low lines of its own besides.
    const admin = await signIn('admin@example.com', 'admin-demo-1');
    const lowStock = async (query: string) => {
      const res = await ctx.app.inject({
        url: `/api/stock/low?pageSize=25${query}`,
        headers: { authorization: `Bearer ${admin.json().token}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{
        items: Array<{ storeName: string; itemName: string; variantLabel: string; stock: number }>;
        total: number;
      }>();
    };
    for (const store of ['Fresh Mart Indiranagar', 'Fresh Mart Koramangala']) {
      const { id } = await one<{ id: string }>(
        sql`SELECT id FROM stores WHERE business_id = ${businessId} AND name = ${store}`,
      );
      const rows = await lowStock(`&storeId=${id}`);
      expect(rows.items.map((row) => `${lineName(row.itemName, row.variantLabel)}: ${row.stock}`)).toEqual([
        'Aashirvaad Whole Wheat Atta · 10 kg: 0',
        'Brown Eggs (6): 3',
        'Full Cream Milk · 1 L: 6',
      ]);
    }
    const zone = await one<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM item_variants v JOIN stores s ON s.id = v.store_id JOIN zones z ON z.id = s.zone_id
      WHERE v.business_id = ${businessId} AND z.name = 'Bengaluru' AND v.stock <= coalesce(v.low_stock_at, 5 * coalesce(v.step_grams, 1))`);
    const all = await lowStock('');
    expect(all.total).toBe(zone.n);
    // Out of stock first, then the fewest left.
    const stocks = all.items.map((row) => row.stock);
    expect(stocks).toEqual([...stocks].sort((a, b) => a - b));
  });

  it("shows the customer app each item's variants, with what is sold out and what little is left", async () => {
    const key = (await one<{ key: string }>(sql`SELECT storefront_key AS key FROM businesses`)).key;
    const store = await one<{ id: string }>(
      sql`SELECT id FROM stores WHERE business_id = ${businessId} AND name = 'Fresh Mart Koramangala'`,
    );
    const res = await ctx.app.inject({
      url: `/api/storefront/stores/${store.id}/catalogue?q=atta`,
      headers: { 'x-storefront-key': key },
    });
    expect(res.statusCode, res.body).toBe(200);
    const pack = { stepGrams: null, maxGrams: null };
    const [atta] = res.json<{
      items: Array<{ name: string; inStock: boolean; variants: Array<Record<string, unknown>> }>;
    }>().items;
    expect(atta!.name).toBe('Aashirvaad Whole Wheat Atta');
    expect(atta!.variants.map(({ id: _, ...variant }) => variant)).toEqual([
      { ...pack, label: '5 kg', pricePaise: 26_500, mrpPaise: 28_900, inStock: atta!.inStock, left: null },
      { ...pack, label: '10 kg', pricePaise: 51_000, mrpPaise: 56_000, inStock: false, left: null },
    ]);
    const milk = await ctx.app.inject({
      url: `/api/storefront/stores/${store.id}/catalogue?q=doodh`,
      headers: { 'x-storefront-key': key },
    });
    const [item] = milk.json<{
      items: Array<{ name: string; inStock: boolean; variants: Array<Record<string, unknown>> }>;
    }>().items;
    expect(item!.name).toBe('Full Cream Milk');
    expect(item!.variants.map(({ id: _, ...variant }) => variant)).toEqual([
      { ...pack, label: '500 ml', pricePaise: 3_400, mrpPaise: 3_500, inStock: item!.inStock, left: null },
      {
        ...pack,
        label: '1 L',
        pricePaise: 6_600,
        mrpPaise: 6_800,
        inStock: item!.inStock,
        left: item!.inStock ? 6 : null,
      },
    ]);
    // Onions are sold loose: ₹36 a kg (MRP ₹40) in steps of 250 g, at most 5 kg to an order.
    const onions = await ctx.app.inject({
      url: `/api/storefront/stores/${store.id}/catalogue?q=pyaaz`,
      headers: { 'x-storefront-key': key },
    });
    const [loose] = onions.json<{
      items: Array<{ name: string; inStock: boolean; variants: Array<Record<string, unknown>> }>;
    }>().items;
    expect(loose!.name).toBe('Onions');
    expect(loose!.variants.map(({ id: _, ...variant }) => variant)).toEqual([
      {
        label: '',
        pricePaise: 3_600,
        mrpPaise: 4_000,
        stepGrams: 250,
        maxGrams: 5_000,
        inStock: loose!.inStock,
        left: null,
      },
    ]);
  });

  it('finds items by their other names in English, Hindi and Kannada, and lists categories in a grocer’s order', async () => {
    const key = (await one<{ key: string }>(sql`SELECT storefront_key AS key FROM businesses`)).key;
    const store = await one<{ id: string }>(
      sql`SELECT id FROM stores WHERE business_id = ${businessId} AND name = 'Fresh Mart Koramangala'`,
    );
    const catalogue = async (query = '') => {
      const res = await ctx.app.inject({
        url: `/api/storefront/stores/${store.id}/catalogue${query}`,
        headers: { 'x-storefront-key': key },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ categories: Array<{ name: string }>; items: Array<{ name: string }> }>();
    };
    const found = async (q: string) =>
      (await catalogue(`?q=${encodeURIComponent(q)}`)).items.map((item) => item.name);
    expect(await found('chawal')).toEqual(['Basmati Rice (5 kg)']);
    expect(await found('चावल')).toEqual(['Basmati Rice (5 kg)']);
    expect(await found('gehu ka atta')).toEqual(['Aashirvaad Whole Wheat Atta']);
    expect(await found('ಈರುಳ್ಳಿ')).toEqual(['Onions']);
    expect(await found('pyaz')).toEqual(['Onions']);
    expect((await catalogue()).categories.map((category) => category.name)).toEqual([
      'Fruits & Vegetables',
      'Dairy & Eggs',
      'Staples',
      'Snacks & Beverages',
    ]);
    // The sample catalogue's categories, made by its import, are numbered by name.
    const jayanagar = await database.db.execute<{ name: string; position: number }>(sql`
      SELECT c.name, c.position FROM categories c JOIN stores s ON s.id = c.store_id
      WHERE s.business_id = ${businessId} AND s.name = 'Fresh Mart Jayanagar' ORDER BY c.position`);
    expect(jayanagar.rows.map((row) => row.position)).toEqual(jayanagar.rows.map((_, index) => index + 1));
  });

  it('gives some items, categories, a slide and the stores names in Hindi and Kannada, which the customer app is given and searches', async () => {
    const key = (await one<{ key: string }>(sql`SELECT storefront_key AS key FROM businesses`)).key;
    const store = await one<{ id: string }>(
      sql`SELECT id FROM stores WHERE business_id = ${businessId} AND name = 'Fresh Mart Koramangala'`,
    );
    const res = await ctx.app.inject({
      url: `/api/storefront/stores/${store.id}/catalogue?q=${encodeURIComponent('बासमती')}`,
      headers: { 'x-storefront-key': key },
    });
    expect(res.statusCode, res.body).toBe(200);
    const catalogue = res.json<{
      store: { descriptionHi: string | null; descriptionKn: string | null };
      categories: Array<{ name: string; nameHi: string | null; nameKn: string | null }>;
      items: Array<{ name: string; nameHi: string | null; nameKn: string | null }>;
    }>();
    expect(catalogue.items).toMatchObject([
      { name: 'Basmati Rice (5 kg)', nameHi: 'बासमती चावल (5 किलो)', nameKn: 'ಬಾಸ್ಮತಿ ಅಕ್ಕಿ (5 ಕೆಜಿ)' },
    ]);
    expect(catalogue.categories.slice(0, 2)).toEqual([
      expect.objectContaining({
        name: 'Fruits & Vegetables',
        nameHi: 'फल और सब्ज़ियाँ',
        nameKn: 'ಹಣ್ಣು ಮತ್ತು ತರಕಾರಿ',
      }),
      expect.objectContaining({ name: 'Dairy & Eggs', nameHi: 'दूध और अंडे', nameKn: 'ಹಾಲು ಮತ್ತು ಮೊಟ್ಟೆ' }),
    ]);
    expect(catalogue.store).toMatchObject({
      descriptionHi: 'Koramangala, Bengaluru में आपकी पड़ोस की किराना दुकान।',
      descriptionKn: 'Koramangala, Bengaluru ನಲ್ಲಿ ನಿಮ್ಮ ನೆರೆಹೊರೆಯ ದಿನಸಿ ಅಂಗಡಿ.',
    });
    const slides = await ctx.app.inject({
      url: '/api/storefront/slides',
      headers: { 'x-storefront-key': key },
    });
    expect(
      slides.json<{ items: Array<{ titleHi: string | null; titleKn: string | null }> }>().items[0],
    ).toMatchObject({
      titleHi: 'आम का मौसम: अल्फांसो आम दुकान में',
      titleKn: 'ಮಾವಿನ ಹಣ್ಣಿನ ಕಾಲ: ಅಲ್ಫೋನ್ಸೋ ಮಾವು ಅಂಗಡಿಯಲ್ಲಿ',
    });
  });

  it("names on each order line the variant it sold, at that variant's price and MRP", async () => {
    const lines = await database.db.execute<{
      item: string;
      variant: string | null;
      name: string;
      label: string | null;
      price: number;
      mrp: number | null;
      known: boolean;
    }>(sql`
      SELECT line ->> 'itemId' AS item, line ->> 'variantId' AS variant, line ->> 'itemName' AS name,
             line ->> 'variantLabel' AS label, (line ->> 'itemPricePaise')::int AS price,
             (line ->> 'mrpPaise')::int AS mrp,
             EXISTS (SELECT 1 FROM item_variants v
                     WHERE v.id::text = line ->> 'variantId' AND v.item_id::text = line ->> 'itemId'
                       AND v.step_grams IS NULL AND line ->> 'stepGrams' IS NULL
                       AND v.label = line ->> 'variantLabel' AND v.price_paise = (line ->> 'itemPricePaise')::bigint
                       AND v.mrp_paise IS NOT DISTINCT FROM (line ->> 'mrpPaise')::bigint)
             -- A loose line is sold by the step, at the step's price and MRP.
             OR EXISTS (SELECT 1 FROM item_variants v
                     WHERE v.id::text = line ->> 'variantId' AND v.item_id::text = line ->> 'itemId'
                       AND v.step_grams = (line ->> 'stepGrams')::int AND line ->> 'variantLabel' = v.step_grams || ' g'
                       AND v.price_paise * v.step_grams / 1000 = (line ->> 'itemPricePaise')::bigint
                       AND v.mrp_paise * v.step_grams / 1000 IS NOT DISTINCT FROM (line ->> 'mrpPaise')::bigint) AS known
      FROM orders o CROSS JOIN LATERAL jsonb_array_elements(o.items) AS line
      WHERE o.business_id = ${businessId}`);
    expect(lines.rows.length).toBeGreaterThan(400);
    expect(lines.rows.filter((line) => !line.known)).toEqual([]);
    // Both sizes of milk and of atta have sold, each line at its own size's price.
    const sold = new Set(
      lines.rows.filter((line) => line.label).map((line) => `${line.name} · ${line.label}`),
    );
    expect([...sold].sort()).toEqual([
      'Aashirvaad Whole Wheat Atta · 10 kg',
      'Aashirvaad Whole Wheat Atta · 5 kg',
      'Full Cream Milk · 1 L',
      'Full Cream Milk · 500 ml',
      'Onions · 250 g',
    ]);
    // One line per variant in an order, as the customer app sends them.
    const twice = await one<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM orders o
      WHERE o.business_id = ${businessId}
        AND (SELECT count(*) FROM jsonb_array_elements(o.items)) <>
            (SELECT count(DISTINCT line ->> 'variantId') FROM jsonb_array_elements(o.items) AS line)`);
    expect(twice.n).toBe(0);
  });

  it('seeds the same catalogue, stock and orders every time', async () => {
    const again = await createTestDatabase();
    const againFiles = fs.mkdtempSync(path.join(os.tmpdir(), 'storedesk-seed-files-'));
    try {
      await seedDemo(again.db, new LocalStorage(againFiles), { info: () => undefined });
      const shape = async (db: TestDatabase['db']) => ({
        variants: (
          await db.execute(sql`
            SELECT s.name AS store, i.name AS item, i.in_stock, v.position, v.label, v.price_paise, v.mrp_paise,
                   v.stock, v.low_stock_at
            FROM item_variants v JOIN items i ON i.id = v.item_id JOIN stores s ON s.id = v.store_id
            ORDER BY 1, 2, 4`)
        ).rows,
        orders: (
          await db.execute(sql`
            SELECT o.store_name, o.status, o.customer_name, o.bill_amount_paise, o.payment_mode,
                   (SELECT json_agg(json_build_array(line ->> 'itemName', line ->> 'variantLabel',
                            line -> 'itemQuantity', line -> 'itemPricePaise', line -> 'mrpPaise'))
                    FROM jsonb_array_elements(o.items) AS line) AS lines
            FROM orders o ORDER BY o.placed_at, o.bill_amount_paise, o.store_name`)
        ).rows,
      });
      const [first, second] = [await shape(database.db), await shape(again.db)];
      expect(second.variants.length).toBeGreaterThan(80);
      expect(second).toEqual(first);
    } finally {
      await again.drop();
      fs.rmSync(againFiles, { recursive: true, force: true });
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
