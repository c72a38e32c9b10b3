import type { StorefrontStore } from '@storedesk/shared/storefront/schemas';
import { useT } from '@storedesk/web/i18n';
import { useTimeFormat } from '@storedesk/web/times';

/**
 * Why a store takes no orders now, in the language shown (B19): its closure's parts worded by the
 * app, the business's own reason ("Diwali") as the business wrote it. Null when it takes orders.
 */
export function useClosureText(): (closure: StorefrontStore['closure']) => string | null {
  const t = useT();
  const { timeOfDay } = useTimeFormat();
  return (closure) => {
    if (!closure) return null;
    switch (closure.kind) {
      case 'notOpen':
        return t('store.notTaking');
      case 'closedToday':
        return t('closure.closedToday', { reason: closure.reason });
      case 'closedNow': {
        const hours = { from: timeOfDay(closure.openTime), to: timeOfDay(closure.closeTime) };
        return closure.reason
          ? t('closure.closedNowToday', { ...hours, reason: closure.reason })
          : t('closure.closedNow', hours);
      }
    }
  };
}
