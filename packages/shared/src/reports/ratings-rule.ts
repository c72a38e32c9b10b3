/*
 * What makes a rating low, and an average in words (B19, ADR 0078), without zod: the console's
 * shell alerts staff to a low rating, and zod stays out of the shell's chunk (ADR 0028).
 */

/** A rating of this many stars or fewer is low: the report lists it and the console alerts staff. */
export const lowRatingStars = 2;
/** How many low ratings the report lists, newest first. */
export const lowRatingsListed = 50;

export function isLowRating(stars: number): boolean {
  return stars <= lowRatingStars;
}

/**
 * Whether an order's rating is low (ADR 0084): the order's stars or the executive's, when given,
 * are low. The report lists it, the order page marks it and the console alerts staff.
 */
export function isLowOrderRating(rating: { stars: number; executiveStars: number | null }): boolean {
  return isLowRating(rating.stars) || (rating.executiveStars !== null && isLowRating(rating.executiveStars));
}

/** The average of some ratings to one decimal ("4.3"), or null when there are none. */
export function averageStars({ rated, starsTotal }: { rated: number; starsTotal: number }): string | null {
  if (rated === 0) return null;
  return (Math.round((starsTotal * 10) / rated) / 10).toFixed(1);
}
