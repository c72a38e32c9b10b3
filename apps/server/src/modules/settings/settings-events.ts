import type { Executor } from '#server/db/client.ts';
import type { Scope } from '#server/lib/scope.ts';
import { publishEvent } from '#server/realtime/events.repository.ts';

/** The settings records a `settings` event names, so each tab refreshes only its own. */
export type SettingsRecord = 'payment-modes' | 'helplines' | 'order' | 'referral' | 'notifications';

/** Every open console of the business refreshes that tab (D10); settings belong to no zone. */
export function announceSettings(db: Executor, scope: Scope, record: SettingsRecord, action: string) {
  return publishEvent(db, {
    businessId: scope.businessId,
    zoneId: null,
    topic: 'settings',
    action,
    recordId: record,
  });
}
