import ngeohash from 'ngeohash';
import { messages } from '@storedesk/shared/messages';
import type {
  Store,
  StoreInput,
  StoreListQuery,
  StoreStatusChange,
  StoreUpdate,
} from '@storedesk/shared/stores/schemas';
import type { ListResponse } from '@storedesk/shared/lists';
import type { DeliverySlots } from '@storedesk/shared/stores/slots';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '#server/lib/callers.ts';
import type { Database, Executor } from '#server/db/client.ts';
import { replaceImage } from '#server/lib/replace-image.ts';
import { fileUrl, imageKey, type ImageUpload } from '#server/storage/images.ts';
import type { Storage } from '#server/storage/storage.ts';
import { invalid, notFound } from '#server/lib/errors.ts';
import { scopeOf, type Scope } from '#server/lib/scope.ts';
import { writeVersioned } from '#server/lib/versioned.ts';
import { publishEvent } from '#server/realtime/events.repository.ts';

import * as repo from './stores.repository.ts';
import { zoneForWrite } from '#server/modules/zones/zones.service.ts';

type StoreRow = NonNullable<Awaited<ReturnType<typeof repo.findStore>>>;

// Field by field: an object rest of the row is a slow path in V8, and lists map many rows.
export function toStore(row: StoreRow): Store {
  return {
    id: row.id,
    name: row.name,
    featured: row.featured,
    location: row.location,
    description: row.description,
    descriptionHi: row.descriptionHi,
    descriptionKn: row.descriptionKn,
    phone: row.phone,
    openTime: row.openTime,
    closeTime: row.closeTime,
    latitude: row.latitude,
    longitude: row.longitude,
    deliveryRadiusKm: row.deliveryRadiusKm,
    deliverySlots: slotRuleOf(row),
    specialDays: row.specialDays,
    deliveryRule: row.deliveryRule,
    geohash: row.geohash,
    imageUrl: row.imageKey ? fileUrl(row.imageKey) : null,
    status: row.status,
    zoneId: row.zoneId,
    zoneName: row.zoneName,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A store row's slot rule (ADR 0077), or null when it delivers as soon as possible only. */
export function slotRuleOf(row: {
  slotLengthMinutes: number | null;
  slotCapacity: number | null;
  slotDaysAhead: number | null;
  slotCutoffMinutes: number | null;
}): DeliverySlots | null {
  if (row.slotLengthMinutes === null || row.slotCapacity === null) return null;
  return {
    lengthMinutes: row.slotLengthMinutes,
    capacity: row.slotCapacity,
    daysAhead: row.slotDaysAhead ?? 0,
    cutoffMinutes: row.slotCutoffMinutes ?? 0,
  };
}

/** The columns of a slot rule as the store form sends it: undefined leaves them, null clears them. */
function slotColumns(rule: DeliverySlots | null | undefined) {
  if (rule === undefined) return {};
  return {
    slotLengthMinutes: rule?.lengthMinutes ?? null,
    slotCapacity: rule?.capacity ?? null,
    slotDaysAhead: rule?.daysAhead ?? null,
    slotCutoffMinutes: rule?.cutoffMinutes ?? null,
  };
}

function announce(db: Executor, scope: Scope, store: { id: string; zoneId: string }, action: string) {
  return publishEvent(db, {
    businessId: scope.businessId,
    zoneId: store.zoneId,
    topic: 'stores',
    action,
    recordId: store.id,
  });
}

export async function listStores(
  db: Database,
  auth: AuthContext,
  query: StoreListQuery,
): Promise<ListResponse<Store>> {
  const { items, total } = await repo.findStores(db, scopeOf(auth, query.zoneId), query);
  return { items: items.map(toStore), total };
}

/** The live stores of these names (any case), or all, that the caller may see, by name. */
export function storesNamed(db: Executor, auth: AuthContext, names: string[] | null) {
  return repo.findStoresNamed(db, scopeOf(auth), names);
}

/** A store the caller may see, or 404: another zone's or business's store does not exist for them. */
export async function getStore(db: Executor, auth: AuthContext, storeId: string): Promise<Store> {
  const row = await repo.findStore(db, scopeOf(auth), storeId);
  if (!row) throw notFound();
  return toStore(row);
}

export async function createStore(db: Database, auth: AuthContext, input: StoreInput): Promise<Store> {
  const scope = scopeOf(auth);
  return db.transaction(async (tx) => {
    const zoneId = await zoneForWrite(tx, auth, input.zoneId);
    if (!zoneId) throw invalid({ zoneId: messages.unknownZone });
    const { zoneId: _, deliverySlots, specialDays, ...values } = input;
    const { id } = await repo.insertStore(tx, scope.businessId, {
      ...values,
      ...slotColumns(deliverySlots),
      zoneId,
      geohash: ngeohash.encode(input.latitude, input.longitude, 9),
    });
    if (specialDays) await repo.replaceSpecialDays(tx, scope, id, specialDays);
    await announce(tx, scope, { id, zoneId }, 'created');
    return getStore(tx, auth, id);
  });
}

export async function updateStore(
  db: Database,
  auth: AuthContext,
  storeId: string,
  input: StoreUpdate,
): Promise<Store> {
  const scope = scopeOf(auth);
  const { version, zoneId: requestedZone, deliverySlots, specialDays, ...values } = input;
  const current = await repo.findStore(db, scope, storeId);
  if (!current) throw notFound();
  const latitude = values.latitude ?? current.latitude;
  const longitude = values.longitude ?? current.longitude;
  return db.transaction(async (tx) => {
    const zoneId = requestedZone === undefined ? undefined : await zoneForWrite(tx, auth, requestedZone);
    await writeVersioned(
      () =>
        repo.updateStore(tx, scope, storeId, version, {
          ...values,
          ...slotColumns(deliverySlots),
          ...(zoneId ? { zoneId } : {}),
          geohash: ngeohash.encode(latitude, longitude, 9),
        }),
      async () => {
        const now = await repo.findStore(tx, scope, storeId);
        return now && toStore(now);
      },
    );
    // The whole list, which the version just taken guards as the store's other fields.
    if (specialDays) await repo.replaceSpecialDays(tx, scope, storeId, specialDays);
    const store = await getStore(tx, auth, storeId);
    await announce(tx, scope, store, 'updated');
    // A store moved out of a zone is gone from that zone's lists too.
    if (store.zoneId !== current.zoneId)
      await announce(tx, scope, { id: storeId, zoneId: current.zoneId }, 'updated');
    return store;
  });
}

/** Opens, closes or marks unserviceable every store named, or none when any is out of reach. */
export async function changeStoreStatus(
  db: Database,
  auth: AuthContext,
  change: StoreStatusChange,
): Promise<{ items: Store[] }> {
  const scope = scopeOf(auth);
  const ids = [...new Set(change.storeIds)];
  return db.transaction(async (tx) => {
    const reachable = await repo.findStoresForUpdate(tx, scope, ids);
    if (reachable.length !== ids.length) throw notFound('One or more of these stores do not exist');
    const changed = await repo.setStoreStatus(tx, scope, ids, change.status);
    for (const store of changed) await announce(tx, scope, store, 'updated');
    const items: Store[] = [];
    for (const id of ids) items.push(await getStore(tx, auth, id));
    return { items };
  });
}

export async function deleteStore(
  db: Database,
  auth: AuthContext,
  storeId: string,
  version: number,
): Promise<void> {
  const scope = scopeOf(auth);
  await db.transaction(async (tx) => {
    const deleted = await writeVersioned(
      () => repo.softDeleteStore(tx, scope, storeId, version, { id: auth.user.id, name: auth.user.name }),
      async () => {
        const now = await repo.findStore(tx, scope, storeId);
        return now && toStore(now);
      },
    );
    await announce(tx, scope, deleted, 'deleted');
    // The store's zone, as its other events: staff of another zone never hear of it.
    await publishEvent(tx, {
      businessId: scope.businessId,
      zoneId: deleted.zoneId,
      topic: 'trash',
      action: 'added',
      recordId: storeId,
    });
  });
}

export async function setStoreImage(
  db: Database,
  storage: Storage,
  log: FastifyBaseLogger,
  auth: AuthContext,
  storeId: string,
  upload: ImageUpload,
): Promise<Store> {
  const scope = scopeOf(auth);
  const key = imageKey(scope.businessId, 'store', storeId, upload.extension);
  return replaceImage(storage, log, key, upload, (newKey) =>
    db.transaction(async (tx) => {
      const before = await repo.setStoreImage(tx, scope, storeId, newKey);
      if (!before) throw notFound();
      await announce(tx, scope, { id: storeId, zoneId: before.zoneId }, 'updated');
      return { result: await getStore(tx, auth, storeId), replacedKey: before.imageKey };
    }),
  );
}
