import { formatRupees } from '@storedesk/shared/money';

/**
 * A tip's amount as the tip panel says it: whole rupees without paise ("₹20", "₹1,000"), as the
 * suggested amounts read on their buttons; any other amount in full ("₹12.50").
 */
export function formatTip(paise: number): string {
  return formatRupees(paise).replace(/\.00$/, '');
}
