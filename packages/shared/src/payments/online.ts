/**
 * Paying online through the payment gateway (B18, ADR 0072). An order paid online is placed
 * awaiting its payment (state 2): staff do not see it, and it lapses (cancelled, its stock back)
 * when it is not paid within the business's minutes. The gateway's webhook, or the customer app's
 * checkout answer, once verified, pays it; it then reaches the store as a new order.
 */

/** An order's state while it waits for its online payment: neither open (1) nor closed (0) for staff. */
export const AWAITING_PAYMENT_STATE = 2;

/** Whether an order waits for its online payment. */
export function awaitsOnlinePayment(order: { state: number; status: number }): boolean {
  return order.state === AWAITING_PAYMENT_STATE && order.status === 0;
}

/**
 * The least one online payment may be, in paise: the gateway makes no order for less (Razorpay's
 * least is ₹1). A bill below it is not offered online; a due below it cannot be paid online.
 */
export const onlinePaymentLeastPaise = 100;

/** Whether `amountPaise` can be paid in one online payment. */
export function payableOnline(amountPaise: number): boolean {
  return amountPaise >= onlinePaymentLeastPaise;
}

/** The minutes a business may give customers to pay online. */
export const payWithinLimits = { min: 5, max: 120, default: 15 } as const;

export const onlinePaymentMessages = {
  unavailable:
    'Online payment is not available right now: try again in a moment, or choose another way to pay',
  notAwaiting: 'This order is not waiting for an online payment',
  notOnline: 'This order is not paid online',
  /** An order whose bill is below onlinePaymentLeastPaise, placed to be paid online. */
  billBelowLeast: 'Online payment takes ₹1 or more: choose another way to pay',
  /** What an item change added is below onlinePaymentLeastPaise (`amount` formatted). */
  dueBelowLeast: (amount: string) => `${amount} is less than can be paid online (₹1 or more)`,
  badSignature: 'The payment could not be verified: try again, or choose another way to pay',
  notCaptured: 'The payment has not gone through: try again, or choose another way to pay',
  paidOnline: (reference: string) => `Paid online (${reference})`,
  /** The customer paid what an item change added (ADR 0074). */
  paidDueOnline: (amount: string, reference: string) => `Paid ${amount} more online (${reference})`,
  /** A checkout asked for an order that is paid and owes nothing more. */
  nothingDue: 'This order is paid: there is nothing more to pay',
  lapsed: 'Not paid in time: cancelled',
  refundedLate: 'Paid after the order could not take it: refunded in full through the gateway',
  /** A tip paid online that its tip could not take (paid in cash meanwhile, or for an old amount). */
  tipRefunded: 'A tip paid online that the order could not take: refunded in full through the gateway',
  refundFailed: 'The gateway could not make the refund',
} as const;

export type { Checkout, CheckoutAnswer } from './online-schemas.ts';
