import { elapsedParts } from '@storedesk/shared/dates';
import { useT } from '@storedesk/web/i18n';
import { useCallback } from 'react';

/**
 * The time since an order was placed in the language shown: "12 min" (or "12 min ago" with `ago`),
 * "3 h", "2 d"; elapsedParts decides the unit.
 */
export function useElapsed(): (since: string, now: number, options?: { ago?: boolean }) => string {
  const t = useT();
  return useCallback(
    (since, now, { ago = false } = {}) => {
      const { value, unit } = elapsedParts(since, now);
      return t(ago ? 'orders.elapsedAgo' : 'orders.elapsed', { value: String(value), unit });
    },
    [t],
  );
}
