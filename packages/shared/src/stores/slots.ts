import { z } from 'zod';
import { businessClock, partsIn } from '../dates.ts';
import { addDays } from '../delivery/dispatch.ts';
import { hoursOn, type SpecialDay } from './special-days.ts';

/**
 * Delivery slots (B19): a store that delivers in slots takes orders for a slot of `lengthMinutes`
 * within its hours, for today and the `daysAhead` days after, up to `cutoffMinutes` before the slot
 * starts, and at most `capacity` orders a slot. Null: the store delivers as soon as possible only.
 */
export const slotLimits = {
  lengthMinutes: { min: 15, max: 480 },
  capacity: { min: 1, max: 1000 },
  daysAhead: { min: 0, max: 14 },
  cutoffMinutes: { min: 0, max: 1440, default: 60 },
} as const;

const between = (limits: { min: number; max: number }, unit = '') =>
  z
    .number({ error: `must be a whole number from ${limits.min} to ${limits.max}${unit}` })
    .int(`must be a whole number from ${limits.min} to ${limits.max}${unit}`)
    .min(limits.min, `must be from ${limits.min} to ${limits.max}${unit}`)
    .max(limits.max, `must be from ${limits.min} to ${limits.max}${unit}`);

export const deliverySlotsSchema = z.object({
  lengthMinutes: between(slotLimits.lengthMinutes, ' minutes'),
  capacity: between(slotLimits.capacity, ' orders'),
  daysAhead: between(slotLimits.daysAhead, ' days'),
  cutoffMinutes: between(slotLimits.cutoffMinutes, ' minutes').default(slotLimits.cutoffMinutes.default),
});
export type DeliverySlots = z.output<typeof deliverySlotsSchema>;

/** A slot as the customer app offers it: its id is its start, which the order names. */
export const slotSchema = z.object({
  id: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** How many more orders it takes: 0 when full. */
  available: z.number().int(),
});
export type Slot = z.infer<typeof slotSchema>;

/** An order's slot, as the order keeps it: null for as soon as possible. */
export const orderSlotSchema = z.object({ startsAt: z.string(), endsAt: z.string() }).nullable();
export type OrderSlot = z.infer<typeof orderSlotSchema>;

export { slotMessages } from './slot-messages.ts';

/** The moment a calendar day's minute is on a time zone's clock (the first, when clocks go back). */
export function momentAt(day: string, minute: number, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const wanted = Date.UTC(year, month - 1, date, 0, minute);
  let guess = wanted;
  // The zone's offset at the guess, applied until it stands (twice at most away from a change).
  for (let n = 0; n < 3; n++) {
    const p = partsIn(guess, timeZone);
    const shown = Date.UTC(
      Number(p.year),
      Number(p.month) - 1,
      Number(p.day),
      Number(p.hour),
      Number(p.minute),
    );
    if (shown === wanted) break;
    guess += wanted - shown;
  }
  return new Date(guess);
}

const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * The slots a store offers at `now`: each day from today (on the business's clock) to `daysAhead`
 * after but its holidays, slots of `lengthMinutes` from its opening time that day (its special
 * hours' where it has them) that end by its closing time (a window
 * across midnight runs into the next day), those that start more than `cutoffMinutes` after `now`.
 * `booked` says how many orders each slot (by its start, as an ISO string) has.
 */
export function slotsOf(
  store: {
    openTime: string;
    closeTime: string;
    deliverySlots: DeliverySlots | null;
    specialDays?: readonly SpecialDay[] | null;
  },
  now: Date,
  timeZone: string,
  booked: ReadonlyMap<string, number> = new Map(),
): Slot[] {
  const rule = store.deliverySlots;
  if (!rule) return [];
  const today = businessClock(now, timeZone).date;
  const earliest = now.getTime() + rule.cutoffMinutes * 60_000;
  const slots: Slot[] = [];
  for (let d = 0; d <= rule.daysAhead; d++) {
    const day = addDays(today, d);
    // A holiday has none; special hours (B19) stand in for the usual ones that day.
    const hours = hoursOn(store, day);
    if (hours.closed) continue;
    const open = minuteOf(hours.openTime);
    const close = minuteOf(hours.closeTime);
    const window = (close - open + 1440) % 1440 || 1440;
    for (let start = 0; start + rule.lengthMinutes <= window; start += rule.lengthMinutes) {
      const startsAt = momentAt(day, open + start, timeZone);
      if (startsAt.getTime() < earliest) continue;
      const endsAt = momentAt(day, open + start + rule.lengthMinutes, timeZone);
      const id = startsAt.toISOString();
      slots.push({
        id,
        startsAt: id,
        endsAt: endsAt.toISOString(),
        available: Math.max(0, rule.capacity - (booked.get(id) ?? 0)),
      });
    }
  }
  return slots;
}
