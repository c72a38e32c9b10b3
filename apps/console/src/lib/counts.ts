/** Counts with Indian digit grouping, as the rupee amounts are (D11). */
const countFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

export function formatCount(value: number): string {
  return countFormat.format(value);
}
