/**
 * Ratings (B19, ADR 0078): after delivery the customer rates the order from 1 to 5 stars, with a
 * comment if they like, and may change it for `ratingWithinDays`; staff see it on the order. With
 * it they may rate the executive who delivered it, 1 to 5 stars too (ADR 0084).
 */
export const ratingWithinDays = 14;
export const ratingCommentMax = 500;

/** Without zod, for the customer app's own screens. */
export const ratingMessages = {
  stars: 'must be a whole number of stars from 1 to 5',
  executiveStars: 'must be a whole number of stars from 1 to 5, or none',
  /** Stars for the executive of an order that no executive delivered (ADR 0084). */
  noExecutive: 'This order was not delivered by an executive, so there is none to rate',
  notDelivered: 'An order can be rated once it is delivered',
  tooLate: `An order can be rated up to ${ratingWithinDays} days after its delivery`,
  /** The timeline's row: "Rated 4 of 5: “Fresh and on time”", "Rated 4 of 5, the delivery 5 of 5". */
  recorded: (stars: number, comment: string | null, executiveStars: number | null = null) =>
    `Rated ${stars} of 5${executiveStars === null ? '' : `, the delivery ${executiveStars} of 5`}${comment ? `: “${comment}”` : ''}`,
} as const;
