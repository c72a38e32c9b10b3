/** Refunds of orders and their credit notes (B18, ADR 0069). */
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import {
  businesses,
  creditNoteNumbers,
  gatewayPayments,
  orderEvents,
  orders,
  refunds,
} from '#server/db/schema.ts';
import { ofBusiness, type BusinessScope } from '#server/lib/scope.ts';

/** What a refund decides on besides the order: its invoice number and the business's clock. */
export async function refundContext(tx: Executor, scope: BusinessScope, orderId: string) {
  const [row] = await tx
    .select({ invoiceNumber: orders.invoiceNumber, timeZone: businesses.timeZone })
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .where(and(ofBusiness(orders, scope), eq(orders.id, orderId)));
  return row!;
}

/** The business's next credit note number in a financial year, under its counter row's lock: no gaps, none twice. */
export async function nextCreditNoteNumber(
  tx: Executor,
  scope: BusinessScope,
  financialYear: number,
): Promise<number> {
  const [counter] = await tx
    .insert(creditNoteNumbers)
    .values({ businessId: scope.businessId, financialYear, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [creditNoteNumbers.businessId, creditNoteNumbers.financialYear],
      set: { lastNumber: sql`${creditNoteNumbers.lastNumber} + 1` },
    })
    .returning({ number: creditNoteNumbers.lastNumber });
  return counter!.number;
}

export type NewRefund = Omit<typeof refunds.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/**
 * Writes a refund with what it does to its order: the order's refunded sum and version move, and
 * its timeline says so, all in one statement. The caller holds the order's row lock.
 */
export async function insertRefund(
  tx: Executor,
  refund: NewRefund,
  timelineNote: string,
  /** Whether it gives back the order's payment (its refunded sum moves); not a payment that never paid it (ADR 0072). */
  counted = true,
): Promise<typeof refunds.$inferSelect> {
  const [row] = await tx.insert(refunds).values(refund).returning();
  await tx
    .update(orders)
    .set({
      ...(counted ? { refundedPaise: sql`${orders.refundedPaise} + ${refund.amountPaise}` } : {}),
      version: sql`${orders.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(ofBusiness(orders, refund), eq(orders.id, refund.orderId)));
  await tx.insert(orderEvents).values({
    orderId: refund.orderId,
    businessId: refund.businessId,
    note: timelineNote,
    kind: 'REFUND',
    actorId: refund.createdById ?? null,
    actorName: refund.createdByName,
  });
  return row!;
}

/** An order's refunds, oldest first. */
export async function findRefunds(db: Executor, scope: BusinessScope, orderId: string) {
  return db
    .select()
    .from(refunds)
    .where(and(ofBusiness(refunds, scope), eq(refunds.orderId, orderId)))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

/**
 * The online payments that paid an order (APPLIED: its bill, and what an item change added, ADR
 * 0074), newest first, each with what of it is not yet given back (its refunds not failed).
 */
export async function appliedPaymentsOf(tx: Executor, scope: BusinessScope, orderId: string) {
  const givenBack = tx
    .select({ sum: sql<string>`coalesce(sum(${refunds.amountPaise}), 0)` })
    .from(refunds)
    .where(
      and(
        ofBusiness(refunds, scope),
        eq(refunds.orderId, orderId),
        eq(refunds.gatewayPaymentId, gatewayPayments.id),
        ne(refunds.state, 'FAILED'),
      ),
    );
  const rows = await tx
    .select({
      id: gatewayPayments.id,
      amountPaise: gatewayPayments.amountPaise,
      givenBackPaise: sql<string>`(${givenBack})`,
    })
    .from(gatewayPayments)
    .where(
      and(
        ofBusiness(gatewayPayments, scope),
        eq(gatewayPayments.orderId, orderId),
        eq(gatewayPayments.state, 'APPLIED'),
      ),
    )
    .orderBy(desc(gatewayPayments.createdAt), desc(gatewayPayments.id));
  return rows.map((row) => ({
    id: row.id,
    amountPaise: row.amountPaise,
    leftPaise: Math.max(0, row.amountPaise - Number(row.givenBackPaise)),
  }));
}
