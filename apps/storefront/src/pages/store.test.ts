import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StorefrontCatalogue } from '@storedesk/shared/storefront/schemas';
import type { Cart } from '../lib/state.ts';
import { searchPauseMs } from '../lib/use-store-search.ts';
import { inLanguage } from '../testing/in-language.ts';

beforeEach(() => {
  // The arrow keys' walk through a radio group finds the group by a selector made with CSS.escape, which jsdom lacks.
  vi.stubGlobal('CSS', { escape: (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`) });
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

type Item = StorefrontCatalogue['items'][number];
type Variant = Item['variants'][number];

const store: StorefrontCatalogue['store'] = {
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

const variant = (id: string, label: string, rupees: number, more: Partial<Variant> = {}): Variant => ({
  id,
  label,
  pricePaise: rupees * 100,
  mrpPaise: null,
  stepGrams: null,
  maxGrams: null,
  inStock: true,
  left: null,
  ...more,
});

function item(id: string, name: string, variants: Variant[], more: Partial<Item> = {}): Item {
  return {
    id,
    name,
    nameHi: null,
    nameKn: null,
    tags: [],
    aliases: [],
    categoryId: null,
    pricePaise: Math.min(...variants.map((each) => each.pricePaise)),
    variants,
    veg: true,
    featured: 0,
    imageUrl: null,
    inStock: true,
    ...more,
  };
}

const milk = item('milk', 'Milk', [
  variant('m500', '500 ml', 30, { mrpPaise: 3_200, left: 3 }),
  variant('m1', '1 l', 58, { mrpPaise: 6_000 }),
  variant('m2', '2 l', 110, { inStock: false }),
]);
const atta = item('atta', 'Atta', [variant('a5', '', 270, { mrpPaise: 30_000 })]);
const salt = item('salt', 'Salt', [
  variant('s1', '1 kg', 28, { inStock: false }),
  variant('s2', '2 kg', 50, { inStock: false }),
]);

const catalogueOf = (items: Item[], more: Partial<StorefrontCatalogue> = {}): StorefrontCatalogue => ({
  store,
  categories: [],
  items,
  truncated: false,
  ...more,
});

/** A server that answers the store's catalogue, and the searches of it, from `answer`. */
function serve(answer: (query: string) => StorefrontCatalogue) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const query = new URL(url, 'http://shop').search;
      asked.push(query);
      return new Response(JSON.stringify(answer(query)), { status: 200 });
    }),
  );
  return asked;
}

/** The store page as a customer opens it, with what the phone kept from before; `items` names its list. */
async function openStore(kept: Cart | null = null, items = 'Items') {
  if (kept) localStorage.setItem('storedesk:dev:cart', JSON.stringify(kept));
  vi.resetModules();
  const { default: StorePage } = await import('./store.tsx');
  const { cart } = await import('../lib/state.ts');
  render(await inLanguage(createElement(StorePage, { storeId: 'store-1' })));
  const list = await screen.findByRole('list', { name: items });
  return { cart, list, user: userEvent.setup() };
}

/** The row of the list that shows `name`. */
function rowOf(list: HTMLElement, name: string): HTMLElement {
  const row = within(list)
    .getAllByRole('listitem')
    .find((each) => each.textContent?.includes(name));
  if (!row) throw new Error(`no row shows ${name}`);
  return row;
}

/** What a row says, its words separated as a screen shows them. */
const textOf = (row: Element) => row.textContent?.replace(/\s+/g, ' ').trim();

describe('an item with several pack sizes', () => {
  it('shows them as a radio group, the first in stock chosen, with its price, MRP struck through, saving and units left', async () => {
    serve(() => catalogueOf([milk]));
    const { list } = await openStore();
    const row = rowOf(list, 'Milk');
    const sizes = within(row).getByRole('radiogroup', { name: 'Pack size of Milk' });
    const radios = within(sizes).getAllByRole('radio');
    expect(
      radios.map((radio) => [radio.closest('label')?.textContent, (radio as HTMLInputElement).checked]),
    ).toEqual([
      ['500 ml ₹30.00', true],
      ['1 l ₹58.00', false],
      ['2 l Sold out', false],
    ]);
    expect(radios.map((radio) => (radio as HTMLInputElement).disabled)).toEqual([false, false, true]);
    expect(row.querySelector('s')?.textContent).toBe('₹32.00');
    expect(textOf(row.querySelector('.item-price')!)).toBe('₹30.00 MRP ₹32.00 Save ₹2.00 (6%)');
    expect(within(row).getByText('Only 3 left')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Add Milk · 500 ml' })).toBeTruthy();
  });

  it('shows the price of the size chosen, and adds that size, each size on a line of its own', async () => {
    serve(() => catalogueOf([milk]));
    const { list, cart, user } = await openStore();
    const row = rowOf(list, 'Milk');
    await user.click(within(row).getByRole('radio', { name: '1 l ₹58.00' }));
    expect(textOf(row.querySelector('.item-price')!)).toBe('₹58.00 MRP ₹60.00 Save ₹2.00 (3%)');
    expect(textOf(row)).not.toContain('left');
    await user.click(within(row).getByRole('button', { name: 'Add Milk · 1 l' }));
    await user.click(within(row).getByRole('button', { name: 'One more Milk · 1 l' }));
    await user.click(within(row).getByRole('radio', { name: /^500 ml/ }));
    await user.click(within(row).getByRole('button', { name: 'Add Milk · 500 ml' }));
    expect(cart.get()?.lines).toEqual([
      {
        itemId: 'milk',
        variantId: 'm1',
        variantLabel: '1 l',
        name: 'Milk',
        pricePaise: 5_800,
        veg: true,
        quantity: 2,
      },
      {
        itemId: 'milk',
        variantId: 'm500',
        variantLabel: '500 ml',
        name: 'Milk',
        pricePaise: 3_000,
        veg: true,
        quantity: 1,
      },
    ]);
    // Each size says how many of it the cart holds; the bar counts them all.
    expect(within(row).getByRole('radio', { name: '1 l ₹58.00 , 2 in the cart' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /^View cart · 3 items · ₹146.00/ })).toBeTruthy();
  });

  it('moves the choice with the arrow keys, past a sold-out size', async () => {
    serve(() => catalogueOf([milk]));
    const { list, user } = await openStore();
    const row = rowOf(list, 'Milk');
    await user.click(within(row).getByRole('radio', { name: /^1 l/ }));
    await user.keyboard('{ArrowRight}');
    const checked = within(row).getByRole('radio', { checked: true });
    expect(checked.closest('label')?.textContent).toBe('500 ml ₹30.00');
    expect(document.activeElement).toBe(checked);
    expect(within(row).getByRole('button', { name: 'Add Milk · 500 ml' })).toBeTruthy();
  });

  it('is greyed with “Out of stock” and cannot be added once every size is sold out', async () => {
    serve(() => catalogueOf([salt, { ...atta, id: 'off', name: 'Poha', inStock: false }]));
    const { list } = await openStore();
    for (const name of ['Salt', 'Poha']) {
      const row = rowOf(list, name);
      expect(textOf(row)).toContain('Out of stock');
      expect(within(row).queryByRole('button')).toBeNull();
    }
    const sizes = within(rowOf(list, 'Salt')).getAllByRole('radio');
    expect(sizes.every((radio) => (radio as HTMLInputElement).disabled)).toBe(true);
  });
});

describe('an item of one variant', () => {
  it('looks as before, with its MRP and saving, and no sizes to choose', async () => {
    serve(() => catalogueOf([atta]));
    const { list, cart, user } = await openStore();
    const row = rowOf(list, 'Atta');
    expect(within(row).queryByRole('radiogroup')).toBeNull();
    expect(textOf(row.querySelector('.item-price')!)).toBe('₹270.00 MRP ₹300.00 Save ₹30.00 (10%)');
    await user.click(within(row).getByRole('button', { name: 'Add Atta' }));
    expect(cart.get()?.lines).toEqual([
      {
        itemId: 'atta',
        variantId: 'a5',
        variantLabel: '',
        name: 'Atta',
        pricePaise: 27_000,
        veg: true,
        quantity: 1,
      },
    ]);
  });

  it('is found in a cart kept from before variants, whose line then names the variant', async () => {
    serve(() => catalogueOf([atta, milk]));
    const kept: Cart = {
      storeId: 'store-1',
      storeName: 'Near Mart',
      couponCode: '',
      lines: [
        { itemId: 'atta', name: 'Atta', pricePaise: 27_000, veg: true, quantity: 2 },
        { itemId: 'milk', name: 'Milk', pricePaise: 3_000, veg: true, quantity: 1 },
      ],
    };
    const { list, cart } = await openStore(kept);
    const row = rowOf(list, 'Atta');
    expect(within(row).getByRole('group', { name: 'Atta in the cart' }).textContent).toContain('2');
    await waitFor(() =>
      expect(cart.get()?.lines).toEqual([
        {
          itemId: 'atta',
          variantId: 'a5',
          variantLabel: '',
          name: 'Atta',
          pricePaise: 27_000,
          veg: true,
          quantity: 2,
        },
        // An item that has several sizes now: the customer chooses, in the cart.
        { itemId: 'milk', name: 'Milk', pricePaise: 3_000, veg: true, quantity: 1 },
      ]),
    );
  });
});

describe('an item sold loose', () => {
  const onions = item('onions', 'Onions', [
    variant('o250', '', 36, { mrpPaise: 4_000, stepGrams: 250, maxGrams: 1_000 }),
  ]);

  it('is priced per kg with what a step costs; its stepper goes by steps, shows the weight and its price, and stops at the most per order', async () => {
    serve(() => catalogueOf([onions]));
    const { list, cart, user } = await openStore();
    const row = rowOf(list, 'Onions');
    expect(textOf(row.querySelector('.item-price')!)).toBe('₹36.00/kg MRP ₹40.00/kg Save ₹4.00/kg (10%)');
    expect(within(row).getByText('250 g for ₹9.00')).toBeTruthy();

    await user.click(within(row).getByRole('button', { name: 'Add Onions · 250 g' }));
    const stepper = within(row).getByRole('group', { name: 'Onions · 250 g in the cart' });
    expect(within(stepper).getByRole('status').textContent).toBe('250 g');
    expect(row.querySelector('.line-action > .price')?.textContent).toBe('₹9.00');
    const more = within(row).getByRole('button', { name: 'One more Onions · 250 g' });
    await user.click(more);
    await user.click(more);
    expect(within(stepper).getByRole('status').textContent).toBe('750 g');
    expect(row.querySelector('.line-action > .price')?.textContent).toBe('₹27.00');
    await user.click(more);
    // 1 kg is the most one order may take.
    expect(within(stepper).getByRole('status').textContent).toBe('1 kg');
    expect((more as HTMLButtonElement).disabled).toBe(true);
    expect(cart.get()?.lines).toEqual([
      {
        itemId: 'onions',
        variantId: 'o250',
        variantLabel: '250 g',
        name: 'Onions',
        pricePaise: 900,
        veg: true,
        stepGrams: 250,
        maxGrams: 1_000,
        quantity: 4,
      },
    ]);
    // 1 kg of onions is one item in the cart, whatever it weighs.
    expect(screen.getByRole('link', { name: /^View cart · 1 item · ₹36.00/ })).toBeTruthy();
  });

  it('says how much is left as a weight, and takes no more steps than are left', async () => {
    serve(() =>
      catalogueOf([
        item('onions', 'Onions', [variant('o250', '', 36, { stepGrams: 250, maxGrams: 5_000, left: 2 })]),
        item('rice', 'Rice', [
          variant('r5', '5 kg', 320),
          variant('rl', 'Loose', 60, { stepGrams: 500, maxGrams: 10_000 }),
        ]),
      ]),
    );
    const { list, user } = await openStore();
    const row = rowOf(list, 'Onions');
    expect(within(row).getByText('Only 500 g left')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Add Onions · 250 g' }));
    await user.click(within(row).getByRole('button', { name: 'One more Onions · 250 g' }));
    expect(within(row).getByRole('status').textContent).toBe('500 g');
    expect(
      (within(row).getByRole('button', { name: 'One more Onions · 250 g' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    // A loose size beside a pack: its chip is priced per kg, and says the weight in the cart.
    const rice = rowOf(list, 'Rice');
    await user.click(within(rice).getByRole('radio', { name: 'Loose ₹60.00/kg' }));
    await user.click(within(rice).getByRole('button', { name: 'Add Rice · Loose · 500 g' }));
    expect(within(rice).getByRole('radio', { name: 'Loose ₹60.00/kg , 500 g in the cart' })).toBeTruthy();
  });
});

describe('a store of thousands of items', () => {
  const many = Array.from({ length: 5_000 }, (_, index) =>
    item(`item-${index}`, `Item ${String(index).padStart(4, '0')}`, [variant(`v-${index}`, '', 10)]),
  );

  it('renders only the rows in sight, and the next ones as the page scrolls', async () => {
    serve(() => catalogueOf(many));
    const { list } = await openStore();
    const shown = () => within(list).getAllByRole('listitem');
    expect(shown().length).toBeGreaterThan(5);
    expect(shown().length).toBeLessThan(60);
    expect(shown()[0]!.getAttribute('aria-setsize')).toBe('5000');
    expect(screen.queryByText('Item 2000')).toBeNull();

    // 2,000 rows of the estimated height down the page.
    vi.spyOn(list, 'getBoundingClientRect').mockReturnValue({ top: -200_000 } as DOMRect);
    await act(async () => {
      fireEvent.scroll(window);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    expect(screen.getByText('Item 2000')).toBeTruthy();
    expect(screen.queryByText('Item 0000')).toBeNull();
    expect(shown().length).toBeLessThan(60);
  });
});

describe('search in a store', () => {
  const rice = item('rice', 'Sona Masoori Rice', [variant('r', '', 64)], { tags: ['chawal'] });
  const basmati = item('basmati', 'Basmati Rice', [variant('b', '', 120)], { tags: ['chawal'] });

  it('finds items by what people also call them, in the app alone when the catalogue came whole', async () => {
    // The page's clock is ours, so that the pause after which a truncated catalogue asks the server passes at once.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const asked = serve(() => catalogueOf([milk, rice]));
      const { list } = await openStore();
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.type(screen.getByRole('searchbox', { name: 'Search this store' }), 'chawal');
      await waitFor(() => expect(within(list).getAllByRole('listitem').map(textOf)).toHaveLength(1));
      expect(textOf(rowOf(list, 'Rice'))).toContain('Sona Masoori Rice');
      await act(() => vi.advanceTimersByTimeAsync(searchPauseMs * 2));
      expect(asked).toEqual(['']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks the server too when the catalogue came truncated, and shows what it finds', async () => {
    const asked = serve((query) =>
      query === '' ? catalogueOf([milk, rice], { truncated: true }) : catalogueOf([rice, basmati]),
    );
    await openStore();
    expect(screen.getByText('Search to see more items.')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search this store' }), 'chawal');
    // The app's own match at once, the server's once typing pauses.
    expect(await screen.findByText('Sona Masoori Rice')).toBeTruthy();
    expect(await screen.findByText('Basmati Rice')).toBeTruthy();
    expect(asked).toEqual(['', '?q=chawal']);
    expect(screen.queryByText('Milk')).toBeNull();
  });

  it('asks the next word when the answer to one came truncated too, and shows what the whole answer finds', async () => {
    const bulk = Array.from({ length: 30 }, (_, index) =>
      item(`bulk-${index}`, `Bulk Item ${index}`, [variant(`b${index}`, '', 10)]),
    );
    const wanted = item('bulk-4321', 'Bulk Item 4321', [variant('b4321', '', 10)]);
    const asked = serve((query) =>
      query === ''
        ? catalogueOf([milk], { truncated: true })
        : query === '?q=4321'
          ? catalogueOf(bulk.slice(0, 3), { truncated: true })
          : catalogueOf([...bulk.slice(0, 5), wanted]),
    );
    await openStore();
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search this store' }), 'bulk item 4321');
    expect(await screen.findByText('Bulk Item 4321')).toBeTruthy();
    expect(asked).toEqual(['', '?q=4321', '?q=item']);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByText(/More items match/)).toBeNull();
  });
});

describe('a store closed now', () => {
  const notice = 'This store is closed now. It takes orders from 07:00 AM to 10:00 PM';
  const closure = { kind: 'closedNow' as const, openTime: '07:00', closeTime: '22:00', reason: null };

  it('takes orders for later when it delivers in slots, and says so', async () => {
    serve(() =>
      catalogueOf([atta], { store: { ...store, openNow: false, notice, closure, deliversInSlots: true } }),
    );
    const { list, cart, user } = await openStore();
    expect(screen.getByRole('status').textContent).toBe('Closed now · order for later');
    expect(screen.queryByText(notice, { exact: false })).toBeNull();
    await user.click(within(rowOf(list, 'Atta')).getByRole('button', { name: 'Add Atta' }));
    expect(cart.get()?.lines).toHaveLength(1);
    expect(screen.getByRole('link', { name: /^View cart · 1 item/ })).toBeTruthy();
  });

  it('says why and offers nothing to add when it delivers as soon as possible only', async () => {
    serve(() => catalogueOf([atta], { store: { ...store, openNow: false, notice, closure } }));
    const { list } = await openStore();
    expect(screen.getByRole('status').textContent).toBe(
      `${notice}. You can look around; ordering opens when the store does.`,
    );
    expect(within(rowOf(list, 'Atta')).queryByRole('button')).toBeNull();
  });
});

describe('a store in the language the customer chose', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const onions = item('onions', 'Onions', [
    variant('o250', '', 36, { mrpPaise: 4_000, stepGrams: 250, maxGrams: 1_000, left: 2 }),
  ]);

  it('speaks Hindi: sizes, prices per kg, savings, what is left, Add and the cart; the store’s words as written', async () => {
    localStorage.setItem('storedesk:dev:language', '"hi"');
    serve(() => catalogueOf([milk, onions, salt]));
    const { list, user } = await openStore(null, 'सामान');
    expect(document.documentElement.lang).toBe('hi');
    expect(screen.getByRole('heading', { name: 'Near Mart' })).toBeTruthy();
    expect(screen.getByText(/^खुला है · 07:00 \S+ से 10:00 \S+ तक$/)).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'इस स्टोर में खोजें' })).toBeTruthy();

    const milkRow = rowOf(list, 'Milk');
    const sizes = within(milkRow).getByRole('radiogroup', { name: 'Milk का पैक साइज़' });
    expect(
      within(sizes)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['500 ml ₹30.00', '1 l ₹58.00', '2 l बिक गया']);
    expect(textOf(milkRow.querySelector('.item-price')!)).toBe('₹30.00 MRP ₹32.00 ₹2.00 की बचत (6%)');
    expect(within(milkRow).getByText('सिर्फ़ 3 बचे हैं')).toBeTruthy();

    const onionRow = rowOf(list, 'Onions');
    expect(textOf(onionRow.querySelector('.item-price')!)).toBe(
      '₹36.00/किलो MRP ₹40.00/किलो ₹4.00/किलो की बचत (10%)',
    );
    expect(within(onionRow).getByText('250 g ₹9.00 में')).toBeTruthy();
    expect(within(onionRow).getByText('सिर्फ़ 500 g बचा है')).toBeTruthy();
    expect(within(rowOf(list, 'Salt')).getByText('स्टॉक में नहीं')).toBeTruthy();

    await user.click(within(milkRow).getByRole('button', { name: 'Milk · 500 ml जोड़ें' }));
    await user.click(within(milkRow).getByRole('button', { name: 'Milk · 500 ml एक और जोड़ें' }));
    expect(screen.getByRole('link', { name: 'कार्ट देखें · 2 सामान · ₹60.00' })).toBeTruthy();
    expect(textOf(document.body)).not.toMatch(/\b(Add|Sold out|Only|left|Save|View cart|Search)\b/);
  });

  it('speaks Kannada when the browser asks for it and nothing was chosen', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['kn-IN', 'en-US']);
    serve(() => catalogueOf([milk]));
    const { list } = await openStore(null, 'ಸಾಮಾನುಗಳು');
    expect(document.documentElement.lang).toBe('kn');
    expect(within(rowOf(list, 'Milk')).getByText('ಇನ್ನು 3 ಮಾತ್ರ ಉಳಿದಿವೆ')).toBeTruthy();
    expect(within(rowOf(list, 'Milk')).getByRole('button', { name: 'Milk · 500 ml ಸೇರಿಸಿ' })).toBeTruthy();
  });
});

describe('the business’s names in the language shown (ADR 0085)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const rice = item('rice', 'Sona Masoori Rice', [variant('r', '', 64)], {
    nameHi: 'चावल',
    nameKn: 'ಅಕ್ಕಿ',
    categoryId: 'staples',
  });
  const curd = item('curd', 'Curd', [variant('c', '', 40)], { categoryId: 'dairy' });
  const categories = [
    { id: 'staples', name: 'Staples', nameHi: 'राशन', nameKn: null },
    { id: 'dairy', name: 'Dairy', nameHi: null, nameKn: 'ಹೈನು' },
  ];

  it('shows a Hindi phone the Hindi item and category names, the English where none was given, marked as English', async () => {
    localStorage.setItem('storedesk:dev:language', '"hi"');
    serve(() => catalogueOf([rice, curd], { categories }));
    const { list, cart, user } = await openStore(null, 'सामान');

    const riceRow = rowOf(list, 'चावल');
    expect(textOf(riceRow)).not.toContain('Sona Masoori');
    expect(within(riceRow).getByText('चावल').getAttribute('lang')).toBeNull();
    // No Hindi name: the English, marked so a screen reader reads it as English on a Hindi page.
    expect(within(rowOf(list, 'Curd')).getByText('Curd').getAttribute('lang')).toBe('en');

    const chips = within(screen.getByRole('navigation', { name: 'कैटेगरी' }));
    expect(chips.getByRole('button', { name: 'राशन' }).getAttribute('lang')).toBeNull();
    expect(chips.getByRole('button', { name: 'Dairy' }).getAttribute('lang')).toBe('en');
    expect(screen.queryByText('Staples')).toBeNull();

    // The cart keeps the names from the catalogue, for the cart page to show.
    await user.click(within(riceRow).getByRole('button', { name: 'चावल जोड़ें' }));
    expect(cart.get()?.lines[0]).toMatchObject({ name: 'Sona Masoori Rice', nameHi: 'चावल', nameKn: 'ಅಕ್ಕಿ' });
  });

  it('shows the store’s description in the language shown, the English where none was given', async () => {
    localStorage.setItem('storedesk:dev:language', '"hi"');
    const described = {
      ...store,
      description: 'Your neighbourhood grocer.',
      descriptionHi: 'आपकी पड़ोस की किराना दुकान।',
      descriptionKn: null,
    };
    serve(() => catalogueOf([curd], { store: described }));
    await openStore(null, 'सामान');
    const hindi = screen.getByText('आपकी पड़ोस की किराना दुकान।');
    expect(hindi.getAttribute('lang')).toBeNull();
    expect(screen.queryByText('Your neighbourhood grocer.')).toBeNull();
    cleanup();
    localStorage.clear();

    // A Kannada phone: none was given in Kannada, so the English, marked as English.
    localStorage.setItem('storedesk:dev:language', '"kn"');
    serve(() => catalogueOf([curd], { store: described }));
    await openStore(null, 'ಸಾಮಾನುಗಳು');
    expect(screen.getByText('Your neighbourhood grocer.').getAttribute('lang')).toBe('en');
  });

  it('shows a Kannada phone the Kannada names, and an English phone the English ones', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['kn-IN']);
    serve(() => catalogueOf([rice, curd], { categories }));
    const { list } = await openStore(null, 'ಸಾಮಾನುಗಳು');
    expect(within(list).getByText('ಅಕ್ಕಿ')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ಹೈನು' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Staples' }).getAttribute('lang')).toBe('en');
    cleanup();
    vi.restoreAllMocks();
    localStorage.clear();

    serve(() => catalogueOf([rice, curd], { categories }));
    const english = await openStore();
    expect(within(english.list).getByText('Sona Masoori Rice').getAttribute('lang')).toBeNull();
    expect(screen.getByRole('button', { name: 'Staples' })).toBeTruthy();
    expect(screen.queryByText('चावल')).toBeNull();
  });

  it('finds an item by its Hindi name, and its category by the category’s', async () => {
    serve(() => catalogueOf([rice, curd, milk], { categories }));
    const { list, user } = await openStore();
    const search = screen.getByRole('searchbox', { name: 'Search this store' });
    await user.type(search, 'चावल');
    await waitFor(() => expect(within(list).getAllByRole('listitem').map(textOf)).toHaveLength(1));
    expect(textOf(rowOf(list, 'Sona Masoori Rice'))).toContain('Sona Masoori Rice');
    await user.clear(search);
    await user.type(search, 'ಹೈನು');
    await waitFor(() => expect(within(list).getAllByRole('listitem').map(textOf)).toHaveLength(1));
    expect(textOf(rowOf(list, 'Curd'))).toContain('Curd');
  });
});

describe('the store’s own minimum and delivery fee', () => {
  const rule = {
    minimumOrderPaise: 19_900,
    feeBands: [
      { fromKm: 0, feePaise: 2_000 },
      { fromKm: 2, feePaise: 4_000 },
    ],
    freeFromPaise: 49_900,
  };
  const headOf = () => screen.getByRole('heading', { level: 1, name: 'Near Mart' }).closest('section')!;

  it('says them under the store’s hours', async () => {
    serve(() => catalogueOf([milk], { store: { ...store, deliveryRule: rule } }));
    await openStore();
    expect(within(headOf()).getByText(/^Minimum/).textContent).toBe(
      'Minimum ₹199.00 · Delivery ₹20.00–₹40.00 by distance · free from ₹499.00',
    );
  });

  it('says them in the language shown; a store without its own says nothing of them', async () => {
    localStorage.setItem('storedesk:dev:language', '"hi"');
    serve(() =>
      catalogueOf([milk], {
        store: {
          ...store,
          deliveryRule: { ...rule, feeBands: [{ fromKm: 0, feePaise: 0 }], minimumOrderPaise: 0 },
        },
      }),
    );
    await openStore(null, 'सामान');
    expect([...headOf().querySelectorAll('p.hint')].map((p) => p.textContent)).toEqual(['मुफ़्त डिलीवरी']);
    cleanup();
    localStorage.clear();
    serve(() => catalogueOf([milk]));
    await openStore();
    expect(headOf().querySelectorAll('p.hint')).toHaveLength(0);
  });
});

describe('a store that takes no orders now', () => {
  const closedNotice = () => screen.getByRole('status').textContent;

  it('says why in the language shown, with the business’s own reason as written', async () => {
    localStorage.setItem('storedesk:dev:language', '"hi"');
    serve(() =>
      catalogueOf([milk], {
        store: {
          ...store,
          openNow: false,
          notice: 'This store is closed today (Diwali)',
          closure: { kind: 'closedToday', reason: 'Diwali' },
        },
      }),
    );
    await openStore(null, 'सामान');
    expect(closedNotice()).toBe('यह स्टोर आज बंद है (Diwali). आप सामान देख सकते हैं; स्टोर खुलते ही ऑर्डर कर सकेंगे।');
  });

  it('says today’s special hours and why, in English as the server does', async () => {
    serve(() =>
      catalogueOf([milk], {
        store: {
          ...store,
          openNow: false,
          notice: 'This store is closed now. Today (Half day) it takes orders from 02:00 PM to 06:00 PM',
          closure: { kind: 'closedNow', openTime: '14:00', closeTime: '18:00', reason: 'Half day' },
        },
      }),
    );
    await openStore();
    expect(closedNotice()).toBe(
      'This store is closed now. Today (Half day) it takes orders from 02:00 PM to 06:00 PM. You can look around; ordering opens when the store does.',
    );
  });
});
