import { z } from 'zod';
import { eventTopics } from './topics.ts';

/** A live event as the server sends it on GET /api/events (its topics: ./topics.ts). */
export const liveEventSchema = z.object({
  id: z.string(),
  topic: z.enum(eventTopics),
  action: z.string(),
  recordId: z.string().nullable(),
  zoneId: z.string().nullable(),
  at: z.string(),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;
