/**
 * Ticks for a count axis from 0: about four steps of 1, 2 or 5 times a power of
 * ten, never less than 1 (orders come whole), with the top tick at or above `max`.
 */
export function countTicks(max: number, steps = 4): number[] {
  if (!(max > 0)) return Array.from({ length: steps + 1 }, (_, index) => index);
  const rough = max / steps;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? rough);
  const top = Math.ceil(max / step) * step;
  return Array.from({ length: Math.round(top / step) + 1 }, (_, index) => index * step);
}
