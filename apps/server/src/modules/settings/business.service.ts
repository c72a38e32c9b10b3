import { randomBytes } from 'node:crypto';
import {
  businessLimits,
  businessMessages,
  slugify,
  type BusinessSettings,
  type BusinessSettingsUpdate,
  type StorefrontKeyRotation,
} from '@storedesk/shared/settings/business';
import type { AuthContext } from '#server/lib/callers.ts';
import type { Database, Executor } from '#server/db/client.ts';
import { AppError, invalid, notFound, stale } from '#server/lib/errors.ts';
import { isUniqueViolation } from '#server/lib/pg-errors.ts';
import { scopeOf, type Scope } from '#server/lib/scope.ts';
import { writeVersioned } from '#server/lib/versioned.ts';
import { publishEvent } from '#server/realtime/events.repository.ts';

import { recountDays } from '#server/modules/orders/orders.service.ts';
import * as repo from './business.repository.ts';
import { textsToday } from '#server/modules/limits/limits.service.ts';
import type { ShopOrigins } from '#server/lib/shop-origin.ts';

/** What the business settings need of the shops' origins (ADR 0055). */
export type Shops = Pick<ShopOrigins, 'originOf' | 'isReserved' | 'refresh'>;

export function toBusinessSettings(
  row: repo.BusinessRow & { mainStoreName: string | null },
  shops: Pick<Shops, 'originOf'>,
): BusinessSettings {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    timeZone: row.timeZone,
    gstin: row.gstin,
    type: row.type,
    mainStoreId: row.mainStoreId,
    mainStoreName: row.mainStoreName,
    theme: row.theme,
    live: row.live,
    customerAppUrl: row.customerAppUrl,
    slug: row.slug,
    shopDomain: row.shopDomain,
    shopUrl: shops.originOf(row),
    smsDailyLimit: row.smsDailyLimit,
    storefrontKey: row.storefrontKey,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A new publishable storefront key: 192 random bits, in the `pk_` form of the seed's keys. */
export function newStorefrontKey(): string {
  return `pk_live_${randomBytes(24).toString('hex')}`;
}

async function current(db: Executor, scope: Scope, shops: Shops): Promise<BusinessSettings | undefined> {
  const row = await repo.findBusiness(db, scope);
  return row && toBusinessSettings(row, shops);
}

/**
 * Every staff member's shell shows the business's name, theme, time zone and
 * customer app, so its events name no zone: every open console refreshes them.
 */
function announce(db: Executor, scope: Scope, action: string) {
  return publishEvent(db, {
    businessId: scope.businessId,
    zoneId: null,
    topic: 'business',
    action,
    recordId: scope.businessId,
  });
}

export async function getBusinessSettings(
  db: Executor,
  auth: AuthContext,
  shops: Shops,
): Promise<BusinessSettings> {
  const record = await current(db, scopeOf(auth), shops);
  if (!record) throw notFound();
  return record;
}

/**
 * The refusals that need the database: a time zone PostgreSQL does not know,
 * a main store that is not a live store of this business, a single-store
 * business left without one. The main store is checked whenever the save
 * names it or the type; it stays live until the save commits.
 */
async function refusals(
  tx: Executor,
  scope: Scope,
  before: repo.BusinessRow,
  changes: repo.BusinessChanges,
  shops: Shops,
): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  if (changes.shopDomain && shops.isReserved(changes.shopDomain)) {
    fields.shopDomain = businessMessages.shopDomainReserved;
  }
  if (
    changes.timeZone !== undefined &&
    changes.timeZone !== before.timeZone &&
    !(await repo.isKnownTimeZone(tx, changes.timeZone))
  ) {
    fields.timeZone = businessMessages.timeZone;
  }
  if (changes.type !== undefined || changes.mainStoreId !== undefined) {
    const type = changes.type ?? before.type;
    const mainStoreId = changes.mainStoreId === undefined ? before.mainStoreId : changes.mainStoreId;
    if (mainStoreId === null) {
      if (type === 'single') fields.mainStoreId = businessMessages.mainStoreRequired;
    } else if (!(await repo.lockLiveStore(tx, scope, mainStoreId))) {
      fields.mainStoreId = businessMessages.mainStoreUnknown;
    }
  }
  return fields;
}

