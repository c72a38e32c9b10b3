import { z } from 'zod';
import { listQuerySchema } from '../lists.ts';

/** What a soft delete can put in the trash (D7), by the endpoint name of its kind. */
export const trashKinds = ['stores', 'categories', 'items', 'slides', 'zones'] as const;
export type TrashKind = (typeof trashKinds)[number];

export const trashKindLabels: Record<TrashKind, string> = {
  stores: 'Store',
  categories: 'Category',
  items: 'Item',
  slides: 'Slide',
  zones: 'Zone',
};

/** How long a deleted record can be restored; after that the purge removes it for good. */
export const trashRetentionDays = 30;

/** The trash list: search by name, and optionally one kind. */
export const trashListQuerySchema = listQuerySchema.extend({ kind: z.enum(trashKinds).optional() });
export type TrashListQuery = z.infer<typeof trashListQuerySchema>;

export const trashEntrySchema = z.object({
  kind: z.enum(trashKinds),
  id: z.string(),
  name: z.string(),
  /** The store a category or item belongs to, and its name. */
  storeId: z.string().nullable(),
  storeName: z.string().nullable(),
  deletedAt: z.string(),
  /** Who deleted it; null for records deleted before this was kept. */
  deletedBy: z.string().nullable(),
});
export type TrashEntry = z.infer<typeof trashEntrySchema>;

/** A restore whose parent is gone says which parent to restore first (409). */
export function restoreParentFirstMessage(parentName: string): string {
  return `Restore the store “${parentName}” first: it is in the trash too.`;
}

/** A store whose zone is in the trash too waits for the zone (409). */
export function restoreZoneFirstMessage(zoneName: string): string {
  return `Restore the zone “${zoneName}” first: it is in the trash too.`;
}
