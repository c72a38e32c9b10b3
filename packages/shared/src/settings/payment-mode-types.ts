/** The payment modes' types and names, without zod: the customer app's order page reads them. */
export const paymentModeTypes = ['COD', 'UPI', 'CARD', 'ONLINE'] as const;
export type PaymentModeType = (typeof paymentModeTypes)[number];

/** What each type is called, and the title a new mode of that type starts with. */
export const paymentModeTypeLabels: Record<PaymentModeType, string> = {
  COD: 'Cash on delivery',
  UPI: 'UPI',
  CARD: 'Card',
  ONLINE: 'Pay online',
};
