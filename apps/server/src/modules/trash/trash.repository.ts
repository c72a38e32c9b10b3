import { and, eq, gt, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TrashKind, TrashListQuery } from '@storedesk/shared/trash/schemas';
import { trashRetentionDays } from '@storedesk/shared/trash/schemas';
import type { Executor } from '#server/db/client.ts';
import { categories, items, slides, stores, zones } from '#server/db/schema.ts';
import { acrossBusinesses, inScope, ofBusiness, type Scope } from '#server/lib/scope.ts';
import { likePattern } from '#server/lib/search.ts';

/** The moment before which a deletion has outlived the trash: newer ones are listed and restorable. */
const retentionStart = sql`now() - make_interval(days => ${trashRetentionDays})`;

type TrashTable = typeof stores | typeof categories | typeof items | typeof slides | typeof zones;

/** Where each kind's trash lies: its table, the column that names a record and, for the catalogue, its store. */
const trashSources: Record<TrashKind, { table: TrashTable; name: AnyColumn; storeId: SQL | AnyColumn }> = {
  stores: { table: stores, name: stores.name, storeId: sql`NULL::uuid` },
  categories: { table: categories, name: categories.name, storeId: categories.storeId },
  items: { table: items, name: items.name, storeId: items.storeId },
  slides: { table: slides, name: slides.title, storeId: sql`NULL::uuid` },
  zones: { table: zones, name: zones.name, storeId: sql`NULL::uuid` },
};

export type TrashRow = {
  kind: TrashKind;
  id: string;
  name: string;
  store_id: string | null;
  store_name: string | null;
  deleted_at: Date;
  deleted_by_name: string | null;
};

/**
 * A page of what a business deleted within the retention period, newest first;
 * `q` matches names anywhere, whatever their case, its % and _ taken literally.
 */
export async function findTrash(
  db: Executor,
  businessId: string,
  query: TrashListQuery,
): Promise<{ rows: TrashRow[]; total: number }> {
  const kinds = query.kind ? [query.kind] : (Object.keys(trashSources) as TrashKind[]);
  // Each kind is filtered in its own branch, so its conditions reach its own table's scan.
  const branches = kinds.map((kind) => {
    const { table, name, storeId } = trashSources[kind];
    const search = query.q ? sql` AND lower(${name}) LIKE ${likePattern(query.q.toLowerCase())}` : sql``;
    return sql`SELECT ${kind}::text AS kind, ${table.id} AS id, ${name} AS name, ${storeId} AS store_id,
        ${table.deletedAt} AS deleted_at, ${table.deletedByName} AS deleted_by_name
      FROM ${table} WHERE ${ofBusiness(table, { businessId })} AND ${table.deletedAt} > ${retentionStart}${search}`;
  });
  const result = await db.execute<TrashRow & { total: number }>(sql`
    WITH trash AS (${sql.join(branches, sql` UNION ALL `)}),
    page AS (
      SELECT * FROM trash ORDER BY deleted_at DESC, kind, id
      LIMIT ${query.pageSize} OFFSET ${query.page * query.pageSize}
    )
    SELECT page.*, s.name AS store_name, counted.total
    FROM (SELECT count(*)::int AS total FROM trash) counted
    LEFT JOIN page ON true
    LEFT JOIN stores s ON s.id = page.store_id
    ORDER BY page.deleted_at DESC, page.kind, page.id`);
  const total = result.rows[0]?.total ?? 0;
  return { rows: result.rows.filter((row) => row.id !== null), total };
}

/** The record's store, in the queries that look at it beside the record. */
const STORE_OF = 's';
const storeOf = alias(stores, STORE_OF);

/** The record's store is live and the scope's: a catalogue record comes back only with its store. */
function liveStoreInScope(scope: Scope, storeId: AnyColumn): SQL {
  return sql`EXISTS (SELECT 1 FROM ${stores} AS ${sql.identifier(STORE_OF)} WHERE ${storeOf.id} = ${storeId}
    AND ${inScope(storeOf, scope)} AND ${storeOf.deletedAt} IS NULL)`;
}

