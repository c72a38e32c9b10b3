import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { ofBusiness } from '#server/lib/scope.ts';
import { categories, items, itemVariants, stores } from '#server/db/schema.ts';
import { nextPosition, type StoreRef } from './categories.repository.ts';

/** What every store's copy of an item shares (ADR 0063). */
export type SharedItemFields = {
  name: string;
  nameHi: string | null;
  nameKn: string | null;
  tags: string[];
  aliases: string[];
  veg: boolean;
  gstRate: number;
  hsn: string | null;
  imageKey: string | null;
};

export type SharedVariant = {
  sharedId: string;
  position: number;
  label: string;
  pricePaise: number;
  mrpPaise: number | null;
  sku: string | null;
  barcode: string | null;
  stepGrams: number | null;
  maxGrams: number | null;
};

/** An item with what its copies share, its product and its category's name. */
export async function findSourceItem(db: Executor, store: StoreRef, itemId: string) {
  const [row] = await db
    .select({
      id: items.id,
      productId: items.productId,
      name: items.name,
      nameHi: items.nameHi,
      nameKn: items.nameKn,
      tags: items.tags,
      aliases: items.aliases,
      veg: items.veg,
      gstRate: items.gstRate,
      hsn: items.hsn,
      imageKey: items.imageKey,
      categoryName: categories.name,
    })
    .from(items)
    .leftJoin(categories, and(eq(categories.id, items.categoryId), isNull(categories.deletedAt)))
    .where(
      and(
        ofBusiness(items, store),
        eq(items.storeId, store.storeId),
        eq(items.id, itemId),
        isNull(items.deletedAt),
      ),
    );
  return row;
}

export function findSharedVariants(db: Executor, store: StoreRef, itemId: string): Promise<SharedVariant[]> {
  return db
    .select({
      sharedId: itemVariants.sharedId,
      position: itemVariants.position,
      label: itemVariants.label,
      pricePaise: itemVariants.pricePaise,
      mrpPaise: itemVariants.mrpPaise,
      sku: itemVariants.sku,
      barcode: itemVariants.barcode,
      stepGrams: itemVariants.stepGrams,
      maxGrams: itemVariants.maxGrams,
    })
    .from(itemVariants)
    .where(
      and(
        ofBusiness(itemVariants, store),
        eq(itemVariants.storeId, store.storeId),
        eq(itemVariants.itemId, itemId),
      ),
    )
    .orderBy(asc(itemVariants.position));
}

/** The other live copies of a product, with their stores' zones, locked for the edit that follows. */
export function findCopies(
  db: Executor,
  scope: { businessId: string },
  productId: string,
  exceptItemId: string,
) {
  return db
    .select({ id: items.id, storeId: items.storeId, zoneId: stores.zoneId, storeName: stores.name })
    .from(items)
    .innerJoin(stores, eq(stores.id, items.storeId))
    .where(
      and(
        ofBusiness(items, scope),
        eq(items.productId, productId),
        ne(items.id, exceptItemId),
        isNull(items.deletedAt),
        isNull(stores.deletedAt),
      ),
    )
    .orderBy(asc(items.id))
    .for('update', { of: items });
}

/** The stores among `storeIds` that already keep a live copy of the product. */
export async function storesKeeping(
  db: Executor,
  scope: { businessId: string },
  productId: string,
  storeIds: string[],
) {
  const rows = await db
    .select({ storeId: items.storeId })
    .from(items)
    .where(
      and(
        ofBusiness(items, scope),
        eq(items.productId, productId),
        inArray(items.storeId, storeIds),
        isNull(items.deletedAt),
      ),
    );
  return new Set(rows.map((row) => row.storeId));
}

/** The store's live category of this name (any case), made at the end of its order when it has none. */
export async function categoryNamed(db: Executor, store: StoreRef, name: string): Promise<string> {
  const [found] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        ofBusiness(categories, store),
        eq(categories.storeId, store.storeId),
        isNull(categories.deletedAt),
        sql`lower(${categories.name}) = lower(${name})`,
      ),
    );
  if (found) return found.id;
  const [made] = await db
    .insert(categories)
    .values({ ...store, name, position: nextPosition(store) })
    .returning({ id: categories.id });
  return made!.id;
}

export async function insertCopy(
  db: Executor,
  store: StoreRef,
  copy: SharedItemFields & { productId: string; categoryId: string | null },
) {
  const [row] = await db
    .insert(items)
    .values({ ...store, ...copy, featured: 0, inStock: true })
    .returning({ id: items.id });
  return row!.id;
}

/** The shared fields written to a copy; its version moves on. */
export async function updateShared(db: Executor, store: StoreRef, itemId: string, fields: SharedItemFields) {
  await db
    .update(items)
    .set({ ...fields, version: sql`${items.version} + 1`, updatedAt: sql`now()` })
    .where(and(ofBusiness(items, store), eq(items.storeId, store.storeId), eq(items.id, itemId)));
}

/** A copy's variants by their shared id, with its own prices. */
export function findCopyVariants(db: Executor, store: StoreRef, itemId: string) {
  return db
    .select({ id: itemVariants.id, sharedId: itemVariants.sharedId, pricePaise: itemVariants.pricePaise })
    .from(itemVariants)
    .where(
      and(
        ofBusiness(itemVariants, store),
        eq(itemVariants.storeId, store.storeId),
        eq(itemVariants.itemId, itemId),
      ),
    );
}

export async function insertCopyVariants(
  db: Executor,
  store: StoreRef,
  itemId: string,
  variants: SharedVariant[],
) {
  if (variants.length === 0) return;
  await db.insert(itemVariants).values(variants.map((variant) => ({ ...store, itemId, ...variant })));
}

/** A copy's variant takes the shared fields (its price, stock and low-stock mark are the store's own). */
export async function updateCopyVariant(
  db: Executor,
  store: StoreRef,
  variantId: string,
  variant: Omit<SharedVariant, 'sharedId' | 'pricePaise'>,
) {
  await db
    .update(itemVariants)
    .set({ ...variant, updatedAt: sql`now()` })
    .where(
      and(
        ofBusiness(itemVariants, store),
        eq(itemVariants.storeId, store.storeId),
        eq(itemVariants.id, variantId),
      ),
    );
}

/** The names of the store's live categories that hold live items, in the store's order. */
export async function findFilledCategoryNames(db: Executor, store: StoreRef): Promise<string[]> {
  const rows = await db
    .select({ name: categories.name })
    .from(categories)
    .where(
      and(
        ofBusiness(categories, store),
        eq(categories.storeId, store.storeId),
        isNull(categories.deletedAt),
        sql`EXISTS (SELECT 1 FROM ${items} i WHERE i.category_id = ${categories.id} AND i.deleted_at IS NULL)`,
      ),
    )
    .orderBy(asc(categories.position), asc(sql`lower(${categories.name})`), asc(categories.id));
  return rows.map((row) => row.name);
}

/** The store's live items, oldest first. */
export async function findLiveItemIds(db: Executor, store: StoreRef): Promise<string[]> {
  const rows = await db
    .select({ id: items.id })
    .from(items)
    .where(and(ofBusiness(items, store), eq(items.storeId, store.storeId), isNull(items.deletedAt)))
    .orderBy(asc(items.createdAt), asc(items.id));
  return rows.map((row) => row.id);
}
