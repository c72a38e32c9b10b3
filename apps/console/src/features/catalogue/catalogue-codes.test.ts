import { itemFeaturedLabels } from '@storedesk/shared/catalogue/schemas';
import { spreadsheetMessages } from '@storedesk/shared/catalogue/spreadsheet';
import { stockReasonLabels, stockReasons } from '@storedesk/shared/catalogue/variants';
import { createIntl } from 'react-intl';
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

  it('says a refused file’s bad rows as the server does', () => {
    const intl = createIntl({ locale: 'en-IN', messages: en });
    for (const count of [1, 3, 40])
      expect(intl.formatMessage({ id: 'import.refused' }, { count })).toBe(
        spreadsheetMessages.rowsNeedAttention(count),
      );
  });
});
