import { formatRupees } from '@storedesk/shared/money';
import type { StoreStatus } from '@storedesk/shared/stores/schemas';
import type { DeliverySlots } from '@storedesk/shared/stores/slots';
import {
  bandWords,
  deliveryRuleParts,
  ruleParts,
  type DeliveryFeeBand,
  type StoreDeliveryRule,
} from '@storedesk/shared/stores/delivery-rule';
import { ruleText } from '@storedesk/web/bill';
import { useLanguage, useT } from '@storedesk/web/i18n';
import { useTexts, type Texts } from '@storedesk/web/texts';
import { timeOfDay } from '@storedesk/web/times';
import { useMemo } from 'react';
import { storeStatusText } from '@/i18n/codes.ts';
import { nextSpecialDayLine } from './special-day-text.ts';
import type { Translate } from '@/i18n/index.ts';

/*
 * How the console words a store in the language shown (B19): its status, its hours, its delivery
 * slots' rule, and its own minimum order and delivery fee. English is word for word what the
 * shared rules write (`storeStatusLabels`, `deliveryRuleSummary`, `bandWords`).
 */

/** A store's slot rule in a line: "Slots of 60 min, 5 orders each, 2 days ahead" ("today only" for 0 days). */
export function slotRuleText(
  rule: Pick<DeliverySlots, 'lengthMinutes' | 'capacity' | 'daysAhead'>,
  t: Translate,
): string {
  return t('slots.rule', {
    length: String(rule.lengthMinutes),
    capacity: rule.capacity,
    orders: String(rule.capacity),
    days: rule.daysAhead,
  });
}

/** A band in words, as the bills say it: "0–2 km", "over 5 km"; a single band is "any distance". */
export function bandText(bands: DeliveryFeeBand[], index: number, text: Texts['text']): string {
  const words = bandWords(bands, index);
  const parts = ruleParts(words);
  return parts ? ruleText(parts, text) : words;
}

/** The rule in a line, as customers read it: "Minimum ₹199.00 · Delivery ₹20.00–₹40.00 by distance · free from ₹499.00". */
export function deliveryRuleText(rule: StoreDeliveryRule, t: Translate, text: Texts['text']): string {
  const { minimumPaise, fee, freeFromPaise } = deliveryRuleParts(rule);
  return [
    ...(minimumPaise === null ? [] : [t('storeForm.ruleMinimum', { amount: formatRupees(minimumPaise) })]),
    fee.kind === 'free'
      ? t('storeForm.ruleFreeDelivery')
      : fee.kind === 'flat'
        ? t('storeForm.ruleFee', { amount: formatRupees(fee.paise) })
        : t('storeForm.ruleFeeRange', { low: formatRupees(fee.lowPaise), high: formatRupees(fee.highPaise) }),
    ...(freeFromPaise === null ? [] : [text('web.ruleFreeFrom', { amount: formatRupees(freeFromPaise) })]),
  ].join(' · ');
}

/** The words above in the language shown. */
export function useStoreWords() {
  const t = useT();
  const { text } = useTexts();
  const language = useLanguage();
  return useMemo(
    () => ({
      status: (status: StoreStatus) => t(storeStatusText[status]),
      hours: (openTime: string, closeTime: string) =>
        `${timeOfDay(language, openTime)} – ${timeOfDay(language, closeTime)}`,
      slotRule: (rule: Pick<DeliverySlots, 'lengthMinutes' | 'capacity' | 'daysAhead'>) =>
        slotRuleText(rule, t),
      band: (bands: DeliveryFeeBand[], index: number) => bandText(bands, index, text),
      deliveryRule: (rule: StoreDeliveryRule) => deliveryRuleText(rule, t, text),
      nextSpecialDay: (days: Parameters<typeof nextSpecialDayLine>[0], today: string) =>
        nextSpecialDayLine(days, today, t, language),
    }),
    [t, text, language],
  );
}
