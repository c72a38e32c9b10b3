/*
 * The shapes of variants, stock adjustments and the low stock list in requests and answers
 * (B17), in zod; the rules they apply are in variants.ts.
 */
import { z } from 'zod';
import { amountPaiseSchema } from '../money-schemas.ts';
import { listQuerySchema } from '../lists.ts';
import { singleLine } from '../text.ts';
import { stockReasons, variantLimits, variantListIssues, variantMessages } from './variants.ts';

/** A SKU or barcode as shelves print them; blank is none. */
const codeSchema = z
  .string()
  .trim()
  .max(variantLimits.codeMax, variantMessages.code)
  .regex(/^[A-Za-z0-9._/-]*$/, variantMessages.code)
  .nullish()
  .transform((value) => (value ? value : null));

const stockSchema = z
  .number({ error: variantMessages.stock })
  .int(variantMessages.stock)
  .min(0, variantMessages.stock)
  .max(variantLimits.maxStock, variantMessages.stock);

const gramsSchema = z
  .number({ error: variantMessages.grams })
  .int(variantMessages.grams)
  .min(1, variantMessages.grams)
  .max(variantLimits.maxGrams, variantMessages.grams);

/**
 * One variant as the console sends it. `id` names an existing variant of the item (an edit);
 * without it the variant is new. `stock` null: not counted.
 */
export const variantInputSchema = z.object({
  id: z.uuid({ error: 'must be the id of a variant of this item' }).optional(),
  label: z
    .string()
    .trim()
    .max(variantLimits.labelMax, `must be at most ${variantLimits.labelMax} characters`)
    .pipe(singleLine(variantLimits.labelMax))
    .default(''),
  pricePaise: amountPaiseSchema,
  mrpPaise: amountPaiseSchema.nullish().transform((value) => value ?? null),
  sku: codeSchema,
  barcode: codeSchema,
  /** Sold loose: the step in grams, and the most one order may take; prices are then per kilogram. */
  stepGrams: gramsSchema.nullish().transform((value) => value ?? null),
  maxGrams: gramsSchema.nullish().transform((value) => value ?? null),
  stock: stockSchema.nullish().transform((value) => value ?? null),
  lowStockAt: stockSchema.nullish().transform((value) => value ?? null),
});
export type VariantInput = z.input<typeof variantInputSchema>;
export type VariantValues = z.output<typeof variantInputSchema>;

export const variantListSchema = z
  .array(variantInputSchema)
  .min(1, variantMessages.noVariants)
  .max(variantLimits.maxVariants, variantMessages.tooManyVariants)
  .superRefine((variants, context) => {
    for (const issue of variantListIssues(variants)) context.addIssue({ code: 'custom', ...issue });
  });

/** A variant as the console reads it. */
export const variantSchema = z.object({
  id: z.string(),
  label: z.string(),
  pricePaise: z.number().int(),
  mrpPaise: z.number().int().nullable(),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  stepGrams: z.number().int().nullable(),
  maxGrams: z.number().int().nullable(),
  stock: z.number().int().nullable(),
  lowStockAt: z.number().int().nullable(),
});
export type Variant = z.infer<typeof variantSchema>;

/** `POST /stores/:storeId/items/:itemId/variants/:variantId/stock`: received and damaged add and take; counted sets. */
export const stockAdjustmentSchema = z.object({
  reason: z.enum(stockReasons, { error: 'must be received, damaged or counted' }),
  quantity: stockSchema,
});
export type StockAdjustment = z.infer<typeof stockAdjustmentSchema>;

/** `GET /stock/low`: the counted variants at or below their low-stock mark, in the stores the caller sees. */
export const lowStockQuerySchema = listQuerySchema.omit({ q: true }).extend({
  zoneId: z.uuid().optional(),
  storeId: z.uuid().optional(),
});
export type LowStockQuery = z.infer<typeof lowStockQuerySchema>;

export const lowStockRowSchema = z.object({
  storeId: z.string(),
  storeName: z.string(),
  itemId: z.string(),
  itemName: z.string(),
  variantId: z.string(),
  variantLabel: z.string(),
  /** Grams of a loose variant's step (its stock and mark are then in grams); null for a pack. */
  stepGrams: z.number().int().nullable(),
  stock: z.number().int(),
  lowStockAt: z.number().int(),
});
export type LowStockRow = z.infer<typeof lowStockRowSchema>;
