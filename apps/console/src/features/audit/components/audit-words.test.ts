import { describe, expect, it } from 'vitest';
import { auditFields } from '@storedesk/shared/audit/fields';
import { formatDateTime } from '@storedesk/shared/dates';
import { formatsOf, type Language } from '@storedesk/web/i18n';
import { translator } from '@/testing/translate.ts';
import en from '@/i18n/en.json';
import { auditFieldText, auditValueText } from './audit-words.ts';

const ravi = 'e0000000-0000-4000-8000-000000000001';
const asha = 'e0000000-0000-4000-8000-000000000002';
const context = { timeZone: 'Asia/Kolkata', names: { [ravi]: 'Ravi Kumar', [asha]: 'Asha Rao' } };

function wordsIn(language: Language) {
  const words = { t: translator(language), format: formatsOf(language) };
  return {
    field: (field: string) => auditFieldText(words.t, field),
    value: (kind: Parameters<typeof auditValueText>[1], field: string, value: unknown) =>
      auditValueText(words, kind, field, value, context),
  };
}

const english = wordsIn('en');
const hindi = wordsIn('hi');
const kannada = wordsIn('kn');

describe('the audit log’s words', () => {
  it('names every field the log records, in each language', () => {
    const catalogue: Record<string, string> = en;
    for (const field of auditFields) expect(catalogue[`audit.field.${field}`], field).toBeTruthy();
    expect(english.field('dexId')).toBe('Delivery executive');
    expect(english.field('pricePaise')).toBe('Price');
    expect(hindi.field('pricePaise')).toBe('कीमत');
    expect(kannada.field('pricePaise')).toBe('ಬೆಲೆ');
    expect(hindi.field('smsDelivered')).toBe('डिलीवर होने पर SMS');
  });

  it('names a field the log no longer records in words made from it, in English whatever the language', () => {
    expect(english.field('deliveryChargePaise')).toBe('Delivery charge');
    expect(hindi.field('deliveryChargePaise')).toBe('Delivery charge');
  });

  it('says codes in the console’s words for them', () => {
    expect(english.value('order', 'status', 2)).toBe('Picked Up');
    expect(hindi.value('order', 'status', -2)).toBe('डिलीवर हो गया');
    expect(english.value('order', 'state', 0)).toBe('Closed');
    expect(hindi.value('order', 'state', 1)).toBe('खुला');
    expect(english.value('store', 'status', 0)).toBe('Closed');
    expect(hindi.value('store', 'status', 1)).toBe('खुला');
    expect(english.value('order', 'paymentMode', 'COD')).toBe('Cash on delivery');
    expect(english.value('payment-mode', 'type', 'UPI')).toBe('UPI');
    expect(english.value('order', 'cancelReason', 'OUT_OF_STOCK')).toBe('Items out of stock');
    expect(english.value('order', 'ifMissing', 'CALL')).toBe('Call me');
    expect(hindi.value('stock', 'reason', 'damaged')).toBe('ख़राब हुआ');
    expect(english.value('refund', 'method', 'UPI')).toBe('UPI');
    expect(english.value('refund', 'state', 'PROCESSED')).toBe('Processed');
    expect(english.value('item', 'featured', 1)).toBe('Bestseller');
    expect(english.value('admin', 'level', 2)).toBe('Admin');
    expect(english.value('customer', 'language', 'kn')).toBe('ಕನ್ನಡ');
  });

  it('shows as it is what has no words of its own: an unknown code, a status of a kind without statuses', () => {
    expect(english.value('order', 'status', 9)).toBe('9');
    expect(english.value('order', 'state', 5)).toBe('5');
    expect(english.value('coupon', 'status', 0)).toBe('0');
    expect(english.value('coupon', 'type', 'percent')).toBe('percent');
    expect(english.value('order', 'paymentMode', 'BARTER')).toBe('BARTER');
    expect(english.value('order', 'cancelReason', 'toString')).toBe('toString');
    expect(english.value('zone', 'level', 2)).toBe('2');
  });

  it('says yes and no, people by their names, money in rupees and moments in the business’s zone', () => {
    expect(english.value('item', 'inStock', false)).toBe('No');
    expect(hindi.value('item', 'inStock', true)).toBe('हाँ');
    expect(kannada.value('item', 'inStock', false)).toBe('ಇಲ್ಲ');
    expect(english.value('order', 'dexId', ravi.toUpperCase())).toBe('Ravi Kumar');
    expect(english.value('order', 'dexId', 'e0000000-0000-4000-8000-000000000009')).toBe(
      'a record since removed',
    );
    expect(hindi.value('order', 'dexId', 'e0000000-0000-4000-8000-000000000009')).toBe('हटाया गया रिकॉर्ड');
    expect(english.value('order', 'cashCollectedPaise', 274_900)).toBe('₹2,749.00');
    expect(english.value('order', 'dexId', null)).toBe('—');
    expect(english.value('coupon', 'storeIds', [])).toBe('—');
    expect(english.value('coupon', 'storeIds', [ravi, asha])).toBe('Ravi Kumar and Asha Rao');
    expect(hindi.value('coupon', 'storeIds', [ravi, asha])).toBe('Ravi Kumar और Asha Rao');
    expect(english.value('coupon', 'expiresAt', '2026-11-20T19:00:00.000Z')).toBe(
      formatDateTime('2026-11-20T19:00:00.000Z', 'Asia/Kolkata'),
    );
    expect(english.value('store', 'deliveryRule', { minimumOrderPaise: 9900 })).toBe(
      '{"minimumOrderPaise":9900}',
    );
  });
});
