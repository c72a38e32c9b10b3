import { and, asc, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { ListQuery } from '@storedesk/shared/lists';
import type { Executor } from '#server/db/client.ts';
import { categories } from '#server/db/schema.ts';
import { nameMatches } from '#server/lib/search.ts';
import { ofBusiness } from '#server/lib/scope.ts';

/** Every function takes the store (already checked to be in the caller's scope) and its business. */
export type StoreRef = { businessId: string; storeId: string };

const columns = {
  id: categories.id,
  storeId: categories.storeId,
  name: categories.name,
  version: categories.version,
  updatedAt: categories.updatedAt,
};

function live(store: StoreRef): SQL[] {
  return [ofBusiness(categories, store), eq(categories.storeId, store.storeId), isNull(categories.deletedAt)];
}

export async function findCategories(db: Executor, store: StoreRef, query: ListQuery) {
  const conditions = live(store);
  if (query.q) conditions.push(nameMatches(categories.name, query.q));
  const where = and(...conditions);
  const [items, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select(columns)
      .from(categories)
      .where(where)
      .orderBy(asc(categories.name), asc(categories.id))
      .limit(query.pageSize)
      .offset(query.page * query.pageSize),
    db.select({ total: count() }).from(categories).where(where),
  ]);
  return { items, total };
}

export async function findCategory(db: Executor, store: StoreRef, categoryId: string) {
  const [row] = await db
    .select(columns)
    .from(categories)
    .where(and(...live(store), eq(categories.id, categoryId)));
  return row;
}

export async function insertCategory(db: Executor, store: StoreRef, name: string) {
  const [row] = await db
    .insert(categories)
    .values({ ...store, name })
    .returning(columns);
  return row!;
}

export async function updateCategory(
  db: Executor,
  store: StoreRef,
  categoryId: string,
  version: number,
  name: string,
) {
  const [row] = await db
    .update(categories)
    .set({ name, version: sql`${categories.version} + 1`, updatedAt: sql`now()` })
    .where(and(...live(store), eq(categories.id, categoryId), eq(categories.version, version)))
    .returning(columns);
  return row;
}

/** Moves a category to the trash, naming who did it (D7). */
export async function softDeleteCategory(
  db: Executor,
  store: StoreRef,
  categoryId: string,
  version: number,
  deletedBy: { id: string; name: string },
) {
  const [row] = await db
    .update(categories)
    .set({
      deletedAt: sql`now()`,
      deletedById: deletedBy.id,
      deletedByName: deletedBy.name,
      version: sql`${categories.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(...live(store), eq(categories.id, categoryId), eq(categories.version, version)))
    .returning(columns);
  return row;
}
