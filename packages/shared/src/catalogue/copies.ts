/*
 * One item in many stores (B17): what copying an item, or a whole catalogue, takes and says.
 */
import { z } from 'zod';
import { formatRupees } from '../money.ts';
import { weightText } from './variants.ts';

export const catalogueMessages = {
  mrpBelowCopyPrice: (storeName: string) =>
    `${storeName} sells this variant for more than this MRP: lower its price there first`,
  stepNotExactInCopy: (storeName: string, pricePaise: number, stepGrams: number) =>
    `${storeName} sells this at ${formatRupees(pricePaise)} a kg, where ${weightText(stepGrams)} comes to a fraction of a paisa: change its price there first`,
  storesNeeded: 'Choose at least one store',
} as const;

/** `POST /stores/:storeId/items/:itemId/copies`: the stores that should keep the item too. */
export const itemCopyInputSchema = z.object({
  storeIds: z
    .array(z.uuid({ error: 'must be the id of a store' }))
    .min(1, catalogueMessages.storesNeeded)
    .max(100, 'at most 100 stores'),
});
export type ItemCopyInput = z.infer<typeof itemCopyInputSchema>;

export const itemCopyResultSchema = z.object({
  copied: z.array(z.object({ storeId: z.string(), itemId: z.string() })),
  /** Stores that kept the item already. */
  skipped: z.array(z.string()),
});
export type ItemCopyResult = z.infer<typeof itemCopyResultSchema>;

/** `POST /stores/:storeId/catalogue/copy`: start (or fill up) a store from another's catalogue. */
export const catalogueCopyInputSchema = z.object({
  fromStoreId: z.uuid({ error: 'must be the id of a store' }),
});
export const catalogueCopyResultSchema = z.object({ copied: z.number().int(), skipped: z.number().int() });
