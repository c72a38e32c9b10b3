import { useEffect, useState } from 'react';

/**
 * Time since an order was placed, as the lists show it: "12 min" under an
 * hour, "3 h" under a day, then "2 d". A moment in the future counts as 0.
 */
export function formatElapsed(since: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}

/** The current time, moving on every minute so elapsed times stay true while a screen is open. */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
