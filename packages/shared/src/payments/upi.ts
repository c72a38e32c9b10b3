import { OrderStatus } from '../orders.ts';

/**
 * "I have paid" (B18): a customer who paid an order by UPI without a gateway gives the reference
 * (UTR) their UPI app shows. Nothing is paid until staff check it and mark the payment received.
 */
export const upiMessages = {
  reference: 'Enter the UPI reference (UTR) your UPI app shows, such as 433512345678',
  notUpi: 'This order is not paid by UPI',
  cancelled: 'A cancelled order cannot be paid',
  reported: (reference: string) => `Customer says they paid by UPI, reference ${reference}`,
} as const;

/**
 * Whether an order waits for its UPI payment: paid by UPI, not marked paid, not cancelled. The
 * customer app then offers the link, the QR code and "I have paid"; the server takes a reference
 * only then (its 409s say which part failed).
 */
export function awaitsUpiPayment(order: {
  paymentMode: string | null;
  paid: boolean;
  status: number;
}): boolean {
  return order.paymentMode === 'UPI' && !order.paid && order.status !== OrderStatus.Cancelled;
}
