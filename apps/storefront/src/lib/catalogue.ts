/*
 * The store page's rules over the catalogue answer: an item's variants and which one is chosen,
 * what the list shows for a search and a category, and what to ask the server when the answer
 * held only part of the store (`truncated`).
 */
import { maxQuantityOf, soldAs } from '@storedesk/shared/catalogue/variants';
import type { StorefrontCatalogue } from '@storedesk/shared/storefront/schemas';
import { matchesSearch, searchWords } from '@storedesk/shared/storefront/search';
import type { CartLine } from './state.ts';

export type CatalogueItem = StorefrontCatalogue['items'][number];
export type ItemVariant = CatalogueItem['variants'][number];
type Category = StorefrontCatalogue['categories'][number];

/**
 * An item's variants in their order. A catalogue kept from before variants (the app's offline
 * copy) has none: the item is then its own only variant, with no id.
 */
export function variantsOf(item: CatalogueItem): ItemVariant[] {
  if (item.variants?.length) return item.variants;
  return [
    {
      id: '',
      label: '',
      pricePaise: item.pricePaise,
      mrpPaise: null,
      stepGrams: null,
      maxGrams: null,
      inStock: item.inStock,
      left: null,
    },
  ];
}

/**
 * The most of one line an order takes: `storefrontLimits.maxQuantity`, written here as the app
 * loads no zod (whose module that is); a test keeps the two equal.
 */
export const lineMaxQuantity = 99;

/** The most of a variant the cart may hold: the line's most, fewer steps when loose, and no more than are left when few are. */
export const mostOf = (variant: ItemVariant): number =>
  Math.min(maxQuantityOf(variant, lineMaxQuantity), variant.left ?? lineMaxQuantity);

/** Whether nothing of the item can be ordered: switched off, or every variant sold out. */
export const soldOut = (item: CatalogueItem) => !item.inStock || variantsOf(item).every((v) => !v.inStock);

/**
 * The variant the item shows: the one the customer chose, else the first in stock that is already
 * in the cart, else the first in stock, else the first.
 */
export function shownVariant(
  item: CatalogueItem,
  chosenId: string | undefined,
  lines: readonly CartLine[],
): ItemVariant {
  const variants = variantsOf(item);
  const chosen = variants.find((variant) => variant.id === chosenId);
  if (chosen) return chosen;
  const inCart = new Set(lines.filter((line) => line.itemId === item.id).map((line) => line.variantId));
  return (
    variants.find((variant) => variant.inStock && inCart.has(variant.id)) ??
    variants.find((variant) => variant.inStock) ??
    variants[0]!
  );
}

/**
 * The cart line of one variant of an item (a variant without an id: a line that names none); a
 * loose one's counts steps, at a step's price, named by its step as the order's line will be.
 */
export function lineOf(item: CatalogueItem, variant: ItemVariant): Omit<CartLine, 'quantity'> {
  const sold = soldAs(variant);
  return {
    itemId: item.id,
    ...(variant.id ? { variantId: variant.id, variantLabel: sold.label } : {}),
    name: item.name,
    // Its names in Hindi and Kannada where given, for the cart to show in the language shown (ADR 0085).
    ...(item.nameHi ? { nameHi: item.nameHi } : {}),
    ...(item.nameKn ? { nameKn: item.nameKn } : {}),
    pricePaise: sold.pricePaise,
    veg: item.veg,
    ...(variant.stepGrams !== null && variant.maxGrams !== null
      ? { stepGrams: variant.stepGrams, maxGrams: variant.maxGrams }
      : {}),
  };
}

/** How many of a variant the cart holds (a line that names no variant counts for the item's only one). */
export function quantityIn(lines: readonly CartLine[], item: CatalogueItem, variant: ItemVariant): number {
  const only = variantsOf(item).length === 1;
  return lines
    .filter(
      (line) =>
        line.itemId === item.id && (line.variantId === variant.id || (only && line.variantId === undefined)),
    )
    .reduce((sum, line) => sum + line.quantity, 0);
}

/** A category's names, English, Hindi and Kannada, as one text its words are searched in (ADR 0085). */
const categoryWords = (category: Category) =>
  [category.name, category.nameHi ?? '', category.nameKn ?? ''].filter(Boolean).join(' ');

/** The items the list shows: of the category when one is chosen, matching the search, featured first (1 before 9). */
export function shownItems(
  items: readonly CatalogueItem[],
  categories: readonly Category[],
  search: string,
  categoryId: string | null,
): CatalogueItem[] {
  const categoryNames = new Map(categories.map((each) => [each.id, categoryWords(each)]));
  return items
    .filter((item) => (categoryId ? item.categoryId === categoryId : true))
    .filter((item) => matchesSearch(item, categoryNames.get(item.categoryId ?? '') ?? null, search))
    .sort((a, b) => (a.featured || 10) - (b.featured || 10));
}

/**
 * What to ask the server (query strings of the catalogue) when its first answer held only part of
 * the store, so that the list shows every match and not only those of the part: the category when
 * one is chosen, and for a search its words, one at a time (the server finds a part of a name or a
 * tag; the app then keeps the items that match every word, as it does with the part it has).
 *
 * Each list is asked in turn until an answer comes whole (not truncated): the longest word first
 * (of equal ones the last typed, which tends to be the narrower), and a word that only names a
 * category last, as it finds nothing by name. A category the whole search names is asked as well.
 */
export function serverQueries(
  search: string,
  categoryId: string | null,
  categories: readonly Category[],
): string[][] {
  const words = searchWords(search);
  const inCategory: Record<string, string> = categoryId ? { categoryId } : {};
  const query = (values: Record<string, string>) => `?${new URLSearchParams(values).toString()}`;
  if (words.length === 0) return categoryId ? [[query(inCategory)]] : [];
  const namesCategory = (word: string) =>
    categories.some((category) => searchWords(categoryWords(category)).some((each) => each.startsWith(word)));
  const order = [...new Set(words)]
    .map((word, index) => ({ word, index, late: namesCategory(word) ? 1 : 0 }))
    .sort((a, b) => a.late - b.late || b.word.length - a.word.length || b.index - a.index);
  const queries = [order.map(({ word }) => query({ q: word, ...inCategory }))];
  if (!categoryId) {
    const named = categories.find((category) =>
      matchesSearch(
        { name: category.name, nameHi: category.nameHi, nameKn: category.nameKn, tags: [] },
        null,
        search,
      ),
    );
    if (named) queries.push([query({ categoryId: named.id })]);
  }
  return queries;
}

/** The items of several answers, each once (a later answer's copy over an earlier one's), in first-seen order. */
export function mergedItems(...lists: ReadonlyArray<readonly CatalogueItem[]>): CatalogueItem[] {
  const byId = new Map<string, CatalogueItem>();
  for (const list of lists) for (const item of list) byId.set(item.id, item);
  return [...byId.values()];
}
