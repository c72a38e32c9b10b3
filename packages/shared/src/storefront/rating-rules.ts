/**
 * Ratings (B19, ADR 0078): after delivery the customer rates the order from 1 to 5 stars, with a
 * comment if they like, and may change it for `ratingWithinDays`; staff see it on the order.
 */
export const ratingWithinDays = 14;
export const ratingCommentMax = 500;

/** Without zod, for the customer app's own screens. */
export const ratingMessages = {
  stars: 'must be a whole number of stars from 1 to 5',
  notDelivered: 'An order can be rated once it is delivered',
  tooLate: `An order can be rated up to ${ratingWithinDays} days after its delivery`,
  /** The timeline's row: "Rated 4 of 5: “Fresh and on time”". */
  recorded: (stars: number, comment: string | null) =>
    `Rated ${stars} of 5${comment ? `: “${comment}”` : ''}`,
} as const;
