import { z } from 'zod';
import { OrderStatus } from '../orders.ts';
import { requiredOr, singleLine } from '../text.ts';

export { ratingCommentMax, ratingMessages, ratingWithinDays } from './rating-rules.ts';
import { ratingCommentMax, ratingMessages, ratingWithinDays } from './rating-rules.ts';

/**
 * `PUT /api/storefront/orders/:orderId/rating`. A blank comment is none; `executiveStars` rates the
 * executive who delivered it (ADR 0084), null or absent when not given.
 */
export const ratingInputSchema = z.object({
  stars: z
    .number({ error: requiredOr(ratingMessages.stars) })
    .int(ratingMessages.stars)
    .min(1, ratingMessages.stars)
    .max(5, ratingMessages.stars),
  comment: singleLine(ratingCommentMax)
    .nullish()
    .transform((value) => (value ? value : null)),
  executiveStars: z
    .number({ error: ratingMessages.executiveStars })
    .int(ratingMessages.executiveStars)
    .min(1, ratingMessages.executiveStars)
    .max(5, ratingMessages.executiveStars)
    .nullish()
    .transform((value) => value ?? null),
});
export type RatingInput = z.input<typeof ratingInputSchema>;
export type RatingRequest = z.output<typeof ratingInputSchema>;

/** An order's rating as the customer and staff see it, with the executive's stars if given (ADR 0084); null until given. */
export const orderRatingSchema = z
  .object({
    stars: z.number().int(),
    comment: z.string().nullable(),
    executiveStars: z.number().int().nullable(),
    ratedAt: z.string(),
  })
  .nullable();
export type OrderRating = z.infer<typeof orderRatingSchema>;

/**
 * Until when a delivered order may be rated (or its rating changed): `ratingWithinDays` after its
 * delivery; null when it may not be (not delivered, or too late).
 */
export function ratingUntil(order: { status: number; deliveredAt: Date | null }, now: Date): Date | null {
  if (order.status !== OrderStatus.Delivered || order.deliveredAt === null) return null;
  const until = new Date(order.deliveredAt.getTime() + ratingWithinDays * 86_400_000);
  return until > now ? until : null;
}
