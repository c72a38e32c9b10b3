import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OrderStatus } from '../orders.ts';
import { paymentDuePaise, refundablePaise, refundDuePaise } from './refunds.ts';

/** A paid order in any state its money can reach: paid, partly refunded, its bill changed since. */
const paidOrder = fc
  .record({
    paidPaise: fc.integer({ min: 1, max: 5_000_000 }),
    refundShare: fc.double({ min: 0, max: 1, noNaN: true }),
    billAmountPaise: fc.integer({ min: 0, max: 5_000_000 }),
    paymentMode: fc.constantFrom('ONLINE', 'COD', 'UPI'),
    status: fc.constantFrom(...Object.values(OrderStatus)),
  })
  .map(({ refundShare, ...order }) => ({
    ...order,
    paid: true,
    refundedPaise: Math.floor(order.paidPaise * refundShare),
  }));

describe('what an order owes and is owed', () => {
  it('kept, plus what is due, less what is owed back, is the bill of an open order paid online', () => {
    fc.assert(
      fc.property(paidOrder, (order) => {
        const kept = refundablePaise(order);
        const due = paymentDuePaise(order);
        const owed = refundDuePaise(order);
        // Never both: an order is either short of its bill or beyond it.
        expect(due === 0 || owed === 0).toBe(true);
        if (order.paymentMode === 'ONLINE' && order.status !== OrderStatus.Cancelled) {
          expect(kept + due - owed).toBe(order.billAmountPaise);
        } else {
          expect(due).toBe(0);
        }
      }),
      { numRuns: 2000, seed: 20261130 },
    );
  });

  it('asks nothing of an unpaid, cancelled, or cash order', () => {
    const order = {
      paid: true,
      paymentMode: 'ONLINE',
      status: OrderStatus.Confirmed,
      paidPaise: 21_000,
      billAmountPaise: 31_500,
      refundedPaise: 0,
    };
    expect(paymentDuePaise(order)).toBe(10_500);
    expect(paymentDuePaise({ ...order, refundedPaise: 5_000 })).toBe(15_500);
    expect(paymentDuePaise({ ...order, paid: false })).toBe(0);
    expect(paymentDuePaise({ ...order, status: OrderStatus.Cancelled })).toBe(0);
    expect(paymentDuePaise({ ...order, paymentMode: 'COD' })).toBe(0);
    expect(paymentDuePaise({ ...order, billAmountPaise: 20_000 })).toBe(0);
  });
});
