import { z } from 'zod';
import { periodQuerySchema } from './schemas.ts';

/**
 * Customers' ratings of a period (B19, ADR 0078): the orders rated on its days (in the business's
 * time zone, both included, by when the rating was last given), per store and per executive who
 * delivered, with the low ones listed so staff can call the customer back.
 */
export const ratingsReportQuerySchema = periodQuerySchema;
export type RatingsReportQuery = z.infer<typeof ratingsReportQuerySchema>;

export { averageStars, isLowRating, lowRatingStars, lowRatingsListed } from './ratings-rule.ts';

const count = z.number().int().nonnegative();
const figures = z.object({
  /** Orders rated. */
  rated: count,
  /** Their stars added up: the average is starsTotal / rated. */
  starsTotal: count,
  /** Those rated `lowRatingStars` or fewer. */
  low: count,
  /** How many gave 1, 2, 3, 4 and 5 stars. */
  byStars: z.array(count).length(5),
});
export type RatingFigures = z.infer<typeof figures>;

export const ratingsReportSchema = z.object({
  totals: figures,
  /** Each store with a rated order, most rated first. */
  stores: z.array(figures.extend({ storeId: z.uuid(), storeName: z.string().nullable() })),
  /** Each executive who delivered a rated order, most rated first; orders delivered by none are in no row. */
  executives: z.array(figures.extend({ executiveId: z.uuid(), executiveName: z.string().nullable() })),
  /** The low ratings, newest first, at most `lowRatingsListed`. */
  lowRatings: z.array(
    z.object({
      orderId: z.uuid(),
      orderNumber: z.number().int(),
      stars: z.number().int(),
      comment: z.string().nullable(),
      ratedAt: z.string(),
      storeName: z.string().nullable(),
      executiveName: z.string().nullable(),
    }),
  ),
});
export type RatingsReport = z.infer<typeof ratingsReportSchema>;
