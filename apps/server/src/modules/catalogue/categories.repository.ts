import { and, asc, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { ListQuery } from '@storedesk/shared/lists';
import type { Executor } from '#server/db/client.ts';
import { categories } from '#server/db/schema.ts';
import { nameMatches } from '#server/lib/search.ts';
import { ofBusiness, sqlOfBusiness } from '#server/lib/scope.ts';

/** Every function takes the store (already checked to be in the caller's scope) and its business. */
export type StoreRef = { businessId: string; storeId: string };

const columns = {
  id: categories.id,
  storeId: categories.storeId,
  name: categories.name,
  nameHi: categories.nameHi,
  nameKn: categories.nameKn,
  position: categories.position,
  version: categories.version,
  updatedAt: categories.updatedAt,
};

/** A category's names in Hindi and Kannada (ADR 0085); on an edit, one left out is kept. */
export type LocalNames = { nameHi?: string | null; nameKn?: string | null };

function live(store: StoreRef): SQL[] {
  return [ofBusiness(categories, store), eq(categories.storeId, store.storeId), isNull(categories.deletedAt)];
}

/** The store's order (B17): by position, then name; a tie is broken by id so pages never overlap. */
const listOrder = [asc(categories.position), asc(sql`lower(${categories.name})`), asc(categories.id)];

export async function findCategories(db: Executor, store: StoreRef, query: ListQuery) {
  const conditions = live(store);
  if (query.q) conditions.push(nameMatches(categories.name, query.q));
  const where = and(...conditions);
  const [items, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select(columns)
      .from(categories)
      .where(where)
      .orderBy(...listOrder)
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

/**
 * The store's live categories in its order, locked until the transaction ends: one move at a time.
 * Locked in id order (no two moves wait on each other in a circle), then read in list order by a
 * statement of its own, which sees what a move that held the locks before wrote.
 */
export async function lockCategoryOrder(db: Executor, store: StoreRef) {
  await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(...live(store)))
    .orderBy(asc(categories.id))
    .for('update');
  return db
    .select(columns)
    .from(categories)
    .where(and(...live(store)))
    .orderBy(...listOrder);
}

/**
 * The position a category added to the store takes: after its last one. Two added at once may
 * take the same; their names then order them.
 */
export function nextPosition(store: StoreRef): SQL<number> {
  return sql<number>`(SELECT coalesce(max(c.position), 0) + 1 FROM ${categories} c
    WHERE ${sqlOfBusiness('c', store)} AND c.store_id = ${store.storeId}::uuid AND c.deleted_at IS NULL)`;
}

/** Adds a category at the end of the store's list. */
export async function insertCategory(db: Executor, store: StoreRef, name: string, local: LocalNames = {}) {
  const [row] = await db
    .insert(categories)
    .values({ ...store, name, ...local, position: nextPosition(store) })
    .returning(columns);
  return row!;
}

export async function updateCategory(
  db: Executor,
  store: StoreRef,
  categoryId: string,
  version: number,
  name: string,
  local: LocalNames = {},
) {
  const [row] = await db
    .update(categories)
    .set({ name, ...local, version: sql`${categories.version} + 1`, updatedAt: sql`now()` })
    .where(and(...live(store), eq(categories.id, categoryId), eq(categories.version, version)))
    .returning(columns);
  return row;
}

/**
 * Gives categories of the store their new positions in one statement. Only `movedId`, the one
 * a person moved, is edited (its version moves on); the others just shift places around it.
 */
export async function setPositions(
  db: Executor,
  store: StoreRef,
  movedId: string,
  changes: Array<{ id: string; position: number }>,
) {
  if (changes.length === 0) return;
  await db.execute(sql`
    UPDATE categories c SET position = u.position,
      version = CASE WHEN c.id = ${movedId}::uuid THEN c.version + 1 ELSE c.version END,
      updated_at = CASE WHEN c.id = ${movedId}::uuid THEN now() ELSE c.updated_at END
    FROM unnest(${sql.param(changes.map((each) => each.id))}::uuid[],
                ${sql.param(changes.map((each) => each.position))}::int[]) AS u(id, position)
    WHERE c.id = u.id AND ${sqlOfBusiness('c', store)} AND c.store_id = ${store.storeId}::uuid
      AND c.deleted_at IS NULL`);
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
