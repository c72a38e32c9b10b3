import dayjs from 'dayjs';

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
