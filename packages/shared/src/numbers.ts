/**
 * A whole number's digits grouped the Indian way: the last three, then twos ("12,34,567").
 *
 * Written out rather than asked of `Intl.NumberFormat`: a page's first NumberFormat loads the
 * browser's number-formatting data, which on a mid-range phone blocks its first screen for
 * tens of milliseconds; grouping digits needs none of it.
 */
export function groupedDigits(value: number): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`value must be a safe integer, got ${value}`);
  const digits = String(Math.abs(value));
  const last = digits.slice(-3);
  const rest = digits.slice(0, -3);
  const grouped = rest === '' ? last : `${rest.replace(/\B(?=(\d{2})+$)/g, ',')},${last}`;
  return value < 0 ? `-${grouped}` : grouped;
}

/**
 * A count as people read it: rounded to a whole number (halves away from zero), its digits grouped
 * the Indian way ("12,34,567"); what is not a number to count ("NaN", a number past 2^53) as it is.
 */
export function formatCount(value: number): string {
  const whole = Math.sign(value) * Math.round(Math.abs(value));
  return Number.isSafeInteger(whole) ? groupedDigits(whole) : String(value);
}
