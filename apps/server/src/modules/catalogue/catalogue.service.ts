import type {
  Category,
  CategoryInput,
  CategoryUpdate,
  Item,
  ItemUpdate,
} from '@storedesk/shared/catalogue/schemas';
import type { itemInputSchema } from '@storedesk/shared/catalogue/schemas';
import type { ListQuery, ListResponse } from '@storedesk/shared/lists';
import { messages } from '@storedesk/shared/messages';
import type { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '#server/lib/callers.ts';
import type { Database, Executor } from '#server/db/client.ts';
import { replaceImage } from '#server/lib/replace-image.ts';
import { fileUrl, imageKey, type ImageUpload } from '#server/storage/images.ts';
import type { Storage } from '#server/storage/storage.ts';
import { AppError, invalid, notFound } from '#server/lib/errors.ts';
import { isUniqueViolation } from '#server/lib/pg-errors.ts';
import { scopeOf } from '#server/lib/scope.ts';
import { writeVersioned } from '#server/lib/versioned.ts';
import { publishEvent } from '#server/realtime/events.repository.ts';

import { getStore } from '#server/modules/stores/stores.service.ts';
import * as categoriesRepo from './categories.repository.ts';
import * as itemsRepo from './items.repository.ts';

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

// Field by field, as toStore: lists map many rows.
const toItem = (row: ItemRow): Item => ({
  id: row.id,
  storeId: row.storeId,
  categoryId: row.categoryId,
  categoryName: row.categoryName,
  name: row.name,
  tags: row.tags,
  inStock: row.inStock,
  veg: row.veg,
  featured: row.featured,
  pricePaise: row.pricePaise,
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
      const row = await categoriesRepo.insertCategory(tx, store, input.name);
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
        () => categoriesRepo.updateCategory(tx, store, categoryId, input.version, input.name),
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

export async function getItem(db: Executor, auth: AuthContext, storeId: string, itemId: string) {
  const row = await itemsRepo.findItem(db, await storeOf(db, auth, storeId), itemId);
  if (!row) throw notFound();
  return toItem(row);
}

export async function createItem(
  db: Database,
  auth: AuthContext,
  storeId: string,
  input: z.output<typeof itemInputSchema>,
) {
  return db.transaction(async (tx) => {
    const store = await storeOf(tx, auth, storeId);
    await assertCategoryOf(tx, store, input.categoryId);
    const { id } = await itemsRepo.insertItem(tx, store, input);
    await announce(tx, store, 'item.created');
    return getItem(tx, auth, storeId, id);
  });
}

export async function updateItem(
  db: Database,
  auth: AuthContext,
  storeId: string,
  itemId: string,
  input: ItemUpdate,
) {
  const { version, ...values } = input;
  return db.transaction(async (tx) => {
    const store = await storeOf(tx, auth, storeId);
    if (values.categoryId !== undefined) await assertCategoryOf(tx, store, values.categoryId);
    await writeVersioned(
      () => itemsRepo.updateItem(tx, store, itemId, version, values),
      async () => {
        const now = await itemsRepo.findItem(tx, store, itemId);
        return now && toItem(now);
      },
    );
    await announce(tx, store, 'item.updated');
    return getItem(tx, auth, storeId, itemId);
  });
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
      async () => {
        const now = await itemsRepo.findItem(tx, store, itemId);
        return now && toItem(now);
      },
    );
    await announce(tx, store, 'item.deleted');
    await announceTrashed(tx, store, itemId);
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
      await announce(tx, store, 'item.updated');
      return { result: await getItem(tx, auth, storeId, itemId), replacedKey: before.imageKey };
    }),
  );
}
