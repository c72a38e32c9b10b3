import { and, eq, gt, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { TrashKind } from '@storedesk/shared/trash/schemas';
import { trashRetentionDays } from '@storedesk/shared/trash/schemas';
import type { Executor } from '../../db/client.ts';
import { categories, items, slides, stores, zones } from '../../db/schema.ts';
import type { Scope } from '../../lib/scope.ts';

const withinRetention = sql`now() - make_interval(days => ${trashRetentionDays})`;

/** Everything of a business deleted within the retention period, newest first. */
export async function findTrash(db: Executor, businessId: string, page: number, pageSize: number) {
  const result = await db.execute<{
    kind: TrashKind;
    id: string;
    name: string;
    store_id: string | null;
    deleted_at: Date;
    total: number;
  }>(sql`
    WITH trash AS (
      SELECT 'stores' AS kind, id, name, NULL::uuid AS store_id, deleted_at FROM stores
        WHERE business_id = ${businessId} AND deleted_at > ${withinRetention}
      UNION ALL SELECT 'categories', id, name, store_id, deleted_at FROM categories
        WHERE business_id = ${businessId} AND deleted_at > ${withinRetention}
      UNION ALL SELECT 'items', id, name, store_id, deleted_at FROM items
        WHERE business_id = ${businessId} AND deleted_at > ${withinRetention}
      UNION ALL SELECT 'slides', id, title, NULL, deleted_at FROM slides
        WHERE business_id = ${businessId} AND deleted_at > ${withinRetention}
      UNION ALL SELECT 'zones', id, name, NULL, deleted_at FROM zones
        WHERE business_id = ${businessId} AND deleted_at > ${withinRetention}
    )
    SELECT *, count(*) OVER ()::int AS total FROM trash
    ORDER BY deleted_at DESC, id LIMIT ${pageSize} OFFSET ${page * pageSize}`);
  return result.rows;
}

/** The record's store is live and the scope's: a catalogue record comes back only with its store. */
function liveStoreInScope(scope: Scope, storeId: AnyColumn): SQL {
  return sql`EXISTS (SELECT 1 FROM ${stores} s WHERE s.id = ${storeId}
    AND s.business_id = ${scope.businessId} AND s.deleted_at IS NULL
    ${scope.zoneId ? sql`AND s.zone_id = ${scope.zoneId}` : sql``})`;
}

/**
 * Takes a record out of the trash when it is the scope's and was deleted within
 * the retention period; answers where it belongs (store and zone) for the event.
 */
export async function restore(db: Executor, scope: Scope, kind: TrashKind, id: string) {
  const bump = { deletedAt: null, version: sql`version + 1`, updatedAt: sql`now()` };
  switch (kind) {
    case 'stores': {
      const [row] = await db
        .update(stores)
        .set(bump)
        .where(
          and(
            eq(stores.id, id),
            eq(stores.businessId, scope.businessId),
            scope.zoneId ? eq(stores.zoneId, scope.zoneId) : undefined,
            gt(stores.deletedAt, withinRetention),
          ),
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
            gt(categories.deletedAt, withinRetention),
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
          and(eq(items.id, id), liveStoreInScope(scope, items.storeId), gt(items.deletedAt, withinRetention)),
        )
        .returning({ storeId: items.storeId });
      return row && { ...row, zoneId: await zoneOfStore(db, row.storeId) };
    }
    case 'slides': {
      const [row] = await db
        .update(slides)
        .set(bump)
        .where(
          and(
            eq(slides.id, id),
            eq(slides.businessId, scope.businessId),
            gt(slides.deletedAt, withinRetention),
          ),
        )
        .returning({ id: slides.id });
      return row && { storeId: null, zoneId: null };
    }
    case 'zones': {
      const [row] = await db
        .update(zones)
        .set(bump)
        .where(
          and(eq(zones.id, id), eq(zones.businessId, scope.businessId), gt(zones.deletedAt, withinRetention)),
        )
        .returning({ id: zones.id });
      return row && { storeId: null, zoneId: row.id };
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
