import { useEffect, useEffectEvent } from 'react';

/**
 * Asks again for what a screen shows, every `everyMs` while the screen is in sight, at once when
 * it comes back into sight, and when the connection is back: for what changes without a live
 * stream to say so (a store the business closed, an item sold out), so that the screen does not
 * need a reload to show it.
 */
export function useFreshWhileShown(reload: () => void, everyMs: number): void {
  const again = useEffectEvent(reload);
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && navigator.onLine) again();
    }, everyMs);
    const shown = () => {
      if (document.visibilityState === 'visible') again();
    };
    document.addEventListener('visibilitychange', shown);
    window.addEventListener('online', shown);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', shown);
      window.removeEventListener('online', shown);
    };
  }, [everyMs]);
}
