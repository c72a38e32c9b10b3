import { z } from 'zod';
import { upiMessages } from './upi.ts';

/** `POST /api/storefront/orders/:orderId/upi-paid`. A UTR is 12 digits; other apps show up to 35 letters and digits. */
export const upiPaidSchema = z.object({
  reference: z
    .string({ error: upiMessages.reference })
    .trim()
    .regex(/^[A-Za-z0-9]{6,35}$/, upiMessages.reference),
});
export type UpiPaid = z.infer<typeof upiPaidSchema>;
