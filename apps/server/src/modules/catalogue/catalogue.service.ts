import type {
  Category,
  CategoryInput,
  CategoryMove,
  CategoryUpdate,
  Item,
  ItemUpdateValues,
  ItemValuesInput,
} from '@storedesk/shared/catalogue/schemas';
import { orderAfterMove, positionChanges } from '@storedesk/shared/catalogue/category-order';
import {
  countedAgain,
  isLoose,
  priceRange,
  stockAdjustmentRefusal,
  stockAfter,
  variantListIssues,
  variantMessages,
  type LowStockQuery,
  type LowStockRow,
  type StockAdjustment,
  type Variant,
  type VariantValues,
} from '@storedesk/shared/catalogue/variants';
import type { ListQuery, ListResponse } from '@storedesk/shared/lists';
import { messages } from '@storedesk/shared/messages';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '#server/lib/callers.ts';
import type { Database, Executor } from '#server/db/client.ts';
import { replaceImage } from '#server/lib/replace-image.ts';
import { fileUrl, imageKey, type ImageUpload } from '#server/storage/images.ts';
import type { Storage } from '#server/storage/storage.ts';
import { AppError, invalid, notFound, stale } from '#server/lib/errors.ts';
import { isUniqueViolation } from '#server/lib/pg-errors.ts';
import { scopeOf } from '#server/lib/scope.ts';
import { writeVersioned } from '#server/lib/versioned.ts';
import { publishEvent } from '#server/realtime/events.repository.ts';

import { getStore } from '#server/modules/stores/stores.service.ts';
import * as categoriesRepo from './categories.repository.ts';
import * as itemsRepo from './items.repository.ts';
import * as variantsRepo from './variants.repository.ts';
import { syncCopies } from './copies.service.ts';

type StoreContext = categoriesRepo.StoreRef & { zoneId: string };
type ItemRow = NonNullable<Awaited<ReturnType<typeof itemsRepo.findItem>>>;
type CategoryRow = NonNullable<Awaited<ReturnType<typeof categoriesRepo.findCategory>>>;

/** The catalogue of a store the caller can see; any other store is 404, and so is all of its catalogue. */
async function storeOf(db: Executor, auth: AuthContext, storeId: string): Promise<StoreContext> {
  const store = await getStore(db, auth, storeId);
  return { businessId: auth.business.id, storeId, zoneId: store.zoneId };
}

function announce(db: Executor, store: StoreContext, action: string) {
  return publishEvent(db, {
    businessId: store.businessId,
    zoneId: store.zoneId,
    topic: 'catalogue',
    action,
    recordId: store.storeId,
  });
}

/** The owner's trash list gains a record, told in its store's zone as the record's other events are. */
function announceTrashed(db: Executor, store: StoreContext, recordId: string) {
  return publishEvent(db, {
    businessId: store.businessId,
    zoneId: store.zoneId,
    topic: 'trash',
    action: 'added',
    recordId,
  });
}

const deletedByOf = (auth: AuthContext) => ({ id: auth.user.id, name: auth.user.name });

const toCategory = ({ updatedAt, ...row }: CategoryRow): Category => ({
  ...row,
  updatedAt: updatedAt.toISOString(),
});

const toVariant = (row: variantsRepo.VariantRow): Variant => ({
  id: row.id,
  label: row.label,
  pricePaise: row.pricePaise,
  mrpPaise: row.mrpPaise,
  sku: row.sku,
  barcode: row.barcode,
  stepGrams: row.stepGrams,
  maxGrams: row.maxGrams,
  stock: row.stock,
  lowStockAt: row.lowStockAt,
});

// Field by field, as toStore: lists map many rows.
const toItem = (row: ItemRow): Item => ({
  id: row.id,
  storeId: row.storeId,
  categoryId: row.categoryId,
  categoryName: row.categoryName,
  name: row.name,
  nameHi: row.nameHi,
  nameKn: row.nameKn,
  tags: row.tags,
  aliases: row.aliases,
  inStock: row.inStock,
  veg: row.veg,
  featured: row.featured,
  pricePaise: priceRange(row.variants).minPaise,
  variants: row.variants.map(toVariant),
  gstRate: row.gstRate,
  hsn: row.hsn,
  imageUrl: row.imageKey ? fileUrl(row.imageKey) : null,
  version: row.version,
  updatedAt: row.updatedAt.toISOString(),
});

async function assertCategoryOf(db: Executor, store: StoreContext, categoryId: string) {
  if (!(await categoriesRepo.findCategory(db, store, categoryId))) {
    throw invalid({ categoryId: messages.unknownCategory });
  }
}

