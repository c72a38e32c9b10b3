/**
 * Migrations that change existing data, run on data written at the level
 * before them, as a database that was already in use meets them.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dropTestDatabase } from '#test/drop-database.ts';
import { committedMigrations, migrateWithinTransaction, runMigrations } from './migrate.ts';

let admin: pg.Client;
let name: string;
let pool: pg.Pool;

/** A fresh database (the suite's, unless `on` names another) brought to the level just before the migration `tag`. */
async function databaseBefore(tag: string, on: pg.Pool = pool) {
  const levels = committedMigrations();
  const before = levels[levels.findIndex((level) => level.tag === tag) - 1]!;
  const client = await on.connect();
  try {
    await client.query('BEGIN');
    await migrateWithinTransaction(client, before.when);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

beforeAll(async () => {
  const adminUrl = inject('pgAdminUrl');
  name = `storedesk_t_${randomBytes(6).toString('hex')}`;
  admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
});

afterAll(async () => {
  await pool.end();
  await dropTestDatabase(admin, name);
  await admin.end();
});

describe('0014: order numbers per business', () => {
  it('renumbers the orders of each business from 1 in the order they were numbered, and counts on from there', async () => {
    await databaseBefore('0014_order-numbers-per-business');
    // Two businesses whose orders took turns on the one sequence they used to share.
    await pool.query(`
      WITH b AS (
        INSERT INTO businesses (name, theme, storefront_key)
        VALUES ('First', '{}', 'pk_first'), ('Second', '{}', 'pk_second') RETURNING id, name),
      z AS (INSERT INTO zones (business_id, name) SELECT id, 'Main' FROM b RETURNING id, business_id),
      s AS (
        INSERT INTO stores (business_id, zone_id, name, description, location, phone, featured, latitude, longitude,
                            geohash, open_time, close_time)
        SELECT business_id, id, 'Shop', '', '', '9876543210', 1, 12.9, 77.5, 'tdr1', '07:00', '22:00' FROM z
        RETURNING id, zone_id, business_id),
      c AS (
        INSERT INTO customers (business_id, name, phone) SELECT id, 'Asha', '9800000000' FROM b
        RETURNING id, business_id)
      INSERT INTO orders (business_id, zone_id, store_id, store_name, customer_id, customer_name, customer_phone,
                          items, charges, items_total_paise, bill_amount_paise, placed_at)
      SELECT s.business_id, s.zone_id, s.id, 'Shop', c.id, 'Asha', '9800000000', '[]', '[]', 0, 0,
             now() - n * interval '1 minute'
      FROM generate_series(1, 7) AS n
      JOIN b ON (n % 2 = 1) = (b.name = 'First')
      JOIN s ON s.business_id = b.id
      JOIN c ON c.business_id = b.id
      ORDER BY n DESC`);
    const numbered = `SELECT b.name, o.number FROM orders o JOIN businesses b ON b.id = o.business_id
                       ORDER BY b.name, o.placed_at`;
    expect((await pool.query(numbered)).rows).toEqual([
      { name: 'First', number: '1' },
      { name: 'First', number: '3' },
      { name: 'First', number: '5' },
      { name: 'First', number: '7' },
      { name: 'Second', number: '2' },
      { name: 'Second', number: '4' },
      { name: 'Second', number: '6' },
    ]);

    await runMigrations(pool);

    expect((await pool.query(numbered)).rows).toEqual([
      { name: 'First', number: '1' },
      { name: 'First', number: '2' },
      { name: 'First', number: '3' },
      { name: 'First', number: '4' },
      { name: 'Second', number: '1' },
      { name: 'Second', number: '2' },
      { name: 'Second', number: '3' },
    ]);
    // The next order of each business carries on from its own last number.
    await pool.query(`
      INSERT INTO orders (business_id, zone_id, store_id, store_name, customer_id, customer_name, customer_phone,
                          items, charges, items_total_paise, bill_amount_paise)
      SELECT o.business_id, o.zone_id, o.store_id, 'Shop', o.customer_id, 'Asha', '9800000000', '[]', '[]', 0, 0
      FROM (SELECT DISTINCT ON (business_id) * FROM orders) AS o`);
    const { rows } = await pool.query(
      `SELECT b.name, max(o.number) AS last FROM orders o JOIN businesses b ON b.id = o.business_id
        GROUP BY b.name ORDER BY b.name`,
    );
    expect(rows).toEqual([
      { name: 'First', last: '5' },
      { name: 'Second', last: '4' },
    ]);
  });
});

describe('0018: a slug for every business', () => {
  it('makes one from each name, the later of two alike with the start of its id, and keeps them unique', async () => {
    const slugDb = `storedesk_t_${randomBytes(6).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${slugDb}`);
    const url = new URL(inject('pgAdminUrl'));
    url.pathname = `/${slugDb}`;
    const slugPool = new pg.Pool({ connectionString: url.toString(), max: 2 });
    try {
      await databaseBefore('0018_business-slug', slugPool);
      await slugPool.query(`
        INSERT INTO businesses (id, name, theme, storefront_key, created_at) VALUES
          ('00000000-0000-4000-8000-000000000001', 'Demo Fresh Mart', '{}', 'pk_1', '2026-01-01'),
          ('aaaaaaaa-0000-4000-8000-000000000002', 'Demo  Fresh-Mart!', '{}', 'pk_2', '2026-02-01'),
          ('00000000-0000-4000-8000-000000000003', 'Café Crème', '{}', 'pk_3', '2026-03-01'),
          ('00000000-0000-4000-8000-000000000004', 'AB', '{}', 'pk_4', '2026-04-01'),
          ('00000000-0000-4000-8000-000000000005', 'सब्ज़ी', '{}', 'pk_5', '2026-05-01')`);

      await runMigrations(slugPool);

      const { rows } = await slugPool.query(`SELECT name, slug FROM businesses ORDER BY created_at`);
      expect(rows).toEqual([
        { name: 'Demo Fresh Mart', slug: 'demo-fresh-mart' },
        { name: 'Demo  Fresh-Mart!', slug: 'demo-fresh-mart-aaaaaaaa' },
        { name: 'Café Crème', slug: 'caf-cr-me' },
        { name: 'AB', slug: 'shop-ab' },
        { name: 'सब्ज़ी', slug: 'shop' },
      ]);
      await expect(slugPool.query(`UPDATE businesses SET slug = 'shop' WHERE name = 'AB'`)).rejects.toThrow(
        /businesses_slug_key/,
      );
    } finally {
      await slugPool.end();
      await dropTestDatabase(admin, slugDb);
    }
  });
});

describe('0022: one live category per name in a store', () => {
  it('keeps the first of each name and calls the later ones “(2)”, “(3)”, leaving other stores and the trash alone', async () => {
    const categoriesDb = `storedesk_t_${randomBytes(6).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${categoriesDb}`);
    const url = new URL(inject('pgAdminUrl'));
    url.pathname = `/${categoriesDb}`;
    const categoriesPool = new pg.Pool({ connectionString: url.toString(), max: 2 });
    try {
      await databaseBefore('0022_shop-floor', categoriesPool);
      await categoriesPool.query(`
        WITH b AS (
          INSERT INTO businesses (name, theme, storefront_key, slug) VALUES ('Fresh', '{}', 'pk_fresh', 'fresh') RETURNING id),
        z AS (INSERT INTO zones (business_id, name) SELECT id, 'Main' FROM b RETURNING id, business_id),
        s AS (
          INSERT INTO stores (business_id, zone_id, name, description, location, phone, featured, latitude, longitude,
                              geohash, open_time, close_time)
          SELECT business_id, id, shop, '', '', '9876543210', 1, 12.9, 77.5, 'tdr1', '07:00', '22:00'
          FROM z, (VALUES ('One'), ('Two')) AS shops (shop)
          RETURNING id, business_id, name)
        INSERT INTO categories (business_id, store_id, name, created_at, deleted_at)
        SELECT s.business_id, s.id, c.name, c.created_at::timestamptz, c.deleted_at::timestamptz
        FROM s JOIN (VALUES
          ('One', 'Fruits', '2026-01-01', NULL),
          ('One', 'FRUITS', '2026-01-02', NULL),
          ('One', 'fruits', '2026-01-03', NULL),
          ('One', 'Fruits', '2026-01-04', '2026-02-01'),
          ('One', 'Dairy', '2026-01-05', NULL),
          ('Two', 'Fruits', '2026-01-06', NULL)
        ) AS c (shop, name, created_at, deleted_at) ON c.shop = s.name`);

      await runMigrations(categoriesPool);

      const { rows } = await categoriesPool.query(
        `SELECT s.name AS store, c.name, c.version, c.deleted_at IS NOT NULL AS trashed
           FROM categories c JOIN stores s ON s.id = c.store_id ORDER BY c.created_at`,
      );
      expect(rows).toEqual([
        { store: 'One', name: 'Fruits', version: 1, trashed: false },
        { store: 'One', name: 'FRUITS (2)', version: 2, trashed: false },
        { store: 'One', name: 'fruits (3)', version: 2, trashed: false },
        { store: 'One', name: 'Fruits', version: 1, trashed: true },
        { store: 'One', name: 'Dairy', version: 1, trashed: false },
        { store: 'Two', name: 'Fruits', version: 1, trashed: false },
      ]);
      // From here on the database itself refuses a second live category of a name in a store.
      await expect(
        categoriesPool.query(
          `INSERT INTO categories (business_id, store_id, name)
           SELECT business_id, store_id, 'dairy' FROM categories WHERE name = 'Dairy'`,
        ),
      ).rejects.toThrow(/categories_name_idx/);
    } finally {
      await categoriesPool.end();
      await dropTestDatabase(admin, categoriesDb);
    }
  });
});
