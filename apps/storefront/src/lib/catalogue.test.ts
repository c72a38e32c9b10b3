import { describe, expect, it } from 'vitest';
import { storefrontLimits } from '@storedesk/shared/storefront/schemas';
import {
  lineMaxQuantity,
  lineOf,
  mostOf,
  quantityIn,
  serverQueries,
  shownItems,
  shownVariant,
  soldOut,
  variantsOf,
  type CatalogueItem,
} from './catalogue.ts';

const variant = (
  id: string,
  label: string,
  rupees: number,
  more: { inStock?: boolean; left?: number } = {},
) => ({
  id,
  label,
  pricePaise: rupees * 100,
  mrpPaise: null,
  stepGrams: null,
  maxGrams: null,
  inStock: more.inStock ?? true,
  left: more.left ?? null,
});

const item = (
  id: string,
  name: string,
  variants: CatalogueItem['variants'],
  more: Partial<CatalogueItem> = {},
) => ({
  id,
  name,
  nameHi: null,
  nameKn: null,
  tags: [],
  aliases: [],
  categoryId: 'dairy',
  pricePaise: Math.min(...variants.map((each) => each.pricePaise)),
  variants,
  veg: true,
  featured: 0,
  imageUrl: null,
  inStock: true,
  ...more,
});

const milk = item('milk', 'Milk', [
  variant('m500', '500 ml', 30),
  variant('m1', '1 l', 58),
  variant('m2', '2 l', 110, { inStock: false }),
]);
const categories = [
  { id: 'dairy', name: 'Dairy & Eggs', nameHi: null, nameKn: null },
  { id: 'staples', name: 'Rice & Staples', nameHi: null, nameKn: null },
];

describe('the variant an item shows', () => {
  it('is the first in stock, unless one is in the cart or the customer chose one', () => {
    const soldFirst = item('curd', 'Curd', [
      variant('c200', '200 g', 20, { inStock: false }),
      variant('c400', '400 g', 38),
      variant('c1', '1 kg', 90),
    ]);
    expect(shownVariant(soldFirst, undefined, []).label).toBe('400 g');
    const inCart = [{ ...lineOf(soldFirst, soldFirst.variants[2]!), quantity: 1 }];
    expect(shownVariant(soldFirst, undefined, inCart).label).toBe('1 kg');
    expect(shownVariant(soldFirst, 'c400', inCart).label).toBe('400 g');
    expect(shownVariant(soldFirst, 'gone', []).label).toBe('400 g');
  });

  it('is the first when every one is sold out, and such an item is sold out', () => {
    const gone = item('salt', 'Salt', [
      variant('s1', '1 kg', 28, { inStock: false }),
      variant('s2', '2 kg', 50, { inStock: false }),
    ]);
    expect(shownVariant(gone, undefined, []).label).toBe('1 kg');
    expect(soldOut(gone)).toBe(true);
    expect(soldOut(milk)).toBe(false);
    expect(soldOut({ ...milk, inStock: false })).toBe(true);
  });

  it('is the item itself for a catalogue kept from before variants, whose line names none', () => {
    const old = { ...item('rice', 'Rice', []), pricePaise: 6_400 } as CatalogueItem;
    delete (old as Partial<CatalogueItem>).variants;
    const only = variantsOf(old);
    expect(only).toEqual([variant('', '', 64)]);
    expect(lineOf(old, only[0]!)).toEqual({ itemId: 'rice', name: 'Rice', pricePaise: 6_400, veg: true });
  });
});

describe('how many of a variant the cart holds', () => {
  it('counts that variant’s line, and for an item of one variant a line that names none', () => {
    const atta = item('atta', 'Atta', [variant('a5', '5 kg', 270)]);
    const lines = [
      { ...lineOf(milk, milk.variants[0]!), quantity: 2 },
      { ...lineOf(milk, milk.variants[1]!), quantity: 1 },
      { itemId: 'atta', name: 'Atta', pricePaise: 27_000, quantity: 4 },
    ];
    expect(quantityIn(lines, milk, milk.variants[0]!)).toBe(2);
    expect(quantityIn(lines, milk, milk.variants[1]!)).toBe(1);
    expect(quantityIn(lines, milk, milk.variants[2]!)).toBe(0);
    expect(quantityIn(lines, atta, atta.variants[0]!)).toBe(4);
  });
});

