import { describe, expect, it } from 'vitest';
import { isFinalStatus, needsExecutive, OrderStatus, orderStateFor } from './orders.ts';

const { Placed, Confirmed, PickedUp, Delivered, Cancelled } = OrderStatus;

describe('order status rules', () => {
  it('Delivered and Cancelled are final and close the order; the others keep it open', () => {
    expect([Placed, Confirmed, PickedUp, Delivered, Cancelled].map(isFinalStatus)).toEqual([
      false,
      false,
      false,
      true,
      true,
    ]);
    expect([Placed, Confirmed, PickedUp, Delivered, Cancelled].map(orderStateFor)).toEqual([1, 1, 1, 0, 0]);
  });

  it('moving to Confirmed names an executive, unless the order is Confirmed already', () => {
    expect(needsExecutive({ status: Placed, dexId: null }, Confirmed)).toBe(true);
    expect(needsExecutive({ status: PickedUp, dexId: 'd1' }, Confirmed)).toBe(true);
    expect(needsExecutive({ status: Confirmed, dexId: 'd1' }, Confirmed)).toBe(false);
  });

  it('Picked Up names an executive only while nobody is assigned (D17)', () => {
    expect(needsExecutive({ status: Placed, dexId: null }, PickedUp)).toBe(true);
    expect(needsExecutive({ status: Confirmed, dexId: 'd1' }, PickedUp)).toBe(false);
  });

  it('no other status names one', () => {
    for (const to of [Placed, Delivered, Cancelled]) {
      expect(needsExecutive({ status: Placed, dexId: null }, to)).toBe(false);
    }
  });
});
