import { and, eq, isNull, sql } from 'drizzle-orm';
import type { BusinessType } from '@storedesk/shared/settings/business';
import type { Executor } from '#server/db/client.ts';
import { businesses, stores, type ThemeColours } from '#server/db/schema.ts';
import { ofBusiness, theBusiness, type BusinessScope, type Scope } from '#server/lib/scope.ts';

const columns = {
  id: businesses.id,
  name: businesses.name,
  description: businesses.description,
  timeZone: businesses.timeZone,
  gstin: businesses.gstin,
  type: businesses.type,
  mainStoreId: businesses.mainStoreId,
  theme: businesses.theme,
  live: businesses.live,
  customerAppUrl: businesses.customerAppUrl,
  slug: businesses.slug,
  shopDomain: businesses.shopDomain,
  smsDailyLimit: businesses.smsDailyLimit,
  storefrontKey: businesses.storefrontKey,
  version: businesses.version,
  updatedAt: businesses.updatedAt,
};

export type BusinessRow = {
  id: string;
  name: string;
  description: string;
  timeZone: string;
  gstin: string | null;
  type: BusinessType;
  mainStoreId: string | null;
  theme: ThemeColours;
  live: boolean;
  customerAppUrl: string | null;
  slug: string;
  shopDomain: string | null;
  smsDailyLimit: number;
  storefrontKey: string;
  version: number;
  updatedAt: Date;
};

export type BusinessChanges = Partial<
  Pick<
    BusinessRow,
    | 'name'
    | 'description'
    | 'timeZone'
    | 'gstin'
    | 'type'
    | 'mainStoreId'
    | 'theme'
    | 'live'
    | 'customerAppUrl'
    | 'slug'
    | 'shopDomain'
    | 'smsDailyLimit'
    | 'storefrontKey'
  >
>;

/** The scope's business with its main store's name, when that store is still live. */
export async function findBusiness(
  db: Executor,
  scope: Scope,
): Promise<(BusinessRow & { mainStoreName: string | null }) | undefined> {
  const [row] = await db
    .select({ ...columns, mainStoreName: stores.name })
    .from(businesses)
    .leftJoin(
      stores,
      and(
        eq(stores.id, businesses.mainStoreId),
        eq(stores.businessId, businesses.id),
        isNull(stores.deletedAt),
      ),
    )
    .where(theBusiness(businesses, scope));
  return row;
}

/**
 * The scope's business, locked until the transaction ends, so its old values
 * hold meanwhile. FOR NO KEY UPDATE, as the UPDATE itself takes: new orders,
 * stores and zones (whose foreign keys share-lock the key) are not held up.
 */
export async function lockBusiness(db: Executor, scope: Scope): Promise<BusinessRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(businesses)
    .where(theBusiness(businesses, scope))
    .for('no key update');
  return row;
}

/**
 * A live store of the business, held so (a share lock) until the caller's
 * transaction ends: deleting it, which updates the row, waits for the save
 * that makes it the main store.
 */
export async function lockLiveStore(
  db: Executor,
  scope: Scope,
  storeId: string,
): Promise<{ id: string; name: string } | undefined> {
  const [row] = await db
    .select({ id: stores.id, name: stores.name })
    .from(stores)
    .where(and(ofBusiness(stores, scope), eq(stores.id, storeId), isNull(stores.deletedAt)))
    .for('share');
  return row;
}

/** Whether PostgreSQL knows the time zone by exactly this name (it counts the dashboard's days in it). */
export async function isKnownTimeZone(db: Executor, name: string): Promise<boolean> {
  const result = await db.execute<{ known: boolean }>(
    sql`SELECT EXISTS (SELECT 1 FROM pg_timezone_names WHERE name = ${name}) AS known`,
  );
  return result.rows[0]?.known === true;
}

/** Writes the changes when the version still matches; undefined otherwise. */
export async function updateBusiness(
  db: Executor,
  scope: Scope,
  version: number,
  changes: BusinessChanges,
): Promise<BusinessRow | undefined> {
  const [row] = await db
    .update(businesses)
    .set({ ...changes, version: sql`${businesses.version} + 1`, updatedAt: sql`now()` })
    .where(and(theBusiness(businesses, scope), eq(businesses.version, version)))
    .returning(columns);
  return row;
}

/** Every business with its service end date (D5), oldest first: what `npm run service` lists. */
export async function findServicePeriods(db: Executor) {
  return db
    .select({ id: businesses.id, name: businesses.name, serviceEndsAt: businesses.serviceEndsAt })
    .from(businesses)
    .orderBy(businesses.createdAt);
}

/**
 * Moves a business's end of service (D5): to now, or `days` after the later of
 * now and its current end. Answers the new end.
 */
export async function setServiceEnd(
  db: Executor,
  scope: BusinessScope,
  change: { end: true } | { extendByDays: number },
): Promise<Date | null> {
  const endsAt =
    'end' in change
      ? sql`now()`
      : sql`greatest(now(), coalesce(${businesses.serviceEndsAt}, now())) + make_interval(days => ${change.extendByDays})`;
  const [row] = await db
    .update(businesses)
    .set({ serviceEndsAt: endsAt, updatedAt: sql`now()` })
    .where(theBusiness(businesses, scope))
    .returning({ serviceEndsAt: businesses.serviceEndsAt });
  return row?.serviceEndsAt ?? null;
}

/** The slugs in use that are `base` or `base-<something>`: what a new business's slug must avoid. */
export async function findSlugsLike(db: Executor, base: string): Promise<string[]> {
  const rows = await db
    .select({ slug: businesses.slug })
    .from(businesses)
    .where(sql`${businesses.slug} = ${base} OR ${businesses.slug} LIKE ${`${base}-%`}`);
  return rows.map((row) => row.slug);
}

/** Holds the choosing of slugs made from `base` until the transaction ends: two sign-ups never take one. */
export async function lockSlugChoice(db: Executor, base: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`slug:${base}`}))`);
}