export async function listCategories(
  db: Database,
  auth: AuthContext,
  storeId: string,
  query: ListQuery,
): Promise<ListResponse<Category>> {
  const store = await storeOf(db, auth, storeId);
  const { items, total } = await categoriesRepo.findCategories(db, store, query);
  return { items: items.map(toCategory), total };
}

export async function getCategory(db: Database, auth: AuthContext, storeId: string, categoryId: string) {
  const row = await categoriesRepo.findCategory(db, await storeOf(db, auth, storeId), categoryId);
  if (!row) throw notFound();
  return toCategory(row);
}

const categoryNameTaken = () =>
  new AppError('conflict', messages.categoryNameTaken, { fields: { name: messages.categoryNameTaken } });

/**
 * Runs a write that names a category; a live category of the store already
 * called that (in any case) is 409 on name. The unique index decides, so two
 * people adding one name at once get one category and one 409.
 */
async function withUniqueCategoryName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'categories_name_idx')) throw categoryNameTaken();
    throw error;
  }
}

export async function createCategory(db: Database, auth: AuthContext, storeId: string, input: CategoryInput) {
  return withUniqueCategoryName(() =>
    db.transaction(async (tx) => {
      const store = await storeOf(tx, auth, storeId);
      const row = await categoriesRepo.insertCategory(tx, store, input.name, {
        nameHi: input.nameHi,
        nameKn: input.nameKn,
      });
      await announce(tx, store, 'category.created');
      return toCategory(row);
    }),
  );
}

export async function updateCategory(
  db: Database,
  auth: AuthContext,
  storeId: string,
  categoryId: string,
  input: CategoryUpdate,
) {
  return withUniqueCategoryName(() =>
    db.transaction(async (tx) => {
      const store = await storeOf(tx, auth, storeId);
      const row = await writeVersioned(
        () =>
          categoriesRepo.updateCategory(tx, store, categoryId, input.version, input.name, {
            nameHi: input.nameHi,
            nameKn: input.nameKn,
          }),
        async () => {
          const now = await categoriesRepo.findCategory(tx, store, categoryId);
          return now && toCategory(now);
        },
      );
      await announce(tx, store, 'category.updated');
      return toCategory(row);
    }),
  );
}

/**
 * Puts a category at a place of its store's list (B17): 1 is first, a place past the end is last;
 * the others shift around it and the list is numbered 1, 2, 3… again. Based on the version of the
 * category moved (D9); the ones that shift keep theirs, as nobody edited them.
 */
export async function moveCategory(
  db: Database,
  auth: AuthContext,
  storeId: string,
  categoryId: string,
  move: CategoryMove,
): Promise<Category> {
  return db.transaction(async (tx) => {
    const store = await storeOf(tx, auth, storeId);
    const order = await categoriesRepo.lockCategoryOrder(tx, store);
    const moving = order.find((category) => category.id === categoryId.toLowerCase());
    if (!moving) throw notFound();
    if (moving.version !== move.version) throw stale(toCategory(moving));
    const ids = orderAfterMove(
      order.map((category) => category.id),
      moving.id,
      move.position,
    );
    const changes = positionChanges(order, ids);
    if (changes.length === 0) return toCategory(moving);
    await categoriesRepo.setPositions(tx, store, moving.id, changes);
    await announce(tx, store, 'category.updated');
    return toCategory((await categoriesRepo.findCategory(tx, store, moving.id))!);
  });
}

/** The category goes to the trash; its items stay and show no category. */
export async function deleteCategory(
  db: Database,
  auth: AuthContext,
  storeId: string,
  categoryId: string,
  version: number,
) {
  await db.transaction(async (tx) => {
    const store = await storeOf(tx, auth, storeId);
    await writeVersioned(
      () => categoriesRepo.softDeleteCategory(tx, store, categoryId, version, deletedByOf(auth)),
      async () => {
        const now = await categoriesRepo.findCategory(tx, store, categoryId);
        return now && toCategory(now);
      },
    );
    await announce(tx, store, 'category.deleted');
    await announceTrashed(tx, store, categoryId);
  });
}

export async function listItems(
  db: Database,
  auth: AuthContext,
  storeId: string,
  query: ListQuery,
): Promise<ListResponse<Item>> {
  const page = await itemsRepo.findItems(db, scopeOf(auth), storeId, query);
  if (!page) throw notFound();
  return { items: page.items.map(toItem), total: page.total };
}

async function readItem(db: Executor, store: StoreContext, itemId: string): Promise<Item | undefined> {
  const row = await itemsRepo.findItem(db, store, itemId);
  return row && toItem(row);
}

export async function getItem(db: Executor, auth: AuthContext, storeId: string, itemId: string) {
  const item = await readItem(db, await storeOf(db, auth, storeId), itemId);
  if (!item) throw notFound();
  return item;
}

