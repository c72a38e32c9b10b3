import dayjs from 'dayjs';
import { businessTimeZone } from './limits.ts';

/** DD/MM/YYYY, the date format of every table (SPEC §9). */
export function formatDate(value: string | number | Date): string {
  return dayjs(value).format('DD/MM/YYYY');
}

export function formatDateTime(value: string | number | Date): string {
  return dayjs(value).format('DD/MM/YYYY hh:mm A');
}

/** Whole hours since a moment, never negative (order detail "hours since the order"). */
export function hoursSince(value: string | number | Date, now: Date = new Date()): number {
  return Math.max(0, Math.floor((now.getTime() - new Date(value).getTime()) / 3_600_000));
}

const businessParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: businessTimeZone,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** DD/MM/YYYY HH:mm (24-hour) in the business's time zone, whatever the browser's (D19). */
export function formatBusinessDateTime(value: string | number | Date): string {
  const part = Object.fromEntries(
    businessParts.formatToParts(new Date(value)).map(({ type, value: text }) => [type, text]),
  );
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}`;
}
