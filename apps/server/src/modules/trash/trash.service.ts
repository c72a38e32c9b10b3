import type { ListResponse } from '@storedesk/shared/lists';
import { isOwner } from '@storedesk/shared/levels';
import { messages } from '@storedesk/shared/messages';
import {
  restoreParentFirstMessage,
  restoreZoneFirstMessage,
  type TrashEntry,
  type TrashKind,
  type TrashListQuery,
} from '@storedesk/shared/trash/schemas';
import type { AuthContext } from '#server/lib/callers.ts';
import type { Database } from '#server/db/client.ts';
import { AppError, forbidden, notFound } from '#server/lib/errors.ts';
import { isUniqueViolation } from '#server/lib/pg-errors.ts';
import { scopeOf } from '#server/lib/scope.ts';
import { publishEvent } from '#server/realtime/events.repository.ts';
import type { Storage } from '#server/storage/storage.ts';

import * as repo from './trash.repository.ts';

/** Which live-event topic a restored record refreshes. */
const topicOf: Record<TrashKind, string> = {
  stores: 'stores',
  categories: 'catalogue',
  items: 'catalogue',
  slides: 'slides',
  zones: 'zones',
};

export async function listTrash(
  db: Database,
  auth: AuthContext,
  query: TrashListQuery,
): Promise<ListResponse<TrashEntry>> {
  const { rows, total } = await repo.findTrash(db, auth.business.id, query);
  return {
    items: rows.map((row) => ({
      kind: row.kind,
      id: row.id,
      name: row.name,
      storeId: row.store_id,
      storeName: row.store_name,
      deletedAt: new Date(row.deleted_at).toISOString(),
      deletedBy: row.deleted_by_name,
    })),
    total,
  };
}

/**
 * Undo of a delete (D7): anyone who may see the record may bring it back
 * within the retention period; slides and zones are the owner's. A record
 * whose store (or a store whose zone) is in the trash too waits for it (409),
 * and so does a zone whose name a live zone has taken since.
 */
export async function restoreFromTrash(
  db: Database,
  auth: AuthContext,
  kind: TrashKind,
  id: string,
): Promise<{ kind: TrashKind; id: string }> {
  if ((kind === 'slides' || kind === 'zones') && !isOwner(auth.user)) throw forbidden();
  const scope = scopeOf(auth);
  try {
    return await db.transaction(async (tx) => {
      const restored = await repo.restore(tx, scope, kind, id);
      if (!restored) {
        const parent = await repo.findParentInTrash(tx, scope, kind, id);
        if (!parent) throw notFound();
        const message =
          parent.kind === 'stores'
            ? restoreParentFirstMessage(parent.name)
            : restoreZoneFirstMessage(parent.name);
        throw new AppError('conflict', message);
      }
      await publishEvent(tx, {
        businessId: scope.businessId,
        zoneId: restored.zoneId,
        topic: topicOf[kind],
        action: 'restored',
        recordId: kind === 'categories' || kind === 'items' ? restored.storeId : id,
      });
      // In the record's zone, as its restore: slides and zones have none and go to the whole business.
      await publishEvent(tx, {
        businessId: scope.businessId,
        zoneId: restored.zoneId,
        topic: 'trash',
        action: 'removed',
        recordId: id,
      });
      return { kind, id };
    });
  } catch (error) {
    // A live zone took the name while this one was in the trash: the unique index says so.
    if (isUniqueViolation(error, 'zones_name_idx')) throw new AppError('conflict', messages.zoneNameTaken);
    // So did a live category of its store.
    if (isUniqueViolation(error, 'categories_name_idx')) {
      throw new AppError('conflict', messages.categoryNameTaken);
    }
    throw error;
  }
}

type Log = {
  info: (obj: unknown, msg?: string) => void;
  warn: (obj: unknown, msg?: string) => void;
};

export type PurgeReport =
  | { ran: false }
  | ({ ran: true; files: { deleted: number; failed: number } } & Omit<repo.PurgeResult, 'imageKeys'>);

/**
 * Removes for good what has been in the trash longer than the retention
 * period, with its image files (ADR 0015). One instance at a time: another
 * that is already purging makes this one skip. The rows go in one
 * transaction; the files after it commits, so a failed transaction leaves
 * every file its rows still name. A file that cannot be deleted is logged and
 * left behind, never failing the purge.
 */
export async function purgeTrash(db: Database, storage: Storage, log: Log): Promise<PurgeReport> {
  const purged = await db.transaction(async (tx) =>
    (await repo.tryLockPurge(tx)) ? repo.purgeExpired(tx) : undefined,
  );
  if (!purged) return { ran: false };
  const { imageKeys, ...counts } = purged;
  let failed = 0;
  for (const key of imageKeys) {
    try {
      await storage.delete(key);
    } catch (error) {
      failed += 1;
      log.warn({ err: error, key }, 'could not delete the image of a purged record');
    }
  }
  const report: PurgeReport = {
    ran: true,
    ...counts,
    files: { deleted: imageKeys.length - failed, failed },
  };
  if (imageKeys.length > 0 || Object.values(counts.removed).some((n) => n > 0)) {
    log.info({ purge: report }, 'trash purged');
  }
  return report;
}
