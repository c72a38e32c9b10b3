import { useMemo } from 'react';
import { formatSlot, formatTimeOfDay, partsIn } from '@storedesk/shared/dates';
import { localeOf, useFormat, useLanguage, type Formats, type Language } from './i18n.tsx';

/*
 * Times and days in the language shown (ADR 0076), always on the business's clock: English exactly
 * as the console has always written them ("07:45 PM", "Tue 01/12"), Hindi and Kannada with their own
 * words from `Intl` (`hi-IN`, `kn-IN`), the date still DD/MM. The customer app's and the console's.
 */

type Span = { startsAt: string; endsAt: string };

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(
  locale: string,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone, ...options });
    formats.set(key, format);
  }
  return format;
}

const clock: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hour12: true };

/** The clock time of a moment on the business's clock: "07:45 PM". */
export function clockTime(language: Language, value: string, timeZone: string): string {
  if (language === 'en') {
    const { hour, minute } = partsIn(value, timeZone);
    return formatTimeOfDay(`${hour}:${minute}`);
  }
  return formatOf(localeOf[language], timeZone, clock).format(new Date(value));
}

/** A time of day that travels as "HH:mm" (a store's hours): "09:00 AM"; anything else as it is. */
export function timeOfDay(language: Language, value: string): string {
  if (language === 'en') return formatTimeOfDay(value);
  const match = /^(\d{2}):(\d{2})/.exec(value);
  if (!match) return value;
  return formatOf(localeOf[language], 'UTC', clock).format(
    Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2])),
  );
}

/** The weekday and DD/MM of a moment on the business's clock: "Tue 01/12", or "Tue 01/12/2026" with the year. */
export function weekdayDate(language: Language, value: string, timeZone: string, withYear = false): string {
  const { day, month, year } = partsIn(value, timeZone);
  const weekday = formatOf(language === 'en' ? 'en-GB' : localeOf[language], timeZone, {
    weekday: 'short',
  }).format(new Date(value));
  return `${weekday} ${day}/${month}${withYear ? `/${year}` : ''}`;
}

/** A slot's times: "09:00 AM – 10:00 AM". */
export function slotTimes(language: Language, slot: Span, timeZone: string): string {
  return `${clockTime(language, slot.startsAt, timeZone)} – ${clockTime(language, slot.endsAt, timeZone)}`;
}

/**
 * A delivery slot with its day, as `formatSlot` words it, without the year unless asked ("Tue
 * 01/12, 09:00 AM – 10:00 AM"): one that runs on past midnight names the day it ends on too.
 */
export function slotText(
  language: Language,
  slot: Span,
  timeZone: string,
  { year = false }: { year?: boolean } = {},
): string {
  if (language === 'en') return formatSlot(slot, timeZone, { year });
  const start = partsIn(slot.startsAt, timeZone);
  const end = partsIn(slot.endsAt, timeZone);
  const sameDay = start.year === end.year && start.month === end.month && start.day === end.day;
  const endsAtMidnight = end.hour === '00' && end.minute === '00';
  const endClock = clockTime(language, slot.endsAt, timeZone);
  const endText =
    sameDay || endsAtMidnight
      ? endClock
      : `${weekdayDate(language, slot.endsAt, timeZone, year)}, ${endClock}`;
  return `${weekdayDate(language, slot.startsAt, timeZone, year)}, ${clockTime(language, slot.startsAt, timeZone)} – ${endText}`;
}

export type TimeFormats = Formats & {
  clock: (value: string, timeZone: string) => string;
  timeOfDay: (value: string) => string;
  weekdayDate: (value: string, timeZone: string) => string;
  slotTimes: (slot: Span, timeZone: string) => string;
  slot: (slot: Span, timeZone: string, options?: { year?: boolean }) => string;
};

/** Money, counts and dates (useFormat's), and times and slots, in the language shown. */
export function useTimeFormat(): TimeFormats {
  const language = useLanguage();
  const shared = useFormat();
  return useMemo(
    () => ({
      ...shared,
      clock: (value, timeZone) => clockTime(language, value, timeZone),
      timeOfDay: (value) => timeOfDay(language, value),
      weekdayDate: (value, timeZone) => weekdayDate(language, value, timeZone),
      slotTimes: (slot, timeZone) => slotTimes(language, slot, timeZone),
      slot: (slot, timeZone, options) => slotText(language, slot, timeZone, options),
    }),
    [language, shared],
  );
}
