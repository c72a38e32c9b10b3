import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { ofBusiness, sqlOfBusiness } from '#server/lib/scope.ts';
import { categories, items, itemVariants, stockAdjustments, stores } from '#server/db/schema.ts';
import type { StoreRef } from './categories.repository.ts';

/** A live item's variant with its item, as a spreadsheet row holds them. */
export type CatalogueEntry = {
  itemId: string;
  productId: string;
  /** What the variant is of its product, which its copies' variants share (ADR 0063). */
  sharedId: string;
  name: string;
  nameHi: string | null;
  nameKn: string | null;
  aliases: string[];
  categoryId: string | null;
  categoryName: string | null;
  gstRate: number;
  hsn: string | null;
  veg: boolean;
  variantId: string;
  position: number;
  label: string;
  pricePaise: number;
  mrpPaise: number | null;
  sku: string | null;
  barcode: string | null;
  stock: number | null;
  lowStockAt: number | null;
  stepGrams: number | null;
  maxGrams: number | null;
};

/** The store's live items and their variants, by category, item name and variant order. */
export function findCatalogueEntries(db: Executor, store: StoreRef): Promise<CatalogueEntry[]> {
  return db
    .select({
      itemId: items.id,
      productId: items.productId,
      name: items.name,
      nameHi: items.nameHi,
      nameKn: items.nameKn,
      categoryId: categories.id,
      categoryName: categories.name,
      gstRate: items.gstRate,
      hsn: items.hsn,
      veg: items.veg,
      variantId: itemVariants.id,
      sharedId: itemVariants.sharedId,
      aliases: items.aliases,
      position: itemVariants.position,
      label: itemVariants.label,
      pricePaise: itemVariants.pricePaise,
      mrpPaise: itemVariants.mrpPaise,
      sku: itemVariants.sku,
      barcode: itemVariants.barcode,
      stock: itemVariants.stock,
      lowStockAt: itemVariants.lowStockAt,
      stepGrams: itemVariants.stepGrams,
      maxGrams: itemVariants.maxGrams,
    })
    .from(items)
    .innerJoin(itemVariants, eq(itemVariants.itemId, items.id))
    .leftJoin(categories, and(eq(categories.id, items.categoryId), isNull(categories.deletedAt)))
    .where(and(ofBusiness(items, store), eq(items.storeId, store.storeId), isNull(items.deletedAt)))
    .orderBy(
      sql`lower(${categories.name})`,
      sql`lower(${items.name})`,
      asc(items.id),
      asc(itemVariants.position),
    );
}

/** The store's live categories by their name in lower case. */
export async function findCategoryIds(db: Executor, store: StoreRef): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(
      and(ofBusiness(categories, store), eq(categories.storeId, store.storeId), isNull(categories.deletedAt)),
    );
  return new Map(rows.map((row) => [row.name.toLowerCase(), row.id]));
}

/** Adds the categories of these names (any case) that the store has no live one of. */
export async function ensureCategories(db: Executor, store: StoreRef, names: string[]) {
  const have = await findCategoryIds(db, store);
  const missing = [...new Map(names.map((name) => [name.toLowerCase(), name])).entries()]
    .filter(([key]) => !have.has(key))
    .map(([, name]) => ({ ...store, name }));
  if (missing.length > 0) await db.insert(categories).values(missing);
}

/**
 * The variants of the business's other stores (and this store's items in the trash) that hold
 * any of these codes, with the product each is of.
 */
export function findCodesElsewhere(
  db: Executor,
  store: StoreRef,
  codes: { skus: string[]; barcodes: string[] },
) {
  if (codes.skus.length === 0 && codes.barcodes.length === 0) return Promise.resolve([]);
  return db
    .select({
      sku: itemVariants.sku,
      barcode: itemVariants.barcode,
      productId: items.productId,
      sharedId: itemVariants.sharedId,
      itemName: items.name,
      /** A live item of another store: a new item of this name and code may become its copy. */
      live: sql<boolean>`${items.deletedAt} IS NULL AND ${itemVariants.storeId} <> ${store.storeId}::uuid`,
    })
    .from(itemVariants)
    .innerJoin(items, eq(items.id, itemVariants.itemId))
    .where(
      and(
        ofBusiness(itemVariants, store),
        or(sql`${itemVariants.storeId} <> ${store.storeId}::uuid`, sql`${items.deletedAt} IS NOT NULL`),
        or(
          codes.skus.length > 0 ? inArray(itemVariants.sku, codes.skus) : undefined,
          codes.barcodes.length > 0 ? inArray(itemVariants.barcode, codes.barcodes) : undefined,
        ),
      ),
    );
}

/** The prices of the variants of other stores' live copies of these products, with each store's name. */
export function findCopyPrices(db: Executor, store: StoreRef, productIds: string[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      productId: items.productId,
      sharedId: itemVariants.sharedId,
      pricePaise: itemVariants.pricePaise,
      storeName: stores.name,
    })
    .from(items)
    .innerJoin(itemVariants, eq(itemVariants.itemId, items.id))
    .innerJoin(stores, eq(stores.id, items.storeId))
    .where(
      and(
        ofBusiness(items, store),
        inArray(items.productId, productIds),
        ne(items.storeId, store.storeId),
        isNull(items.deletedAt),
        isNull(stores.deletedAt),
      ),
    )
    .orderBy(asc(stores.name));
}

