/**
 * The printed bill (B15, ADR 0048): what it shows, and its tax invoice number. A business with a
 * GSTIN gives an order its number when the order is delivered (B18, ADR 0068: the database's
 * orders_invoice_number trigger); before that the bill is a pro-forma one with no number. A
 * delivered order without one (delivered before the rule, or before the business had a GSTIN)
 * takes it when its bill is first printed. Numbers are taken under the lock of the business's
 * counter row and the order's, so they have no gaps and an order never has two.
 */
import { creditNoteSlabs, invoiceSlabs, type OrderBill } from '@storedesk/shared/orders/invoice';
import { creditNoteLabel } from '@storedesk/shared/payments/refunds';
import { OrderStatus } from '@storedesk/shared/orders';
import type { AuthContext } from '#server/lib/callers.ts';
import type { Database, Executor } from '#server/db/client.ts';
import { fileUrl } from '#server/storage/images.ts';

import type { BusinessScope } from '#server/lib/scope.ts';
import { getOrder } from './orders.service.ts';
import { findRefunds } from './refunds.repository.ts';
import {
  billBusiness,
  billStore,
  giveInvoiceNumber,
  lockInvoiceNumber,
  nextInvoiceNumber,
} from './bill.repository.ts';

/** The order's invoice number, given now to a delivered order without one; null for an order not delivered without one. */
async function invoiceNumberOf(tx: Executor, scope: BusinessScope, orderId: string): Promise<number | null> {
  const order = await lockInvoiceNumber(tx, scope, orderId);
  if (!order) return null;
  if (order.invoiceNumber !== null) return order.invoiceNumber;
  if (order.status !== OrderStatus.Delivered) return null;
  const number = await nextInvoiceNumber(tx, scope);
  await giveInvoiceNumber(tx, scope, orderId, number);
  return number;
}

export async function issueBill(db: Database, auth: AuthContext, orderId: string): Promise<OrderBill> {
  return db.transaction(async (tx) => {
    // Visible to the caller, or 404, before anything is written.
    const { timeline: _timeline, ...order } = await getOrder(tx, auth, orderId);
    const scope = { businessId: auth.business.id };
    const business = await billBusiness(tx, scope);
    const store = await billStore(tx, scope, order.storeId);
    const invoiceNumber = business.gstin ? await invoiceNumberOf(tx, scope, orderId) : null;
    const items = order.items.map((line) => {
      const snapshot = line as typeof line & { gstRate?: number; hsn?: string | null };
      return { ...line, gstRate: snapshot.gstRate ?? 0, hsn: snapshot.hsn ?? null };
    });
    const slabs = invoiceNumber === null ? [] : invoiceSlabs({ ...order, items });
    const creditNotes =
      invoiceNumber === null
        ? []
        : (await findRefunds(tx, scope, orderId))
            .filter((refund) => refund.creditNoteNumber !== null && refund.state !== 'FAILED')
            .map((refund) => ({
              refundId: refund.id,
              number: creditNoteLabel(refund.creditNoteYear!, refund.creditNoteNumber!),
              createdAt: refund.createdAt.toISOString(),
              amountPaise: refund.amountPaise,
              note: refund.note,
              slabs: creditNoteSlabs(slabs, refund.amountPaise),
            }));
    return {
      business: {
        name: business.name,
        logoUrl: business.iconKey ? fileUrl(business.iconKey) : null,
        gstin: business.gstin,
        timeZone: business.timeZone,
      },
      store: store ?? { name: order.storeName, address: '', phone: '' },
      order: { ...order, items },
      invoice: invoiceNumber === null ? null : { number: invoiceNumber, slabs },
      creditNotes,
    };
  });
}
