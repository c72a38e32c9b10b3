import { itemFieldsSchema } from '@storedesk/shared/catalogue/schemas';
import type { Item, ItemInput } from '@storedesk/shared/catalogue/schemas';
import { variantLimits, variantListIssues, variantMessages } from '@storedesk/shared/catalogue/variants';
import { stockAdjustmentSchema, variantInputSchema } from '@storedesk/shared/catalogue/variant-schemas';
import type { Variant, VariantInput } from '@storedesk/shared/catalogue/variants';
import { messages } from '@storedesk/shared/messages';
import { rupeesDecimal } from '@storedesk/shared/money';
import { rupeesTextSchema } from '@storedesk/shared/money-schemas';
import { hsnSchema, type GstRate } from '@storedesk/shared/orders/invoice';
import { z } from 'zod';

/*
 * What the item form holds, and how it becomes the shared item input. The rules are the shared
 * ones (itemFieldsSchema, variantInputSchema, variantListIssues); the form only holds some fields
 * as typed: money in rupees, counts as text, the category as the chosen one.
 */

/** A whole count as typed: empty is none. */
const countText = z
  .string()
  .trim()
  .transform((text): number | null | undefined => (text === '' ? undefined : Number(text)));

/** Grams as typed, checked by then: empty is none. */
const gramsOf = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

/** The stock of a variant as the shared rules count it (the same bounds as an adjustment's quantity). */
const stockNumberSchema = stockAdjustmentSchema.shape.quantity;

/** The form's field of each variant field the server and the shared rules name. */
export const variantFieldOf = {
  id: 'label',
  label: 'label',
  pricePaise: 'price',
  mrpPaise: 'mrp',
  sku: 'sku',
  barcode: 'barcode',
  stepGrams: 'stepGrams',
  maxGrams: 'maxGrams',
  stock: 'stock',
  lowStockAt: 'lowStockAt',
} as const;
export type VariantServerField = keyof typeof variantFieldOf;
export type VariantFormField = (typeof variantFieldOf)[VariantServerField];

/**
 * One variant as the form holds it. `counted`: the store counts its stock. `stock` is typed only
 * for a variant not counted before; an existing count changes by stock adjustments instead.
 * `loose`: sold by weight, its step and most per order typed in grams (sent only while it is on).
 */
const variantRowSchema = z
  .object({
    id: z.string().optional(),
    label: variantInputSchema.shape.label,
    price: rupeesTextSchema,
    // The MRP as typed: empty is none.
    mrp: z
      .string()
      .trim()
      .transform((text) => (text === '' ? null : text))
      .pipe(rupeesTextSchema.nullable()),
    sku: variantInputSchema.shape.sku,
    barcode: variantInputSchema.shape.barcode,
    loose: z.boolean(),
    stepGrams: z.string(),
    maxGrams: z.string(),
    counted: z.boolean(),
    stock: z.string(),
    lowStockAt: countText.pipe(variantInputSchema.shape.lowStockAt),
  })
  .superRefine((row, context) => {
    if (row.loose) {
      for (const field of ['stepGrams', 'maxGrams'] as const) {
        const grams = countText.pipe(variantInputSchema.shape[field]).safeParse(row[field]);
        if (!grams.success) {
          context.addIssue({ code: 'custom', path: [field], message: grams.error.issues[0]!.message });
        }
      }
      // Sold loose with neither typed yet: the shared rules would read it as a pack.
      if (row.stepGrams.trim() === '' && row.maxGrams.trim() === '') {
        context.addIssue({ code: 'custom', path: ['stepGrams'], message: variantMessages.looseNeedsBoth });
      }
    }
    if (!row.counted) return;
    const stock = countText.pipe(stockNumberSchema).safeParse(row.stock);
    if (!stock.success) {
      context.addIssue({ code: 'custom', path: ['stock'], message: variantMessages.stock });
    }
  })
  .transform(({ id, price, mrp, loose, stepGrams, maxGrams, counted, stock, ...rest }) => ({
    ...(id ? { id } : {}),
    ...rest,
    pricePaise: price,
    mrpPaise: mrp,
    stepGrams: loose ? gramsOf(stepGrams) : null,
    maxGrams: loose ? gramsOf(maxGrams) : null,
    stock: counted ? Number(stock.trim()) : null,
  }));

