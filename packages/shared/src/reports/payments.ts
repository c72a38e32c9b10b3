import { z } from 'zod';
import { periodQuerySchema } from './schemas.ts';

/**
 * Reconciling online payments (B18, ADR 0072): what the gateway took and gave back in a period,
 * days in the business's time zone, both included, to set against the gateway's settlements. A day
 * has its payments (taken, their fees, those refunded at once because their order could not take
 * them) and its gateway refunds; net is what the gateway should pay out for it.
 */
export const paymentsReportQuerySchema = periodQuerySchema;
export type PaymentsReportQuery = z.infer<typeof paymentsReportQuerySchema>;

const paise = z.number().int();
const figures = z.object({
  /** Payments taken. */
  payments: z.number().int(),
  receivedPaise: paise,
  /** The gateway's fees on them, their tax included. */
  feePaise: paise,
  /** Refunds through the gateway, not failed (pending ones included). */
  refunds: z.number().int(),
  refundedPaise: paise,
  /** received − fees − refunded. */
  netPaise: paise,
});
export type PaymentFigures = z.infer<typeof figures>;

export const paymentEntryKinds = ['PAYMENT', 'REFUND'] as const;

export const paymentsReportSchema = z.object({
  days: z.array(figures.extend({ day: z.string() })),
  totals: figures,
  /** Each payment and refund of the period, oldest first. */
  entries: z.array(
    z.object({
      kind: z.enum(paymentEntryKinds),
      day: z.string(),
      at: z.string(),
      orderId: z.uuid(),
      orderNumber: z.number().int(),
      /** The gateway's id of the payment or refund (null: a refund the gateway has not taken yet). */
      reference: z.string().nullable(),
      amountPaise: paise,
      feePaise: paise.nullable(),
      /** A payment: APPLIED (it paid its order), REFUNDED (given back at once) or TIP (a tip for its executive, ADR 0073); a refund: PENDING or PROCESSED. */
      state: z.string(),
      method: z.string().nullable(),
    }),
  ),
});
export type PaymentsReport = z.infer<typeof paymentsReportSchema>;
export type PaymentEntry = PaymentsReport['entries'][number];

/** The days' and the period's figures from the entries, so that each adds up exactly. */
export function paymentFigures(entries: readonly PaymentEntry[]): Pick<PaymentsReport, 'days' | 'totals'> {
  const zero = (): PaymentFigures => ({
    payments: 0,
    receivedPaise: 0,
    feePaise: 0,
    refunds: 0,
    refundedPaise: 0,
    netPaise: 0,
  });
  const totals = zero();
  const byDay = new Map<string, PaymentFigures>();
  for (const entry of entries) {
    let day = byDay.get(entry.day);
    if (!day) byDay.set(entry.day, (day = zero()));
    for (const into of [day, totals]) {
      if (entry.kind === 'PAYMENT') {
        into.payments++;
        into.receivedPaise += entry.amountPaise;
        into.feePaise += entry.feePaise ?? 0;
        into.netPaise += entry.amountPaise - (entry.feePaise ?? 0);
      } else {
        into.refunds++;
        into.refundedPaise += entry.amountPaise;
        into.netPaise -= entry.amountPaise;
      }
    }
  }
  return {
    days: [...byDay.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, f]) => ({ day, ...f })),
    totals,
  };
}
