import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StorefrontOrder } from '@storedesk/shared/storefront/schemas';

afterEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('ordering an order again', () => {
  it('fills the cart with its lines, each with its variant, and a line of an order from before variants without one', async () => {
    vi.resetModules();
    const { reorder } = await import('./orders.tsx');
    const { cart } = await import('../lib/state.ts');
    reorder({
      storeId: 'store-1',
      storeName: 'Near Mart',
      items: [
        {
          itemId: 'atta',
          variantId: 'a5',
          variantLabel: '5 kg',
          itemName: 'Atta',
          itemQuantity: 1,
          itemPricePaise: 27_000,
        },
        { itemId: 'milk', itemName: 'Milk', itemQuantity: 2, itemPricePaise: 3_000 },
        {
          itemId: 'onions',
          variantId: 'o250',
          variantLabel: '250 g',
          itemName: 'Onions',
          itemQuantity: 3,
          itemPricePaise: 900,
          stepGrams: 250,
        },
      ],
    } as StorefrontOrder);
    expect(cart.get()).toEqual({
      storeId: 'store-1',
      storeName: 'Near Mart',
      couponCode: '',
      lines: [
        {
          itemId: 'atta',
          variantId: 'a5',
          variantLabel: '5 kg',
          name: 'Atta',
          pricePaise: 27_000,
          quantity: 1,
        },
        { itemId: 'milk', name: 'Milk', pricePaise: 3_000, quantity: 2 },
        // Sold loose: three steps of 250 g, at a step's price.
        {
          itemId: 'onions',
          variantId: 'o250',
          variantLabel: '250 g',
          name: 'Onions',
          pricePaise: 900,
          stepGrams: 250,
          quantity: 3,
        },
      ],
    });
    expect(window.location.pathname).toBe('/cart');
  });
});
