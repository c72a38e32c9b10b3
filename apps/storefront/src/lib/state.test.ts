import { describe, expect, it } from 'vitest';
import { cartCount, withQuantity, type Cart } from './state.ts';

const nearMart = { id: 'store-1', name: 'Near Mart' };
const milk = { itemId: 'milk', name: 'Milk', pricePaise: 6_800, veg: true };
const rice = { itemId: 'rice', name: 'Rice', pricePaise: 64_950, veg: true };

describe('the cart', () => {
  it('adds an item, changes its quantity in place, and removes it at 0', () => {
    const one = withQuantity(null, nearMart, milk, 1);
    expect(one).toEqual({
      storeId: 'store-1',
      storeName: 'Near Mart',
      couponCode: '',
      lines: [{ ...milk, quantity: 1 }],
    });
    const two = withQuantity(withQuantity(one, nearMart, rice, 1), nearMart, milk, 3);
    expect(two?.lines.map((line) => [line.itemId, line.quantity])).toEqual([
      ['milk', 3],
      ['rice', 1],
    ]);
    expect(cartCount(two)).toBe(4);
    expect(withQuantity(two, nearMart, milk, 0)?.lines.map((line) => line.itemId)).toEqual(['rice']);
  });

  it('is empty (null) once its last line goes, and counts nothing then', () => {
    const one = withQuantity(null, nearMart, milk, 2);
    expect(withQuantity(one, nearMart, milk, 0)).toBeNull();
    expect(cartCount(null)).toBe(0);
  });

  it('holds one store’s items: an item of another store starts a new cart, without the old coupon', () => {
    const here: Cart = { ...withQuantity(null, nearMart, milk, 2)!, couponCode: 'FRESH15' };
    const there = withQuantity(here, { id: 'store-2', name: 'Far Mart' }, rice, 1);
    expect(there).toEqual({
      storeId: 'store-2',
      storeName: 'Far Mart',
      couponCode: '',
      lines: [{ ...rice, quantity: 1 }],
    });
  });
});