const codeTaken = (field: 'sku' | 'barcode') =>
  field === 'sku' ? variantMessages.skuTaken : variantMessages.barcodeTaken;

/**
 * Makes the item's variants these, in this order (B17): a variant with an id is that one
 * edited, one without is new, and one left out is removed. An existing variant's count is
 * only started (from none) or stopped (to none) here, or counted again when it changes unit
 * (sold loose, or by the pack again); otherwise stock moves by adjustments, each recorded with
 * its reason. A SKU or barcode of another product of the business is 409
 * on its field.
 */
async function writeVariants(
  tx: Executor,
  store: StoreContext,
  item: { id: string; productId: string },
  variants: VariantValues[],
  existing: variantsRepo.VariantRow[],
) {
  const byId = new Map(existing.map((variant) => [variant.id.toLowerCase(), variant]));
  const unknown: Record<string, string> = {};
  for (const issue of variantListIssues(variants))
    unknown[['variants', ...issue.path].join('.')] = issue.message;
  variants.forEach((variant, index) => {
    if (variant.id && !byId.has(variant.id.toLowerCase())) {
      unknown[`variants.${index}.id`] = variantMessages.unknownVariant;
    }
  });
  if (Object.keys(unknown).length > 0) throw invalid(unknown);

  const skus = variants.flatMap((variant) => (variant.sku ? [variant.sku] : []));
  const barcodes = variants.flatMap((variant) => (variant.barcode ? [variant.barcode] : []));
  const taken = await variantsRepo.codesTakenElsewhere(tx, store, item.productId, { skus, barcodes });
  const takenFields: Record<string, string> = {};
  variants.forEach((variant, index) => {
    if (variant.sku && taken.skus.has(variant.sku)) takenFields[`variants.${index}.sku`] = codeTaken('sku');
    if (variant.barcode && taken.barcodes.has(variant.barcode)) {
      takenFields[`variants.${index}.barcode`] = codeTaken('barcode');
    }
  });
  if (Object.keys(takenFields).length > 0) {
    throw new AppError('conflict', Object.values(takenFields)[0]!, { fields: takenFields });
  }

  const kept = new Set(variants.flatMap((variant) => (variant.id ? [variant.id.toLowerCase()] : [])));
  // Removed first, so a kept or new variant may take a code a removed one had.
  await variantsRepo.deleteVariants(
    tx,
    store,
    existing.filter((variant) => !kept.has(variant.id.toLowerCase())).map((variant) => variant.id),
  );
  for (const [position, variant] of variants.entries()) {
    const { id, stock, ...values } = variant;
    const before = id ? byId.get(id.toLowerCase())! : undefined;
    if (before) {
      // Counting starts (from none) or stops (to none); a count already kept is not overwritten,
      // unless the variant is now counted in another unit (packs to grams, or back): the count
      // sent is then the new one, counted again, as the form asks for it.
      const counting = (before.stock === null) !== (stock === null);
      const recounted = stock !== null && countedAgain(before, isLoose(values));
      await variantsRepo.updateVariant(tx, store, before.id, position, {
        ...values,
        ...(counting || recounted ? { stock } : {}),
      });
      if ((counting || recounted) && stock !== null) {
        await variantsRepo.insertStockAdjustment(tx, store, {
          itemId: item.id,
          variantId: before.id,
          reason: 'counted',
          stockFrom: before.stock,
          stockTo: stock,
        });
      }
    } else {
      const { id: newId } = await variantsRepo.insertVariant(tx, store, item.id, position, {
        ...values,
        stock,
      });
      if (stock !== null) {
        await variantsRepo.insertStockAdjustment(tx, store, {
          itemId: item.id,
          variantId: newId,
          reason: 'counted',
          stockFrom: null,
          stockTo: stock,
        });
      }
    }
  }
}

/** A SKU or barcode two writers gave at once, or one an item in this store's trash keeps: 409 on its field. */
async function withUniqueCodes<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    for (const field of ['sku', 'barcode'] as const) {
      if (isUniqueViolation(error, `item_variants_${field}_idx`)) {
        throw new AppError('conflict', codeTaken(field), {
          fields: { [`variants.${field}`]: codeTaken(field) },
        });
      }
    }
    throw error;
  }
}

export async function createItem(db: Database, auth: AuthContext, storeId: string, input: ItemValuesInput) {
  const { variants, ...values } = input;
  return withUniqueCodes(() =>
    db.transaction(async (tx) => {
      const store = await storeOf(tx, auth, storeId);
      await assertCategoryOf(tx, store, values.categoryId);
      const created = await itemsRepo.insertItem(tx, store, values);
      await writeVariants(tx, store, created, variants, []);
      await announce(tx, store, 'item.created');
      return (await readItem(tx, store, created.id))!;
    }),
  );
}

