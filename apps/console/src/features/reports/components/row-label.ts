import { reportMessages, type SalesGrouping, type SalesRow } from '@storedesk/shared/reports/schemas';
import type { PaymentModeType } from '@storedesk/shared/settings/payment-mode-types';
import { useT } from '@storedesk/web/i18n';
import { useCallback } from 'react';
import { paymentText } from '@/i18n/codes.ts';
import type { MessageId } from '@/i18n/index.ts';

/** The report's own words for a group without a name, as the server writes them in English. */
const unnamed: Record<string, MessageId> = {
  [reportMessages.noPaymentMode]: 'reports.noPaymentMode',
  [reportMessages.noCoupon]: 'reports.noCoupon',
  [reportMessages.noExecutive]: 'reports.noExecutive',
  [reportMessages.noCategory]: 'reports.noCategory',
  [reportMessages.removed]: 'reports.removed',
};

/**
 * A group's name in the language shown: a payment mode's from its code, a group without one (no
 * coupon, a removed item) in the report's words; a day (DD/MM/YYYY), a store, an item or a coupon's
 * code as the server gives it.
 */
export function useRowLabel(groupBy: SalesGrouping): (row: Pick<SalesRow, 'key' | 'label'>) => string {
  const t = useT();
  return useCallback(
    (row) => {
      if (groupBy === 'paymentMode' && row.key in paymentText) {
        return t(paymentText[row.key as PaymentModeType]);
      }
      const words = unnamed[row.label];
      // A coupon's code is the key itself; any other group's words stand for no name.
      if (words && groupBy !== 'day' && (groupBy !== 'coupon' || row.key === '')) return t(words);
      return row.label;
    },
    [groupBy, t],
  );
}
