import { z } from 'zod';
import { periodQuerySchema } from './schemas.ts';

/**
 * Customers' ratings of a period (B19, ADR 0078): the orders rated on its days (in the business's
 * time zone, both included, by when the rating was last given), per store and per executive who
 * delivered, with the low ones listed so staff can call the customer back. An executive's figures
 * are of the stars customers gave them (ADR 0084), beside the orders' own.
 */
export const ratingsReportQuerySchema = periodQuerySchema;
export type RatingsReportQuery = z.infer<typeof ratingsReportQuerySchema>;

export {
  averageStars,
  isLowOrderRating,
  isLowRating,
  lowRatingStars,
  lowRatingsListed,
} from './ratings-rule.ts';

const count = z.number().int().nonnegative();
const figures = z.object({
  /** Orders rated. */
  rated: count,
  /** Their stars added up: the average is starsTotal / rated. */
  starsTotal: count,
  /**
   * Those rated low: the order's stars or the executive's `lowRatingStars` or fewer
   * (`isLowOrderRating`, ADR 0084); in an executive's row, the executive's stars.
   */
  low: count,
  /** How many gave 1, 2, 3, 4 and 5 stars. */
  byStars: z.array(count).length(5),
});
export type RatingFigures = z.infer<typeof figures>;

export const ratingsReportSchema = z.object({
  totals: figures,
  /** Each store with a rated order, most rated first. */
  stores: z.array(figures.extend({ storeId: z.uuid(), storeName: z.string().nullable() })),
  /**
   * Each executive who delivered a rated order, most rated first; orders delivered by none are in no
   * row. Their figures are of the executive's stars (ADR 0084): `rated` counts the orders whose
   * customer rated the executive; `orderRated` and `orderStarsTotal` are of the orders' own stars.
   */
  executives: z.array(
    figures.extend({
      executiveId: z.uuid(),
      executiveName: z.string().nullable(),
      orderRated: count,
      orderStarsTotal: count,
    }),
  ),
  /** The low ratings (the order's stars or the executive's, `isLowOrderRating`), newest first, at most `lowRatingsListed`. */
  lowRatings: z.array(
    z.object({
      orderId: z.uuid(),
      orderNumber: z.number().int(),
      stars: z.number().int(),
      executiveStars: z.number().int().nullable(),
      comment: z.string().nullable(),
      ratedAt: z.string(),
      storeName: z.string().nullable(),
      executiveName: z.string().nullable(),
    }),
  ),
});
export type RatingsReport = z.infer<typeof ratingsReportSchema>;
