import { elapsedParts } from '@storedesk/shared/dates';
import { useT } from '@storedesk/web/i18n';
import { useMemo } from 'react';

export type Ages = {
  /** How long an order has waited, as every screen counts it: "14 min", "3 h", "2 d". */
  elapsed: (since: string, now: number) => string;
  /** How old a reading is, to the second under a minute: "just now", "8 s ago", "3 min ago". */
  age: (since: string, now: number) => string;
};

/** Times since, in the language shown (formatElapsed and formatAge of the shared dates, in words). */
export function useAges(): Ages {
  const t = useT();
  return useMemo(() => {
    const elapsed = (since: string, now: number, ago: boolean) => {
      const { value, unit } = elapsedParts(since, now);
      return t(ago ? 'orders.elapsedAgo' : 'orders.elapsed', { value: String(value), unit });
    };
    return {
      elapsed: (since, now) => elapsed(since, now, false),
      age: (since, now) => {
        const seconds = Math.floor((now - new Date(since).getTime()) / 1000);
        if (seconds < 1) return t('dispatch.justNow');
        if (seconds < 60) return t('dispatch.secondsAgo', { seconds: String(seconds) });
        return elapsed(since, now, true);
      },
    };
  }, [t]);
}
