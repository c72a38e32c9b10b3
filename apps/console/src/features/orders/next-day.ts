import { businessDay } from '@storedesk/shared/dates';

const minuteMs = 60_000;
/** Longer than any day of any time zone (25 hours on the day clocks go back). */
const longestDayMs = 26 * 60 * minuteMs;

/**
 * The first moment of the business's next calendar day after `now`: its midnight, found on the
 * zone's own clock so that a day of a change to or from summer time is as long as it is there.
 * Zones' offsets are whole minutes, so the first minute after the last one of today is it.
 */
export function nextDayStartsAt(now: number, timeZone: string): number {
  const today = businessDay(now, timeZone);
  let before = now;
  let after = now + longestDayMs;
  while (after - before > minuteMs) {
    const middle = before + Math.floor((after - before) / 2);
    if (businessDay(middle, timeZone) === today) before = middle;
    else after = middle;
  }
  return Math.floor(before / minuteMs) * minuteMs + minuteMs;
}
