import { and, asc, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { ListQuery } from '@storedesk/shared/lists';
import type { Executor } from '../../db/client.ts';
import { categories, items } from '../../db/schema.ts';
import { nameMatches } from '../../lib/search.ts';
import type { StoreRef } from './categories.repository.ts';

export type ItemValues = {
  name: string;
  categoryId: string;
  featured: number;
  pricePaise: number;
  tags: string[];
  veg: boolean;
  inStock: boolean;
};

/** An item whose category was deleted shows no category (and gets it back if the category is restored). */
const columns = {
  id: items.id,
  storeId: items.storeId,
  categoryId: categories.id,
  categoryName: categories.name,
  name: items.name,
  tags: items.tags,
  inStock: items.inStock,
  veg: items.veg,
  featured: items.featured,
  pricePaise: items.pricePaise,
  imageKey: items.imageKey,
  version: items.version,
  updatedAt: items.updatedAt,
};

function live(store: StoreRef): SQL[] {
  return [eq(items.businessId, store.businessId), eq(items.storeId, store.storeId), isNull(items.deletedAt)];
}

function selectItems(db: Executor) {
  return db
    .select(columns)
    .from(items)
    .leftJoin(categories, and(eq(categories.id, items.categoryId), isNull(categories.deletedAt)));
}

export async function findItems(db: Executor, store: StoreRef, query: ListQuery) {
  const conditions = live(store);
  if (query.q) conditions.push(nameMatches(items.name, query.q));
  const where = and(...conditions);
  // Deferred join: the page's ids come from an index-only walk of the list order,
  // so a deep page skips index entries, not rows and their categories.
  const page = db
    .select({ id: items.id })
    .from(items)
    .where(where)
    .orderBy(asc(items.name), asc(items.id))
    .limit(query.pageSize)
    .offset(query.page * query.pageSize)
    .as('page');
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    selectItems(db).innerJoin(page, eq(page.id, items.id)).orderBy(asc(items.name), asc(items.id)),
    db.select({ total: count() }).from(items).where(where),
  ]);
  return { items: rows, total };
}

export async function findItem(db: Executor, store: StoreRef, itemId: string) {
  const [row] = await selectItems(db)
    .where(and(...live(store), eq(items.id, itemId)))
    .limit(1);
  return row;
}

export async function insertItem(db: Executor, store: StoreRef, values: ItemValues) {
  const [row] = await db
    .insert(items)
    .values({ ...store, ...values })
    .returning({ id: items.id });
  return row!;
}

export async function updateItem(
  db: Executor,
  store: StoreRef,
  itemId: string,
  version: number,
  values: Partial<ItemValues> & { imageKey?: string | null },
) {
  const [row] = await db
    .update(items)
    .set({ ...values, version: sql`${items.version} + 1`, updatedAt: sql`now()` })
    .where(and(...live(store), eq(items.id, itemId), eq(items.version, version)))
    .returning({ id: items.id });
  return row;
}

export async function softDeleteItem(db: Executor, store: StoreRef, itemId: string, version: number) {
  const [row] = await db
    .update(items)
    .set({ deletedAt: sql`now()`, version: sql`${items.version} + 1`, updatedAt: sql`now()` })
    .where(and(...live(store), eq(items.id, itemId), eq(items.version, version)))
    .returning({ id: items.id });
  return row;
}

/** Points an item at a new image; answers the image key it had, or undefined when there is no such item. */
export async function setItemImage(db: Executor, store: StoreRef, itemId: string, imageKey: string) {
  const [before] = await db
    .select({ imageKey: items.imageKey })
    .from(items)
    .where(and(...live(store), eq(items.id, itemId)))
    .for('update');
  if (!before) return undefined;
  await db
    .update(items)
    .set({ imageKey, version: sql`${items.version} + 1`, updatedAt: sql`now()` })
    .where(eq(items.id, itemId));
  return before;
}
