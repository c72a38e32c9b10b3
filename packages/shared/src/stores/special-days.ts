import { formatTimeOfDay } from '../dates.ts';

/**
 * A store's holidays and special hours (B19, ADR 0080): on a day of the business's calendar the
 * store is closed, or keeps other hours, for a reason its customers are shown. Its usual hours
 * stand on every other day.
 */
export const specialDayLimits = { max: 60, reasonMax: 100 } as const;

export const specialDayMessages = {
  hoursNeeded: 'give the hours, or mark the day closed',
  sameDay: 'is given twice',
  tooMany: `at most ${specialDayLimits.max} special days`,
  /** What customers are told of a store closed today. */
  closedToday: (reason: string) => `This store is closed today (${reason})`,
  /** …and of a store outside today's special hours. */
  closedNowToday: (reason: string, openTime: string, closeTime: string) =>
    `This store is closed now. Today (${reason}) it takes orders from ${formatTimeOfDay(openTime)} to ${formatTimeOfDay(closeTime)}`,
} as const;

export type SpecialDay = {
  day: string;
  closed: boolean;
  /** "HH:mm" on the business's clock; null when closed. */
  openTime: string | null;
  closeTime: string | null;
  reason: string;
};

/** How a store keeps a day: closed (with why), or open in these hours (with why, on a special day). */
export type DayHours =
  | { closed: true; reason: string }
  | { closed: false; openTime: string; closeTime: string; reason: string | null };

/** The hours a store keeps on a calendar day (YYYY-MM-DD of the business): its special day's, or its usual ones. */
export function hoursOn(
  store: { openTime: string; closeTime: string; specialDays?: readonly SpecialDay[] | null },
  day: string,
): DayHours {
  const special = store.specialDays?.find((each) => each.day === day);
  if (!special) return { closed: false, openTime: store.openTime, closeTime: store.closeTime, reason: null };
  if (special.closed || special.openTime === null || special.closeTime === null)
    return { closed: true, reason: special.reason };
  return { closed: false, openTime: special.openTime, closeTime: special.closeTime, reason: special.reason };
}
