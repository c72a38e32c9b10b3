/*
 * An item's variants (B17): its pack sizes or weights, each with a price, an MRP, a SKU or
 * barcode and, when the store counts it, its stock. The rules here are the only ones: the
 * server, the console and the customer app all read them. No zod here, so the customer app's
 * pages take these without it; the requests' and answers' shapes are in variant-schemas.ts.
 */
import { groupedDigits } from '../numbers.ts';
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
  /** A loose variant's step and the most one order may take are at most this many grams. */
  maxGrams: 50_000,
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
  /** The line asks for more than the store has: `left` counts what a line counts (steps when loose). */
  stockShort: (left: number, stepGrams: number | null = null) =>
    left === 0
      ? 'This item is out of stock'
      : `Only ${stepGrams === null ? left : weightText(left * stepGrams)} left`,
  grams: `must be a whole number of grams from 1 to ${groupedDigits(variantLimits.maxGrams)}`,
  looseNeedsBoth: 'An item sold loose needs its step and the most one order may take',
  maxBelowStep: 'The most one order may take must be at least one step',
  /** A step whose price (or MRP) per kilogram comes to a fraction of a paisa. */
  notExact: (pricePaise: number, stepGrams: number) =>
    `At ${formatRupees(pricePaise)} a kg, ${weightText(stepGrams)} comes to a fraction of a paisa: change the price or the step`,
  /** A loose line for more than one order may take. */
  overMax: (maxGrams: number) => `At most ${weightText(maxGrams)} in one order`,
  /** Counts as `stockText` gives them: "12", or "1.5 kg" when loose. */
  belowZero: (left: string) => `Only ${left} in stock: stock cannot go below zero`,
  aboveMax: (stock: string, most: string) => `${stock} in stock already: stock can be at most ${most}`,
} as const;

/** A weight as people say it: "250 g", "1 kg", "1.5 kg", "2.25 kg". */
export function weightText(grams: number): string {
  if (grams < 1000) return `${grams} g`;
  return `${(grams / 1000).toFixed(3).replace(/\.?0+$/, '')} kg`;
}

type Loose = { stepGrams?: number | null };

/** Sold loose, by weight: priced per kilogram, bought in steps, stock in grams. */
export const isLoose = (variant: Loose): boolean => variant.stepGrams != null;

/**
 * Whether a counted variant's count no longer means what it says once the variant is (or stops
 * being) sold loose: packs then grams, or back. Such a count is counted again (B17).
 */
export const countedAgain = (before: Loose & { stock: number | null }, loose: boolean): boolean =>
  before.stock !== null && isLoose(before) !== loose;

/** What one step of a loose variant costs at a price per kilogram: exact when `looseIssues` finds nothing. */
export const stepPaise = (perKgPaise: number, stepGrams: number): number => (perKgPaise * stepGrams) / 1000;

/** How much stock (units, or grams when loose) one unit of an order line takes. */
export const stockPerUnit = (variant: Loose): number => variant.stepGrams ?? 1;

/** The rules of a loose variant's step, maximum and prices (per kilogram); none for a pack. */
export function looseIssues(
  variant: Pick<VariantValues, 'pricePaise' | 'mrpPaise' | 'stepGrams' | 'maxGrams'>,
): Array<{ field: 'pricePaise' | 'mrpPaise' | 'stepGrams' | 'maxGrams'; message: string }> {
  const { stepGrams, maxGrams } = variant;
  if (stepGrams === null && maxGrams === null) return [];
  if (stepGrams === null) return [{ field: 'stepGrams', message: variantMessages.looseNeedsBoth }];
  if (maxGrams === null) return [{ field: 'maxGrams', message: variantMessages.looseNeedsBoth }];
  const issues: ReturnType<typeof looseIssues> = [];
  if (maxGrams < stepGrams) issues.push({ field: 'maxGrams', message: variantMessages.maxBelowStep });
  // An amount its own field refuses (not whole paise, out of range) is left to that field's message.
  const fractional = (paise: number) =>
    Number.isSafeInteger(paise) && paise >= 0 && !Number.isInteger(stepPaise(paise, stepGrams));
  if (fractional(variant.pricePaise)) {
    issues.push({ field: 'pricePaise', message: variantMessages.notExact(variant.pricePaise, stepGrams) });
  }
  if (variant.mrpPaise !== null && fractional(variant.mrpPaise)) {
    issues.push({ field: 'mrpPaise', message: variantMessages.notExact(variant.mrpPaise, stepGrams) });
  }
  return issues;
}

