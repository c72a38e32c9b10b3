import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Cart } from '../lib/state.ts';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

type Line = { itemId: string; variantId?: string; quantity: number };
type Quote = { storeId: string; items: Line[]; couponCode?: string };

const kept: Cart = {
  storeId: 'store-1',
  storeName: 'Near Mart',
  couponCode: '',
  lines: [
    {
      itemId: 'milk',
      variantId: 'm500',
      variantLabel: '500 ml',
      name: 'Milk',
      pricePaise: 3_000,
      veg: true,
      quantity: 5,
    },
    {
      itemId: 'milk',
      variantId: 'm1',
      variantLabel: '1 l',
      name: 'Milk',
      pricePaise: 5_800,
      veg: true,
      quantity: 1,
    },
    // Kept from before variants: it names none.
    { itemId: 'atta', name: 'Atta', pricePaise: 27_000, veg: true, quantity: 2 },
  ],
};

const names: Record<string, [string, string, number]> = {
  m500: ['Milk', '500 ml', 3_000],
  m1: ['Milk', '1 l', 5_800],
  undefined: ['Atta', '', 27_000],
  o250: ['Onions', '250 g', 900],
};
/** The variants sold loose: the grams of a step. */
const steps: Record<string, number> = { o250: 250 };

/** The bill of a cart, as the server prices it. */
function billOf(request: Quote) {
  const items = request.items.map((line) => {
    const [itemName, variantLabel, itemPricePaise] = names[String(line.variantId)]!;
    const variantId = line.variantId ?? `${line.itemId}-only`;
    return {
      itemId: line.itemId,
      variantId,
      itemName,
      variantLabel,
      itemPricePaise,
      itemQuantity: line.quantity,
      ...(steps[String(line.variantId)] ? { stepGrams: steps[String(line.variantId)] } : {}),
    };
  });
  const total = items.reduce((sum, line) => sum + line.itemPricePaise * line.itemQuantity, 0);
  return {
    storeId: request.storeId,
    storeName: 'Near Mart',
    items,
    itemsTotalPaise: total,
    couponCode: null,
    offer: null,
    discountPaise: 0,
    charges: [],
    chargesTotalPaise: 0,
    billAmountPaise: total,
  };
}

type Refusal = { status: number; body: unknown } | null;

/**
 * A server that prices quotes, refusing those `refuse` answers for (a status and a body), and
 * refuses orders as `refuseOrder` says; a signed-in customer has one address.
 */
function serve(refuse: (request: Quote) => Refusal, refuseOrder: (request: Quote) => Refusal = () => null) {
  const quotes: Quote[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url.endsWith('/addresses')) {
        const home = {
          id: 'a1',
          label: 'Home',
          text: '14, 5th Cross',
          landmark: null,
          lat: 12.93,
          lng: 77.62,
        };
        return new Response(JSON.stringify({ items: [home] }), { status: 200 });
      }
      const request = JSON.parse(String(init.body)) as Quote;
      if (url.endsWith('/orders')) {
        const refusal = refuseOrder(request);
        return new Response(JSON.stringify(refusal?.body ?? {}), { status: refusal?.status ?? 500 });
      }
      quotes.push(request);
      const refusal = refuse(request);
      return refusal
        ? new Response(JSON.stringify(refusal.body), { status: refusal.status })
        : new Response(JSON.stringify(billOf(request)), { status: 200 });
    }),
  );
  return quotes;
}

/** The 409 of a line asking for more than the store has: its message, and how many are left. */
const short = (fields: Record<string, number>) => ({
  status: 409,
  body: {
    error: {
      code: 'conflict',
      message: 'Only 3 left',
      fields: Object.fromEntries(
        Object.entries(fields).map(([field, left]) => [
          field,
          left === 0 ? 'This item is out of stock' : `Only ${left} left`,
        ]),
      ),
      current: { available: fields },
    },
  },
});

