import { z } from 'zod';

/** The request and answer schemas of paying online (ADR 0072): apart from online.ts, which the customer app's order page reads without zod. */

/** POST /api/storefront/orders/:orderId/payment: what the customer app opens the gateway's checkout with. */
export const checkoutSchema = z.object({
  provider: z.literal('razorpay'),
  /** The gateway's public key id. */
  keyId: z.string(),
  /** The gateway's checkout script. */
  scriptUrl: z.string(),
  /** The gateway's order, whose amount is fixed there. */
  gatewayOrderId: z.string(),
  amountPaise: z.number().int(),
  currency: z.literal('INR'),
  /** When the order lapses unpaid; null for what an item change added, which has no deadline (ADR 0074). */
  payBy: z.string().nullable(),
  /** The business's name, which the checkout shows. */
  name: z.string(),
});
export type Checkout = z.infer<typeof checkoutSchema>;

const gatewayId = (what: string) =>
  z
    .string({ error: `must be the ${what} the checkout answered` })
    .regex(/^[A-Za-z0-9_]{1,64}$/, `must be the ${what} the checkout answered`);

/** POST /api/storefront/orders/:orderId/payment/verify: the checkout's answer, as it gave it. */
export const checkoutAnswerSchema = z.object({
  paymentId: gatewayId('payment id'),
  gatewayOrderId: gatewayId('order id'),
  signature: z
    .string({ error: 'must be the signature the checkout answered' })
    .regex(/^[0-9a-fA-F]{64}$/, 'must be the signature the checkout answered'),
});
export type CheckoutAnswer = z.infer<typeof checkoutAnswerSchema>;
