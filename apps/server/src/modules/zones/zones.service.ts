import type { ListQuery, ListResponse } from '@storedesk/shared/lists';
import { messages } from '@storedesk/shared/messages';
import {
  zoneInUseMessage,
  type Zone,
  type ZoneInput,
  type ZoneUpdate,
} from '@storedesk/shared/zones/schemas';
import type { AuthContext } from '#server/lib/callers.ts';
import type { Database, Executor } from '#server/db/client.ts';
import { AppError, invalid, notFound, stale } from '#server/lib/errors.ts';
import { isUniqueViolation } from '#server/lib/pg-errors.ts';
import { scopeOf, type BusinessScope, type Scope } from '#server/lib/scope.ts';
import { writeVersioned } from '#server/lib/versioned.ts';
import { publishEvent } from '#server/realtime/events.repository.ts';

import * as repo from './zones.repository.ts';

export function toZone(row: repo.ZoneRow): Zone {
  return { id: row.id, name: row.name, version: row.version, updatedAt: row.updatedAt.toISOString() };
}

/** Every staff member of the business may see zones (the zone pickers), so their events name no zone. */
function announce(db: Executor, scope: Scope, zoneId: string, action: string) {
  return publishEvent(db, {
    businessId: scope.businessId,
    zoneId: null,
    topic: 'zones',
    action,
    recordId: zoneId,
  });
}

/**
 * The zone a new or moved store or staff member goes to (D4): an admin's own
 * (naming another is 403), the owner's choice checked to be a live zone of the
 * business (400 on zoneId otherwise). Run it in the writer's transaction: the
 * zone stays live until that commits, so a zone delete cannot slip in between
 * and leave the record in a deleted zone. Undefined when the owner named none.
 */
export async function zoneForWrite(
  tx: Executor,
  auth: AuthContext,
  requested: string | undefined,
): Promise<string | undefined> {
  const scope = scopeOf(auth, requested);
  if (scope.zoneId === null) return undefined;
  if (!(await repo.lockLiveZone(tx, scope.businessId, scope.zoneId))) {
    throw invalid({ zoneId: messages.unknownZone });
  }
  return scope.zoneId;
}

const nameTaken = () =>
  new AppError('conflict', messages.zoneNameTaken, { fields: { name: messages.zoneNameTaken } });

/**
 * Runs a write that names a zone; a live zone of the business already called
 * that (in any case) is 409 on name. The unique index decides, so two owners
 * adding one name at once get one zone and one 409.
 */
async function withUniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'zones_name_idx')) throw nameTaken();
    throw error;
  }
}

/** Whether `zoneId` is a live zone of the scope's business. */
export function isZoneOf(db: Executor, scope: BusinessScope, zoneId: string): Promise<boolean> {
  return repo.zoneExists(db, scope.businessId, zoneId);
}

export async function listZones(
  db: Database,
  auth: AuthContext,
  query: ListQuery,
): Promise<ListResponse<Zone>> {
  const { items, total } = await repo.findZones(db, scopeOf(auth), query);
  return { items: items.map(toZone), total };
}

/** A live zone of the caller's business, or 404. */
export async function getZone(db: Executor, auth: AuthContext, zoneId: string): Promise<Zone> {
  const row = await repo.findZone(db, scopeOf(auth), zoneId);
  if (!row) throw notFound();
  return toZone(row);
}

export async function createZone(db: Database, auth: AuthContext, input: ZoneInput): Promise<Zone> {
  const scope = scopeOf(auth);
  return withUniqueName(() =>
    db.transaction(async (tx) => {
      const row = await repo.insertZone(tx, scope, input.name);
      await announce(tx, scope, row.id, 'created');
      return toZone(row);
    }),
  );
}

export async function updateZone(
  db: Database,
  auth: AuthContext,
  zoneId: string,
  input: ZoneUpdate,
): Promise<Zone> {
  const scope = scopeOf(auth);
  return withUniqueName(() =>
    db.transaction(async (tx) => {
      const row = await writeVersioned(
        () => repo.updateZone(tx, scope, zoneId, input.version, input.name),
        async () => {
          const now = await repo.findZone(tx, scope, zoneId);
          return now && toZone(now);
        },
      );
      await announce(tx, scope, zoneId, 'updated');
      return toZone(row);
    }),
  );
}

/**
 * Moves a zone to the trash, unless stores, staff or open orders still use it
 * (409 saying what). The zone row is locked first, so nothing can be added to
 * the zone between the count and the delete.
 */
export async function deleteZone(
  db: Database,
  auth: AuthContext,
  zoneId: string,
  version: number,
): Promise<void> {
  const scope = scopeOf(auth);
  await db.transaction(async (tx) => {
    const locked = await repo.lockZone(tx, scope, zoneId);
    if (!locked) throw notFound();
    if (locked.version !== version) throw stale(toZone(locked));
    const usage = await repo.zoneUsage(tx, scope, zoneId);
    if (usage.stores > 0 || usage.staff > 0 || usage.openOrders > 0) {
      throw new AppError('conflict', zoneInUseMessage(usage), { current: toZone(locked) });
    }
    await repo.softDeleteZone(tx, scope, zoneId, { id: auth.user.id, name: auth.user.name });
    await announce(tx, scope, zoneId, 'deleted');
    await publishEvent(tx, {
      businessId: scope.businessId,
      zoneId: null,
      topic: 'trash',
      action: 'added',
      recordId: zoneId,
    });
  });
}
