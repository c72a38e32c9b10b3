/**
 * The payment gateway as the server uses it (B18, ADR 0072): a small interface a second gateway
 * could implement. Razorpay's is `razorpay.ts`.
 */

/** A payment as the gateway reports it, amounts in paise. */
export type GatewayPayment = {
  id: string;
  /** The gateway order it paid. */
  orderId: string | null;
  amountPaise: number;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  method: string | null;
  /** The gateway's fee, its tax included, once it is known. */
  feePaise: number | null;
};

export type GatewayRefund = {
  id: string;
  paymentId: string;
  amountPaise: number;
  status: 'pending' | 'processed' | 'failed';
};

/** A webhook event, read and checked: what it says of a payment or a refund. */
export type GatewayEvent =
  | { kind: 'payment.captured' | 'payment.failed'; eventId: string; payment: GatewayPayment }
  | { kind: 'refund.processed' | 'refund.failed'; eventId: string; refund: GatewayRefund }
  | { kind: 'other'; eventId: string };

export interface PaymentProvider {
  readonly name: 'razorpay';
  /** What the customer app needs to open the gateway's checkout. */
  readonly checkout: { keyId: string; scriptUrl: string };
  /** Makes the gateway's order the customer pays: the amount is fixed there. */
  createOrder(input: {
    amountPaise: number;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<{ id: string }>;
  /** The gateway's order: its amount and the notes we made it with (our order and business). */
  fetchOrder(orderId: string): Promise<{ id: string; amountPaise: number; notes: Record<string, string> }>;
  fetchPayment(paymentId: string): Promise<GatewayPayment>;
  /** Captures an authorized payment of `amountPaise`. */
  capture(paymentId: string, amountPaise: number): Promise<GatewayPayment>;
  /** Gives back `amountPaise` of a captured payment, with `receipt` (our refund's id) on it. */
  refund(paymentId: string, amountPaise: number, receipt: string): Promise<GatewayRefund>;
  /** The refund of a payment made with `receipt`, if one was: how a resend finds an earlier send that was made. */
  findRefund(paymentId: string, receipt: string): Promise<GatewayRefund | null>;
  /** Whether the checkout's answer (order, payment, signature) was signed with the key secret. */
  verifyCheckout(orderId: string, paymentId: string, signature: string): boolean;
  /** Whether a webhook's body was signed with the webhook secret. */
  verifyWebhook(body: Buffer, signature: string | undefined): boolean;
  /** A verified webhook's body and event id, read; null when it is not an event we read. */
  readWebhook(body: Buffer, eventId: string): GatewayEvent | null;
}

/** The gateway did not answer, answered an error, or answered what we cannot read. */
export class GatewayError extends Error {
  constructor(
    message: string,
    /** The gateway's HTTP status, when it answered one. */
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}
