/**
 * Money is held as integer paise everywhere (D11); these helpers are the only
 * place that turns paise into rupees for people and back. The schemas of amounts
 * are in money-schemas.ts, so that a screen that only shows money loads no zod.
 */
import { groupedDigits } from './numbers.ts';

export function formatRupees(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`paise must be a safe integer, got ${paise}`);
  const abs = Math.abs(paise);
  // The rupees grouped as an integer and the paise added as digits, so no float ever rounds.
  return `${paise < 0 ? '-' : ''}₹${groupedDigits(Math.trunc(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}

/** Paise as a plain decimal, "-1234.50": for files read by machines and spreadsheets (CSV). */
export function rupeesDecimal(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`paise must be a safe integer, got ${paise}`);
  const abs = Math.abs(paise);
  return `${paise < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Parses "1,234.5", "₹ 12" or "0.05" into paise; null when it is not an amount. */
export function parseRupees(text: string): number | null {
  const cleaned = text.replace(/[₹,\s]/g, '');
  const match = /^(-?)(\d{1,13})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const [, sign, whole, frac = ''] = match;
  const paise = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return sign === '-' ? -paise : paise;
}

/** Percentage of an amount in paise, rounded half up to the paisa. */
export function percentOf(paise: number, percent: number): number {
  return Math.round((paise * percent) / 100);
}

export const amountLimits = { maxPaise: 1_000_000_000 } as const;

export const amountMessages = {
  notANumber: 'must be a number of paise',
  wholePaise: 'must be a whole number of paise',
  negative: 'must be 0 or more',
  tooLarge: 'must be at most ₹1,00,00,000',
  rupees: 'Enter an amount in rupees, such as 140.50',
} as const;
