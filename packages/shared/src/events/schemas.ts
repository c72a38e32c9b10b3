import { z } from 'zod';

/**
 * Live events (D10). Each names the kind of record that changed so the console
 * can refresh what shows it; `id` is the record's id when there is one.
 */
export const eventTopics = [
  'account',
  'business',
  'zones',
  'stores',
  'catalogue',
  'slides',
  'staff',
  'coupons',
  'orders',
  'dashboard',
  'settings',
  'push',
  'trash',
] as const;
export type EventTopic = (typeof eventTopics)[number];

export const liveEventSchema = z.object({
  id: z.string(),
  topic: z.enum(eventTopics),
  action: z.string(),
  recordId: z.string().nullable(),
  zoneId: z.string().nullable(),
  at: z.string(),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;
