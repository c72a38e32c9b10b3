import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { SpecialDay } from '@storedesk/shared/stores/special-days';
import type { StoreDeliveryRule } from '@storedesk/shared/stores/delivery-rule';
import { specialDaysOf, specialDaysShownFrom } from '#server/lib/special-days.ts';
import type { ListQuery } from '@storedesk/shared/lists';
import type { Database, Executor } from '#server/db/client.ts';
import { perDatabase } from '#server/db/per-database.ts';
import { businesses, stores, storeSpecialDays, zones } from '#server/db/schema.ts';
import { ListIndex, listSource } from '#server/lib/list-index.ts';
import { inScope, ofBusiness, theBusiness, type Scope } from '#server/lib/scope.ts';

export type StoreValues = {
  name: string;
  featured: number;
  location: string;
  description: string;
  descriptionHi?: string | null;
  descriptionKn?: string | null;
  phone: string;
  openTime: string;
  closeTime: string;
  latitude: number;
  longitude: number;
  deliveryRadiusKm?: number;
  slotLengthMinutes?: number | null;
  slotCapacity?: number | null;
  slotDaysAhead?: number | null;
  slotCutoffMinutes?: number | null;
  deliveryRule?: StoreDeliveryRule | null;
  geohash: string;
  zoneId: string;
};

const storeColumns = {
  id: stores.id,
  name: stores.name,
  featured: stores.featured,
  location: stores.location,
  description: stores.description,
  descriptionHi: stores.descriptionHi,
  descriptionKn: stores.descriptionKn,
  phone: stores.phone,
  openTime: sql<string>`to_char(${stores.openTime}, 'HH24:MI')`,
  closeTime: sql<string>`to_char(${stores.closeTime}, 'HH24:MI')`,
  latitude: stores.latitude,
  longitude: stores.longitude,
  deliveryRadiusKm: stores.deliveryRadiusKm,
  slotLengthMinutes: stores.slotLengthMinutes,
  slotCapacity: stores.slotCapacity,
  slotDaysAhead: stores.slotDaysAhead,
  slotCutoffMinutes: stores.slotCutoffMinutes,
  specialDays: specialDaysOf(stores.id),
  deliveryRule: stores.deliveryRule,
  geohash: stores.geohash,
  imageKey: stores.imageKey,
  status: stores.status,
  zoneId: stores.zoneId,
  zoneName: zones.name,
  version: stores.version,
  updatedAt: stores.updatedAt,
};
/**
 * Replaces a store's special days with `days` (B19): those the store answers (from yesterday on),
 * which the form sends back whole; days before stay, as ADR 0080 keeps them, and one sent again is
 * written over.
 */
export async function replaceSpecialDays(
  db: Executor,
  scope: Scope,
  storeId: string,
  days: readonly SpecialDay[],
) {
  await db
    .delete(storeSpecialDays)
    .where(
      and(
        ofBusiness(storeSpecialDays, scope),
        eq(storeSpecialDays.storeId, storeId),
        sql`${storeSpecialDays.day} >= ${specialDaysShownFrom}`,
      ),
    );
  if (days.length === 0) return;
  await db
    .insert(storeSpecialDays)
    .values(
      days.map((day) => ({
        businessId: scope.businessId,
        storeId,
        day: day.day,
        openTime: day.openTime,
        closeTime: day.closeTime,
        reason: day.reason,
      })),
    )
    .onConflictDoUpdate({
      target: [storeSpecialDays.storeId, storeSpecialDays.day],
      set: {
        openTime: sql`excluded.open_time`,
        closeTime: sql`excluded.close_time`,
        reason: sql`excluded.reason`,
      },
    });
}

/** Live stores the scope can see: its business, its zone when it has one. */
function visible(scope: Scope): SQL[] {
  return [inScope(stores, scope), isNull(stores.deletedAt)];
}

function selectStores(db: Executor) {
  return db.select(storeColumns).from(stores).innerJoin(zones, eq(zones.id, stores.zoneId));
}

/** The store list of each business, held in memory (lib/list-index.ts). */
const storeLists = perDatabase(() => new ListIndex(100_000));

const storeListQueries = perDatabase((db) => {
  const listVersion = db
    .select({ version: businesses.storeListVersion })
    .from(businesses)
    .where(theBusiness(businesses, { businessId: sql.placeholder('businessId') }));
  const page = (zoned: boolean) =>
    db
      .select({ ...storeColumns, listVersion: sql<number | null>`(${listVersion})` })
      .from(stores)
      .innerJoin(zones, eq(zones.id, stores.zoneId))
      .where(
        and(
          inScope(stores, {
            businessId: sql.placeholder('businessId'),
            zoneId: zoned ? sql.placeholder('zoneId') : null,
          }),
          isNull(stores.deletedAt),
          sql`${stores.id} = ANY(${sql.placeholder('ids')}::uuid[])`,
        ),
      )
      .prepare(zoned ? 'store_list_page_zone' : 'store_list_page');
  return {
    page: page(false),
    zonePage: page(true),
    version: listVersion.prepare('store_list_version'),
    entries: db
      .select({ id: stores.id, name: sql<string>`lower(${stores.name})`, group: stores.zoneId })
      .from(stores)
      .where(and(ofBusiness(stores, { businessId: sql.placeholder('businessId') }), isNull(stores.deletedAt)))
      .orderBy(asc(stores.name), asc(stores.id))
      .prepare('store_list_entries'),
  };
});

