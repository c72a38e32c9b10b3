import type { DeliverySlots } from '@storedesk/shared/stores/slots';
import { plural } from './plural.ts';

/*
 * How the console words a store's slot rule (B19). An order's slot is `formatSlot` of
 * packages/shared/src/dates.ts, as the customer app words it.
 */

/** A store's slot rule in a line: "Slots of 60 min, 5 orders each, 2 days ahead" ("today only" for 0 days). */
export function formatSlotRule(
  rule: Pick<DeliverySlots, 'lengthMinutes' | 'capacity' | 'daysAhead'>,
): string {
  const ahead = rule.daysAhead === 0 ? 'today only' : `${plural(rule.daysAhead, 'day', 'days')} ahead`;
  return `Slots of ${rule.lengthMinutes} min, ${plural(rule.capacity, 'order', 'orders')} each, ${ahead}`;
}
