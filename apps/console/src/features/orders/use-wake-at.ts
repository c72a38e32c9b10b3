import { useEffect, useEffectEvent } from 'react';

/**
 * Calls `onWake` with the time once the clock reaches `moment` (at once for one already past),
 * and again for each later moment it is given: one timer for the next moment a screen waits for,
 * computed from its data, instead of a clock ticking every second. The time passed is never
 * before `moment`, so a timer that fires a little early still moves the screen past it.
 */
export function useWakeAt(moment: number | null, onWake: (now: number) => void): void {
  const wake = useEffectEvent(onWake);
  useEffect(() => {
    if (moment === null) return;
    const timer = setTimeout(() => wake(Math.max(Date.now(), moment)), Math.max(0, moment - Date.now()));
    return () => clearTimeout(timer);
  }, [moment]);
}
