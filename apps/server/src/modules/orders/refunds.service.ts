/**
 * Refunds of paid orders (B18, ADR 0069). Staff record a refund made by hand (cash given back, a
 * UPI transfer) for the amount they choose, at most what the order still holds of its payment;
 * each is processed at once, on the order's timeline and in the audit log, and the customer's page
 * follows it live. A refund of an order that had its tax invoice gets a credit note, the next of
 * the business's series in the financial year. The order's row is locked while the refund is
 * decided and written, so two refunds at once never give back more than was paid.
 */
import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import {
  financialYearOf,
  creditNoteLabel,
  manualRefundMethod,
  refundablePaise,
  refundMessages,
  type Refund,
  type RefundInput,
} from '@storedesk/shared/payments/refunds';
import type { Database, Executor } from '#server/db/client.ts';
import type { refunds } from '#server/db/schema.ts';
import type { AuthContext } from '#server/lib/callers.ts';
import { AppError, invalid, notFound, stale } from '#server/lib/errors.ts';
import { scopeOf } from '#server/lib/scope.ts';
import * as orders from './orders.repository.ts';
import { announceUpdated, toDetail } from './orders.service.ts';
import { findRefunds, insertRefund, nextCreditNoteNumber, refundContext } from './refunds.repository.ts';

function toRefund(row: typeof refunds.$inferSelect): Refund {
  return {
    id: row.id,
    amountPaise: row.amountPaise,
    method: row.method,
    state: row.state,
    reference: row.reference,
    note: row.note,
    creditNote:
      row.creditNoteYear !== null && row.creditNoteNumber !== null
        ? creditNoteLabel(row.creditNoteYear, row.creditNoteNumber)
        : null,
    createdByName: row.createdByName,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A staff member records a refund of a paid order; answers the order as it is after it, and the refund. */
export async function refundOrder(
  db: Database,
  auth: AuthContext,
  orderId: string,
  input: RefundInput,
): Promise<{ order: OrderDetail; refund: Refund }> {
  const scope = scopeOf(auth);
  return db.transaction(async (tx) => {
    const [order] = await orders.findOrdersForUpdate(tx, scope, [orderId]);
    if (!order) throw notFound();
    if (order.version !== input.version) throw stale(await toDetail(tx, order));
    if (!order.paidAt) throw new AppError('conflict', refundMessages.notPaid);
    const left = refundablePaise({ paid: true, ...order });
    if (input.amountPaise > left) throw invalid({ amountPaise: refundMessages.tooMuch(left) });
    const business = { businessId: order.businessId };
    const context = await refundContext(tx, business, order.id);
    const financialYear = financialYearOf(new Date(), context.timeZone);
    const creditNote =
      context.invoiceNumber === null
        ? null
        : { year: financialYear, number: await nextCreditNoteNumber(tx, business, financialYear) };
    const method = manualRefundMethod(order.paymentMode);
    const row = await insertRefund(
      tx,
      {
        businessId: order.businessId,
        orderId: order.id,
        amountPaise: input.amountPaise,
        method,
        state: 'PROCESSED',
        reference: input.reference || null,
        note: input.note || null,
        creditNoteYear: creditNote?.year ?? null,
        creditNoteNumber: creditNote?.number ?? null,
        createdById: auth.user.id,
        createdByName: auth.user.name,
      },
      refundMessages.recorded(input.amountPaise, method),
    );
    const after = await announceUpdated(tx, order);
    return { order: after, refund: toRefund(row) };
  });
}

/** An order's refunds, oldest first; another zone's or business's order is 404. */
export async function listRefunds(
  db: Executor,
  auth: AuthContext,
  orderId: string,
): Promise<{ items: Refund[] }> {
  const scope = scopeOf(auth);
  const order = await orders.findOrder(db, scope, orderId);
  if (!order) throw notFound();
  const rows = await findRefunds(db, { businessId: order.businessId }, order.id);
  return { items: rows.map(toRefund) };
}