/** A store comes back only into a live zone. */
const zoneIsLive = sql`EXISTS (SELECT 1 FROM ${zones} z WHERE z.id = ${stores.zoneId} AND z.deleted_at IS NULL)`;

/**
 * Takes a record out of the trash when it is the scope's and was deleted within
 * the retention period, forgetting who deleted it; answers where it belongs
 * (store and zone) for the event, or undefined when nothing was restored.
 */
export async function restore(db: Executor, scope: Scope, kind: TrashKind, id: string) {
  const bump = {
    deletedAt: null,
    deletedById: null,
    deletedByName: null,
    version: sql`version + 1`,
    updatedAt: sql`now()`,
  };
  switch (kind) {
    case 'stores': {
      const [row] = await db
        .update(stores)
        .set(bump)
        .where(
          and(eq(stores.id, id), inScope(stores, scope), gt(stores.deletedAt, retentionStart), zoneIsLive),
        )
        .returning({ storeId: stores.id, zoneId: stores.zoneId });
      return row;
    }
    case 'categories': {
      const [row] = await db
        .update(categories)
        .set(bump)
        .where(
          and(
            eq(categories.id, id),
            liveStoreInScope(scope, categories.storeId),
            gt(categories.deletedAt, retentionStart),
          ),
        )
        .returning({ storeId: categories.storeId });
      return row && { ...row, zoneId: await zoneOfStore(db, row.storeId) };
    }
    case 'items': {
      const [row] = await db
        .update(items)
        .set(bump)
        .where(
          and(eq(items.id, id), liveStoreInScope(scope, items.storeId), gt(items.deletedAt, retentionStart)),
        )
        .returning({ storeId: items.storeId });
      return row && { ...row, zoneId: await zoneOfStore(db, row.storeId) };
    }
    case 'slides': {
      const [row] = await db
        .update(slides)
        .set(bump)
        .where(and(eq(slides.id, id), ofBusiness(slides, scope), gt(slides.deletedAt, retentionStart)))
        .returning({ id: slides.id });
      return row && { storeId: null, zoneId: null };
    }
    case 'zones': {
      const [row] = await db
        .update(zones)
        .set(bump)
        .where(and(eq(zones.id, id), ofBusiness(zones, scope), gt(zones.deletedAt, retentionStart)))
        .returning({ id: zones.id });
      return row && { storeId: null, zoneId: null };
    }
  }
}

async function zoneOfStore(db: Executor, storeId: string): Promise<string> {
  const [row] = await db
    .select({ zoneId: stores.zoneId })
    .from(stores)
    .where(and(eq(stores.id, storeId), isNull(stores.deletedAt)));
  return row!.zoneId;
}

/**
 * Why a record of the scope's trash could not be restored although it is
 * there: the record it belongs to (a catalogue record's store, a store's zone)
 * is in the trash too, and could itself be restored. Undefined otherwise.
 */
export async function findParentInTrash(
  db: Executor,
  scope: Scope,
  kind: TrashKind,
  id: string,
): Promise<{ kind: 'stores' | 'zones'; name: string } | undefined> {
  if (kind === 'categories' || kind === 'items') {
    const record = kind === 'categories' ? categories : items;
    const [found] = await db
      .select({ name: storeOf.name })
      .from(record)
      .innerJoin(storeOf, eq(storeOf.id, record.storeId))
      .where(
        and(
          eq(record.id, id),
          ofBusiness(record, scope),
          gt(record.deletedAt, retentionStart),
          inScope(storeOf, scope),
          gt(storeOf.deletedAt, retentionStart),
        ),
      );
    return found && { kind: 'stores', name: found.name };
  }
  if (kind === 'stores') {
    const [found] = await db
      .select({ name: zones.name })
      .from(stores)
      .innerJoin(zones, eq(zones.id, stores.zoneId))
      .where(
        and(
          eq(stores.id, id),
          inScope(stores, scope),
          gt(stores.deletedAt, retentionStart),
          gt(zones.deletedAt, retentionStart),
        ),
      );
    return found && { kind: 'zones', name: found.name };
  }
  return undefined;
}

