import { z } from 'zod';
import { amountPaiseSchema } from '../money-schemas.ts';
import { gstRateSchema, hsnSchema } from '../orders/invoice.ts';
import { listQuerySchema } from '../lists.ts';
import { messages } from '../messages.ts';
import { singleLine, versionSchema } from '../text.ts';

export { ItemFeatured, itemFeaturedLabels } from './featured.ts';

export const categoryInputSchema = z.object({
  name: singleLine(100).pipe(z.string().min(1, messages.categoryName)),
});
export type CategoryInput = z.infer<typeof categoryInputSchema>;
export const categoryUpdateSchema = categoryInputSchema.extend({ version: versionSchema });
export type CategoryUpdate = z.infer<typeof categoryUpdateSchema>;

export const categorySchema = z.object({
  id: z.string(),
  storeId: z.string(),
  name: z.string(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

export const itemInputSchema = z.object({
  name: singleLine(100).pipe(z.string().min(1, messages.isRequired)),
  categoryId: z.uuid({ error: messages.isRequired }),
  featured: z.number().int().min(0, 'must be from 0 to 3').max(3, 'must be from 0 to 3'),
  /** Integer paise (D11), from 0 to ₹1,00,00,000. */
  pricePaise: amountPaiseSchema,
  /** GST in percent, included in the price (B15); shown on the tax invoice. */
  gstRate: gstRateSchema.default(0),
  /** The HSN code on the tax invoice: 4, 6 or 8 digits, or null. */
  hsn: hsnSchema.nullable().default(null),
  tags: z
    .array(singleLine(30).pipe(z.string().min(1)))
    .max(20, 'at most 20 tags')
    .default([]),
  veg: z.boolean().default(false),
  inStock: z.boolean().default(true),
});
export type ItemInput = z.input<typeof itemInputSchema>;
/** A partial edit: the Available toggle sends just `inStock` and `version`. */
export const itemUpdateSchema = itemInputSchema
  .extend({
    tags: itemInputSchema.shape.tags.unwrap(),
    veg: z.boolean(),
    inStock: z.boolean(),
    gstRate: gstRateSchema,
    hsn: hsnSchema.nullable(),
  })
  .partial()
  .extend({ version: versionSchema });
export type ItemUpdate = z.infer<typeof itemUpdateSchema>;

export const itemSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  categoryId: z.string().nullable(),
  categoryName: z.string().nullable(),
  name: z.string(),
  tags: z.array(z.string()),
  inStock: z.boolean(),
  veg: z.boolean(),
  featured: z.number().int(),
  pricePaise: z.number().int(),
  gstRate: z.number().int(),
  hsn: z.string().nullable(),
  imageUrl: z.string().nullable(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type Item = z.infer<typeof itemSchema>;

export const catalogueListQuerySchema = listQuerySchema;
