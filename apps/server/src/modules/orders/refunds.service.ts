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
  refundMethodFor,
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
import {
  appliedPaymentsOf,
  findRefunds,
  insertRefund,
  nextCreditNoteNumber,
  refundContext,
} from './refunds.repository.ts';
import { onlinePaymentMessages } from '@storedesk/shared/payments/online';

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

/** The refund's credit note, when its order had its tax invoice: the next of the business's series in the year. */
async function creditNoteFor(tx: Executor, order: { id: string; businessId: string }) {
  const business = { businessId: order.businessId };
  const context = await refundContext(tx, business, order.id);
  if (context.invoiceNumber === null) return null;
  const year = financialYearOf(new Date(), context.timeZone);
  return { year, number: await nextCreditNoteNumber(tx, business, year) };
}

/**
 * The online payment a gateway refund of `amountPaise` goes back to: the newest that still holds it
 * (an order may be paid in two, its bill and what an item change added, ADR 0074). 409 when none
 * paid it; 400 when the amount is more than any one of them holds.
 */
async function gatewayPaymentFor(
  tx: Executor,
  order: { id: string; businessId: string },
  amountPaise: number,
) {
  const payments = await appliedPaymentsOf(tx, { businessId: order.businessId }, order.id);
  if (payments.length === 0) throw new AppError('conflict', onlinePaymentMessages.notOnline);
  const payment = payments.find((one) => one.leftPaise >= amountPaise);
  if (!payment) {
    const largest = Math.max(...payments.map((one) => one.leftPaise));
    throw invalid({ amountPaise: refundMessages.onePaymentAtATime(largest) });
  }
  return payment;
}

/**
 * A staff member refunds a paid order; answers the order as it is after it, and the refund. Cash and
 * UPI are recorded as given back (processed); an order paid online is refunded through the gateway:
 * the refund is pending until the gateway takes it (`gatewayRefund`: its id, for the caller to send
 * once this commits, ADR 0072).
 */
export async function refundOrder(
  db: Database,
  auth: AuthContext,
  orderId: string,
  input: RefundInput,
): Promise<{ order: OrderDetail; refund: Refund; gatewayRefund: string | null }> {
  const scope = scopeOf(auth);
  return db.transaction(async (tx) => {
    const [order] = await orders.findOrdersForUpdate(tx, scope, [orderId]);
    if (!order) throw notFound();
    if (order.version !== input.version) throw stale(await toDetail(tx, order));
    if (!order.paidAt) throw new AppError('conflict', refundMessages.notPaid);
    const left = refundablePaise({ paid: true, ...order });
    if (input.amountPaise > left) throw invalid({ amountPaise: refundMessages.tooMuch(left) });
    const method = refundMethodFor(order.paymentMode);
    const payment = method === 'GATEWAY' ? await gatewayPaymentFor(tx, order, input.amountPaise) : null;
    const creditNote = await creditNoteFor(tx, order);
    const row = await insertRefund(
      tx,
      {
        businessId: order.businessId,
        orderId: order.id,
        amountPaise: input.amountPaise,
        method,
        state: method === 'GATEWAY' ? 'PENDING' : 'PROCESSED',
        reference: input.reference || null,
        note: input.note || null,
        gatewayPaymentId: payment?.id ?? null,
        creditNoteYear: creditNote?.year ?? null,
        creditNoteNumber: creditNote?.number ?? null,
        createdById: auth.user.id,
        createdByName: auth.user.name,
      },
      refundMessages.recorded(input.amountPaise, method),
    );
    const after = await announceUpdated(tx, order);
    return { order: after, refund: toRefund(row), gatewayRefund: method === 'GATEWAY' ? row.id : null };
  });
}

/**
 * Gives back, through the gateway, `amountPaise` of the online payment `payment` of `order`, whose
 * row the caller holds locked: a refund row, pending until the gateway takes it, which the caller
 * sends once its transaction commits (the payments sweep sends it again if it could not). `counted`:
 * it gives back the order's payment (its refunded sum moves, a credit note follows an invoice); not
 * a payment that never paid the order. Answers the refund's id.
 */
export async function queueGatewayRefund(
  tx: Executor,
  order: { id: string; businessId: string },
  payment: { id: string },
  amountPaise: number,
  by: { id: string | null; name: string },
  note: string,
  counted: boolean,
): Promise<string> {
  const creditNote = counted ? await creditNoteFor(tx, order) : null;
  const row = await insertRefund(
    tx,
    {
      businessId: order.businessId,
      orderId: order.id,
      amountPaise,
      method: 'GATEWAY',
      state: 'PENDING',
      reference: null,
      note,
      gatewayPaymentId: payment.id,
      creditNoteYear: creditNote?.year ?? null,
      creditNoteNumber: creditNote?.number ?? null,
      createdById: by.id,
      createdByName: by.name,
    },
    refundMessages.recorded(amountPaise, 'GATEWAY'),
    counted,
  );
  return row.id;
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

/** The online payments that paid an order (ADR 0072, 0074), newest first, with what each still holds. */
export const paymentsThatPaid = appliedPaymentsOf;

/**
 * Gives back `amountPaise` of an order's online payments through the gateway, the newest first
 * (queueGatewayRefund, one refund per payment it takes from); answers the refunds' ids.
 */
export async function queueGatewayRefunds(
  tx: Executor,
  order: { id: string; businessId: string },
  amountPaise: number,
  by: { id: string | null; name: string },
  note: string,
): Promise<string[]> {
  const ids: string[] = [];
  let left = amountPaise;
  for (const payment of await appliedPaymentsOf(tx, { businessId: order.businessId }, order.id)) {
    const part = Math.min(left, payment.leftPaise);
    if (part <= 0) continue;
    ids.push(await queueGatewayRefund(tx, order, payment, part, by, note, true));
    left -= part;
  }
  return ids;
}