/** Any fixed number: every instance's purge competes for the same lock. */
const PURGE_LOCK = 727_310_002;

/**
 * Takes the purge's lock for the rest of the caller's transaction, or answers
 * false at once when another instance holds it.
 */
export async function tryLockPurge(db: Executor): Promise<boolean> {
  const result = await db.execute<{ locked: boolean }>(
    sql`SELECT pg_try_advisory_xact_lock(${PURGE_LOCK}) AS locked`,
  );
  return result.rows[0]!.locked;
}

/**
 * Deleted before the retention period began: out of reach of every list and restore. The purge
 * is housekeeping, in every business at once.
 */
const expired = acrossBusinesses(
  'housekeeping: every business’s trash is purged after the same retention period',
  sql`deleted_at <= ${retentionStart}`,
);
const expiredStores = sql`SELECT id FROM stores WHERE ${expired}`;

const keysOf = (rows: { image_key: string | null }[]) =>
  rows.flatMap((row) => (row.image_key ? [row.image_key] : []));

export type PurgeResult = {
  removed: Record<TrashKind, number>;
  /** Expired stores and zones kept because orders (their history) still name them. */
  kept: { stores: number; zones: number };
  /** The image files of what was removed, and of kept stores, to delete once this commits. */
  imageKeys: string[];
};

/**
 * Removes for good, across every business, what was deleted before the
 * retention period began (ADR 0015). The catalogue of an expired store goes
 * first, whether or not it was deleted itself, so its image keys are collected
 * before the store's cascade could drop them unseen. A store or zone that orders
 * or daily statistics still name is kept, invisible, without its image.
 */
export async function purgeExpired(db: Executor): Promise<PurgeResult> {
  const itemRows = await db.execute<{ image_key: string | null }>(sql`
    DELETE FROM items WHERE ${expired} OR store_id IN (${expiredStores}) RETURNING image_key`);
  const categoryRows = await db.execute(sql`
    DELETE FROM categories WHERE ${expired} OR store_id IN (${expiredStores}) RETURNING id`);
  const storeRows = await db.execute<{ image_key: string | null }>(sql`
    DELETE FROM stores s WHERE ${expired}
      AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.business_id = s.business_id AND o.store_id = s.id)
    RETURNING image_key`);
  const keptStoreRows = await db.execute<{ image_key: string | null }>(sql`
    WITH kept AS (SELECT id, image_key FROM stores WHERE ${expired} FOR UPDATE),
    cleared AS (
      UPDATE stores s SET image_key = NULL, version = s.version + 1, updated_at = now()
      FROM kept WHERE s.id = kept.id AND kept.image_key IS NOT NULL
    )
    SELECT image_key FROM kept`);
  const slideRows = await db.execute<{ image_key: string | null }>(sql`
    DELETE FROM slides WHERE ${expired} RETURNING image_key`);
  // After the stores: a zone is free once no store, purged or not, is in it.
  const zoneRows = await db.execute(sql`
    DELETE FROM zones z WHERE ${expired}
      AND NOT EXISTS (SELECT 1 FROM stores s WHERE s.zone_id = z.id)
      AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.business_id = z.business_id AND o.zone_id = z.id)
      AND NOT EXISTS (SELECT 1 FROM daily_stats d WHERE d.business_id = z.business_id AND d.zone_id = z.id)
      AND NOT EXISTS (SELECT 1 FROM users u WHERE u.zone_id = z.id AND u.deleted_at IS NULL)
    RETURNING id`);
  const keptZones = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM zones WHERE ${expired}`,
  );
  return {
    removed: {
      stores: storeRows.rows.length,
      categories: categoryRows.rows.length,
      items: itemRows.rows.length,
      slides: slideRows.rows.length,
      zones: zoneRows.rows.length,
    },
    kept: { stores: keptStoreRows.rows.length, zones: keptZones.rows[0]!.n },
    imageKeys: [
      ...keysOf(itemRows.rows),
      ...keysOf(storeRows.rows),
      ...keysOf(keptStoreRows.rows),
      ...keysOf(slideRows.rows),
    ],
  };
}
