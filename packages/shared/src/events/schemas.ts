import { z } from 'zod';
import { orderEventSchema, orderSummarySchema } from '../orders/schemas.ts';
import { orderRatingSchema } from '../storefront/ratings.ts';
import { eventTopics } from './topics.ts';

/**
 * What an order's event carries (ADR 0051): the order as the lists show it after the change, with
 * its payment, and the entry the change added to its timeline, so a console updates an open list
 * or order page in place instead of asking again.
 */
export const orderChangeSchema = z.object({
  order: orderSummarySchema.extend({
    paidAt: z.string().nullable(),
    paidByName: z.string().nullable(),
    /** What was received and given back (B18): an order's page shows what is due either way from them. */
    paidPaise: z.number().int().nullable(),
    refundedPaise: z.number().int(),
    /** The customer's rating (B19): a console alerts staff to a low one as it arrives. */
    rating: orderRatingSchema,
  }),
  timelineEntry: orderEventSchema,
});
export type OrderChange = z.infer<typeof orderChangeSchema>;

/** A live event as the server sends it on GET /api/events (its topics: ./topics.ts). */
export const liveEventSchema = z.object({
  id: z.string(),
  topic: z.enum(eventTopics),
  action: z.string(),
  recordId: z.string().nullable(),
  zoneId: z.string().nullable(),
  at: z.string(),
  /** On `orders` events of a change to one order: what it changed to (absent: ask for the order). */
  change: orderChangeSchema.optional(),
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
