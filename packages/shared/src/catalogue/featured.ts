/*
 * An item's featured badge (SPEC §4), without zod: the customer app shows it too.
 */

export const ItemFeatured = { None: 0, Bestseller: 1, OnlyHere: 2, TopPick: 3 } as const;

export const itemFeaturedLabels: Record<number, string> = {
  0: 'None',
  1: 'Bestseller',
  2: 'Only Here',
  3: 'Top Pick',
};

/** The badge a customer sees on a featured item, or null for one that is not (or a value unknown). */
export function featuredBadge(featured: number): string | null {
  return featured > 0 ? (itemFeaturedLabels[featured] ?? null) : null;
}
