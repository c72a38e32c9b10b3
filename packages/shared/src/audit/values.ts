/*
 * An audit entry's changes as staff read them (B15): the parts every language shares. The console
 * words them in the language shown (`features/audit/components/audit-words.ts`): fields by their
 * names on the screens (`audit.field.<name>` for each of `auditFields`), statuses and codes by
 * their names, people and records by their names, money in rupees, moments in the business's zone.
 */

const isoMoment = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A value that names a record by its id: a person, a zone, a store… */
export function isRecordId(value: unknown): value is string {
  return typeof value === 'string' && uuid.test(value);
}

/** A value that is a moment (a timestamp column), shown in the business's time zone. */
export function isMoment(value: unknown): value is string {
  return typeof value === 'string' && isoMoment.test(value);
}

/**
 * A field the audit log no longer records (an older entry's, of a column since removed), in English
 * words made from its name: "deliveryChargePaise" is "Delivery charge", "zoneIds" "Zones". Every
 * field of `auditFields` has its own name in each language instead.
 */
export function auditFieldLabel(field: string): string {
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
    if (isRecordId(value)) ids.add(value.toLowerCase());
    else if (Array.isArray(value)) for (const each of value) take(each);
  };
  for (const { from, to } of Object.values(changes)) {
    take(from);
    take(to);
  }
  return [...ids];
}
