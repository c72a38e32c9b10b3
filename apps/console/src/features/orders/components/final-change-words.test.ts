import { OrderStatus } from '@storedesk/shared/orders';
import { describe, expect, it } from 'vitest';
import { finalChangeWords, orderNumbers } from './final-change-words.ts';

describe('finalChangeWords', () => {
  it('names one order by its number', () => {
    expect(finalChangeWords([1003], OrderStatus.Cancelled)).toEqual({
      question: 'Cancel order #1003?',
      explanation: "Order #1003 will be Cancelled. It is then closed for good: this can't be undone.",
      action: 'Yes, cancel order #1003',
    });
    expect(finalChangeWords([1001], OrderStatus.Delivered)).toEqual({
      question: 'Mark order #1001 delivered?',
      explanation: "Order #1001 will be Delivered. It is then closed for good: this can't be undone.",
      action: 'Yes, mark #1001 delivered',
    });
  });

  it('counts several orders in the question and the button, and lists them in the explanation', () => {
    expect(finalChangeWords([1001, 1002, 1004], OrderStatus.Delivered)).toEqual({
      question: 'Mark 3 orders delivered?',
      explanation:
        "Orders #1001, #1002 and #1004 will be Delivered. They are then closed for good: this can't be undone.",
      action: 'Yes, mark 3 orders delivered',
    });
    expect(finalChangeWords([7, 8], OrderStatus.Cancelled).action).toBe('Yes, cancel 2 orders');
  });

  it('lists order numbers the way a sentence does', () => {
    expect(orderNumbers([5])).toBe('#5');
    expect(orderNumbers([5, 6])).toBe('#5 and #6');
    expect(orderNumbers([5, 6, 7])).toBe('#5, #6 and #7');
  });
});
