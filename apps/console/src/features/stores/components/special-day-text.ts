import { formatDay, formatTimeOfDay } from '@storedesk/shared/dates';
import type { SpecialDay } from '@storedesk/shared/stores/special-days';
import { addDays } from '@storedesk/shared/delivery/dispatch';
import { plural } from '@/lib/plural.ts';

/*
 * How the console words a store's holidays and special hours (B19, ADR 0080). Days are the
 * business's calendar days (YYYY-MM-DD); `today` is the business's today.
 */

const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** "Friday": the weekday of a calendar day. */
export function weekdayOf(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return weekdays[new Date(Date.UTC(year, month - 1, date)).getUTCDay()]!;
}

/** Under a special day's date: its weekday, whether it is today or tomorrow, or that it has passed. */
export function dayHint(day: string, today: string): string {
  if (day < today) return 'Already past: customers no longer see it.';
  if (day === today) return `Today, ${weekdayOf(day)}`;
  if (day === addDays(today, 1)) return `Tomorrow, ${weekdayOf(day)}`;
  return weekdayOf(day);
}

/** The first day from `today` on that is not one of `taken`: a new special day starts there. */
export function firstFreeDay(taken: readonly string[], today: string): string {
  let day = today;
  while (taken.includes(day)) day = addDays(day, 1);
  return day;
}

/**
 * A store's next special day in a line for the stores list, with how many more follow:
 * "Closed on 25/12/2026 (Christmas)", "10:00 AM – 02:00 PM today (Half day), and 1 more special
 * day". Null when none is to come.
 */
export function nextSpecialDayLine(days: readonly SpecialDay[], today: string): string | null {
  const coming = days.filter((each) => each.day >= today).sort((a, b) => a.day.localeCompare(b.day));
  const [next] = coming;
  if (!next) return null;
  const when = next.day === today ? 'today' : `on ${formatDay(next.day)}`;
  const hours =
    next.closed || next.openTime === null || next.closeTime === null
      ? `Closed ${when}`
      : `${formatTimeOfDay(next.openTime)} – ${formatTimeOfDay(next.closeTime)} ${when}`;
  const more =
    coming.length > 1 ? `, and ${plural(coming.length - 1, 'more special day', 'more special days')}` : '';
  return `${hours} (${next.reason})${more}`;
}
