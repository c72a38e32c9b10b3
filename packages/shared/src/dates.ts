/**
 * Dates as the console shows them (SPEC §9: DD/MM/YYYY). Every moment is shown
 * in the business's time zone, whatever the browser's or the server's (D19):
 * each function takes that zone, an IANA name such as 'Asia/Kolkata'.
 */

/**
 * Whether YYYY-MM-DD names a real calendar day (no 31 April, no 29 February
 * 2026) of the years 1000 to 9999.
 */
export function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1000 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/** The time zone of a business that has not chosen one (D19). */
export const defaultTimeZone = 'Asia/Kolkata';

type Parts = { year: string; month: string; day: string; hour: string; minute: string };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * A stretch of time over which a time zone is a fixed offset from UTC: its clock reads UTC plus
 * `minutes` from `from` (included) until `until` (excluded), both ISO instants.
 */
export type OffsetSpan = { minutes: number; from: string; until: string };

const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;

/** The time zone's offset from UTC in whole minutes at a moment, as `Intl` knows the zone. */
function offsetAt(at: number, timeZone: string): number {
  const minute = Math.floor(at / minuteMs) * minuteMs;
  const { year, month, day, hour, minute: clockMinute } = clockPartsIn(minute, timeZone);
  const clock = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(clockMinute));
  return Math.round((clock - minute) / minuteMs);
}

/**
 * The offset of `timeZone` at `now` and the span it holds over, up to `reachDays` either side: from
 * the zone's last change of offset (daylight saving) to its next, each found to the minute. The
 * server sends it with the session (ADR 0097), so that a page can read the business's clock with
 * `partsIn` without `Intl`, whose first date format loads the browser's date data.
 */
export function offsetSpan(timeZone: string, now: Date, reachDays = 28): OffsetSpan {
  const at = Math.floor(now.getTime() / minuteMs) * minuteMs;
  const minutes = offsetAt(at, timeZone);
  // Offsets change at most a few times a year, on a minute: step by days, then halve to the minute.
  const edge = (direction: 1 | -1): number => {
    let same = at;
    for (let step = 1; step <= reachDays; step++) {
      const probe = at + direction * step * dayMs;
      if (offsetAt(probe, timeZone) === minutes) {
        same = probe;
        continue;
      }
      let other = probe;
      while (Math.abs(other - same) > minuteMs) {
        const middle = same + Math.round((other - same) / 2 / minuteMs) * minuteMs;
        if (offsetAt(middle, timeZone) === minutes) same = middle;
        else other = middle;
      }
      // `same` and `other` are now adjacent minutes, `same` still at this offset: ahead, the span
      // ends where `other` begins; behind, it begins at `same`.
      return direction === 1 ? other : same;
    }
    // No change within reach: the span holds through the last minute probed.
    return direction === 1 ? same + minuteMs : same;
  };
  return { minutes, from: new Date(edge(-1)).toISOString(), until: new Date(edge(1)).toISOString() };
}

const knownSpans = new Map<string, { minutes: number; from: number; until: number }>();

/**
 * Tells `partsIn` the offset of `timeZone` over a span (`offsetSpan`'s answer, from the server); a
 * span missing or unreadable (a session kept from before the server sent one) is no span.
 */
export function knowOffsetSpan(timeZone: string, span: OffsetSpan | undefined): void {
  if (!span) return;
  const from = Date.parse(span.from);
  const until = Date.parse(span.until);
  if (!Number.isInteger(span.minutes) || Number.isNaN(from) || Number.isNaN(until)) return;
  knownSpans.set(timeZone, { minutes: span.minutes, from, until });
}

const two = (value: number) => String(value).padStart(2, '0');

/** The calendar date and clock time of a moment in a time zone. */
export function partsIn(value: string | number | Date, timeZone: string): Parts {
  const span = knownSpans.get(timeZone);
  if (span) {
    const at = new Date(value).getTime();
    if (at >= span.from && at < span.until) {
      const clock = new Date(at + span.minutes * minuteMs);
      const year = clock.getUTCFullYear();
      if (year >= 1000 && year <= 9999) {
        return {
          year: String(year),
          month: two(clock.getUTCMonth() + 1),
          day: two(clock.getUTCDate()),
          hour: two(clock.getUTCHours()),
          minute: two(clock.getUTCMinutes()),
        };
      }
    }
  }
  return clockPartsIn(value, timeZone);
}

/** `partsIn` as `Intl` answers it. */
function clockPartsIn(value: string | number | Date, timeZone: string): Parts {
  const parts: Record<string, string> = {};
  for (const { type, value: text } of formatterFor(timeZone).formatToParts(new Date(value)))
    parts[type] = text;
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
  };
}

// IANA names are letters, digits, '/', '_', '-' and '+' (Etc/GMT+5); a bare offset such as +05:30 is not one.
const zoneNamePattern = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

/**
 * Whether `timeZone` is a time zone this runtime knows by its IANA name (not
 * an offset such as +05:30, which newer runtimes also take). Nothing is cached
 * for a name that is only checked, so any number of spellings keeps no memory.
 */
