import { z } from 'zod';

/** What a soft delete can put in the trash (D7), by the endpoint name of its kind. */
export const trashKinds = ['stores', 'categories', 'items', 'slides', 'zones'] as const;
export type TrashKind = (typeof trashKinds)[number];

/** How long a deleted record can be restored. */
export const trashRetentionDays = 30;

export const trashEntrySchema = z.object({
  kind: z.enum(trashKinds),
  id: z.string(),
  name: z.string(),
  storeId: z.string().nullable(),
  deletedAt: z.string(),
});
export type TrashEntry = z.infer<typeof trashEntrySchema>;