const variantRowsSchema = z
  .array(variantRowSchema)
  .min(1, variantMessages.noVariants)
  .max(variantLimits.maxVariants, variantMessages.tooManyVariants)
  .superRefine((variants, context) => {
    // A row refused on a field of its own reaches here as typed, not yet a variant: the rules
    // across rows take the others, each by its place in the form.
    const parsed = variants.flatMap((variant, index) =>
      'pricePaise' in variant ? [{ variant, index }] : [],
    );
    for (const issue of variantListIssues(parsed.map(({ variant }) => variant))) {
      const [at, field] = issue.path as [number, VariantServerField];
      context.addIssue({
        code: 'custom',
        path: [parsed[at]!.index, variantFieldOf[field]],
        message: issue.message,
      });
    }
  });

/**
 * The shared item fields, with what the form holds instead of three: the chosen category (its
 * id is sent), the HSN code as typed, and the variants as typed.
 */
export const itemFormSchema = itemFieldsSchema
  .omit({ categoryId: true, pricePaise: true, variants: true, hsn: true })
  .extend({
    category: z
      .object({ id: z.string(), name: z.string() })
      .nullable()
      .refine((category) => category !== null, messages.isRequired),
    // The HSN code as typed: empty is none.
    hsn: z
      .string()
      .trim()
      .transform((value) => (value === '' ? null : value))
      .pipe(hsnSchema.nullable()),
    variants: variantRowsSchema,
  });

export type ItemFormValues = z.input<typeof itemFormSchema>;
export type ItemFormOutput = z.output<typeof itemFormSchema>;
export type VariantRow = ItemFormValues['variants'][number];

/** A count as its field shows it: empty when there is none. */
export const countShown = (count: number | null) => (count === null ? '' : String(count));

export function toVariantRow(variant: Variant): VariantRow {
  return {
    id: variant.id,
    label: variant.label,
    price: rupeesDecimal(variant.pricePaise),
    mrp: variant.mrpPaise === null ? '' : rupeesDecimal(variant.mrpPaise),
    sku: variant.sku ?? '',
    barcode: variant.barcode ?? '',
    loose: variant.stepGrams !== null,
    stepGrams: countShown(variant.stepGrams),
    maxGrams: countShown(variant.maxGrams),
    counted: variant.stock !== null,
    stock: countShown(variant.stock),
    lowStockAt: countShown(variant.lowStockAt),
  };
}

export const emptyVariantRow: VariantRow = {
  label: '',
  price: '',
  mrp: '',
  sku: '',
  barcode: '',
  loose: false,
  stepGrams: '',
  maxGrams: '',
  counted: false,
  stock: '',
  lowStockAt: '',
};

export function toItemFormValues(item: Item): ItemFormValues {
  return {
    name: item.name,
    // Blank is none: sent as null, the English shows.
    nameHi: item.nameHi ?? '',
    nameKn: item.nameKn ?? '',
    category: item.categoryId && item.categoryName ? { id: item.categoryId, name: item.categoryName } : null,
    featured: item.featured,
    gstRate: item.gstRate as GstRate,
    hsn: item.hsn ?? '',
    tags: item.tags,
    aliases: item.aliases,
    veg: item.veg,
    inStock: item.inStock,
    variants: item.variants.map(toVariantRow),
  };
}

export const emptyItemFormValues: ItemFormValues = {
  name: '',
  nameHi: '',
  nameKn: '',
  category: null,
  featured: 0,
  gstRate: 0,
  hsn: '',
  tags: [],
  aliases: [],
  veg: false,
  inStock: true,
  variants: [emptyVariantRow],
};

export function toItemInput({ category, variants, ...rest }: ItemFormOutput): ItemInput {
  return {
    ...rest,
    categoryId: category!.id,
    variants: variants satisfies VariantInput[],
  };
}

/**
 * The server's field names of a refused save (`variants.1.sku`), and the form fields that show
 * them, for an item of `count` variants in the order they were sent.
 */
export function itemServerFields(count: number): Record<string, string> {
  const fields: Record<string, string> = {
    name: 'name',
    nameHi: 'nameHi',
    nameKn: 'nameKn',
    categoryId: 'category',
    featured: 'featured',
    // An item of one price: its one variant's.
    pricePaise: 'variants.0.price',
    gstRate: 'gstRate',
    hsn: 'hsn',
    tags: 'tags',
    aliases: 'aliases',
  };
  for (let index = 0; index < count; index += 1) {
    for (const [server, form] of Object.entries(variantFieldOf)) {
      fields[`variants.${index}.${server}`] = `variants.${index}.${form}`;
    }
  }
  return fields;
}
