import { OrderStatus } from '../orders.ts';

/*
 * When a store starts on an order booked for a delivery slot (B19, ADR 0077). Kept apart from
 * slots.ts (zod): the console's shell raises the alert with it, and zod stays out of the shell's
 * chunk (ADR 0028).
 */

/**
 * The moment a store should start preparing an order for a slot: the slot's start less the store's
 * cut-off. Orders for a slot stop `cutoffMinutes` before it starts, so from then on the slot's list
 * is complete and the store can start on it.
 */
export function preparationStartsAt(slotStartsAt: string | Date, cutoffMinutes: number): Date {
  return new Date(new Date(slotStartsAt).getTime() - cutoffMinutes * 60_000);
}

/**
 * Whether an order booked for a slot should be in preparation at `now` and is not yet picked up:
 * still Placed or Confirmed at or past its preparation moment. An order for as soon as possible
 * (no slot) never is.
 */
export function isPreparationDue(
  order: { status: number; slot: { startsAt: string } | null },
  cutoffMinutes: number,
  now: number | Date,
): boolean {
  if (!order.slot) return false;
  if (order.status !== OrderStatus.Placed && order.status !== OrderStatus.Confirmed) return false;
  return new Date(now).getTime() >= preparationStartsAt(order.slot.startsAt, cutoffMinutes).getTime();
}

/**
 * The cut-off of an order whose store no longer says one (it stopped delivering in slots after the
 * order was booked, or it was deleted): an hour, what a rule has when none is given (ADR 0077).
 */
export const fallbackCutoffMinutes = 60;
