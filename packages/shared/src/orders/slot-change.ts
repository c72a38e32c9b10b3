import { z } from 'zod';
import { versionSchema } from '../text.ts';

/**
 * `POST /api/orders/:orderId/slot` (B19, ADR 0077): staff move an open order to another of its
 * store's delivery slots (or book one for an order placed for as soon as possible), from the
 * version they read.
 */
export const orderSlotChangeSchema = z.object({
  slotId: z.iso.datetime({ error: 'must be the id of one of the store’s slots' }),
  version: versionSchema,
});
export type OrderSlotChange = z.infer<typeof orderSlotChangeSchema>;
