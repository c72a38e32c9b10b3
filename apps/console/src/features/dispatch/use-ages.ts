import { useT } from '@storedesk/web/i18n';
import { useMemo } from 'react';
import { useElapsed } from '@/lib/use-elapsed.ts';

export type Ages = {
  /** How long an order has waited, as every screen counts it: "14 min", "3 h", "2 d". */
  elapsed: (since: string, now: number) => string;
  /** How old a reading is, to the second under a minute: "just now", "8 s ago", "3 min ago". */
  age: (since: string, now: number) => string;
};

/** Times since, in the language shown: the orders' elapsed time, and a reading's age to the second. */
export function useAges(): Ages {
  const t = useT();
  const elapsed = useElapsed();
  return useMemo(
    () => ({
      elapsed,
      age: (since, now) => {
        const seconds = Math.floor((now - new Date(since).getTime()) / 1000);
        if (seconds < 1) return t('dispatch.justNow');
        if (seconds < 60) return t('dispatch.secondsAgo', { seconds: String(seconds) });
        return elapsed(since, now, { ago: true });
      },
    }),
    [t, elapsed],
  );
}