const business = {
  id: 'b1',
  name: 'Fresh',
  description: '',
  logoUrl: null,
  theme: {},
  live: true,
  timeZone: 'Asia/Kolkata',
  paymentModes: [{ type: 'COD', title: 'Cash on delivery', upiName: null, upiId: null }],
  helplines: [],
  orderSettings: { deliveryChargePaise: 0, minimumOrderPaise: 0 },
  referral: null,
};

/** The cart page with the cart kept on the phone, and a customer signed in when `signedIn`. */
async function openCart(signedIn = false, value: Cart = kept) {
  localStorage.setItem('storedesk:dev:cart', JSON.stringify(value));
  vi.resetModules();
  const { default: CartPage } = await import('./cart.tsx');
  const { cart, session } = await import('../lib/state.ts');
  const { BusinessContext } = await import('../business.ts');
  if (signedIn)
    session.set({ token: 't1', customer: { id: 'c1', name: 'Asha', phone: '9800000001' } } as never);
  render(createElement(BusinessContext.Provider, { value: business as never }, createElement(CartPage)));
  return { cart, user: userEvent.setup(), lines: screen.getByRole('list', { name: 'Items in the cart' }) };
}

/** The line of the cart that shows `name`. */
function lineOf(lines: HTMLElement, name: string): HTMLElement {
  const line = within(lines)
    .getAllByRole('listitem')
    .find((each) => each.querySelector('.item-name')?.textContent?.trim() === name);
  if (!line) throw new Error(`no line shows ${name}`);
  return line;
}

/** Each line of the bill as read. */
const billLines = () =>
  [...document.querySelectorAll('.bill > div')].map((term) => term.querySelector('dt')!.textContent);

describe('the cart', () => {
  it('names each line with its variant and sends it; a line kept from before variants goes without one', async () => {
    const quotes = serve(() => null);
    const { lines } = await openCart();
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((line) => line.querySelector('.item-name')?.textContent?.trim()),
    ).toEqual(['Milk · 500 ml', 'Milk · 1 l', 'Atta']);
    await screen.findByText('To pay');
    expect(quotes[0]).toEqual({
      storeId: 'store-1',
      items: [
        { itemId: 'milk', variantId: 'm500', quantity: 5 },
        { itemId: 'milk', variantId: 'm1', quantity: 1 },
        { itemId: 'atta', quantity: 2 },
      ],
    });
    expect(billLines()).toEqual(['Milk · 500 ml × 5', 'Milk · 1 l × 1', 'Atta × 2', 'Items', 'To pay']);
  });

  it('says at a line that the store has fewer than it asks for, and changes it to what is left', async () => {
    const quotes = serve((request) =>
      request.items[0]!.quantity > 3 ? short({ 'items.0.quantity': 3 }) : null,
    );
    const { lines, cart, user } = await openCart();
    const milk = lineOf(lines, 'Milk · 500 ml');
    await within(milk).findByText('Only 3 left');
    expect(screen.getByRole('alert').textContent).toBe(
      'The store has fewer of some items than your cart holds. Change the marked items to go on.',
    );
    // The other lines say nothing, and nothing can be ordered until the line changes.
    expect(within(lineOf(lines, 'Milk · 1 l')).queryByText(/left/)).toBeNull();
    expect(screen.queryByText('To pay')).toBeNull();

    await user.click(within(milk).getByRole('button', { name: 'Change Milk · 500 ml to 3' }));
    expect(cart.get()?.lines[0]?.quantity).toBe(3);
    await screen.findByText('To pay');
    expect(within(milk).queryByText('Only 3 left')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(quotes.at(-1)?.items[0]).toEqual({ itemId: 'milk', variantId: 'm500', quantity: 3 });
    expect(billLines()[0]).toBe('Milk · 500 ml × 3');
  });

  it('offers to take out a line of which none are left', async () => {
    serve((request) =>
      request.items.some((line) => line.variantId === 'm1') ? short({ 'items.1.quantity': 0 }) : null,
    );
    const { lines, cart, user } = await openCart();
    const litre = lineOf(lines, 'Milk · 1 l');
    await within(litre).findByText('This item is out of stock');
    await user.click(within(litre).getByRole('button', { name: 'Remove Milk · 1 l' }));
    expect(cart.get()?.lines.map((line) => line.variantLabel ?? line.name)).toEqual(['500 ml', 'Atta']);
    await screen.findByText('To pay');
  });

  it('asks to choose a pack size at the store for a line kept from before, of an item that now has several', async () => {
    serve(() => ({
      status: 400,
      body: {
        error: {
          code: 'invalid_input',
          message: 'Some items of this order cannot be ordered',
          fields: { 'items.2.variantId': 'Choose one of this item’s variants' },
        },
      },
    }));
    const { lines } = await openCart();
    const atta = lineOf(lines, 'Atta');
    await within(atta).findByText('Choose one of this item’s variants');
    expect(
      within(atta).getByRole('link', { name: 'Choose a pack size at the store' }).getAttribute('href'),
    ).toBe('/stores/store-1');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Some items of this order cannot be ordered Change the marked items to go on.',
      ),
    );
  });

  it('says at the line when the order is refused for a shortage, and offers what is left', async () => {
    serve(
      () => null,
      () => short({ 'items.0.quantity': 3 }),
    );
    const { lines, cart, user } = await openCart(true);
    const place = await screen.findByRole('button', { name: /^Place order · / });
    await waitFor(() => expect((place as HTMLButtonElement).disabled).toBe(false));
    await user.click(place);
    const milk = lineOf(lines, 'Milk · 500 ml');
    await within(milk).findByText('Only 3 left');
    expect(screen.getByRole('alert').textContent).toBe(
      'The store has fewer of some items than your cart holds. Change the marked items to go on.',
    );
    await user.click(within(milk).getByRole('button', { name: 'Change Milk · 500 ml to 3' }));
    expect(cart.get()?.lines[0]?.quantity).toBe(3);
    expect(within(milk).queryByText('Only 3 left')).toBeNull();
  });
});

