import { formatDateTime } from '../dates.ts';
import { formatRupees } from '../money.ts';
import { orderStatusLabels, type OrderStatus } from '../orders.ts';
import { storeStatusLabels, type StoreStatus } from '../stores/schemas.ts';
import type { AuditKind } from './schemas.ts';

/*
 * An audit entry's changes as staff read them elsewhere in the console (B15): fields by their
 * names on the screens, statuses by their names, people and records by their names, money in
 * rupees and moments in the business's time zone.
 */

const isoMoment = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Fields whose names on the screens are not their API names, word for word. */
const fieldLabels: Record<string, string> = {
  dexId: 'Delivery executive',
  executiveId: 'Delivery executive',
  dexName: 'Delivery executive',
  zoneId: 'Zone',
  storeId: 'Store',
  categoryId: 'Category',
  customerId: 'Customer',
  storeIds: 'Stores',
  customerIds: 'Customers',
  pricePaise: 'Price',
  mrpPaise: 'MRP',
  sku: 'SKU',
  lowStockAt: 'Low stock at',
  stockFrom: 'Stock before',
  stockTo: 'Stock after',
  billAmountPaise: 'Bill amount',
  cashCollectedPaise: 'Cash collected',
  maxDiscountPaise: 'Max discount',
  minOrderValuePaise: 'Min order value',
  gstRate: 'GST rate',
  hsn: 'HSN code',
  gstin: 'GSTIN',
  aliases: 'Other names',
};

/** A field as the screens name it: "dexId" is "Delivery executive", "minimumOrderPaise" "Minimum order", "zoneIds" "Zones". */
export function auditFieldLabel(field: string): string {
  const known = fieldLabels[field];
  if (known) return known;
  const words = field
    .replace(/Ids$/, 's')
    .replace(/(Paise|Id)$/, '')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Every id an entry's changes name (a person, a zone, a store…), for their names to be looked up. */
export function idsInChanges(changes: Record<string, { from: unknown; to: unknown }>): string[] {
  const ids = new Set<string>();
  const take = (value: unknown) => {
    if (typeof value === 'string' && uuid.test(value)) ids.add(value.toLowerCase());
    else if (Array.isArray(value)) for (const each of value) take(each);
  };
  for (const { from, to } of Object.values(changes)) {
    take(from);
    take(to);
  }
  return [...ids];
}

type ValueContext = {
  timeZone: string;
  /** Names of the records ids stand for, by id (GET /api/audit-log answers them). */
  names: Record<string, string>;
};

function statusName(kind: AuditKind, value: number): string | null {
  if (kind === 'order') return orderStatusLabels[value as OrderStatus] ?? null;
  if (kind === 'store') return storeStatusLabels[value as StoreStatus] ?? null;
  return null;
}

/** A recorded value as a person reads it; "—" for none. */
export function auditValueText(
  kind: AuditKind,
  field: string,
  value: unknown,
  context: ValueContext,
): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') {
    if (field === 'status') return statusName(kind, value) ?? String(value);
    return field.endsWith('Paise') && Number.isSafeInteger(value) ? formatRupees(value) : String(value);
  }
  if (typeof value === 'string') {
    if (uuid.test(value)) return context.names[value.toLowerCase()] ?? 'a record since removed';
    return isoMoment.test(value) ? formatDateTime(value, context.timeZone) : value;
  }
  if (Array.isArray(value))
    return value.length === 0
      ? '—'
      : value.map((each) => auditValueText(kind, field, each, context)).join(', ');
  return JSON.stringify(value);
}
