/** What the printed bill reads, and the business's gap-free invoice numbers (B15, ADR 0048). */
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { businesses, invoiceNumbers, orders, stores } from '#server/db/schema.ts';
import { ofBusiness, theBusiness, type BusinessScope } from '#server/lib/scope.ts';

/** The business as its bills name it. */
export async function billBusiness(db: Executor, scope: BusinessScope) {
  const [row] = await db
    .select({
      name: businesses.name,
      iconKey: businesses.iconKey,
      gstin: businesses.gstin,
      timeZone: businesses.timeZone,
    })
    .from(businesses)
    .where(theBusiness(businesses, scope));
  return row!;
}

/** The store as it is now (a deleted store still prints). */
export async function billStore(db: Executor, scope: BusinessScope, storeId: string) {
  const [row] = await db
    .select({ name: stores.name, address: stores.location, phone: stores.phone })
    .from(stores)
    .where(and(ofBusiness(stores, scope), eq(stores.id, storeId)));
  return row;
}

/** The order's invoice number and status, its row locked until the transaction ends; undefined when not the business's. */
export async function lockInvoiceNumber(tx: Executor, scope: BusinessScope, orderId: string) {
  const [order] = await tx
    .select({ invoiceNumber: orders.invoiceNumber, status: orders.status })
    .from(orders)
    .where(and(ofBusiness(orders, scope), eq(orders.id, orderId)))
    .for('update');
  return order;
}

/** The business's next invoice number, taken under its counter row's lock: no gaps, no number twice. */
export async function nextInvoiceNumber(tx: Executor, scope: BusinessScope): Promise<number> {
  const [counter] = await tx
    .insert(invoiceNumbers)
    .values({ businessId: scope.businessId, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceNumbers.businessId,
      set: { lastNumber: sql`${invoiceNumbers.lastNumber} + 1` },
    })
    .returning({ number: invoiceNumbers.lastNumber });
  return counter!.number;
}

export async function giveInvoiceNumber(
  tx: Executor,
  scope: BusinessScope,
  orderId: string,
  number: number,
): Promise<void> {
  await tx
    .update(orders)
    .set({ invoiceNumber: number })
    .where(and(ofBusiness(orders, scope), eq(orders.id, orderId)));
}