describe('the list of a store', () => {
  const rice = item('rice', 'Sona Masoori Rice', [variant('r', '', 64)], {
    categoryId: 'staples',
    tags: ['chawal'],
    featured: 2,
  });
  it('finds items by name, by what people also call them and by category, featured first', () => {
    expect(shownItems([milk, rice], categories, '', null).map((each) => each.id)).toEqual(['rice', 'milk']);
    expect(shownItems([milk, rice], categories, 'chawal', null).map((each) => each.id)).toEqual(['rice']);
    expect(shownItems([milk, rice], categories, 'dairy', null).map((each) => each.id)).toEqual(['milk']);
    expect(shownItems([milk, rice], categories, '', 'staples').map((each) => each.id)).toEqual(['rice']);
  });

  it('finds items by their other names, Hindi and Kannada ones too, which the list never shows', () => {
    const onions = item('onions', 'Onions', [variant('o', '', 40)], { aliases: ['pyaz', 'प्याज़', 'ಈರುಳ್ಳಿ'] });
    const search = (text: string) =>
      shownItems([milk, onions], categories, text, null).map((each) => each.id);
    expect(search('pyaz')).toEqual(['onions']);
    expect(search('PYA')).toEqual(['onions']);
    expect(search('प्याज़')).toEqual(['onions']);
    expect(search('ಈರುಳ್ಳಿ')).toEqual(['onions']);
    expect(search('lahsun')).toEqual([]);
    // A catalogue kept offline from before other names has none, and is still searched by name.
    const { aliases: _aliases, ...kept } = onions;
    expect(shownItems([kept as CatalogueItem], categories, 'onio', null)).toHaveLength(1);
    expect(shownItems([kept as CatalogueItem], categories, 'pyaz', null)).toEqual([]);
  });
});

describe('what the server is asked when the catalogue came truncated', () => {
  it('asks nothing without a search or a category', () => {
    expect(serverQueries('  ', null, categories)).toEqual([]);
  });

  it('asks for the category chosen, with the search when there is one', () => {
    expect(serverQueries('', 'dairy', categories)).toEqual([['?categoryId=dairy']]);
    expect(serverQueries('paneer', 'dairy', categories)).toEqual([['?q=paneer&categoryId=dairy']]);
  });

  it('asks the words in turn, longest first and of equal ones the last typed, a word that names a category last', () => {
    expect(serverQueries('toned milk', null, categories)).toEqual([['?q=toned', '?q=milk']]);
    expect(serverQueries('bulk item 4321', null, categories)).toEqual([['?q=4321', '?q=item', '?q=bulk']]);
    expect(serverQueries('dairy milk milk', null, categories)).toEqual([['?q=milk', '?q=dairy']]);
  });

  it('asks for a category the whole search names, besides its words', () => {
    expect(serverQueries('rice', null, categories)).toEqual([['?q=rice'], ['?categoryId=staples']]);
    expect(serverQueries('Dairy', null, categories)).toEqual([['?q=dairy'], ['?categoryId=dairy']]);
  });
});

describe('the most of a variant the cart may hold', () => {
  it('is the most of one line the server takes, fewer steps when loose, and no more than are left', () => {
    expect(lineMaxQuantity).toBe(storefrontLimits.maxQuantity);
    expect(mostOf(variant('m1', '1 l', 58))).toBe(99);
    expect(mostOf(variant('m1', '1 l', 58, { left: 3 }))).toBe(3);
    const onions = { ...variant('o', '', 36), stepGrams: 250, maxGrams: 5_000 };
    expect(mostOf(onions)).toBe(20);
    expect(mostOf({ ...onions, left: 6 })).toBe(6);
  });
});
