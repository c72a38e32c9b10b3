import { z } from 'zod';

export const zoneSchema = z.object({
  id: z.string(),
  name: z.string(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type Zone = z.infer<typeof zoneSchema>;
