/**
 * Stores' catalogues written with SQL, for the benches that need many items: every item gets
 * its variants (B17) in the same transaction, since a store's item always has at least one.
 *
 * Item n (from 1) is "<Organic|Fresh|Classic|Premium|Daily> product n", tagged tag<n % 20>,
 * out of stock when n % 7 = 0, veg when n % 3 = 0, featured n % 4, in one of the store's
 * categories in turn. With `variants: 'one'` it has one unnamed variant; with 'mixed' it has
 * 1, 2, 3 or 2 (n % 4 = 0, 1, 2, 3: two variants an item on average), named by pack size,
 * each dearer than the one before, with an MRP 10% above its price.
 */
import type pg from 'pg';

export type StoreItemsPlan = {
  businessId: string;
  storeId: string;
  items: number;
  variants: 'one' | 'mixed';
  /** SKUs `<prefix>-<n>-<position>`, unique in the business; none when null. */
  skuPrefix: string | null;
  /** Each variant's stock: not counted (null), or this many units. */
  stock: number | null;
};

/** The store's categories named `<prefix> 1` to `<prefix> count`, written with SQL. */
export async function insertCategories(
  client: pg.Client,
  store: { businessId: string; storeId: string },
  count: number,
  prefix = 'Aisle',
) {
  await client.query(
    `INSERT INTO categories (business_id, store_id, name)
     SELECT $1, $2, $3 || ' ' || n FROM generate_series(1, $4::int) AS n`,
    [store.businessId, store.storeId, prefix, count],
  );
}

/** Mixed variants: how many item n has, by n % 4. */
export const variantsOfItem = (n: number) => [1, 2, 3, 2][n % 4]!;
/** The names of an item's pack sizes, by how many it has. */
export const packLabels: Record<number, string[]> = {
  1: [''],
  2: ['500 g', '1 kg'],
  3: ['250 g', '500 g', '1 kg'],
};

/**
 * Writes `plan.items` items and their variants in the store, spread over its live categories
 * (which must exist). Answers the variants written.
 */
export async function insertStoreItems(client: pg.Client, plan: StoreItemsPlan): Promise<number> {
  const { businessId, storeId } = plan;
  await client.query(
    `CREATE TEMP TABLE bench_new_items AS
     SELECT gen_random_uuid() AS id, n,
            CASE WHEN $2 = 'one' THEN 1 ELSE (ARRAY[1, 2, 3, 2])[1 + n % 4] END AS variants
     FROM generate_series(1, $1::int) AS n`,
    [plan.items, plan.variants],
  );
  await client.query(
    `WITH c AS (
       SELECT id, row_number() OVER (ORDER BY name, id) - 1 AS k, count(*) OVER () AS m
       FROM categories WHERE store_id = $2 AND deleted_at IS NULL)
     INSERT INTO items (id, business_id, store_id, category_id, name, tags, in_stock, veg, featured)
     SELECT t.id, $1, $2, c.id,
            (ARRAY['Organic','Fresh','Classic','Premium','Daily'])[1 + t.n % 5] || ' product ' || t.n,
            ARRAY['tag' || (t.n % 20)], t.n % 7 <> 0, t.n % 3 = 0, t.n % 4
     FROM bench_new_items t JOIN c ON c.k = t.n % c.m`,
    [businessId, storeId],
  );
  const written = await client.query(
    `INSERT INTO item_variants (business_id, store_id, item_id, position, label, price_paise, mrp_paise, sku, stock)
     SELECT $1, $2, t.id, v,
            CASE t.variants WHEN 1 THEN '' WHEN 2 THEN (ARRAY['500 g', '1 kg'])[1 + v]
                            ELSE (ARRAY['250 g', '500 g', '1 kg'])[1 + v] END,
            (1000 + (t.n * 37) % 99000) * (1 + v),
            CASE WHEN $5 = 'mixed' THEN (1000 + (t.n * 37) % 99000) * (1 + v) * 11 / 10 END,
            CASE WHEN $3::text IS NOT NULL THEN $3 || '-' || t.n || '-' || v END,
            $4::int
     FROM bench_new_items t CROSS JOIN LATERAL generate_series(0, t.variants - 1) AS v`,
    [businessId, storeId, plan.skuPrefix, plan.stock, plan.variants],
  );
  await client.query('DROP TABLE bench_new_items');
  return written.rowCount ?? 0;
}

/**
 * Sets every variant of the store's items to `stock` units (null: not counted), and lets
 * PostgreSQL see the table as it now is.
 */
export async function setStoreStock(client: pg.Client, storeId: string, stock: number | null) {
  await client.query('UPDATE item_variants SET stock = $2::int WHERE store_id = $1', [storeId, stock]);
  await client.query('VACUUM ANALYZE item_variants');
}
