import { z } from 'zod';
import { businessDay } from '../dates.ts';
import { amountLimits, amountMessages, formatRupees } from '../money.ts';
import { OrderStatus } from '../orders.ts';
import { requiredOr, singleLine, versionSchema } from '../text.ts';

/**
 * Refunds (B18, ADR 0069): money given back for an order that was paid. Staff record a refund
 * made in cash or by UPI at once (processed); a refund through the payment gateway is pending
 * until the gateway says it is processed or failed. What was paid minus every refund not failed
 * is what the order kept; a refund never takes it below zero.
 */
export const refundMethods = ['CASH', 'UPI', 'GATEWAY'] as const;
export type RefundMethod = (typeof refundMethods)[number];
export const refundStates = ['PENDING', 'PROCESSED', 'FAILED'] as const;
export type RefundState = (typeof refundStates)[number];

export const refundMethodLabels: Record<RefundMethod, string> = {
  CASH: 'Cash',
  UPI: 'UPI',
  GATEWAY: 'Online, through the payment gateway',
};
export const refundStateLabels: Record<RefundState, string> = {
  PENDING: 'Pending',
  PROCESSED: 'Processed',
  FAILED: 'Failed',
};

/**
 * How an order paid in `mode` is refunded: through the gateway when paid online (ADR 0072); by hand
 * otherwise, cash for cash on delivery, UPI for UPI.
 */
export function refundMethodFor(mode: string | null): RefundMethod {
  if (mode === 'ONLINE') return 'GATEWAY';
  return mode === 'UPI' ? 'UPI' : 'CASH';
}

/**
 * What may still be refunded of an order: what was received for it (its bill then; the bill itself
 * for an order paid before that was kept), less the refunds not failed; 0 when unpaid.
 */
export function refundablePaise(order: {
  paid: boolean;
  paidPaise: number | null;
  billAmountPaise: number;
  refundedPaise: number;
}): number {
  return order.paid ? Math.max(0, (order.paidPaise ?? order.billAmountPaise) - order.refundedPaise) : 0;
}

/**
 * What the order holds beyond its bill (B18): after its items changed to less than was received,
 * the difference to give back; 0 when nothing is owed.
 */
export function refundDuePaise(order: {
  paid: boolean;
  paidPaise: number | null;
  billAmountPaise: number;
  refundedPaise: number;
}): number {
  return Math.max(0, refundablePaise(order) - (order.paid ? order.billAmountPaise : 0));
}

/**
 * What more the customer is to pay of an order paid online after staff changed its items to more
 * than it kept (ADR 0074): the bill less what was paid and not refunded. The customer pays it at
 * the gateway from the order's page. 0 for every other order: unpaid, paid another way (whose bill
 * never grows past what was received, ADR 0070), or cancelled.
 */
export function paymentDuePaise(order: {
  paid: boolean;
  paymentMode: string | null;
  status: number;
  paidPaise: number | null;
  billAmountPaise: number;
  refundedPaise: number;
}): number {
  if (!order.paid || order.paymentMode !== 'ONLINE' || order.status === OrderStatus.Cancelled) return 0;
  return Math.max(0, order.billAmountPaise - refundablePaise(order));
}

/**
 * The financial year (April to March) a moment falls in, on the business's clock, by the year it
 * starts: 2026 for 2026-04-01 to 2027-03-31. Credit notes are numbered from 1 in each.
 */
export function financialYearOf(at: string | number | Date, timeZone: string): number {
  const [year, month] = businessDay(at, timeZone).split('-').map(Number) as [number, number];
  return month >= 4 ? year : year - 1;
}

/** A credit note's number as printed: "CN/2026-27/7". */
export function creditNoteLabel(financialYear: number, number: number): string {
  return `CN/${financialYear}-${String((financialYear + 1) % 100).padStart(2, '0')}/${number}`;
}

export const refundMessages = {
  notPaid: 'This order is not paid: there is nothing to refund',
  tooMuch: (refundablePaise: number) =>
    refundablePaise === 0
      ? 'Everything paid for this order is refunded already'
      : `At most ${formatRupees(refundablePaise)} can be refunded`,
  /** An order paid online in two payments: a gateway refund gives back of one payment only. */
  onePaymentAtATime: (largestPaise: number) =>
    `At most ${formatRupees(largestPaise)} can be refunded at once: this order was paid online in more than one payment, and a refund goes back to one of them. Refund the rest as another refund`,
  positive: 'must be more than ₹0',
  recorded: (paise: number, method: RefundMethod) =>
    `Refund of ${formatRupees(paise)} (${refundMethodLabels[method]}) recorded`,
} as const;

/** `POST /api/orders/:orderId/refunds`: a refund of a paid order, from the version it was read at. */
export const refundInputSchema = z.object({
  amountPaise: z
    .number({ error: requiredOr(amountMessages.notANumber) })
    .int(amountMessages.wholePaise)
    .min(1, refundMessages.positive)
    .max(amountLimits.maxPaise, amountMessages.tooLarge),
  /** The UPI transaction's reference, or the receipt of the cash given back. */
  reference: singleLine(60).optional(),
  note: singleLine(200).optional(),
  version: versionSchema,
});
export type RefundInput = z.infer<typeof refundInputSchema>;

export const refundSchema = z.object({
  id: z.string(),
  amountPaise: z.number().int(),
  method: z.enum(refundMethods),
  state: z.enum(refundStates),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  /** "CN/2026-27/7" when the order had its tax invoice: the refund's credit note. */
  creditNote: z.string().nullable(),
  createdByName: z.string(),
  createdAt: z.string(),
});
export type Refund = z.infer<typeof refundSchema>;

export const refundListSchema = z.object({ items: z.array(refundSchema) });
