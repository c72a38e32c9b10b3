import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { ofBusiness } from '#server/lib/scope.ts';
import { categories, items, itemVariants, stockAdjustments } from '#server/db/schema.ts';
import type { StoreRef } from './categories.repository.ts';

/** A live item's variant with its item, as a spreadsheet row holds them. */
export type CatalogueEntry = {
  itemId: string;
  productId: string;
  name: string;
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
};

/** The store's live items and their variants, by category, item name and variant order. */
export function findCatalogueEntries(db: Executor, store: StoreRef): Promise<CatalogueEntry[]> {
  return db
    .select({
      itemId: items.id,
      productId: items.productId,
      name: items.name,
      categoryId: categories.id,
      categoryName: categories.name,
      gstRate: items.gstRate,
      hsn: items.hsn,
      veg: items.veg,
      variantId: itemVariants.id,
      position: itemVariants.position,
      label: itemVariants.label,
      pricePaise: itemVariants.pricePaise,
      mrpPaise: itemVariants.mrpPaise,
      sku: itemVariants.sku,
      barcode: itemVariants.barcode,
      stock: itemVariants.stock,
      lowStockAt: itemVariants.lowStockAt,
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
    .select({ sku: itemVariants.sku, barcode: itemVariants.barcode, productId: items.productId })
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

/** One import at a time per store: a second waits for the first to commit, then reads what it wrote. */
export async function lockStoreCatalogue(tx: Executor, store: StoreRef) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`catalogue:${store.storeId}`}, 0))`);
}

export type NewItem = {
  categoryId: string;
  name: string;
  gstRate: number;
  hsn: string | null;
  veg: boolean;
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
  itemId: string;
  position: number;
  label: string;
  pricePaise: number;
  mrpPaise: number | null;
  sku: string | null;
  barcode: string | null;
  stock: number | null;
  lowStockAt: number | null;
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

/** An item's own fields as a file has them; its version moves on, so a form opened before sees it changed. */
export async function updateItemFields(tx: Executor, store: StoreRef, itemId: string, values: NewItem) {
  await tx
    .update(items)
    .set({ ...values, version: sql`${items.version} + 1`, updatedAt: sql`now()` })
    .where(and(ofBusiness(items, store), eq(items.storeId, store.storeId), eq(items.id, itemId)));
}

export async function updateVariantFields(
  tx: Executor,
  store: StoreRef,
  variantId: string,
  values: Omit<NewVariant, 'itemId' | 'position'>,
) {
  await tx
    .update(itemVariants)
    .set({ ...values, updatedAt: sql`now()` })
    .where(
      and(
        ofBusiness(itemVariants, store),
        eq(itemVariants.storeId, store.storeId),
        eq(itemVariants.id, variantId),
      ),
    );
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
