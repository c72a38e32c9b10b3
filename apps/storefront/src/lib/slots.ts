/*
 * Delivery slots as the customer app groups them (B19): by the business's calendar day, whatever
 * the phone's. Their words, in the language shown, are the slot picker's (@storedesk/web/times for times).
 */
import { businessDay } from '@storedesk/shared/dates';
import type { Slot } from '@storedesk/shared/stores/slots';
import { slotMessages } from '@storedesk/shared/stores/slot-messages';

/**
 * What the server says of an order or a bill asked for without a slot when the store is closed now
 * and delivers in slots.
 */
export const chooseSlotMessage = slotMessages.chooseSlot;

/** A slot with this many places left or fewer says how many ("2 left"). */
export const fewLeft = 3;

/** The places a slot says it has: 0 when full, how many when few are, else null (nothing said). */
export function placesShown(slot: Pick<Slot, 'available'>): number | null {
  if (slot.available <= 0) return 0;
  return slot.available <= fewLeft ? slot.available : null;
}

/** The calendar day after a YYYY-MM-DD one. */
function dayAfter(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

/** The slots of a day: which day (today, tomorrow, or a later one named by its date) and its slots. */
export type SlotDay = { day: string; when: 'today' | 'tomorrow' | 'later'; slots: Slot[] };

/**
 * The slots by the business's calendar day they start on, in the order given (the server's,
 * earliest first): today, tomorrow, then later days (named by their weekday and date).
 */
export function slotDays(slots: readonly Slot[], timeZone: string, now: number = Date.now()): SlotDay[] {
  const today = businessDay(now, timeZone);
  const tomorrow = dayAfter(today);
  const days: SlotDay[] = [];
  for (const slot of slots) {
    const day = businessDay(slot.startsAt, timeZone);
    let group = days.at(-1);
    if (group?.day !== day) {
      group = { day, when: day === today ? 'today' : day === tomorrow ? 'tomorrow' : 'later', slots: [] };
      days.push(group);
    }
    group.slots.push(slot);
  }
  return days;
}
