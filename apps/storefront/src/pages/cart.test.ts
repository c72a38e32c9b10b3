import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { businessDay } from '@storedesk/shared/dates';
import type { StorefrontCatalogue, StorefrontStore } from '@storedesk/shared/storefront/schemas';
import { slotMessages, type Slot } from '@storedesk/shared/stores/slots';
import type { Cart } from '../lib/state.ts';
import { inLanguage } from '../testing/in-language.ts';
import { shopBusiness } from '../testing/order-page.ts';

beforeEach(() => {
  // The arrow keys' walk through a radio group finds the group by a selector made with CSS.escape, which jsdom lacks.
  vi.stubGlobal('CSS', { escape: (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`) });
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

type Line = { itemId: string; variantId?: string; quantity: number };
type Quote = { storeId: string; items: Line[]; couponCode?: string; slotId?: string; addressId?: string };

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
    // A store's fee by distance (ADR 0081), once the bill is asked for an address.
    charges: request.addressId
      ? [{ chargeLabel: 'Delivery charges', chargeAmountPaise: 4_000, rule: '2–5 km' }]
      : [],
    chargesTotalPaise: request.addressId ? 4_000 : 0,
    billAmountPaise: total + (request.addressId ? 4_000 : 0),
  };
}

type Refusal = { status: number; body: unknown } | null;

/** The store of the cart as the server shows it: open now, delivering as soon as possible only. */
const nearMart: StorefrontStore = {
  id: 'store-1',
  name: 'Near Mart',
  location: 'Koramangala',
  description: '',
  descriptionHi: null,
  descriptionKn: null,
  phone: '9800000000',
  imageUrl: null,
  latitude: 12.93,
  longitude: 77.62,
  deliveryRadiusKm: 5,
  openTime: '07:00',
  closeTime: '22:00',
  openNow: true,
  notice: null,
  closure: null,
  featured: 0,
  deliversInSlots: false,
  deliveryRule: null,
};

/** The store as the server shows it (changes to Near Mart), and its slots as it reads them each time. */
type Shop = {
  store?: Partial<StorefrontStore>;
  slots?: () => Slot[] | NonNullable<Refusal>;
  /** The catalogue's items (none unless given). */
  items?: StorefrontCatalogue['items'];
};

/**
 * A server that shows the store (`shop`), prices quotes, refusing those `refuse` answers for (a
 * status and a body), and takes orders unless `refuseOrder` refuses them; a signed-in customer has
 * one address. It keeps what it was sent.
 */
function serveShop(
  shop: Shop = {},
  refuse: (request: Quote) => Refusal = () => null,
  refuseOrder: (request: Quote) => Refusal = () => null,
) {
  const quotes: Quote[] = [];
  const orders: unknown[] = [];
  const sent = { quotes, orders, slotReads: 0 };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url.endsWith('/stores/store-1/catalogue')) {
        const store = { ...nearMart, ...shop.store };
        const items = shop.items ?? [];
        return new Response(JSON.stringify({ store, categories: [], items, truncated: false }), {
          status: 200,
        });
      }
      if (url.endsWith('/stores/store-1/slots')) {
        sent.slotReads++;
        const answer = shop.slots?.() ?? [];
        return Array.isArray(answer)
          ? new Response(JSON.stringify({ items: answer }), { status: 200 })
          : new Response(JSON.stringify(answer.body), { status: answer.status });
      }
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
        orders.push(request);
        const refusal = refuseOrder(request);
        return refusal
          ? new Response(JSON.stringify(refusal.body), { status: refusal.status })
          : new Response(JSON.stringify({ id: 'o1', ...billOf(request) }), { status: 201 });
      }
      quotes.push(request);
      const refusal = refuse(request);
      return refusal
        ? new Response(JSON.stringify(refusal.body), { status: refusal.status })
        : new Response(JSON.stringify(billOf(request)), { status: 200 });
    }),
  );
  return sent;
}

/** A store that delivers as soon as possible only, pricing quotes and refusing as told; the quotes it was sent. */
const serve = (refuse: (request: Quote) => Refusal, refuseOrder?: (request: Quote) => Refusal) =>
  serveShop({}, refuse, refuseOrder).quotes;

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

const business = shopBusiness;

/** The cart page with the cart kept on the phone, and a customer signed in when `signedIn`. */
async function openCart(signedIn = false, value: Cart = kept, items = 'Items in the cart') {
  localStorage.setItem('storedesk:dev:cart', JSON.stringify(value));
  vi.resetModules();
  const { default: CartPage } = await import('./cart.tsx');
  const { cart, session } = await import('../lib/state.ts');
  const { BusinessContext } = await import('../business.ts');
  if (signedIn)
    session.set({ token: 't1', customer: { id: 'c1', name: 'Asha', phone: '9800000001' } } as never);
  render(
    await inLanguage(
      createElement(BusinessContext.Provider, { value: business as never }, createElement(CartPage)),
    ),
  );
  return { cart, user: userEvent.setup(), lines: screen.getByRole('list', { name: items }) };
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

describe('the items’ names in the language shown (ADR 0085)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const inHindi: Cart = {
    ...kept,
    lines: kept.lines.map((line) =>
      line.variantId === 'm500' ? { ...line, nameHi: 'दूध', nameKn: 'ಹಾಲು' } : line,
    ),
  };
  const namesShown = (lines: HTMLElement) =>
    within(lines)
      .getAllByRole('listitem')
      .map((line) => line.querySelector('.item-name')?.textContent?.trim());

  it('shows a Hindi phone the Hindi name the line kept, the English where none, marked as English; the bill as sold', async () => {
    localStorage.setItem('storedesk:dev:language', '"hi"');
    serve(() => null);
    const { lines } = await openCart(false, inHindi, 'कार्ट में सामान');
    expect(namesShown(lines)).toEqual(['दूध · 500 ml', 'Milk · 1 l', 'Atta']);
    expect(within(lines).getByText('दूध · 500 ml').getAttribute('lang')).toBeNull();
    expect(within(lines).getByText('Milk · 1 l').getAttribute('lang')).toBe('en');
    expect(within(lines).getByRole('button', { name: 'दूध · 500 ml एक और जोड़ें' })).toBeTruthy();
    // The bill is the server's: its lines keep the English name, as sold.
    await screen.findByText('कुल देय');
    expect(billLines()[0]).toBe('Milk · 500 ml × 5');
  });

  it('shows a Kannada phone the Kannada name, and takes the catalogue’s names for a line that kept none', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['kn-IN']);
    const atta = {
      id: 'atta',
      name: 'Atta',
      nameHi: 'आटा',
      nameKn: 'ಹಿಟ್ಟು',
      tags: [],
      aliases: [],
      categoryId: null,
      pricePaise: 27_000,
      variants: [],
      veg: true,
      featured: 0,
      imageUrl: null,
      inStock: true,
    } as unknown as StorefrontCatalogue['items'][number];
    serveShop({ items: [atta] });
    const { lines } = await openCart(false, inHindi, 'ಕಾರ್ಟ್‌ನಲ್ಲಿರುವ ಸಾಮಾನುಗಳು');
    await waitFor(() => expect(namesShown(lines)).toEqual(['ಹಾಲು · 500 ml', 'Milk · 1 l', 'ಹಿಟ್ಟು']));
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

describe('delivery slots', () => {
  const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  /** The business's calendar day `days` after today, YYYY-MM-DD. */
  function dayFromToday(days: number): string {
    const [year, month, date] = businessDay(Date.now(), business.timeZone).split('-').map(Number) as [
      number,
      number,
      number,
    ];
    return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
  }
  /** An hour's slot from `hour` o'clock in Kolkata on the day `days` from today, with `available` places. */
  function slotAt(days: number, hour: number, available: number): Slot {
    const startsAt = new Date(
      `${dayFromToday(days)}T${String(hour).padStart(2, '0')}:00:00+05:30`,
    ).toISOString();
    const endsAt = new Date(Date.parse(startsAt) + 3_600_000).toISOString();
    return { id: startsAt, startsAt, endsAt, available };
  }
  const tonight = slotAt(0, 21, 5);
  const tomorrowNine = slotAt(1, 9, 0);
  const tomorrowTen = slotAt(1, 10, 2);
  const tomorrowEleven = slotAt(1, 11, 10);
  const dayAfter = slotAt(2, 9, 4);
  const offered = [tonight, tomorrowNine, tomorrowTen, tomorrowEleven, dayAfter];
  const dayAfterName = (() => {
    const day = dayFromToday(2);
    return `${weekdays[new Date(`${day}T00:00:00Z`).getUTCDay()]} ${day.slice(8, 10)}/${day.slice(5, 7)}`;
  })();

  const closedNow = {
    deliversInSlots: true,
    openNow: false,
    notice: 'This store is closed now. It takes orders from 07:00 AM to 10:00 PM',
    closure: { kind: 'closedNow' as const, openTime: '07:00', closeTime: '22:00', reason: null },
  };
  /** The server's 409 for an order or a bill of the store closed now, without a slot. */
  const chooseSlot = (request: Quote): Refusal =>
    request.slotId
      ? null
      : {
          status: 409,
          body: {
            error: {
              code: 'conflict',
              message: slotMessages.chooseSlot,
              fields: { storeId: slotMessages.chooseSlot },
            },
          },
        };
  const slotRefusal = (message: string) => ({
    status: 409,
    body: { error: { code: 'conflict', message, fields: { slotId: message } } },
  });

  /** The slot choice as the customer reads it: each day's name, and its slots (those that cannot be chosen marked). */
  const slotChoice = (name = 'Delivery slot') =>
    within(screen.getByRole('group', { name }))
      .getAllByRole('group')
      .map((day) => [
        day.querySelector('.slot-day-name')?.textContent,
        within(day)
          .getAllByRole('radio')
          .map(
            (radio) =>
              `${radio.closest('label')?.textContent}${(radio as HTMLInputElement).disabled ? ' (cannot)' : ''}`,
          ),
      ]);

  const placeOrder = async () => {
    const button = await screen.findByRole('button', { name: /^Place order · / });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    return button;
  };

  const ordered = (slotId?: string) => ({
    storeId: 'store-1',
    items: [
      { itemId: 'milk', variantId: 'm500', quantity: 5 },
      { itemId: 'milk', variantId: 'm1', quantity: 1 },
      { itemId: 'atta', quantity: 2 },
    ],
    addressId: 'a1',
    paymentMode: 'COD',
    ifMissing: 'CALL',
    ...(slotId ? { slotId } : {}),
  });

  it('offers As soon as possible or a slot, the slots by day, a full one not choosable and few places said', async () => {
    const sent = serveShop({ store: { deliversInSlots: true }, slots: () => offered });
    const { user } = await openCart();
    const when = await screen.findByRole('group', { name: 'When' });
    expect(
      (within(when).getByRole('radio', { name: 'As soon as possible' }) as HTMLInputElement).checked,
    ).toBe(true);
    await screen.findByText('To pay');
    expect(sent.quotes.every((quote) => quote.slotId === undefined)).toBe(true);

    await user.click(within(when).getByRole('radio', { name: 'Schedule a slot' }));
    await screen.findByRole('group', { name: 'Today' });
    expect(slotChoice()).toEqual([
      ['Today', ['09:00 PM – 10:00 PM ']],
      [
        'Tomorrow',
        ['09:00 AM – 10:00 AM Full (cannot)', '10:00 AM – 11:00 AM 2 left', '11:00 AM – 12:00 PM '],
      ],
      [dayAfterName, ['09:00 AM – 10:00 AM ']],
    ]);
    // What jsdom can judge: names, roles, ARIA (colours need a browser that draws the page).
    const section = screen.getByRole('region', { name: 'When to deliver' });
    const { violations } = await axe.run(section, { rules: { 'color-contrast': { enabled: false } } });
    expect(violations.map((violation) => violation.id)).toEqual([]);

    // The bill is asked for with the slot chosen.
    await user.click(screen.getByRole('radio', { name: /^10:00 AM – 11:00 AM/ }));
    await waitFor(() => expect(sent.quotes.at(-1)?.slotId).toBe(tomorrowTen.id));
    await screen.findByText('To pay');
  });

  it('speaks Hindi: when to deliver, the days and places left, the checkout and the bill', async () => {
    localStorage.setItem('storedesk:dev:language', '"hi"');
    serveShop({ store: { deliversInSlots: true }, slots: () => offered });
    const { user, lines } = await openCart(true, kept, 'कार्ट में सामान');
    expect(document.documentElement.lang).toBe('hi');
    expect(screen.getByRole('heading', { name: 'कार्ट', level: 1 })).toBeTruthy();
    // The store's and its items' names as the store wrote them.
    expect(screen.getByRole('link', { name: 'Near Mart' }).parentElement?.textContent).toBe('Near Mart से');
    expect(within(lines).getByRole('button', { name: 'Milk · 500 ml एक और जोड़ें' })).toBeTruthy();

    const when = await screen.findByRole('group', { name: 'कब' });
    await user.click(within(when).getByRole('radio', { name: 'स्लॉट चुनें' }));
    await screen.findByRole('group', { name: 'आज' });
    const days = slotChoice('डिलीवरी स्लॉट');
    expect(days.map(([day]) => day)).toEqual(['आज', 'कल', expect.stringMatching(/^\S+ \d{2}\/\d{2}$/)]);
    expect(days[1]![1]).toEqual([
      expect.stringMatching(/^09:00 \S+ – 10:00 \S+ भर गया \(cannot\)$/),
      expect.stringMatching(/^10:00 \S+ – 11:00 \S+ 2 बाकी$/),
      expect.stringMatching(/^11:00 \S+ – 12:00 \S+ $/),
    ]);
    expect(await screen.findByText('डिलीवरी स्लॉट चुनें।')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'अगर कोई सामान न मिले' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'कैश ऑन डिलीवरी' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^ऑर्डर करें · ₹[\d,]+\.\d{2}$/ })).toBeTruthy();
    expect(screen.getByText('कुल देय')).toBeTruthy();
  });

  it('moves the slot chosen with the arrow keys, past a full one', async () => {
    serveShop({ store: { deliversInSlots: true }, slots: () => offered });
    const { user } = await openCart();
    await user.click(await screen.findByRole('radio', { name: 'Schedule a slot' }));
    await user.click(await screen.findByRole('radio', { name: /^09:00 PM – 10:00 PM/ }));
    await user.keyboard('{ArrowRight}');
    const checked = within(screen.getByRole('group', { name: 'Delivery slot' })).getByRole('radio', {
      checked: true,
    });
    expect(checked.closest('label')?.textContent).toBe('10:00 AM – 11:00 AM 2 left');
    expect(document.activeElement).toBe(checked);
  });

  it('sends the slot chosen with the order, and the order page follows', async () => {
    const sent = serveShop({ store: { deliversInSlots: true }, slots: () => offered });
    const { user, cart } = await openCart(true);
    await user.click(await screen.findByRole('radio', { name: 'Schedule a slot' }));
    // Until a slot is chosen, Place order says why it waits.
    expect((await screen.findByText('Choose a delivery slot.')).id).toBe('place-needs');
    await user.click(await screen.findByRole('radio', { name: /^11:00 AM – 12:00 PM/ }));
    await user.click(await placeOrder());
    await waitFor(() => expect(window.location.pathname).toBe('/orders/o1'));
    expect(sent.orders).toEqual([ordered(tomorrowEleven.id)]);
    expect(cart.get()).toBeNull();
  });

  it('sends no slot as soon as possible', async () => {
    const sent = serveShop({ store: { deliversInSlots: true }, slots: () => offered });
    const { user } = await openCart(true);
    await screen.findByRole('group', { name: 'When' });
    await user.click(await placeOrder());
    await waitFor(() => expect(window.location.pathname).toBe('/orders/o1'));
    expect(sent.orders).toEqual([ordered()]);
    expect(sent.quotes.every((quote) => quote.slotId === undefined)).toBe(true);
  });

  it('goes straight to the slots when the store is closed now, and prices the cart for the slot chosen', async () => {
    const sent = serveShop({ store: closedNow, slots: () => offered }, chooseSlot);
    const { user } = await openCart();
    await screen.findByText('The store is closed now. Choose a delivery slot.');
    expect(screen.queryByRole('radio', { name: 'As soon as possible' })).toBeNull();
    await screen.findByRole('group', { name: 'Tomorrow' });
    // Not a dead end: no failure said, and no bill until a slot is chosen.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('To pay')).toBeNull();
    await user.click(screen.getByRole('radio', { name: /^11:00 AM – 12:00 PM/ }));
    await screen.findByText('To pay');
    expect(sent.quotes.at(-1)).toEqual({
      storeId: 'store-1',
      items: ordered().items,
      slotId: tomorrowEleven.id,
    });
    expect(screen.getByRole('link', { name: 'Sign in to place your order' })).toBeTruthy();
  });

  it('asks for a slot when the server says the store is closed now, though the store could not be read', async () => {
    const sent = serveShop({ slots: () => offered }, chooseSlot);
    // The store's answer fails; the bill's 409 says the rest.
    const served = vi.mocked(fetch);
    const answer = served.getMockImplementation()!;
    served.mockImplementation(async (url, init) =>
      String(url).endsWith('/catalogue')
        ? new Response(JSON.stringify({ error: { code: 'internal', message: 'Try again' } }), { status: 500 })
        : answer(url, init),
    );
    const { user } = await openCart();
    await screen.findByText('The store is closed now. Choose a delivery slot.');
    await user.click(await screen.findByRole('radio', { name: /^09:00 PM – 10:00 PM/ }));
    await screen.findByText('To pay');
    expect(sent.quotes.at(-1)?.slotId).toBe(tonight.id);
  });

  it('says when a slot is full at ordering, reads the slots again and keeps the cart', async () => {
    let taken = false;
    const sent = serveShop(
      {
        store: { deliversInSlots: true },
        slots: () =>
          taken ? offered.map((slot) => (slot === tomorrowTen ? { ...slot, available: 0 } : slot)) : offered,
      },
      () => null,
      (request) => {
        if (request.slotId !== tomorrowTen.id) return null;
        taken = true;
        return slotRefusal(slotMessages.full);
      },
    );
    const { user, cart } = await openCart(true);
    await user.click(await screen.findByRole('radio', { name: 'Schedule a slot' }));
    await user.click(await screen.findByRole('radio', { name: /^10:00 AM – 11:00 AM/ }));
    await waitFor(() => expect(sent.quotes.at(-1)?.slotId).toBe(tomorrowTen.id));
    const readsBefore = sent.slotReads;
    await user.click(await placeOrder());

    const choice = screen.getByRole('group', { name: 'Delivery slot' });
    expect((await within(choice).findByRole('alert')).textContent).toBe(slotMessages.full);
    await waitFor(() => expect(sent.slotReads).toBeGreaterThan(readsBefore));
    const ten = await within(choice).findByRole('radio', { name: '10:00 AM – 11:00 AM Full' });
    expect((ten as HTMLInputElement).disabled).toBe(true);
    expect((ten as HTMLInputElement).checked).toBe(false);
    expect(window.location.pathname).toBe('/');
    expect(cart.get()?.lines).toHaveLength(3);
    expect(await screen.findByText('Choose a delivery slot.')).toBeTruthy();

    // Another slot: the message goes, and the order is placed for it.
    await user.click(within(choice).getByRole('radio', { name: /^11:00 AM – 12:00 PM/ }));
    expect(within(choice).queryByRole('alert')).toBeNull();
    await user.click(await placeOrder());
    await waitFor(() => expect(window.location.pathname).toBe('/orders/o1'));
    expect(sent.orders.at(-1)).toEqual(ordered(tomorrowEleven.id));
  });

  it('says when the bill’s slot is no longer offered, and offers those that are', async () => {
    let gone = false;
    const sent = serveShop(
      { store: closedNow, slots: () => (gone ? offered.filter((slot) => slot !== tonight) : offered) },
      (request) => {
        if (request.slotId !== tonight.id) return chooseSlot(request);
        gone = true;
        return slotRefusal(slotMessages.gone);
      },
    );
    const { user } = await openCart();
    await user.click(await screen.findByRole('radio', { name: /^09:00 PM – 10:00 PM/ }));
    const choice = screen.getByRole('group', { name: 'Delivery slot' });
    expect((await within(choice).findByRole('alert')).textContent).toBe(slotMessages.gone);
    await waitFor(() => expect(within(choice).queryByRole('group', { name: 'Today' })).toBeNull());
    // Said beside the choice only, not as a failure of the cart.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText('To pay')).toBeNull();
    await user.click(within(choice).getByRole('radio', { name: /^11:00 AM – 12:00 PM/ }));
    await screen.findByText('To pay');
    expect(sent.quotes.at(-1)?.slotId).toBe(tomorrowEleven.id);
  });

  it('says when no slots are left, and offers to try again when they could not be read', async () => {
    let failing = true;
    serveShop({
      store: closedNow,
      slots: () =>
        failing
          ? { status: 503, body: { error: { code: 'unavailable', message: 'The server is busy' } } }
          : [],
    });
    const { user } = await openCart();
    const choice = await screen.findByRole('group', { name: 'Delivery slot' });
    expect((await within(choice).findByRole('alert')).textContent).toContain('The server is busy');
    failing = false;
    await user.click(within(choice).getByRole('button', { name: 'Try again' }));
    await within(choice).findByText('No slots left in the next days.');
    expect(within(choice).queryByRole('radio')).toBeNull();
  });
});

describe('the delivery fee by distance', () => {
  it('prices the bill to the address the order goes to once the addresses are read, naming the band', async () => {
    const sent = serveShop();
    await openCart(true);
    await waitFor(() => expect(sent.quotes.at(-1)?.addressId).toBe('a1'));
    // Asked without an address while they were read, then to the only one saved.
    expect(sent.quotes.map((quote) => quote.addressId ?? null)).toEqual([null, 'a1']);
    expect(sent.quotes.at(-1)).toEqual({
      storeId: 'store-1',
      items: [
        { itemId: 'milk', variantId: 'm500', quantity: 5 },
        { itemId: 'milk', variantId: 'm1', quantity: 1 },
        { itemId: 'atta', quantity: 2 },
      ],
      addressId: 'a1',
    });
    await waitFor(() => expect(billLines()).toContain('Delivery charges (2–5 km)'));
  });
});
