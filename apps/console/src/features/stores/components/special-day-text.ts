import { formatDay } from '@storedesk/shared/dates';
import type { SpecialDay } from '@storedesk/shared/stores/special-days';
import { addDays } from '@storedesk/shared/delivery/dispatch';
import { localeOf, type Language } from '@storedesk/web/i18n';
import { timeOfDay } from '@storedesk/web/times';
import type { Translate } from '@/i18n/index.ts';

/*
 * How the console words a store's holidays and special hours (B19, ADR 0080), in the language
 * shown. Days are the business's calendar days (YYYY-MM-DD); `today` is the business's today.
 */

/** A message of the console's catalogues with its values: `useT()`'s or a test's. */

const weekdays = new Map<Language, Intl.DateTimeFormat>();

/** "Friday" ("शुक्रवार", "ಶುಕ್ರವಾರ"): the weekday of a calendar day. */
export function weekdayOf(day: string, language: Language = 'en'): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  let format = weekdays.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : localeOf[language], {
      weekday: 'long',
      timeZone: 'UTC',
    });
    weekdays.set(language, format);
  }
  return format.format(Date.UTC(year, month - 1, date));
}

/** Under a special day's date: its weekday, whether it is today or tomorrow, or that it has passed. */
export function dayHint(day: string, today: string, t: Translate, language: Language = 'en'): string {
  if (day < today) return t('specialDays.past');
  if (day === today) return t('specialDays.today', { weekday: weekdayOf(day, language) });
  if (day === addDays(today, 1)) return t('specialDays.tomorrow', { weekday: weekdayOf(day, language) });
  return weekdayOf(day, language);
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
export function nextSpecialDayLine(
  days: readonly SpecialDay[],
  today: string,
  t: Translate,
  language: Language = 'en',
): string | null {
  const coming = days.filter((each) => each.day >= today).sort((a, b) => a.day.localeCompare(b.day));
  const [next] = coming;
  if (!next) return null;
  const isToday = next.day === today;
  const values = { day: formatDay(next.day), reason: next.reason };
  const line =
    next.closed || next.openTime === null || next.closeTime === null
      ? t(isToday ? 'specialDays.nextClosedToday' : 'specialDays.nextClosedOn', values)
      : t(isToday ? 'specialDays.nextHoursToday' : 'specialDays.nextHoursOn', {
          ...values,
          open: timeOfDay(language, next.openTime),
          close: timeOfDay(language, next.closeTime),
        });
  return coming.length > 1 ? t('specialDays.andMore', { line, count: coming.length - 1 }) : line;
}
