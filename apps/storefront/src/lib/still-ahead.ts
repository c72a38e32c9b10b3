import { useEffect, useState } from 'react';

/** The longest wait a timer takes (about 24.8 days); the windows after a delivery are shorter. */
const longestTimerMs = 2 ** 31 - 1;

/**
 * Whether `until` (an order's `tipUntil`, its `ratingUntil`) is still ahead: checked when shown,
 * and turned false when it passes.
 */
export function useStillAhead(until: string | null): boolean {
  const [passed, setPassed] = useState<string | null>(() =>
    until !== null && Date.parse(until) <= Date.now() ? until : null,
  );
  useEffect(() => {
    if (until === null) return;
    const left = Date.parse(until) - Date.now();
    const timer = setTimeout(() => setPassed(until), Math.min(Math.max(0, left), longestTimerMs));
    return () => clearTimeout(timer);
  }, [until]);
  return until !== null && passed !== until;
}
