import { afterEach, describe, expect, it, vi } from 'vitest';
import { storefrontConfigElementId } from '@storedesk/shared/storefront/page';
import { cartCount, lineKey, withQuantity, withVariantsNamed, type Cart } from './state.ts';

afterEach(() => {
  localStorage.clear();
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
});

/** The app's state as a new page load reads it (what is kept on the phone, the page's business). */
async function reopened() {
  vi.resetModules();
  return import('./state.ts');
}

/** A random source that gives `byte` every time. */
const always = (byte: number) =>
  ((bytes: Uint8Array) => bytes.fill(byte)) as unknown as typeof crypto.getRandomValues;

/** The page the server writes for a business, which names it. */
function businessPage(slug: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = storefrontConfigElementId;
  element.textContent = JSON.stringify({ key: `pk_${slug}`, slug, name: slug, logoUrl: null });
  document.body.append(element);
}

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

  it('changes nothing when an item not in it is set to 0, and keeps its coupon as lines change', () => {
    const here: Cart = { ...withQuantity(null, nearMart, milk, 2)!, couponCode: 'FRESH15' };
    expect(withQuantity(here, nearMart, rice, 0)).toEqual(here);
    expect(withQuantity(here, nearMart, rice, 1)).toEqual({
      ...here,
      lines: [
        { ...milk, quantity: 2 },
        { ...rice, quantity: 1 },
      ],
    });
    expect(withQuantity(here, nearMart, milk, -1)).toBeNull();
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

const milkHalf = {
  itemId: 'milk',
  variantId: 'milk-500',
  variantLabel: '500 ml',
  name: 'Milk',
  pricePaise: 3_000,
};
const milkLitre = {
  itemId: 'milk',
  variantId: 'milk-1l',
  variantLabel: '1 l',
  name: 'Milk',
  pricePaise: 5_800,
};

describe('the cart’s lines by item and variant', () => {
  it('keeps each variant of an item on a line of its own, and changes or removes only that one', () => {
    const both = withQuantity(withQuantity(null, nearMart, milkHalf, 2), nearMart, milkLitre, 1);
    expect(both?.lines.map((line) => [line.variantLabel, line.quantity])).toEqual([
      ['500 ml', 2],
      ['1 l', 1],
    ]);
    const more = withQuantity(both, nearMart, milkLitre, 3);
    expect(more?.lines.map((line) => [line.variantLabel, line.quantity])).toEqual([
      ['500 ml', 2],
      ['1 l', 3],
    ]);
    expect(cartCount(more)).toBe(5);
    expect(withQuantity(more, nearMart, milkHalf, 0)?.lines).toEqual([{ ...milkLitre, quantity: 3 }]);
  });

  it('counts a loose line as one item, whatever it weighs', () => {
    const onions = {
      itemId: 'onions',
      variantId: 'o250',
      variantLabel: '250 g',
      name: 'Onions',
      pricePaise: 900,
      stepGrams: 250,
    };
    const cart = withQuantity(withQuantity(null, nearMart, milkHalf, 2), nearMart, onions, 6);
    expect(cartCount(cart)).toBe(3);
  });

  it('tells a line that names no variant (kept from before variants) from one that does', () => {
    expect(lineKey(milk)).not.toBe(lineKey({ ...milk, variantId: 'milk-500' }));
    const old = withQuantity(null, nearMart, milk, 2);
    expect(withQuantity(old, nearMart, { ...milk, variantId: 'milk-500' }, 1)?.lines).toHaveLength(2);
    expect(withQuantity(old, nearMart, milk, 0)).toBeNull();
  });
});

describe('a cart kept from before variants', () => {
  const catalogue = [
    {
      id: 'milk',
      variants: [
        { id: 'milk-500', label: '500 ml' },
        { id: 'milk-1l', label: '1 l' },
      ],
    },
    { id: 'rice', variants: [{ id: 'rice-only', label: '' }] },
  ];
  const old: Cart = {
    storeId: 'store-1',
    storeName: 'Near Mart',
    couponCode: 'FRESH15',
    lines: [
      { ...milk, quantity: 2 },
      { ...rice, quantity: 1 },
    ],
  };

  it('gives a line its item’s only variant, and leaves a line of an item with several for the customer', () => {
    expect(withVariantsNamed(old, 'store-1', catalogue)).toEqual({
      ...old,
      lines: [
        { ...milk, quantity: 2 },
        { ...rice, variantId: 'rice-only', variantLabel: '', quantity: 1 },
      ],
    });
  });

  it('joins a line to the line of its variant already in the cart', () => {
    const twice: Cart = {
      ...old,
      lines: [
        { ...rice, variantId: 'rice-only', variantLabel: '', quantity: 2 },
        { ...rice, quantity: 1 },
      ],
    };
    expect(withVariantsNamed(twice, 'store-1', catalogue)?.lines).toEqual([
      { ...rice, variantId: 'rice-only', variantLabel: '', quantity: 3 },
    ]);
  });

  it('is the same cart when there is nothing to name, or for another store', () => {
    const named = withVariantsNamed(old, 'store-1', catalogue);
    expect(withVariantsNamed(named, 'store-1', catalogue)).toBe(named);
    expect(withVariantsNamed(old, 'store-2', catalogue)).toBe(old);
    expect(withVariantsNamed(null, 'store-1', catalogue)).toBeNull();
  });

  it('is read from the phone as it was kept', async () => {
    localStorage.setItem('storedesk:dev:cart', JSON.stringify(old));
    const { cart } = await reopened();
    expect(cart.get()).toEqual(old);
  });
});

describe('what the customer app keeps on the phone', () => {
  it('keeps the cart for the next visit', async () => {
    const { cart } = await reopened();
    const one = withQuantity(null, nearMart, milk, 2);
    cart.set(one);
    expect(JSON.parse(localStorage.getItem('storedesk:dev:cart')!)).toEqual(one);
    expect((await reopened()).cart.get()).toEqual(one);
  });

  it('keeps each business’s cart and place under its own keys (a phone may hold several shops)', async () => {
    businessPage('fresh');
    const fresh = await reopened();
    fresh.cart.set(withQuantity(null, nearMart, milk, 1));
    fresh.place.set({ lat: 12.97, lng: 77.59, label: 'Home' });
    document.body.replaceChildren();
    window.history.replaceState(null, '', '/?slug=green');
    const green = await reopened();
    expect(green.cart.get()).toBeNull();
    green.cart.set(withQuantity(null, nearMart, rice, 3));
    expect(Object.keys(localStorage).sort()).toEqual([
      'storedesk:fresh:cart',
      'storedesk:fresh:place',
      'storedesk:green:cart',
    ]);
  });

  it('makes the device’s id once, from random bytes, as a version 4 UUID, and keeps it', async () => {
    const random = vi.spyOn(crypto, 'getRandomValues').mockImplementation(always(0xff));
    const first = await reopened();
    expect(first.deviceId()).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    random.mockImplementation(always(0));
    expect(first.deviceId()).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect((await reopened()).deviceId()).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    localStorage.clear();
    expect((await reopened()).deviceId()).toBe('00000000-0000-4000-8000-000000000000');
    random.mockRestore();
  });

  it('keeps what was chosen at checkout until the order is placed', async () => {
    const { checkoutDraft } = await reopened();
    expect(checkoutDraft.get()).toEqual({});
    checkoutDraft.set({ addressId: 'a1', paymentMode: 'COD', note: 'Ring twice' });
    expect((await reopened()).checkoutDraft.get()).toEqual({
      addressId: 'a1',
      paymentMode: 'COD',
      note: 'Ring twice',
    });
  });
});
