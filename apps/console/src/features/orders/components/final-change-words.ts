import { OrderStatus } from '@storedesk/shared/orders';
import { joinList, useLanguage, useT, type Language } from '@storedesk/web/i18n';
import { useCallback } from 'react';
import type { Translate } from '@/i18n/index.ts';

/** A message of the console's catalogues with its values: `useT()`'s or a test's. */

/** "#12", "#12 and #13", "#12, #13 and #14", joined as the language joins a list. */
export function orderNumbers(numbers: number[], language: Language = 'en'): string {
  return joinList(
    language,
    numbers.map((number) => `#${number}`),
  );
}

/**
 * What the dialogs ask before a final status (Delivered or Cancelled), naming the orders: the
 * question (the title), what it means, and the button that makes the change. One order is named
 * by its number; several are counted in the question and the button.
 */
export function finalChangeWords(
  numbers: number[],
  status: OrderStatus,
  t: Translate,
  language: Language = 'en',
): { question: string; explanation: string; action: string } {
  const cancel = status === OrderStatus.Cancelled;
  const values = { count: numbers.length, numbers: orderNumbers(numbers, language) };
  return {
    question: t(cancel ? 'final.cancelQuestion' : 'final.deliverQuestion', values),
    explanation: t('final.explanation', { ...values, kind: cancel ? 'cancel' : 'deliver' }),
    action: t(cancel ? 'final.cancelAction' : 'final.deliverAction', values),
  };
}

/** finalChangeWords and orderNumbers in the language shown. */
export function useFinalChangeWords() {
  const t = useT();
  const language = useLanguage();
  return {
    words: useCallback(
      (numbers: number[], status: OrderStatus) => finalChangeWords(numbers, status, t, language),
      [t, language],
    ),
    numbers: useCallback((numbers: number[]) => orderNumbers(numbers, language), [language]),
  };
}