export async function updateItem(
  db: Database,
  auth: AuthContext,
  storeId: string,
  itemId: string,
  input: ItemUpdateValues,
) {
  // `variants`, when sent, is the whole list; a `pricePaise` alone is an item of one price's.
  const { version, variants, pricePaise, ...values } = input;
  return withUniqueCodes(() =>
    db.transaction(async (tx) => {
      const store = await storeOf(tx, auth, storeId);
      if (values.categoryId !== undefined) await assertCategoryOf(tx, store, values.categoryId);
      const row = await writeVersioned(
        () => itemsRepo.updateItem(tx, store, itemId, version, values),
        () => readItem(tx, store, itemId),
      );
      const existing = await variantsRepo.findVariants(tx, store, [itemId]);
      if (variants) {
        await writeVariants(tx, store, { id: itemId, productId: row.productId }, variants, existing);
      } else if (pricePaise !== undefined) {
        // An item of one price: its price is its one variant's.
        if (existing.length !== 1) throw invalid({ pricePaise: variantMessages.variantNeeded });
        await writeVariants(
          tx,
          store,
          { id: itemId, productId: row.productId },
          [{ ...existing[0]!, pricePaise }],
          existing,
        );
      }
      // What the item's copies in other stores share follows this edit (ADR 0063).
      const shared = ['name', 'nameHi', 'nameKn', 'tags', 'aliases', 'veg', 'gstRate', 'hsn'] as const;
      if (variants || shared.some((field) => values[field] !== undefined))
        await syncCopies(tx, store, itemId);
      await announce(tx, store, 'item.updated');
      return (await readItem(tx, store, itemId))!;
    }),
  );
}

export async function deleteItem(
  db: Database,
  auth: AuthContext,
  storeId: string,
  itemId: string,
  version: number,
) {
  await db.transaction(async (tx) => {
    const store = await storeOf(tx, auth, storeId);
    await writeVersioned(
      () => itemsRepo.softDeleteItem(tx, store, itemId, version, deletedByOf(auth)),
      () => readItem(tx, store, itemId),
    );
    await announce(tx, store, 'item.deleted');
    await announceTrashed(tx, store, itemId);
  });
}

/**
 * Staff change a variant's stock (B17): received adds, damaged takes away, counted sets; never
 * below zero (409). Each change is kept with its reason, which the audit log shows. Answers the item.
 */
export async function adjustStock(
  db: Database,
  auth: AuthContext,
  storeId: string,
  itemId: string,
  variantId: string,
  adjustment: StockAdjustment,
): Promise<Item> {
  return db.transaction(async (tx) => {
    const store = await storeOf(tx, auth, storeId);
    if (!(await itemsRepo.findItem(tx, store, itemId))) throw notFound();
    const variant = await variantsRepo.lockVariant(tx, store, itemId, variantId);
    if (!variant) throw notFound();
    const refusal = stockAdjustmentRefusal(variant, adjustment);
    if (refusal) throw new AppError('conflict', refusal, { fields: { quantity: refusal } });
    const after = stockAfter(variant.stock, adjustment)!;
    await variantsRepo.setStock(tx, store, variant.id, after);
    await variantsRepo.insertStockAdjustment(tx, store, {
      itemId,
      variantId: variant.id,
      reason: adjustment.reason,
      stockFrom: variant.stock,
      stockTo: after,
    });
    await announce(tx, store, 'item.updated');
    return (await readItem(tx, store, itemId))!;
  });
}

export async function setItemImage(
  db: Database,
  storage: Storage,
  log: FastifyBaseLogger,
  auth: AuthContext,
  storeId: string,
  itemId: string,
  upload: ImageUpload,
): Promise<Item> {
  const store = await storeOf(db, auth, storeId);
  const key = imageKey(store.businessId, 'store', storeId, 'items', upload.extension);
  return replaceImage(storage, log, key, upload, (newKey) =>
    db.transaction(async (tx) => {
      const before = await itemsRepo.setItemImage(tx, store, itemId, newKey);
      if (!before) throw notFound();
      await syncCopies(tx, store, itemId);
      await announce(tx, store, 'item.updated');
      return { result: (await readItem(tx, store, itemId))!, replacedKey: before.imageKey };
    }),
  );
}

/** The variants running low in the stores the caller sees (B17), out of stock first. */
export async function listLowStock(
  db: Database,
  auth: AuthContext,
  query: LowStockQuery,
): Promise<ListResponse<LowStockRow>> {
  const { rows, total } = await variantsRepo.findLowStock(
    db,
    scopeOf(auth, query.zoneId),
    { storeId: query.storeId },
    { offset: query.page * query.pageSize, limit: query.pageSize },
  );
  return { items: rows.map(({ total: _total, ...row }) => row), total };
}
