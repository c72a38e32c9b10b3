import type { ApiError } from '@storedesk/web/api';
import { lineKey, type Cart } from './state.ts';

/**
 * The server's word on a line of the cart (`fields["items.2.quantity"]`), and for a line that asks
 * for more than the store has (409) how many are left (`current.available["items.2.quantity"]`),
 * so the cart can offer that many.
 */
export type LineProblem = {
  message: string;
  /** What the field is about: `itemId` (not sold now), `variantId` (choose a pack size), `quantity`. */
  part: string;
  /** Units left of the line's variant when the store has fewer than it asks for, else null. */
  available: number | null;
};

/** The server's refusal of a cart, line by line (by `lineKey`); empty for a refusal of no line. */
export function lineProblems(value: Cart, error: ApiError | null): Map<string, LineProblem> {
  const problems = new Map<string, LineProblem>();
  if (!error) return problems;
  const available = availableOf(error.current);
  for (const [field, message] of Object.entries(error.fields ?? {})) {
    const match = /^items\.(\d+)(?:\.(\w+))?/.exec(field);
    const line = match ? value.lines[Number(match[1])] : undefined;
    if (!match || !line || problems.has(lineKey(line))) continue;
    const left = available[field];
    problems.set(lineKey(line), {
      message,
      part: match[2] ?? 'itemId',
      available: typeof left === 'number' && Number.isInteger(left) && left >= 0 ? left : null,
    });
  }
  return problems;
}

/** The 409's `current.available`, read by hand (the app loads no zod). */
function availableOf(current: unknown): Record<string, unknown> {
  if (typeof current !== 'object' || current === null || !('available' in current)) return {};
  const available = (current as { available: unknown }).available;
  return typeof available === 'object' && available !== null ? (available as Record<string, unknown>) : {};
}
