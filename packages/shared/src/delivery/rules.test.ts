import { describe, expect, it } from 'vitest';
import { OrderStatus } from '../orders.ts';
import { executiveNextStatus } from './rules.ts';

describe('an executive’s moves', () => {
  it('are Confirmed → Picked Up → Delivered, and nothing from Placed or a closed order', () => {
    const next = Object.fromEntries(
      Object.entries(OrderStatus).map(([name, status]) => [name, executiveNextStatus(status)]),
    );
    expect(next).toEqual({
      Placed: null,
      Confirmed: OrderStatus.PickedUp,
      PickedUp: OrderStatus.Delivered,
      Delivered: null,
      Cancelled: null,
    });
  });
});