/** One import at a time per store: a second waits for the first to commit, then reads what it wrote. */
export async function lockStoreCatalogue(tx: Executor, store: StoreRef) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`catalogue:${store.storeId}`}, 0))`);
}

export type NewItem = {
  /** The product a new item is a copy of (ADR 0063); a new product without it. */
  productId?: string;
  categoryId: string;
  name: string;
  gstRate: number;
  hsn: string | null;
  veg: boolean;
  /** Left out: the item keeps the other names it has (a new one has none). */
  aliases?: string[];
  /** Its name in Hindi and in Kannada (ADR 0085); left out: kept as it is (a new item has none). */
  nameHi?: string | null;
  nameKn?: string | null;
};

const chunk = <T>(rows: T[], size: number) =>
  Array.from({ length: Math.ceil(rows.length / size) }, (_, index) =>
    rows.slice(index * size, (index + 1) * size),
  );

/** New items, in one statement per thousand; answers their ids in order. */
export async function insertItems(tx: Executor, store: StoreRef, rows: NewItem[]): Promise<string[]> {
  const ids: string[] = [];
  for (const part of chunk(rows, 1000)) {
    const inserted = await tx
      .insert(items)
      .values(part.map((row) => ({ ...store, ...row, featured: 0 })))
      .returning({ id: items.id });
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

export type NewVariant = {
  /** The copied product's variant this one is (ADR 0063); a new one without it. */
  sharedId?: string;
  itemId: string;
  position: number;
  label: string;
  pricePaise: number;
  mrpPaise: number | null;
  sku: string | null;
  barcode: string | null;
  stock: number | null;
  lowStockAt: number | null;
  stepGrams: number | null;
  maxGrams: number | null;
};

export async function insertVariants(tx: Executor, store: StoreRef, rows: NewVariant[]): Promise<string[]> {
  const ids: string[] = [];
  for (const part of chunk(rows, 1000)) {
    const inserted = await tx
      .insert(itemVariants)
      .values(part.map((row) => ({ ...store, ...row })))
      .returning({ id: itemVariants.id });
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

/** Items' own fields as a file has them, a thousand to a statement; their versions move on. */
export async function updateItemFields(tx: Executor, store: StoreRef, rows: Array<NewItem & { id: string }>) {
  for (const part of chunk(rows, 1000)) {
    const column = <T>(pick: (row: NewItem & { id: string }) => T) => sql.param(part.map(pick));
    await tx.execute(sql`
      UPDATE items i SET category_id = u.category_id, name = u.name, gst_rate = u.gst_rate, hsn = u.hsn,
        veg = u.veg,
        aliases = CASE WHEN u.aliases IS NULL THEN i.aliases ELSE ARRAY(SELECT jsonb_array_elements_text(u.aliases)) END,
        name_hi = CASE WHEN u.name_hi IS NULL THEN i.name_hi ELSE u.name_hi #>> '{}' END,
        name_kn = CASE WHEN u.name_kn IS NULL THEN i.name_kn ELSE u.name_kn #>> '{}' END,
        version = i.version + 1, updated_at = now()
      FROM unnest(${column((row) => row.id)}::uuid[], ${column((row) => row.categoryId)}::uuid[],
                  ${column((row) => row.name)}::text[], ${column((row) => row.gstRate)}::smallint[],
                  ${column((row) => row.hsn)}::text[], ${column((row) => row.veg)}::boolean[],
                  ${column((row) => (row.aliases === undefined ? null : JSON.stringify(row.aliases)))}::jsonb[],
                  ${column((row) => (row.nameHi === undefined ? null : JSON.stringify(row.nameHi)))}::jsonb[],
                  ${column((row) => (row.nameKn === undefined ? null : JSON.stringify(row.nameKn)))}::jsonb[])
        AS u(id, category_id, name, gst_rate, hsn, veg, aliases, name_hi, name_kn)
      WHERE i.id = u.id AND ${sqlOfBusiness('i', store)} AND i.store_id = ${store.storeId}::uuid`);
  }
}

export type VariantFields = Omit<NewVariant, 'itemId' | 'position'> & { id: string };

/** Variants' fields as a file has them, a thousand to a statement. */
export async function updateVariantFields(tx: Executor, store: StoreRef, rows: VariantFields[]) {
  for (const part of chunk(rows, 1000)) {
    const column = <T>(pick: (row: VariantFields) => T) => sql.param(part.map(pick));
    await tx.execute(sql`
      UPDATE item_variants v SET label = u.label, price_paise = u.price_paise, mrp_paise = u.mrp_paise,
        sku = u.sku, barcode = u.barcode, stock = u.stock, low_stock_at = u.low_stock_at,
        step_grams = u.step_grams, max_grams = u.max_grams, updated_at = now()
      FROM unnest(${column((row) => row.id)}::uuid[], ${column((row) => row.label)}::text[],
                  ${column((row) => row.pricePaise)}::bigint[], ${column((row) => row.mrpPaise)}::bigint[],
                  ${column((row) => row.sku)}::text[], ${column((row) => row.barcode)}::text[],
                  ${column((row) => row.stock)}::int[], ${column((row) => row.lowStockAt)}::int[],
                  ${column((row) => row.stepGrams)}::int[], ${column((row) => row.maxGrams)}::int[])
        AS u(id, label, price_paise, mrp_paise, sku, barcode, stock, low_stock_at, step_grams, max_grams)
      WHERE v.id = u.id AND ${sqlOfBusiness('v', store)} AND v.store_id = ${store.storeId}::uuid`);
  }
}

export async function insertStockAdjustments(
  tx: Executor,
  store: StoreRef,
  rows: Array<{ itemId: string; variantId: string; stockFrom: number | null; stockTo: number }>,
) {
  for (const part of chunk(rows, 1000)) {
    await tx.insert(stockAdjustments).values(part.map((row) => ({ ...store, ...row, reason: 'counted' })));
  }
}
