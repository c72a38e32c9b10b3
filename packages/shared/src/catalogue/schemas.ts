import { z } from 'zod';
import { amountPaiseSchema } from '../money-schemas.ts';
import { gstRateSchema, hsnSchema } from '../orders/invoice.ts';
import { listQuerySchema } from '../lists.ts';
import { messages } from '../messages.ts';
import { optionalLine, singleLine, versionSchema } from '../text.ts';

import { aliasesSchema } from './aliases.ts';
import { variantMessages, type VariantValues } from './variants.ts';
import { variantListSchema, variantSchema } from './variant-schemas.ts';

export { ItemFeatured, itemFeaturedLabels } from './featured.ts';

export const categoryInputSchema = z.object({
  name: singleLine(100).pipe(z.string().min(1, messages.categoryName)),
  /** The name in Hindi and in Kannada (B19, ADR 0085); null or blank: none, the English shows. */
  nameHi: optionalLine(100).default(null),
  nameKn: optionalLine(100).default(null),
});
export type CategoryInput = z.infer<typeof categoryInputSchema>;
/** An edit: a name in another language left out is kept as it is (an older form sends none). */
export const categoryUpdateSchema = categoryInputSchema.extend({
  nameHi: optionalLine(100).optional(),
  nameKn: optionalLine(100).optional(),
  version: versionSchema,
});
export type CategoryUpdate = z.infer<typeof categoryUpdateSchema>;

/** A category's place in its store's list: 1 is first; a place past the end puts it last (B17). */
export const categoryPositionMessage = 'must be a whole number, 1 or more';
export const categoryMoveSchema = z.object({
  position: z
    .number({ error: categoryPositionMessage })
    .int(categoryPositionMessage)
    .min(1, categoryPositionMessage)
    .max(1_000_000, categoryPositionMessage),
  version: versionSchema,
});
export type CategoryMove = z.infer<typeof categoryMoveSchema>;

export const categorySchema = z.object({
  id: z.string(),
  storeId: z.string(),
  name: z.string(),
  nameHi: z.string().nullable(),
  nameKn: z.string().nullable(),
  /** Where it stands in the store's list (the customer app's menu): lower first, then by name. */
  position: z.number().int(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

const itemFields = {
  name: singleLine(100).pipe(z.string().min(1, messages.isRequired)),
  /** The name in Hindi and in Kannada (B19, ADR 0085), shared by the item's copies; null or blank: none. */
  nameHi: optionalLine(100).default(null),
  nameKn: optionalLine(100).default(null),
  categoryId: z.uuid({ error: messages.isRequired }),
  featured: z.number().int().min(0, 'must be from 0 to 3').max(3, 'must be from 0 to 3'),
  /** An item of one price: the same as one unlabelled variant of it (B17). Integer paise (D11). */
  pricePaise: amountPaiseSchema.optional(),
  /** Its pack sizes, in the order the customer app lists them; at least one (B17). */
  variants: variantListSchema.optional(),
  /** GST in percent, included in the price (B15); shown on the tax invoice. */
  gstRate: gstRateSchema.default(0),
  /** The HSN code on the tax invoice: 4, 6 or 8 digits, or null. */
  hsn: hsnSchema.nullable().default(null),
  tags: z
    .array(singleLine(30).pipe(z.string().min(1)))
    .max(20, 'at most 20 tags')
    .default([]),
  /** Other names and spellings customers search by ("chawal"): searched, never shown to customers. */
  aliases: aliasesSchema.default([]),
  veg: z.boolean().default(false),
  inStock: z.boolean().default(true),
};

/** An item posted with a `price` and no `variants` gets one variant of that price. */
function withVariants<T extends { pricePaise?: number; variants?: VariantValues[] }>(
  input: T,
  context: z.RefinementCtx,
): Omit<T, 'pricePaise' | 'variants'> & { variants: VariantValues[] } {
  const { pricePaise, variants, ...rest } = input;
  type Out = Omit<T, 'pricePaise' | 'variants'> & { variants: VariantValues[] };
  if (variants) return { ...rest, variants } as Out;
  if (pricePaise === undefined) {
    context.addIssue({ code: 'custom', path: ['variants'], message: variantMessages.noVariants });
    return z.NEVER;
  }
  return {
    ...rest,
    variants: [
      {
        label: '',
        pricePaise,
        mrpPaise: null,
        sku: null,
        barcode: null,
        stepGrams: null,
        maxGrams: null,
        stock: null,
        lowStockAt: null,
      },
    ],
  } as Out;
}

/** The item's fields as one plain object, for a form that holds some of them in its own shape. */
export const itemFieldsSchema = z.object(itemFields);

export const itemInputSchema = z.object(itemFields).transform(withVariants);
export type ItemInput = z.input<typeof itemInputSchema>;
export type ItemValuesInput = z.output<typeof itemInputSchema>;
/**
 * A partial edit: the Available toggle sends just `inStock` and `version`. `variants`, when sent,
 * is the item's whole list: a variant left out is removed. An existing variant's stock, once
 * counted, changes only by a stock adjustment (its `stock` here is then ignored): a form opened
 * before a sale must not put the sold units back.
 */
export const itemUpdateSchema = z
  .object({
    ...itemFields,
    nameHi: optionalLine(100),
    nameKn: optionalLine(100),
    tags: itemFields.tags.unwrap(),
    aliases: aliasesSchema,
    veg: z.boolean(),
    inStock: z.boolean(),
    gstRate: gstRateSchema,
    hsn: hsnSchema.nullable(),
  })
  .partial()
  .extend({ version: versionSchema });
export type ItemUpdate = z.input<typeof itemUpdateSchema>;
export type ItemUpdateValues = z.output<typeof itemUpdateSchema>;

export const itemSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  categoryId: z.string().nullable(),
  categoryName: z.string().nullable(),
  name: z.string(),
  nameHi: z.string().nullable(),
  nameKn: z.string().nullable(),
  tags: z.array(z.string()),
  /** Other names and spellings customers search by; shared by the item's copies in other stores. */
  aliases: z.array(z.string()),
  inStock: z.boolean(),
  veg: z.boolean(),
  featured: z.number().int(),
  /** The lowest price of its variants. */
  pricePaise: z.number().int(),
  variants: z.array(variantSchema),
  gstRate: z.number().int(),
  hsn: z.string().nullable(),
  imageUrl: z.string().nullable(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type Item = z.infer<typeof itemSchema>;

export const catalogueListQuerySchema = listQuerySchema;