export function isTimeZone(timeZone: string): boolean {
  if (!zoneNamePattern.test(timeZone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The business's calendar day (YYYY-MM-DD) and minute of that day at `now`, in its time zone `timeZone`. */
export function businessClock(now: Date, timeZone: string): { date: string; minute: number } {
  const parts = partsIn(now, timeZone);
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * Whether a minute of the day falls in a daily window given as HH:mm (or
 * HH:mm:ss), both ends included; a start after the end is a window across
 * midnight (22:00–02:00).
 */
export function withinWindow(minute: number, start: string, end: string): boolean {
  const from = minuteOf(start);
  const to = minuteOf(end);
  return from <= to ? minute >= from && minute <= to : minute >= from || minute <= to;
}

/** A time of day that travels as 24-hour "HH:mm", shown as hh:mm A (SPEC §3); anything else as it is. */
export function formatTimeOfDay(value: string): string {
  const match = /^(\d{2}):(\d{2})/.exec(value);
  if (!match) return value;
  const hours = Number(match[1]);
  const suffix = hours < 12 ? 'AM' : 'PM';
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${String(twelve).padStart(2, '0')}:${match[2]} ${suffix}`;
}

/** DD/MM/YYYY of a moment in the business's time zone. */
export function formatDate(value: string | number | Date, timeZone: string): string {
  const { day, month, year } = partsIn(value, timeZone);
  return `${day}/${month}/${year}`;
}

/** DD/MM/YYYY hh:mm AM/PM of a moment in the business's time zone. */
export function formatDateTime(value: string | number | Date, timeZone: string): string {
  const { day, month, year, hour, minute } = partsIn(value, timeZone);
  const h = Number(hour);
  const clock = `${String(h % 12 === 0 ? 12 : h % 12).padStart(2, '0')}:${minute} ${h < 12 ? 'AM' : 'PM'}`;
  return `${day}/${month}/${year} ${clock}`;
}

/** The business's calendar day (YYYY-MM-DD) of a moment, e.g. "today" for a date filter. */
export function businessDay(value: string | number | Date, timeZone: string): string {
  const { day, month, year } = partsIn(value, timeZone);
  return `${year}-${month}-${day}`;
}

/** DD/MM/YYYY of a calendar day given as YYYY-MM-DD (a day, not a moment: no time zone applies). */
export function formatDay(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
}

/**
 * The calendar day (YYYY-MM-DD) a person typed as DD/MM/YYYY (also D/M/YYYY, with `/`, `-` or `.`
 * between, or DDMMYYYY with nothing between), or null when it is not a real day.
 */
export function dayFromText(text: string): string | null {
  const match =
    /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text.trim()) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const day = `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
  return isCalendarDay(day) ? day : null;
}

/**
 * How old a reading is, to the second under a minute and then as formatElapsed: "8 s ago",
 * "3 min ago". A reading from a clock slightly ahead of this one is "just now".
 */
export function formatAge(since: string | number | Date, now: number = Date.now()): string {
  const seconds = Math.floor((now - new Date(since).getTime()) / 1000);
  if (seconds < 1) return 'just now';
  if (seconds < 60) return `${seconds} s ago`;
  return `${formatElapsed(since, now)} ago`;
}

/**
 * Time since an order was placed, the same on every screen, in any language: minutes under an hour,
 * hours under a day, then days. A moment in the future (a clock behind the server's) counts as 0.
 */
export function elapsedParts(
  since: string | number | Date,
  now: number = Date.now(),
): { value: number; unit: 'min' | 'h' | 'd' } {
  const minutes = Math.max(0, Math.floor((now - new Date(since).getTime()) / 60_000));
  if (minutes < 60) return { value: minutes, unit: 'min' };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { value: hours, unit: 'h' };
  return { value: Math.floor(hours / 24), unit: 'd' };
}

/** elapsedParts in English: "12 min", "3 h", "2 d". */
export function formatElapsed(since: string | number | Date, now: number = Date.now()): string {
  const { value, unit } = elapsedParts(since, now);
  return `${value} ${unit}`;
}

const weekdayNames = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

type Moment = ReturnType<typeof partsIn>;

/** "Tue 01/12/2026", or "Tue 01/12" without the year: the calendar day of a moment's parts. */
function weekdayAndDate(parts: Moment, withYear: boolean): string {
  const weekday =
    weekdayNames[
      new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day))).getUTCDay()
    ];
  return `${weekday} ${parts.day}/${parts.month}${withYear ? `/${parts.year}` : ''}`;
}

const clockOf = (parts: Moment) => formatTimeOfDay(`${parts.hour}:${parts.minute}`);

/**
 * A delivery slot (B19) in the business's time zone: "Tue 01/12/2026, 09:00 AM – 10:00 AM", or
 * "Tue 01/12, 09:00 AM – 10:00 AM" with `year: false` (a list's badge, a ticket, the customer's
 * order). A slot that ends at midnight ends at 12:00 AM; one that runs on past midnight names the
 * day it ends on too.
 */
export function formatSlot(
  slot: { startsAt: string; endsAt: string },
  timeZone: string,
  { year = true }: { year?: boolean } = {},
): string {
  const start = partsIn(slot.startsAt, timeZone);
  const end = partsIn(slot.endsAt, timeZone);
  const sameDay = start.year === end.year && start.month === end.month && start.day === end.day;
  const endsAtMidnight = end.hour === '00' && end.minute === '00';
  const endText = sameDay || endsAtMidnight ? clockOf(end) : `${weekdayAndDate(end, year)}, ${clockOf(end)}`;
  return `${weekdayAndDate(start, year)}, ${clockOf(start)} – ${endText}`;
}
