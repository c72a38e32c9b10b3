import { z } from 'zod';
import { listQuerySchema } from '../lists.ts';

/** Staff lists are zone-scoped: the owner may name a zone, an admin always gets their own (D3, D4). */
export const staffListQuerySchema = listQuerySchema.extend({ zoneId: z.uuid().optional() });
export type StaffListQuery = z.infer<typeof staffListQuerySchema>;

export const deliveryExecutiveSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  zoneId: z.string(),
  zoneName: z.string(),
});
export type DeliveryExecutive = z.infer<typeof deliveryExecutiveSchema>;
