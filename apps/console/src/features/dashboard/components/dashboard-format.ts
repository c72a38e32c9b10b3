import { groupedDecimal } from '@storedesk/shared/numbers';

export { formatCount } from '@storedesk/shared/numbers';

const monthFormats = new Map<string, Intl.DateTimeFormat>();

/** A change since last month with its sign and 2 decimals (SPEC §9): "+12.50%", "−33.33%", "0.00%". */
export function formatChange(percent: number): string {
  const sign = percent > 0 ? '+' : percent < 0 ? '−' : '';
  return `${sign}${groupedDecimal(Math.abs(percent), 2)}%`;
}

/** '2025-03-04' → '04/03', the chart's day labels. */
export function formatDayMonth(day: string): string {
  const [, month = '', date = ''] = day.split('-');
  return `${date}/${month}`;
}

/** '2025-03' → 'March 2025' ('मार्च 2025' in hi-IN). The month is a calendar month of the business, not an instant. */
export function formatMonth(month: string, locale = 'en-IN'): string {
  const [year, number] = month.split('-').map(Number);
  if (!year || !number) return month;
  let format = monthFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    monthFormats.set(locale, format);
  }
  return format.format(new Date(Date.UTC(year, number - 1, 1)));
}
