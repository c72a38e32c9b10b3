import { z } from 'zod';

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

/** `POST /api/storefront/orders/:orderId/upi-paid`. A UTR is 12 digits; other apps show up to 35 letters and digits. */
export const upiPaidSchema = z.object({
  reference: z
    .string({ error: upiMessages.reference })
    .trim()
    .regex(/^[A-Za-z0-9]{6,35}$/, upiMessages.reference),
});
export type UpiPaid = z.infer<typeof upiPaidSchema>;
