/**
 * The printed bill (B15, ADR 0048): what it shows, and the tax invoice number a business with
 * a GSTIN gives an order when its bill is first printed. Numbers are taken under the lock of the
 * business's counter row and the order's, in one transaction, so they have no gaps and an
 * order never has two.
 */
import { and, eq, sql } from 'drizzle-orm';
import { gstSlabs, type OrderBill } from '@storedesk/shared/orders/invoice';
import { OrderStatus } from '@storedesk/shared/orders';
import type { Database, Executor } from '#server/db/client.ts';
import { businesses, invoiceNumbers, orders, stores } from '#server/db/schema.ts';
import { fileUrl } from '#server/storage/images.ts';
import type { AuthContext } from '#server/modules/auth/auth.service.ts';
import { getOrder } from './orders.service.ts';

async function businessOf(db: Executor, businessId: string) {
  const [row] = await db
    .select({
      name: businesses.name,
      iconKey: businesses.iconKey,
      gstin: businesses.gstin,
      timeZone: businesses.timeZone,
    })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return row!;
}

/** The store as it is now (a deleted store still prints). */
async function storeOf(db: Executor, businessId: string, storeId: string) {
  const [row] = await db
    .select({ name: stores.name, address: stores.location, phone: stores.phone })
    .from(stores)
    .where(and(eq(stores.businessId, businessId), eq(stores.id, storeId)));
  return row;
}

/** The order's invoice number, given now when it has none; null for a cancelled order without one. */
async function invoiceNumberOf(tx: Executor, businessId: string, orderId: string): Promise<number | null> {
  const [order] = await tx
    .select({ invoiceNumber: orders.invoiceNumber, status: orders.status })
    .from(orders)
    .where(and(eq(orders.businessId, businessId), eq(orders.id, orderId)))
    .for('update');
  if (!order) return null;
  if (order.invoiceNumber !== null) return order.invoiceNumber;
  if (order.status === OrderStatus.Cancelled) return null;
  const [counter] = await tx
    .insert(invoiceNumbers)
    .values({ businessId, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceNumbers.businessId,
      set: { lastNumber: sql`${invoiceNumbers.lastNumber} + 1` },
    })
    .returning({ number: invoiceNumbers.lastNumber });
  await tx.update(orders).set({ invoiceNumber: counter!.number }).where(eq(orders.id, orderId));
  return counter!.number;
}

export async function issueBill(db: Database, auth: AuthContext, orderId: string): Promise<OrderBill> {
  return db.transaction(async (tx) => {
    // Visible to the caller, or 404, before anything is written.
    const { timeline: _timeline, ...order } = await getOrder(tx, auth, orderId);
    const business = await businessOf(tx, auth.business.id);
    const store = await storeOf(tx, auth.business.id, order.storeId);
    const invoiceNumber = business.gstin ? await invoiceNumberOf(tx, auth.business.id, orderId) : null;
    const items = order.items.map((line) => {
      const snapshot = line as typeof line & { gstRate?: number; hsn?: string | null };
      return { ...line, gstRate: snapshot.gstRate ?? 0, hsn: snapshot.hsn ?? null };
    });
    return {
      business: {
        name: business.name,
        logoUrl: business.iconKey ? fileUrl(business.iconKey) : null,
        gstin: business.gstin,
        timeZone: business.timeZone,
      },
      store: store ?? { name: order.storeName, address: '', phone: '' },
      order: { ...order, items },
      invoice:
        invoiceNumber === null
          ? null
          : {
              number: invoiceNumber,
              slabs: gstSlabs(
                items.map((line) => ({
                  amountPaise: line.itemQuantity * line.itemPricePaise,
                  gstRate: line.gstRate,
                })),
                order.discountPaise,
                order.chargesTotalPaise,
              ),
            },
    };
  });
}
