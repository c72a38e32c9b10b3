import type { ListQuery, ListResponse } from '@storedesk/shared/lists';
import { isOwner } from '@storedesk/shared/levels';
import type { TrashEntry, TrashKind } from '@storedesk/shared/trash/schemas';
import type { Database } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { scopeOf } from '../../lib/scope.ts';
import { publishEvent } from '../../realtime/publish.ts';
import type { AuthContext } from '../auth/auth.service.ts';
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
  query: ListQuery,
): Promise<ListResponse<TrashEntry>> {
  const rows = await repo.findTrash(db, auth.business.id, query.page, query.pageSize);
  return {
    items: rows.map((row) => ({
      kind: row.kind,
      id: row.id,
      name: row.name,
      storeId: row.store_id,
      deletedAt: new Date(row.deleted_at).toISOString(),
    })),
    total: rows[0]?.total ?? 0,
  };
}

/**
 * Undo of a delete (D7): anyone who may see the record may bring it back
 * within the retention period; slides and zones are the owner's.
 */
export async function restoreFromTrash(
  db: Database,
  auth: AuthContext,
  kind: TrashKind,
  id: string,
): Promise<{ kind: TrashKind; id: string }> {
  if ((kind === 'slides' || kind === 'zones') && !isOwner(auth.user)) throw forbidden();
  const scope = scopeOf(auth);
  return db.transaction(async (tx) => {
    const restored = await repo.restore(tx, scope, kind, id);
    if (!restored) throw notFound();
    await publishEvent(tx, {
      businessId: scope.businessId,
      zoneId: restored.zoneId,
      topic: topicOf[kind],
      action: 'restored',
      recordId: kind === 'categories' || kind === 'items' ? restored.storeId : id,
    });
    await publishEvent(tx, {
      businessId: scope.businessId,
      zoneId: null,
      topic: 'trash',
      action: 'removed',
      recordId: id,
    });
    return { kind, id };
  });
}