describe('a line sold loose', () => {
  const onions = (quantity: number): Cart => ({
    ...kept,
    lines: [
      {
        itemId: 'onions',
        variantId: 'o250',
        variantLabel: '250 g',
        name: 'Onions',
        pricePaise: 900,
        veg: true,
        stepGrams: 250,
        maxGrams: 1_000,
        quantity,
      },
    ],
  });

  it('reads as its weight with its price, in the cart and the bill, and steps up to the most per order', async () => {
    serve(() => null);
    const { lines, cart, user } = await openCart(false, onions(3));
    const line = lineOf(lines, 'Onions · 750 g');
    expect(within(line).getByRole('status').textContent).toBe('750 g');
    expect(line.querySelector(':scope > .price')?.textContent).toBe('₹27.00');
    await screen.findByText('To pay');
    expect(billLines()).toEqual(['Onions · 750 g', 'Items', 'To pay']);

    const more = within(line).getByRole('button', { name: 'One more Onions · 250 g' });
    await user.click(more);
    expect(cart.get()?.lines[0]?.quantity).toBe(4);
    const kilo = lineOf(lines, 'Onions · 1 kg');
    expect(kilo.querySelector(':scope > .price')?.textContent).toBe('₹36.00');
    expect((more as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers the weight that is left when the store has less than the line asks for', async () => {
    serve((request) =>
      request.items[0]!.quantity > 2
        ? {
            status: 409,
            body: {
              error: {
                code: 'conflict',
                message: 'Only 500 g left',
                fields: { 'items.0.quantity': 'Only 500 g left' },
                current: { available: { 'items.0.quantity': 2 } },
              },
            },
          }
        : null,
    );
    const { lines, cart, user } = await openCart(false, onions(3));
    const line = lineOf(lines, 'Onions · 750 g');
    await within(line).findByText('Only 500 g left');
    const change = within(line).getByRole('button', { name: 'Change Onions · 250 g to 500 g' });
    expect(change.textContent).toBe('Change to 500 g');
    await user.click(change);
    expect(cart.get()?.lines[0]?.quantity).toBe(2);
    await screen.findByText('To pay');
    expect(lineOf(lines, 'Onions · 500 g').querySelector(':scope > .price')?.textContent).toBe('₹18.00');
  });
});
