/**
 * Timeline rows that are neither a status change, a note nor the payment marked received (B18):
 * each names no status, and says what it is by its kind.
 */
export const orderEventKinds = ['REFUND', 'UPI_REPORTED', 'ITEMS', 'MESSAGE', 'RATING', 'SLOT'] as const;
export type OrderEventKind = (typeof orderEventKinds)[number];

/** What the console's timeline titles each kind of row. */
export const orderEventKindTitles: Record<OrderEventKind, string> = {
  REFUND: 'Refund',
  UPI_REPORTED: 'Customer says paid',
  ITEMS: 'Items changed',
  MESSAGE: 'Message to the customer',
  RATING: 'Customer’s rating',
  SLOT: 'Delivery slot changed',
};
