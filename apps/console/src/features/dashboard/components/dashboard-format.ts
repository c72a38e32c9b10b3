import { groupedDecimal } from '@storedesk/shared/numbers';

export { formatCount } from '@storedesk/shared/numbers';

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

/**
 * '2025-03' as the `dashboard.month` message names it ('March 2025', 'मार्च 2025'): a calendar month
 * of the business, not an instant. Written by the message rather than by `Intl.DateTimeFormat`, whose
 * first use on the dashboard's first screen would load the browser's date data (ADR 0097).
 */
export function monthValues(month: string): { month: string; year: string } {
  const [year = '', number = ''] = month.split('-');
  return { month: /^\d{2}$/.test(number) ? String(Number(number)) : number, year };
}
