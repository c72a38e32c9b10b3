import { z } from 'zod';
import { listQuerySchema } from '../lists.ts';
import { limits } from '../limits.ts';
import { requiredLine, versionSchema } from '../text.ts';

export const zoneSchema = z.object({
  id: z.string(),
  name: z.string(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type Zone = z.infer<typeof zoneSchema>;

export const zoneListQuerySchema = listQuerySchema;
export type ZoneListQuery = z.infer<typeof zoneListQuerySchema>;

/** SPEC §5: a zone needs a name; it is unique within the business, whatever its case (409). */
export const zoneInputSchema = z.object({ name: requiredLine(limits.nameMax) });
export type ZoneInput = z.infer<typeof zoneInputSchema>;

export const zoneUpdateSchema = zoneInputSchema.extend({ version: versionSchema });
export type ZoneUpdate = z.infer<typeof zoneUpdateSchema>;

/**
 * Why a zone cannot be deleted yet: what still uses it. The server refuses the
 * delete with 409 and `zoneInUseMessage(usage)`; the console shows that text.
 */
export type ZoneUsage = { stores: number; staff: number; openOrders: number };

export function zoneInUseMessage(usage: ZoneUsage): string {
  const parts: string[] = [];
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  if (usage.stores > 0) parts.push(count(usage.stores, 'store', 'stores'));
  if (usage.staff > 0) parts.push(count(usage.staff, 'staff member', 'staff members'));
  if (usage.openOrders > 0) parts.push(count(usage.openOrders, 'open order', 'open orders'));
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0];
  return `This zone still has ${list}. Move or remove them before deleting the zone.`;
}
