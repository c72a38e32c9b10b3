import { itemFeaturedLabels } from '@storedesk/shared/catalogue/schemas';
import { stockReasonLabels, stockReasons } from '@storedesk/shared/catalogue/variants';
import { describe, expect, it } from 'vitest';
import en from '@/i18n/en.json';
import { featuredText, stockReasonText } from './catalogue-codes.ts';

/* What travels as a code, in English as the shared rules (and the customer app) word it. */
describe('the catalogue’s codes in the console’s English', () => {
  it('word each featured badge as the shared labels do', () => {
    expect(Object.keys(featuredText)).toEqual(Object.keys(itemFeaturedLabels));
    for (const [code, label] of Object.entries(itemFeaturedLabels))
      expect(en[featuredText[Number(code)]!]).toBe(label);
  });

  it('word each reason for a stock change as the shared labels do', () => {
    for (const reason of stockReasons) expect(en[stockReasonText[reason]]).toBe(stockReasonLabels[reason]);
  });
});
