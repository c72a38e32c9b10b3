import { businessDay } from '../dates.ts';
import { OrderStatus } from '../orders.ts';

/*
 * Dispatch's rules as the console applies them (B14, ADR 0042): which open orders have waited too
 * long for an executive, whether an executive can take more, and the cash screen's first days.
 */

/** Whole minutes since `placedAt` at `now`; a moment in the future counts as 0. */
export function minutesWaiting(placedAt: string, now: number): number {
  return Math.max(0, Math.floor((now - new Date(placedAt).getTime()) / 60_000));
}

/**
 * Whether an open order has waited longer than `waitMinutes` (Settings > Order Settings) with no
 * executive: Dispatch highlights it. An order with an executive, or closed, never waits.
 */
export function isWaitingTooLong(
  order: { status: number; dexId: string | null; placedAt: string },
  waitMinutes: number,
  now: number,
): boolean {
  const open =
    order.status === OrderStatus.Placed ||
    order.status === OrderStatus.Confirmed ||
    order.status === OrderStatus.PickedUp;
  return open && order.dexId === null && minutesWaiting(order.placedAt, now) > waitMinutes;
}

/**
 * Whether an executive can be given `adding` more open orders under the business's limit (the
 * server refuses the assignment otherwise, 400 on `dexId`).
 */
export function canTakeOrders(openOrders: number, limit: number, adding = 1): boolean {
  return openOrders + adding <= limit;
}

/**
 * The cash of an executive's day still to settle: what they collected less what staff recorded as
 * handed over. A day settled at mid-day and collected on after it has the rest to settle, as often
 * as that happens (the server records the settled amount up to what was collected).
 */
export function cashToSettlePaise(row: { collectedPaise: number; settledPaise: number | null }): number {
  return Math.max(0, row.collectedPaise - (row.settledPaise ?? 0));
}

/** The calendar day `days` after (or, negative, before) a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The cash screen's first range: the last 7 of the business's days, today included. */
export function lastSevenDays(now: number | Date, timeZone: string): { from: string; to: string } {
  const to = businessDay(now, timeZone);
  return { from: addDays(to, -6), to };
}