/**
 * The rules across an item's variants: labels when there are several, MRP at or above price, no
 * code twice, and a loose variant's step, maximum and exact step price.
 */
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
    for (const issue of looseIssues(variant))
      issues.push({ path: [index, issue.field], message: issue.message });
  });
  return issues;
}

type Priced = { pricePaise: number; mrpPaise: number | null } & Loose;
type Counted = { stock: number | null; lowStockAt: number | null } & Loose;

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

/** "₹45", "₹45 – ₹90", or "₹40/kg" when the item is sold loose: an item's price in a list. */
export function priceRangeText(variants: Priced[]): string {
  const packs = variants.filter((variant) => !isLoose(variant));
  const perKg = (paise: number) => `${formatRupees(paise)}/kg`;
  if (packs.length === 0) {
    const { minPaise, maxPaise } = priceRange(variants);
    return minPaise === maxPaise ? perKg(minPaise) : `${perKg(minPaise)} – ${perKg(maxPaise)}`;
  }
  const { minPaise, maxPaise } = priceRange(packs);
  return minPaise === maxPaise
    ? formatRupees(minPaise)
    : `${formatRupees(minPaise)} – ${formatRupees(maxPaise)}`;
}

/** One variant's price as a shelf label says it: "₹45", or "₹40/kg" when loose. */
export function variantPriceText(variant: Priced): string {
  return isLoose(variant) ? `${formatRupees(variant.pricePaise)}/kg` : formatRupees(variant.pricePaise);
}

/** A count of stock as staff read it: "12", or "1.5 kg" when loose (its stock is in grams). */
export function stockText(variant: Loose, stock: number): string {
  return isLoose(variant) ? weightText(stock) : String(stock);
}

/** The mark at or below which a counted variant is low on stock: five units, or five steps when loose. */
export const lowStockMark = (variant: Counted) =>
  variant.lowStockAt ?? variantLimits.defaultLowStockAt * stockPerUnit(variant);

/** A counted variant at or below its low-stock mark (out of stock included). */
export function isLowStock(variant: Counted): boolean {
  return variant.stock !== null && variant.stock <= lowStockMark(variant);
}

/** How many of what an order line counts are left (steps when loose); null when not counted. */
export function unitsLeft(variant: Counted): number | null {
  return variant.stock === null ? null : Math.floor(variant.stock / stockPerUnit(variant));
}

/** Whether a customer can order a variant at all: an uncounted one always, a loose one while a step is left. */
export const variantInStock = (variant: Counted) => variant.stock === null || unitsLeft(variant)! > 0;

/**
 * How many are left as the customer app says it ("only N left", in steps when loose): the count
 * when low, else null.
 */
export function unitsLeftShown(variant: Counted): number | null {
  const left = unitsLeft(variant);
  return left !== null && left > 0 && isLowStock(variant) ? left : null;
}

/** The most of a variant one order line may ask for: `cap`, or fewer steps when loose. */
export function maxQuantityOf(variant: Loose & { maxGrams?: number | null }, cap: number): number {
  return variant.stepGrams != null && variant.maxGrams != null
    ? Math.min(cap, Math.floor(variant.maxGrams / variant.stepGrams))
    : cap;
}

/**
 * What an order line of this variant says it is, and costs a unit of: a pack's label and price,
 * or a loose variant's step ("Loose · 250 g", "250 g") at the step's price (B17).
 */
