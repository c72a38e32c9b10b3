import { useState } from 'react';
import { useSearchParams } from 'react-router';

export type DayRange = { from: string; to: string };

/**
 * A period of days (YYYY-MM-DD, both included) kept in the address as `from` and `to`, so a reload
 * or a shared link shows the same days; until one is chosen, the screen's own first period, fixed
 * when the screen opens (it does not move at midnight under the user).
 */
export function useDayRangeParams(firstRange: () => DayRange) {
  const [params, setParams] = useSearchParams();
  const [fallback] = useState(firstRange);
  const from = params.get('from') ?? fallback.from;
  const to = params.get('to') ?? fallback.to;
  const setRange = (changes: { from?: string; to?: string }) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('from', changes.from ?? from);
        next.set('to', changes.to ?? to);
        return next;
      },
      { replace: true },
    );
  };
  return { from, to, setRange };
}
