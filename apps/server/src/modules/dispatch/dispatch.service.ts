import {
  defaultDispatchWaitMinutes,
  defaultMaxOpenOrdersPerExecutive,
  deliveryMessages,
} from '@storedesk/shared/delivery/rules';
import type {
  CashQuery,
  CashRow,
  CashSettlementInput,
  Dispatch,
  ExecutiveChoice,
} from '@storedesk/shared/delivery/schemas';
import { rupeesDecimal } from '@storedesk/shared/money';
import { distanceKm, roundKm } from '@storedesk/shared/storefront/serviceability';
import type { AuthContext } from '#server/lib/callers.ts';
import type { Database } from '#server/db/client.ts';
import { AppError, invalid, notFound } from '#server/lib/errors.ts';
import { scopeOf, type Scope } from '#server/lib/scope.ts';
import { publishEvent } from '#server/realtime/events.repository.ts';

import { csvField } from '#server/lib/csv.ts';
import * as repo from './dispatch.repository.ts';
import { lockExecutive } from '#server/modules/earnings/earnings.service.ts';

const iso = (value: string | Date) => new Date(value).toISOString();
const num = (value: string | number) => Number(value);

async function settingsOf(db: Database, businessId: string) {
  const row = await repo.findDispatchSettings(db, { businessId });
  return {
    waitMinutes: row?.wait ?? defaultDispatchWaitMinutes,
    maxOpenOrdersPerExecutive: row?.max ?? defaultMaxOpenOrdersPerExecutive,
  };
}

/** B14: the scope's executives (duty, last position, load), stores and open orders, for the live map. */
export async function getDispatch(db: Database, auth: AuthContext, zoneId?: string): Promise<Dispatch> {
  const scope = scopeOf(auth, zoneId);
  const [executives, stores, orders, settings] = await Promise.all([
    repo.findExecutives(db, scope),
    repo.findStores(db, scope),
    repo.findOpenOrders(db, scope),
    settingsOf(db, scope.businessId),
  ]);
  return {
    executives: executives.map((row) => ({
      id: row.id,
      name: row.name,
      phone: row.phone,
      zoneId: row.zone_id,
      onDuty: row.on_duty === true,
      lat: row.lat,
      lng: row.lng,
      accuracy: row.accuracy,
      seenAt: row.seen_at === null ? null : iso(row.seen_at),
      openOrders: row.open_orders,
    })),
    stores: stores.map((row) => ({
      id: row.id,
      name: row.name,
      zoneId: row.zone_id,
      lat: row.lat,
      lng: row.lng,
    })),
    orders: orders.map((row) => ({
      id: row.id,
      number: num(row.number),
      zoneId: row.zone_id,
      storeId: row.store_id,
      storeName: row.store_name,
      customerName: row.customer_name,
      status: row.status,
      placedAt: iso(row.placed_at),
      dexId: row.dex_id,
      dexName: row.dex_name,
      lat: row.lat,
      lng: row.lng,
      address: row.address,
      version: row.version,
    })),
    ...settings,
  };
}

/**
 * B14: the executives a store's order may go to (its zone's), for the picker: on duty first,
 * then nearest to the store (unknown positions last), then by name.
 */
export async function executiveChoices(
  db: Database,
  auth: AuthContext,
  storeId: string,
): Promise<{ items: ExecutiveChoice[]; maxOpenOrdersPerExecutive: number }> {
  const store = await repo.findStore(db, scopeOf(auth), storeId);
  if (!store) throw notFound();
  const scope: Scope = { businessId: auth.business.id, zoneId: store.zone_id };
  const [executives, settings] = await Promise.all([
    repo.findExecutives(db, scope),
    settingsOf(db, scope.businessId),
  ]);
  const items = executives.map((row) => ({
    id: row.id,
    name: row.name,
    onDuty: row.on_duty === true,
    openOrders: row.open_orders,
    distanceKm:
      row.lat === null || row.lng === null
        ? null
        : roundKm(distanceKm(store, { lat: row.lat, lng: row.lng })),
    seenAt: row.seen_at === null ? null : iso(row.seen_at),
  }));
  items.sort(
    (a, b) =>
      Number(b.onDuty) - Number(a.onDuty) ||
      (a.distanceKm ?? Infinity) - (b.distanceKm ?? Infinity) ||
      a.name.localeCompare(b.name),
  );
  return { items, maxOpenOrdersPerExecutive: settings.maxOpenOrdersPerExecutive };
}

