/*
 * An item's variants (B17): its pack sizes or weights, each with a price, an MRP, a SKU or
 * barcode and, when the store counts it, its stock. The rules here are the only ones: the
 * server, the console and the customer app all read them. No zod here, so the customer app's
 * pages take these without it; the requests' and answers' shapes are in variant-schemas.ts.
 */
import { formatRupees } from '../money.ts';
import type { StockAdjustment, VariantValues } from './variant-schemas.ts';

export type {
  LowStockQuery,
  LowStockRow,
  StockAdjustment,
  Variant,
  VariantInput,
  VariantValues,
} from './variant-schemas.ts';

export const variantLimits = {
  maxVariants: 20,
  labelMax: 40,
  codeMax: 64,
  maxStock: 1_000_000,
  /** "Only N left" when a counted variant's stock is at most its low-stock mark, or this when it has none. */
  defaultLowStockAt: 5,
} as const;

export const variantMessages = {
  noVariants: 'An item needs at least one variant',
  tooManyVariants: `at most ${variantLimits.maxVariants} variants`,
  labelNeeded: 'Name each variant (such as 500 g or 1 kg) when an item has more than one',
  labelTwice: 'Another variant of this item has this name',
  mrpBelowPrice: 'The MRP must not be less than the price',
  stock: `must be a whole number from 0 to ${variantLimits.maxStock}`,
  code: `letters, digits and . - _ / only, at most ${variantLimits.codeMax}`,
  skuTwice: 'Two variants here have this SKU',
  barcodeTwice: 'Two variants here have this barcode',
  skuTaken: 'Another item of this business has this SKU',
  barcodeTaken: 'Another item of this business has this barcode',
  unknownVariant: 'This variant is not one of this item’s',
  variantNeeded: 'Choose one of this item’s variants',
  /** The line asks for more than the store has. */
  stockShort: (left: number) => (left === 0 ? 'This item is out of stock' : `Only ${left} left`),
  belowZero: (left: number) => `Only ${left} in stock: stock cannot go below zero`,
  aboveMax: (stock: number) => `${stock} in stock already: stock can be at most ${variantLimits.maxStock}`,
} as const;

/** The rules across an item's variants: labels when there are several, MRP at or above price, no code twice. */
export function variantListIssues(
  variants: VariantValues[],
): Array<{ path: (string | number)[]; message: string }> {
  const issues: Array<{ path: (string | number)[]; message: string }> = [];
  const labels = new Set<string>();
  const skus = new Set<string>();
  const barcodes = new Set<string>();
  variants.forEach((variant, index) => {
    if (variants.length > 1) {
      const label = variant.label.toLowerCase();
      if (!label) issues.push({ path: [index, 'label'], message: variantMessages.labelNeeded });
      else if (labels.has(label))
        issues.push({ path: [index, 'label'], message: variantMessages.labelTwice });
      labels.add(label);
    }
    if (variant.mrpPaise !== null && variant.mrpPaise < variant.pricePaise) {
      issues.push({ path: [index, 'mrpPaise'], message: variantMessages.mrpBelowPrice });
    }
    if (variant.sku) {
      const sku = variant.sku.toLowerCase();
      if (skus.has(sku)) issues.push({ path: [index, 'sku'], message: variantMessages.skuTwice });
      skus.add(sku);
    }
    if (variant.barcode) {
      if (barcodes.has(variant.barcode)) {
        issues.push({ path: [index, 'barcode'], message: variantMessages.barcodeTwice });
      }
      barcodes.add(variant.barcode);
    }
  });
  return issues;
}

type Priced = { pricePaise: number; mrpPaise: number | null };
type Counted = { stock: number | null; lowStockAt: number | null };

/** What the customer saves against the MRP (0 without an MRP above the price). */
export function savingPaise(variant: Priced): number {
  return variant.mrpPaise !== null && variant.mrpPaise > variant.pricePaise
    ? variant.mrpPaise - variant.pricePaise
    : 0;
}

/** The saving as the customer app and the bill print it: "Save ₹12 (10%)"; null when there is none. */
export function savingText(variant: Priced): string | null {
  const saving = savingPaise(variant);
  if (saving === 0) return null;
  const percent = Math.floor((saving * 100) / variant.mrpPaise!);
  return percent > 0 ? `Save ${formatRupees(saving)} (${percent}%)` : `Save ${formatRupees(saving)}`;
}

/** The lowest and highest price of an item's variants. */
export function priceRange(variants: Priced[]): { minPaise: number; maxPaise: number } {
  let minPaise = Number.POSITIVE_INFINITY;
  let maxPaise = 0;
  for (const variant of variants) {
    minPaise = Math.min(minPaise, variant.pricePaise);
    maxPaise = Math.max(maxPaise, variant.pricePaise);
  }
  return { minPaise: Number.isFinite(minPaise) ? minPaise : 0, maxPaise };
}

/** "₹45" or "₹45 – ₹90": an item's price in a list. */
export function priceRangeText(variants: Priced[]): string {
  const { minPaise, maxPaise } = priceRange(variants);
  return minPaise === maxPaise
    ? formatRupees(minPaise)
    : `${formatRupees(minPaise)} – ${formatRupees(maxPaise)}`;
}

/** The mark at or below which a counted variant is low on stock. */
export const lowStockMark = (variant: Counted) => variant.lowStockAt ?? variantLimits.defaultLowStockAt;

/** A counted variant at or below its low-stock mark (out of stock included). */
export function isLowStock(variant: Counted): boolean {
  return variant.stock !== null && variant.stock <= lowStockMark(variant);
}

/** Whether a customer can order a variant at all (an uncounted one always). */
export const variantInStock = (variant: Counted) => variant.stock === null || variant.stock > 0;

/** How many are left as the customer app says it ("only N left"): the count when low, else null. */
export function unitsLeftShown(variant: Counted): number | null {
  return variant.stock !== null && variant.stock > 0 && isLowStock(variant) ? variant.stock : null;
}

/** An order line's name with its variant: "Aashirvaad Atta · 5 kg"; a single unlabelled variant is just the item. */
export function lineName(itemName: string, variantLabel: string | null | undefined): string {
  return variantLabel ? `${itemName} · ${variantLabel}` : itemName;
}

/** Why staff changed a variant's stock: a delivery came in, some were damaged, or they counted the shelf. */
export const stockReasons = ['received', 'damaged', 'counted'] as const;
export type StockReason = (typeof stockReasons)[number];
export const stockReasonLabels: Record<StockReason, string> = {
  received: 'Received',
  damaged: 'Damaged',
  counted: 'Counted',
};

/** The stock an adjustment leaves, or null when it would go below zero or above the most kept. */
export function stockAfter(stock: number | null, adjustment: StockAdjustment): number | null {
  const before = stock ?? 0;
  const after =
    adjustment.reason === 'counted'
      ? adjustment.quantity
      : adjustment.reason === 'received'
        ? before + adjustment.quantity
        : before - adjustment.quantity;
  return after < 0 || after > variantLimits.maxStock ? null : after;
}

/** Why an adjustment cannot be made to this stock (below zero, or above the most kept), or null. */
export function stockAdjustmentRefusal(stock: number | null, adjustment: StockAdjustment): string | null {
  if (stockAfter(stock, adjustment) !== null) return null;
  return adjustment.reason === 'received'
    ? variantMessages.aboveMax(stock ?? 0)
    : variantMessages.belowZero(stock ?? 0);
}
