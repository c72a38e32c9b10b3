import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { ListQuery } from '@storedesk/shared/lists';
import type { Database, Executor } from '#server/db/client.ts';
import { perDatabase } from '#server/db/per-database.ts';
import { ListIndex, listSource } from '#server/lib/list-index.ts';
import { inScope, ofBusiness, type Scope } from '#server/lib/scope.ts';
import { categories, items, stores } from '#server/db/schema.ts';
import type { StoreRef } from './categories.repository.ts';
import { variantsOfItem } from './variants.repository.ts';

export type ItemValues = {
  name: string;
  nameHi: string | null;
  nameKn: string | null;
  categoryId: string;
  featured: number;
  gstRate: number;
  hsn: string | null;
  tags: string[];
  aliases: string[];
  veg: boolean;
  inStock: boolean;
};

/**
 * An item with its variants. An item whose category was deleted shows no category (and gets it
 * back if the category is restored).
 */
const columns = {
  id: items.id,
  storeId: items.storeId,
  categoryId: categories.id,
  categoryName: categories.name,
  name: items.name,
  nameHi: items.nameHi,
  nameKn: items.nameKn,
  tags: items.tags,
  aliases: items.aliases,
  inStock: items.inStock,
  veg: items.veg,
  featured: items.featured,
  productId: items.productId,
  gstRate: items.gstRate,
  hsn: items.hsn,
  imageKey: items.imageKey,
  version: items.version,
  updatedAt: items.updatedAt,
  variants: variantsOfItem,
};

function live(store: StoreRef): SQL[] {
  return [ofBusiness(items, store), eq(items.storeId, store.storeId), isNull(items.deletedAt)];
}

function selectItems<Extra extends Record<string, SQL.Aliased | SQL>>(db: Executor, extra?: Extra) {
  return db
    .select({ ...columns, ...(extra as Extra) })
    .from(items)
    .leftJoin(categories, and(eq(categories.id, items.categoryId), isNull(categories.deletedAt)));
}

/**
 * What the console's search of a store's items matches (B17): the name, its Hindi and Kannada
 * (ADR 0085), the other names, the tags and the variants' SKUs and barcodes, one to a line so no
 * match runs across two of them. The item's id is spelt with its table: the subquery's own
 * columns would shadow a bare one.
 */
const searchText = sql<string>`lower(concat_ws(E'\n', ${items.name}, ${items.nameHi}, ${items.nameKn},
  array_to_string(${items.aliases}, E'\n'),
  array_to_string(${items.tags}, E'\n'),
  (SELECT string_agg(concat_ws(E'\n', v.sku, v.barcode), E'\n') FROM item_variants v WHERE v.item_id = "items"."id")))`;

/** The item list of each store, held in memory (lib/list-index.ts). */
const itemLists = perDatabase(() => new ListIndex(250_000, true));

const itemListQueries = perDatabase((db) => {
  const storeVersion = (zoned: boolean) =>
    db
      .select({ version: stores.itemListVersion })
      .from(stores)
      .where(
        and(
          eq(stores.id, sql.placeholder('storeId')),
          inScope(stores, {
            businessId: sql.placeholder('businessId'),
            zoneId: zoned ? sql.placeholder('zoneId') : null,
          }),
          isNull(stores.deletedAt),
        ),
      );
  // The version is null when the store is not (or no longer) the reader's to see.
  const page = (zoned: boolean) =>
    selectItems(db, { listVersion: sql<number | null>`(${storeVersion(zoned)})` })
      .where(
        and(
          ofBusiness(items, { businessId: sql.placeholder('businessId') }),
          eq(items.storeId, sql.placeholder('storeId')),
          isNull(items.deletedAt),
          sql`${items.id} = ANY(${sql.placeholder('ids')}::uuid[])`,
        ),
      )
      .prepare(zoned ? 'item_list_page_zone' : 'item_list_page');
  return {
    page: page(false),
    zonePage: page(true),
    version: storeVersion(false).prepare('item_list_version'),
    zoneVersion: storeVersion(true).prepare('item_list_version_zone'),
    entries: db
      .select({ id: items.id, name: searchText, group: sql<null>`null` })
      .from(items)
      .where(
        and(
          ofBusiness(items, { businessId: sql.placeholder('businessId') }),
          eq(items.storeId, sql.placeholder('storeId')),
          isNull(items.deletedAt),
        ),
      )
      .orderBy(asc(items.name), asc(items.id))
      .prepare('item_list_entries'),
  };
});

/** A page of a store's items, or undefined when the scope may not see the store. */
export async function findItems(db: Database, scope: Scope, storeId: string, query: ListQuery) {
  const queries = itemListQueries(db);
  const values = { businessId: scope.businessId, storeId, zoneId: scope.zoneId };
  const page = await itemLists(db).page(
    storeId,
    { q: query.q },
    { offset: query.page * query.pageSize, limit: query.pageSize },
    listSource({
      version: async () =>
        (await (scope.zoneId ? queries.zoneVersion : queries.version).execute(values))[0]?.version,
      entries: () => queries.entries.execute(values),
      rows: (ids) => (scope.zoneId ? queries.zonePage : queries.page).execute({ ...values, ids }),
    }),
  );
  return page && { items: page.rows, total: page.total };
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
    .returning({ id: items.id, productId: items.productId });
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
    .returning({ id: items.id, productId: items.productId });
  return row;
}

/** Moves an item to the trash, naming who did it (D7). */
export async function softDeleteItem(
  db: Executor,
  store: StoreRef,
  itemId: string,
  version: number,
  deletedBy: { id: string; name: string },
) {
  const [row] = await db
    .update(items)
    .set({
      deletedAt: sql`now()`,
      deletedById: deletedBy.id,
      deletedByName: deletedBy.name,
      version: sql`${items.version} + 1`,
      updatedAt: sql`now()`,
    })
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
    .where(and(ofBusiness(items, store), eq(items.id, itemId)));
  return before;
}
