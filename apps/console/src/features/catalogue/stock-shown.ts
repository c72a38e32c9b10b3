import { stockText } from '@storedesk/shared/catalogue/variants';
import { formatCount } from '@storedesk/shared/numbers';

/**
 * A stock (or a low-stock mark) as staff read it: a count with Indian grouping ("1,200"), or the
 * shared weight of a variant sold loose ("40 kg"), whose stock is in grams.
 */
export function stockShown(variant: { stepGrams?: number | null }, stock: number): string {
  return variant.stepGrams == null ? formatCount(stock) : stockText(variant, stock);
}
