import { describe, expect, it } from 'vitest';
import { upiLink } from './order.tsx';

describe('the UPI payment link', () => {
  it('names the business’s UPI address, the bill in rupees and the order, in the standard upi://pay form', () => {
    const link = new URL(upiLink('fresh@okbank', 'Fresh & Co', 76_550, 421));
    expect(link.protocol).toBe('upi:');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      pa: 'fresh@okbank',
      pn: 'Fresh & Co',
      am: '765.50',
      cu: 'INR',
      tn: 'Order #421',
    });
  });
});
