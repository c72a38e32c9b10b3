import { businessTimeZone } from '@storedesk/shared/limits';

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: businessTimeZone,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** When a record was deleted, as DD/MM/YYYY HH:mm in the business's time zone (D19). */
export function formatDeletedAt(value: string): string {
  const part = Object.fromEntries(
    parts.formatToParts(new Date(value)).map(({ type, value: text }) => [type, text]),
  );
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}`;
}