export async function findStores(db: Database, scope: Scope, query: ListQuery) {
  const queries = storeListQueries(db);
  const values = { businessId: scope.businessId, zoneId: scope.zoneId };
  const page = await storeLists(db).page(
    scope.businessId,
    { group: scope.zoneId, q: query.q },
    { offset: query.page * query.pageSize, limit: query.pageSize },
    listSource({
      version: async () => (await queries.version.execute(values))[0]?.version,
      entries: () => queries.entries.execute(values),
      rows: (ids) => (scope.zoneId ? queries.zonePage : queries.page).execute({ ...values, ids }),
    }),
  );
  return { items: page?.rows ?? [], total: page?.total ?? 0 };
}

export async function findStore(db: Executor, scope: Scope, storeId: string) {
  const [row] = await selectStores(db)
    .where(and(...visible(scope), eq(stores.id, storeId)))
    .limit(1);
  return row;
}

/** The live stores the scope can see, by name (any case) or all: for a spreadsheet of several stores. */
export function findStoresNamed(db: Executor, scope: Scope, names: string[] | null) {
  if (names?.length === 0) return Promise.resolve([]);
  return db
    .select({ id: stores.id, name: stores.name, zoneId: stores.zoneId })
    .from(stores)
    .where(
      and(
        ...visible(scope),
        names
          ? inArray(
              sql`lower(${stores.name})`,
              names.map((name) => name.toLowerCase()),
            )
          : undefined,
      ),
    )
    .orderBy(asc(stores.name), asc(stores.id));
}

/** Locks and reads the stores of `storeIds` the scope can see, for a change of them all. */
export async function findStoresForUpdate(db: Executor, scope: Scope, storeIds: string[]) {
  return db
    .select({ id: stores.id, zoneId: stores.zoneId })
    .from(stores)
    .where(and(...visible(scope), inArray(stores.id, storeIds)))
    .for('update');
}

export async function insertStore(db: Executor, businessId: string, values: StoreValues) {
  const [row] = await db
    .insert(stores)
    .values({ businessId, ...values })
    .returning({ id: stores.id });
  return row!;
}

export async function updateStore(
  db: Executor,
  scope: Scope,
  storeId: string,
  version: number,
  values: Partial<StoreValues> & { imageKey?: string | null },
) {
  const [row] = await db
    .update(stores)
    .set({ ...values, version: sql`${stores.version} + 1`, updatedAt: sql`now()` })
    .where(and(...visible(scope), eq(stores.id, storeId), eq(stores.version, version)))
    .returning({ id: stores.id });
  return row;
}

export async function setStoreStatus(db: Executor, scope: Scope, storeIds: string[], status: number) {
  return db
    .update(stores)
    .set({ status, version: sql`${stores.version} + 1`, updatedAt: sql`now()` })
    .where(and(...visible(scope), inArray(stores.id, storeIds)))
    .returning({ id: stores.id, zoneId: stores.zoneId });
}

/** Moves a store to the trash, naming who did it (D7); its catalogue stays with it, hidden. */
export async function softDeleteStore(
  db: Executor,
  scope: Scope,
  storeId: string,
  version: number,
  deletedBy: { id: string; name: string },
) {
  const [row] = await db
    .update(stores)
    .set({
      deletedAt: sql`now()`,
      deletedById: deletedBy.id,
      deletedByName: deletedBy.name,
      version: sql`${stores.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(...visible(scope), eq(stores.id, storeId), eq(stores.version, version)))
    .returning({ id: stores.id, zoneId: stores.zoneId });
  return row;
}

/** Points a store at a new image; answers the image key it had, or undefined when out of scope. */
export async function setStoreImage(db: Executor, scope: Scope, storeId: string, imageKey: string) {
  const [before] = await db
    .select({ imageKey: stores.imageKey, zoneId: stores.zoneId })
    .from(stores)
    .where(and(...visible(scope), eq(stores.id, storeId)))
    .for('update');
  if (!before) return undefined;
  await db
    .update(stores)
    .set({ imageKey, version: sql`${stores.version} + 1`, updatedAt: sql`now()` })
    .where(and(inScope(stores, scope), eq(stores.id, storeId)));
  return before;
}