/**
 * Saves any of the editable fields, based on the version read (D9). A new time
 * zone counts the dashboard's days again in the same transaction, so no
 * reader ever sees the new zone with the old days.
 */
export async function updateBusinessSettings(
  db: Database,
  auth: AuthContext,
  input: BusinessSettingsUpdate,
  shops: Shops,
): Promise<BusinessSettings> {
  const scope = scopeOf(auth);
  const { version, ...changes } = input;
  const saved = await db.transaction(async (tx) => {
    const before = await repo.lockBusiness(tx, scope);
    if (!before) throw notFound();
    if (before.version !== version) throw stale(await current(tx, scope, shops));
    const fields = await refusals(tx, scope, before, changes, shops);
    if (Object.keys(fields).length > 0) throw invalid(fields);

    try {
      await writeVersioned(
        () => repo.updateBusiness(tx, scope, version, changes),
        () => current(tx, scope, shops),
      );
    } catch (error) {
      if (isUniqueViolation(error, 'businesses_slug_key')) {
        throw new AppError('conflict', businessMessages.slugTaken, {
          fields: { slug: businessMessages.slugTaken },
        });
      }
      if (isUniqueViolation(error, 'businesses_shop_domain_idx')) {
        throw new AppError('conflict', businessMessages.shopDomainTaken, {
          fields: { shopDomain: businessMessages.shopDomainTaken },
        });
      }
      throw error;
    }
    if (changes.timeZone !== undefined && changes.timeZone !== before.timeZone) {
      await recountDays(tx, scope.businessId);
    }
    await announce(tx, scope, 'updated');
    return (await current(tx, scope, shops))!;
  });
  // This instance serves a new domain at once; the others within their next reading.
  if (changes.shopDomain !== undefined) await shops.refresh();
  return saved;
}

/**
 * Replaces the storefront key, based on the version read (D9). The customer
 * app is looked up by its key on every call, so the old key is refused from
 * the moment this commits.
 */
export async function rotateStorefrontKey(
  db: Database,
  auth: AuthContext,
  input: StorefrontKeyRotation,
  shops: Shops,
): Promise<BusinessSettings> {
  const scope = scopeOf(auth);
  return db.transaction(async (tx) => {
    await writeVersioned(
      () => repo.updateBusiness(tx, scope, input.version, { storefrontKey: newStorefrontKey() }),
      () => current(tx, scope, shops),
    );
    await announce(tx, scope, 'storefront-key-rotated');
    return (await current(tx, scope, shops))!;
  });
}

/** The business's texts today, on its own clock, and its ceiling (Settings › Others). */
export const smsUsage = (db: Executor, auth: AuthContext) => textsToday(db, scopeOf(auth).businessId);

/** The businesses and their service end dates (D5), for the operators' command. */
export function listServicePeriods(db: Executor) {
  return repo.findServicePeriods(db);
}

/**
 * Ends a business's service now, or extends it by `days` from the later of now
 * and its current end (D5); every open console hears of it. Answers the new end.
 */
export async function changeServiceEnd(
  db: Database,
  businessId: string,
  change: { end: true } | { extendByDays: number },
): Promise<Date | null> {
  return db.transaction(async (tx) => {
    const endsAt = await repo.setServiceEnd(tx, { businessId }, change);
    await publishEvent(tx, {
      businessId,
      zoneId: null,
      topic: 'business',
      action: 'updated',
      recordId: businessId,
    });
    return endsAt;
  });
}

/**
 * A slug for a new business (its customer app's address, /shop/<slug>): the
 * one its name makes, or with the first free number after it. Call it in the
 * transaction that inserts the business: it holds the choice until then.
 */
export async function freeSlugFor(db: Executor, name: string): Promise<string> {
  const base = slugify(name)
    .slice(0, businessLimits.slugMax - 4)
    .replace(/-+$/, '');
  await repo.lockSlugChoice(db, base);
  const taken = new Set(await repo.findSlugsLike(db, base));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