export function soldAs(variant: Priced & { label: string }): {
  label: string;
  pricePaise: number;
  mrpPaise: number | null;
} {
  if (variant.stepGrams == null) {
    return { label: variant.label, pricePaise: variant.pricePaise, mrpPaise: variant.mrpPaise };
  }
  const step = weightText(variant.stepGrams);
  return {
    label: variant.label ? `${variant.label} · ${step}` : step,
    pricePaise: stepPaise(variant.pricePaise, variant.stepGrams),
    mrpPaise: variant.mrpPaise === null ? null : stepPaise(variant.mrpPaise, variant.stepGrams),
  };
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

/**
 * Why an adjustment cannot be made to a variant's stock (below zero, or above the most kept), or
 * null; its counts said in the variant's unit (grams read as weights when loose).
 */
export function stockAdjustmentRefusal(
  variant: { stock: number | null } & Loose,
  adjustment: StockAdjustment,
): string | null {
  if (stockAfter(variant.stock, adjustment) !== null) return null;
  const now = stockText(variant, variant.stock ?? 0);
  return adjustment.reason === 'received'
    ? variantMessages.aboveMax(now, stockText(variant, variantLimits.maxStock))
    : variantMessages.belowZero(now);
}

/** How much a line's quantity is as people read it: "3", or its weight when loose ("750 g" for 3 steps of 250 g). */
export function quantityText(variant: Loose, quantity: number): string {
  return variant.stepGrams == null ? String(quantity) : weightText(quantity * variant.stepGrams);
}

/**
 * What one step of a loose variant costs, as its form and the customer app say it: "250 g for
 * ₹9.00"; null when it comes to a fraction of a paisa (which `looseIssues` refuses).
 */
export function stepPriceText(perKgPaise: number, stepGrams: number): string | null {
  const paise = stepPaise(perKgPaise, stepGrams);
  return Number.isSafeInteger(paise) ? `${weightText(stepGrams)} for ${formatRupees(paise)}` : null;
}

/** The saving as the customer app shows it beside a variant's price: "Save ₹4.00 (10%)", or "Save ₹4.00/kg (10%)" when loose. */
export function variantSavingText(variant: Priced): string | null {
  const text = savingText(variant);
  if (!text || !isLoose(variant)) return text;
  const saving = formatRupees(savingPaise(variant));
  return text.replace(saving, `${saving}/kg`);
}

/** An order or cart line: its item, its variant's label as sold (a loose one's names its step), how many, and a step's grams when loose. */
type SoldLine = {
  itemName: string;
  variantLabel?: string | null | undefined;
  itemQuantity: number;
  stepGrams?: number | null | undefined;
};

/**
 * A line's name with the weight it holds when sold loose: "Onions · 750 g" for 3 steps of 250 g
 * (the step its label names becomes the weight in all, "Loose · 250 g" becoming "Loose · 750 g");
 * a pack's is `lineName`'s, "Atta · 5 kg", its count said apart.
 */
export function lineWeightName(line: SoldLine): string {
  if (line.stepGrams == null) return lineName(line.itemName, line.variantLabel);
  const step = weightText(line.stepGrams);
  const label = line.variantLabel ?? '';
  const rest =
    label === step ? '' : label.endsWith(` · ${step}`) ? label.slice(0, -` · ${step}`.length) : label;
  const weight = quantityText(line, line.itemQuantity);
  return lineName(line.itemName, rest ? `${rest} · ${weight}` : weight);
}

/** How many items a line counts as ("5 items" in a cart or on a ticket): its quantity, or one weighed out when loose. */
export const itemsOfLine = (line: { quantity: number; stepGrams?: number | null | undefined }): number =>
  line.stepGrams == null ? line.quantity : 1;

/** An order line with how much of it, as a bill lists it: "Atta · 5 kg × 3", or "Onions · 750 g" when loose. */
export function lineQuantityText(line: SoldLine): string {
  return line.stepGrams == null
    ? `${lineName(line.itemName, line.variantLabel)} × ${line.itemQuantity}`
    : lineWeightName(line);
}
