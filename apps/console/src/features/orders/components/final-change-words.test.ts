import { OrderStatus } from '@storedesk/shared/orders';
import { describe, expect, it } from 'vitest';
import { translator } from '@/testing/translate.ts';
import { finalChangeWords, orderNumbers } from './final-change-words.ts';

const english = translator('en');

describe('finalChangeWords', () => {
  it('names one order by its number', () => {
    expect(finalChangeWords([1003], OrderStatus.Cancelled, english)).toEqual({
      question: 'Cancel order #1003?',
      explanation: "Order #1003 will be Cancelled. It is then closed for good: this can't be undone.",
      action: 'Yes, cancel order #1003',
    });
    expect(finalChangeWords([1001], OrderStatus.Delivered, english)).toEqual({
      question: 'Mark order #1001 delivered?',
      explanation: "Order #1001 will be Delivered. It is then closed for good: this can't be undone.",
      action: 'Yes, mark #1001 delivered',
    });
  });

  it('counts several orders in the question and the button, and lists them in the explanation', () => {
    expect(finalChangeWords([1001, 1002, 1004], OrderStatus.Delivered, english)).toEqual({
      question: 'Mark 3 orders delivered?',
      explanation:
        "Orders #1001, #1002 and #1004 will be Delivered. They are then closed for good: this can't be undone.",
      action: 'Yes, mark 3 orders delivered',
    });
    expect(finalChangeWords([7, 8], OrderStatus.Cancelled, english).action).toBe('Yes, cancel 2 orders');
  });

  it('says it in Hindi, the orders listed as Hindi lists them', () => {
    expect(finalChangeWords([7, 8], OrderStatus.Cancelled, translator('hi'), 'hi')).toEqual({
      question: '2 ऑर्डर रद्द करें?',
      explanation: 'ऑर्डर #7 और #8 रद्द हो जाएँगे। फिर ये हमेशा के लिए बंद हो जाएँगे: इसे वापस नहीं किया जा सकता।',
      action: 'हाँ, 2 ऑर्डर रद्द करें',
    });
  });

  it('lists order numbers the way a sentence does', () => {
    expect(orderNumbers([5])).toBe('#5');
    expect(orderNumbers([5, 6])).toBe('#5 and #6');
    expect(orderNumbers([5, 6, 7])).toBe('#5, #6 and #7');
    expect(orderNumbers([5, 6], 'kn')).toBe('#5 ಮತ್ತು #6');
  });
});