function toCashRow(row: repo.CashRowRecord): CashRow {
  return {
    executiveId: row.executive_id,
    executiveName: row.executive_name,
    day: row.day,
    orders: row.orders,
    collectedPaise: num(row.collected_paise),
    settledPaise: row.settled_paise === null ? null : num(row.settled_paise),
    settledAt: row.settled_at === null ? null : iso(row.settled_at),
    settledByName: row.settled_by_name,
  };
}

/** B14: cash collected on delivery per executive and day, with what was settled. */
export async function listCash(db: Database, auth: AuthContext, query: CashQuery) {
  const rows = (await repo.findCash(db, scopeOf(auth, query.zoneId), query)).map(toCashRow);
  return {
    items: rows,
    totals: {
      collectedPaise: rows.reduce((sum, row) => sum + row.collectedPaise, 0),
      settledPaise: rows.reduce((sum, row) => sum + (row.settledPaise ?? 0), 0),
    },
  };
}

/**
 * Staff record an executive's cash of a day as handed over, in full as their screen showed it
 * (`collectedPaise`): 409 with the row as it is now when more was collected since, or when it is
 * settled at that amount already. Announced to every console (`dispatch`, `cash`).
 */
export async function settleCash(
  db: Database,
  auth: AuthContext,
  input: CashSettlementInput,
): Promise<CashRow> {
  const scope = scopeOf(auth);
  const one = { executiveId: input.executiveId.toLowerCase(), day: input.day };
  return db.transaction(async (tx) => {
    // One at a time with the executive's payouts, which settle the cash they net (ADR 0073).
    await lockExecutive(tx, scope, one.executiveId);
    const [row] = await repo.findCash(tx, scope, { from: input.day, to: input.day }, one);
    if (!row) throw invalid({ executiveId: deliveryMessages.nothingToSettle });
    const current = toCashRow(row);
    if (current.collectedPaise !== input.collectedPaise)
      throw new AppError(
        'conflict',
        `${current.executiveName} collected ₹${rupeesDecimal(current.collectedPaise)} that day`,
        {
          current,
        },
      );
    const written = await repo.insertSettlement(tx, {
      businessId: scope.businessId,
      ...one,
      amountPaise: current.collectedPaise,
      by: { id: auth.user.id, name: auth.user.name },
    });
    if (!written) throw new AppError('conflict', deliveryMessages.settledAlready, { current });
    await publishEvent(tx, {
      businessId: scope.businessId,
      zoneId: scope.zoneId,
      topic: 'dispatch',
      action: 'cash',
      recordId: one.executiveId,
    });
    const [after] = await repo.findCash(tx, scope, { from: input.day, to: input.day }, one);
    return toCashRow(after!);
  });
}

const cashHeader = [
  'Day',
  'Delivery executive',
  'Orders',
  'Cash collected',
  'Settled',
  'Settled by',
  'Settled at',
];

/** The cash list as CSV (amounts in rupees; times in the business's time zone). */
export async function cashCsv(db: Database, auth: AuthContext, query: CashQuery): Promise<string> {
  const { items } = await listCash(db, auth, query);
  const when = new Intl.DateTimeFormat('en-GB', {
    timeZone: auth.business.timeZone,
    dateStyle: 'short',
    timeStyle: 'short',
  });
  const line = (fields: string[]) => `${fields.map(csvField).join(',')}\r\n`;
  let text = line(cashHeader);
  for (const row of items) {
    text += line([
      row.day,
      row.executiveName,
      String(row.orders),
      rupeesDecimal(row.collectedPaise),
      row.settledPaise === null ? '' : rupeesDecimal(row.settledPaise),
      row.settledByName ?? '',
      row.settledAt === null ? '' : when.format(new Date(row.settledAt)),
    ]);
  }
  return text;
}
