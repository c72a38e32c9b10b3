import { and, asc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { variantLimits, type VariantValues } from '@storedesk/shared/catalogue/variants';
import type { Executor } from '#server/db/client.ts';
import { inScope, ofBusiness, sqlOfBusiness, type Scope } from '#server/lib/scope.ts';
import { items, itemVariants, stockAdjustments, stores } from '#server/db/schema.ts';
import { raisedDetail } from '#server/lib/pg-errors.ts';
import type { StatementPart } from '#server/lib/statement-part.ts';
import { jsonArrayOf } from '#server/lib/json-columns.ts';
import type { StoreRef } from './categories.repository.ts';

export const variantColumns = {
  id: itemVariants.id,
  itemId: itemVariants.itemId,
  label: itemVariants.label,
  pricePaise: itemVariants.pricePaise,
  mrpPaise: itemVariants.mrpPaise,
  sku: itemVariants.sku,
  barcode: itemVariants.barcode,
  stepGrams: itemVariants.stepGrams,
  maxGrams: itemVariants.maxGrams,
  stock: itemVariants.stock,
  lowStockAt: itemVariants.lowStockAt,
};
export type VariantRow = {
  id: string;
  itemId: string;
  label: string;
  pricePaise: number;
  mrpPaise: number | null;
  sku: string | null;
  barcode: string | null;
  stepGrams: number | null;
  maxGrams: number | null;
  stock: number | null;
  lowStockAt: number | null;
};

/**
 * An item's variants in their order, as `variantColumns` name them, as JSON: a column of a
 * statement that reads `items`, so an item comes with its variants in one statement.
 */
export const variantsOfItem = jsonArrayOf<VariantRow>(
  variantColumns,
  sql`FROM ${itemVariants} WHERE ${itemVariants.itemId} = ${items.id}`,
  itemVariants.position,
);

/** The variants of a store's items, each item's in its order. */
export function findVariants(db: Executor, store: StoreRef, itemIds: string[]): Promise<VariantRow[]> {
  if (itemIds.length === 0) return Promise.resolve([]);
  return db
    .select(variantColumns)
    .from(itemVariants)
    .where(
      and(
        ofBusiness(itemVariants, store),
        eq(itemVariants.storeId, store.storeId),
        inArray(itemVariants.itemId, itemIds),
      ),
    )
    .orderBy(asc(itemVariants.itemId), asc(itemVariants.position));
}

export async function insertVariant(
  db: Executor,
  store: StoreRef,
  itemId: string,
  position: number,
  values: Omit<VariantValues, 'id'>,
) {
  const [row] = await db
    .insert(itemVariants)
    .values({
      businessId: store.businessId,
      storeId: store.storeId,
      itemId,
      position,
      label: values.label,
      pricePaise: values.pricePaise,
      mrpPaise: values.mrpPaise,
      sku: values.sku,
      barcode: values.barcode,
      stepGrams: values.stepGrams,
      maxGrams: values.maxGrams,
      stock: values.stock,
      lowStockAt: values.lowStockAt,
    })
    .returning({ id: itemVariants.id });
  return row!;
}

/** Writes a variant's own fields; its stock only when `stock` is given (starting or stopping the count). */
export async function updateVariant(
  db: Executor,
  store: StoreRef,
  variantId: string,
  position: number,
  values: Omit<VariantValues, 'id' | 'stock'> & { stock?: number | null },
) {
  await db
    .update(itemVariants)
    .set({
      position,
      label: values.label,
      pricePaise: values.pricePaise,
      mrpPaise: values.mrpPaise,
      sku: values.sku,
      barcode: values.barcode,
      stepGrams: values.stepGrams,
      maxGrams: values.maxGrams,
      lowStockAt: values.lowStockAt,
      ...(values.stock === undefined ? {} : { stock: values.stock }),
      updatedAt: sql`now()`,
    })
    .where(
      and(
        ofBusiness(itemVariants, store),
        eq(itemVariants.storeId, store.storeId),
        eq(itemVariants.id, variantId),
      ),
    );
}

export async function deleteVariants(db: Executor, store: StoreRef, variantIds: string[]) {
  if (variantIds.length === 0) return;
  await db
    .delete(itemVariants)
    .where(
      and(
        ofBusiness(itemVariants, store),
        eq(itemVariants.storeId, store.storeId),
        inArray(itemVariants.id, variantIds),
      ),
    );
}

/**
 * The SKUs and barcodes among these that a variant of another product of the business has
 * (in any store, items in the trash included): a code names one product's variant (ADR 0063).
 */
export async function codesTakenElsewhere(
  db: Executor,
  store: StoreRef,
  productId: string,
  codes: { skus: string[]; barcodes: string[] },
): Promise<{ skus: Set<string>; barcodes: Set<string> }> {
  if (codes.skus.length === 0 && codes.barcodes.length === 0) return { skus: new Set(), barcodes: new Set() };
  const rows = await db
    .select({ sku: itemVariants.sku, barcode: itemVariants.barcode })
    .from(itemVariants)
    .innerJoin(items, eq(items.id, itemVariants.itemId))
    .where(
      and(
        ofBusiness(itemVariants, store),
        ne(items.productId, productId),
        sql`(${itemVariants.sku} = ANY(${sql.param(codes.skus)}::text[]) OR ${itemVariants.barcode} = ANY(${sql.param(codes.barcodes)}::text[]))`,
      ),
    );
  return {
    skus: new Set(rows.map((row) => row.sku!).filter((sku) => codes.skus.includes(sku))),
    barcodes: new Set(rows.map((row) => row.barcode!).filter((code) => codes.barcodes.includes(code))),
  };
}

/** A line's stock to take or give back: `quantity` in the variant's units (grams when loose). */
export type StockLine = { variantId: string; quantity: number };

/**
 * The part of an order's statement that takes its lines' units from their counted variants, all
 * or none (ADR 0067): the rows are locked in id order (so two orders never wait on each other in a
 * circle) and read as they are once locked; when any falls short of its line, nothing is taken and
 * `stock_short` raises (SQLSTATE `stockShortState`) with each such variant's id, stock and
 * wanted units. Its gate yields one row once the units are taken.
 */
export function stockTaking(store: StoreRef, lines: StockLine[]): StatementPart {
  const locked = sql`
    SELECT v.id, v.stock, w.quantity
    FROM item_variants v
    JOIN unnest(${sql.param(lines.map((line) => line.variantId))}::uuid[], ${sql.param(lines.map((line) => line.quantity))}::int[]) AS w(id, quantity) ON w.id = v.id
    WHERE ${sqlOfBusiness('v', store)} AND v.store_id = ${store.storeId}::uuid AND v.stock IS NOT NULL
    ORDER BY v.id FOR UPDATE OF v`;
  const taken = sql`
    UPDATE item_variants v SET stock = l.stock - l.quantity, updated_at = now()
    FROM stock_locked l
    WHERE v.id = l.id AND ${sqlOfBusiness('v', store)} AND NOT EXISTS (SELECT 1 FROM stock_locked s WHERE s.stock < s.quantity)
    RETURNING v.id`;
  // Reads every taken row first, so the units are taken before whatever reads the gate.
  const checked = sql`
    SELECT stock_short((
      SELECT jsonb_agg(jsonb_build_object('id', s.id, 'stock', s.stock, 'quantity', s.quantity) ORDER BY s.id)
      FROM stock_locked s WHERE s.stock < s.quantity)) AS taken
    FROM (SELECT count(*) FROM stock_taken) t`;
  return {
    ctes: [
      { name: 'stock_locked', query: locked },
      { name: 'stock_taken', query: taken },
      { name: 'stock_checked', query: checked },
    ],
    gate: sql`stock_checked`,
  };
}

/** The SQLSTATE `stock_short` raises (routines.sql). */
export const stockShortState = 'SD409';

/** A variant an order's lines wanted more of than it had, as `stock_short` names it. */
export type ShortVariant = { id: string; stock: number; quantity: number };

/** The short variants of a statement refused by `stock_short`, or null for any other error. */
export function shortVariantsOf(error: unknown): ShortVariant[] | null {
  const detail = raisedDetail(error, stockShortState);
  if (detail === null) return null;
  return (JSON.parse(detail) as ShortVariant[]).map((row) => ({
    id: row.id,
    stock: Number(row.stock),
    quantity: Number(row.quantity),
  }));
}

/** Puts the lines' units back on their variants that are still counted (a cancelled order). */
export async function giveBackStock(db: Executor, store: StoreRef, lines: StockLine[]) {
  if (lines.length === 0) return;
  await db.execute(sql`
    WITH wanted(id, quantity) AS (
      SELECT * FROM unnest(${sql.param(lines.map((line) => line.variantId))}::uuid[], ${sql.param(lines.map((line) => line.quantity))}::int[])
    ),
    locked AS (
      SELECT v.id, w.quantity FROM item_variants v JOIN wanted w ON w.id = v.id
      WHERE ${sqlOfBusiness('v', store)} AND v.store_id = ${store.storeId}::uuid AND v.stock IS NOT NULL
      ORDER BY v.id FOR UPDATE OF v
    )
    UPDATE item_variants v SET stock = least(v.stock + l.quantity, 1000000), updated_at = now()
    FROM locked l WHERE v.id = l.id AND ${sqlOfBusiness('v', store)}`);
}

/** A variant of a store's item, locked for a stock adjustment. */
export async function lockVariant(db: Executor, store: StoreRef, itemId: string, variantId: string) {
  const [row] = await db
    .select({ id: itemVariants.id, stock: itemVariants.stock, stepGrams: itemVariants.stepGrams })
    .from(itemVariants)
    .where(
      and(
        ofBusiness(itemVariants, store),
        eq(itemVariants.storeId, store.storeId),
        eq(itemVariants.itemId, itemId),
        eq(itemVariants.id, variantId),
      ),
    )
    .for('update');
  return row;
}

export async function setStock(db: Executor, store: StoreRef, variantId: string, stock: number) {
  await db
    .update(itemVariants)
    .set({ stock, updatedAt: sql`now()` })
    .where(and(ofBusiness(itemVariants, store), eq(itemVariants.id, variantId)));
}

/** One change of a variant's stock and why (the audit log records it). */
export async function insertStockAdjustment(
  db: Executor,
  store: StoreRef,
  adjustment: {
    itemId: string;
    variantId: string;
    reason: string;
    stockFrom: number | null;
    stockTo: number;
  },
) {
  await db.insert(stockAdjustments).values({ ...store, ...adjustment });
}

/** The counted variants at or below their mark (out of stock first), in the scope's live stores. */
export async function findLowStock(
  db: Executor,
  scope: Scope,
  filter: { storeId?: string },
  page: { offset: number; limit: number },
) {
  // The shared rule's default (`lowStockMark`): five units, or five steps of a loose variant.
  const mark = sql`coalesce(${itemVariants.lowStockAt}, ${variantLimits.defaultLowStockAt} * coalesce(${itemVariants.stepGrams}, 1))`;
  const where = and(
    ofBusiness(itemVariants, scope),
    inScope(stores, scope),
    isNull(stores.deletedAt),
    isNull(items.deletedAt),
    sql`${itemVariants.stock} <= ${mark}`,
    filter.storeId ? eq(itemVariants.storeId, filter.storeId) : undefined,
  );
  const from = () =>
    db
      .select({
        storeId: stores.id,
        storeName: stores.name,
        itemId: items.id,
        itemName: items.name,
        variantId: itemVariants.id,
        variantLabel: itemVariants.label,
        stepGrams: itemVariants.stepGrams,
        stock: sql<number>`${itemVariants.stock}`,
        lowStockAt: sql<number>`${mark}::int`,
        total: sql<number>`(count(*) OVER ())::int`,
      })
      .from(itemVariants)
      .innerJoin(items, eq(items.id, itemVariants.itemId))
      .innerJoin(stores, eq(stores.id, itemVariants.storeId));
  const rows = await from()
    .where(where)
    .orderBy(asc(itemVariants.stock), asc(stores.name), asc(items.name), asc(itemVariants.position))
    .offset(page.offset)
    .limit(page.limit);
  return { rows, total: rows[0]?.total ?? (page.offset > 0 ? await countLowStock(db, where) : 0) };
}

async function countLowStock(db: Executor, where: SQL | undefined) {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(itemVariants)
    .innerJoin(items, eq(items.id, itemVariants.itemId))
    .innerJoin(stores, eq(stores.id, itemVariants.storeId))
    .where(where);
  return row?.total ?? 0;
}
