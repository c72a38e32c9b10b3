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

/** An event of a signed-in customer's own stream (GET /api/storefront/events): one of their orders changed. */
export type CustomerEvent = {
  id: string;
  topic: 'orders';
  /** `created`, `status` (its status moved) or `updated` (e.g. its payment was marked received). */
  action: string;
  /** The order's id. */
  recordId: string | null;
  at: string;
};
