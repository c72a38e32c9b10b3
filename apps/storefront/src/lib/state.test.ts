import { afterEach, describe, expect, it, vi } from 'vitest';
import { storefrontConfigElementId } from '@storedesk/shared/storefront/page';
import { cartCount, withQuantity, type Cart } from './state.ts';

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
