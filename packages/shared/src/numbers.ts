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

/**
 * A number with `places` decimals, its whole part grouped the Indian way ("12,34,567.13"), rounded
 * as en-IN's format rounds: the number's shortest decimal form ("1.005"), halves away from zero.
 */
export function groupedDecimal(value: number, places: number): string {
  const shortest = String(Math.abs(value));
  const scale = 10 ** places;
  let scaled: number;
  if (shortest.includes('e')) {
    scaled = Math.round(Math.abs(value) * scale);
  } else {
    const [whole = '0', fraction = ''] = shortest.split('.');
    const kept = fraction.padEnd(places + 1, '0');
    scaled =
      Number(whole) * scale + Number(kept.slice(0, places) || '0') + (Number(kept[places]) >= 5 ? 1 : 0);
  }
  if (!Number.isSafeInteger(scaled)) return String(value);
  const digits = String(scaled % scale).padStart(places, '0');
  const grouped = groupedDigits(Math.floor(scaled / scale));
  const sign = value < 0 && scaled > 0 ? '-' : '';
  return places === 0 ? `${sign}${grouped}` : `${sign}${grouped}.${digits}`;
}
