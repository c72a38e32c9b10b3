/** Online payments' rows (B18, ADR 0072): the gateway's orders, payments, refunds and webhook events. */
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { OrderStatus } from '@storedesk/shared/orders';
import { AWAITING_PAYMENT_STATE } from '@storedesk/shared/payments/online';
import type { Executor } from '#server/db/client.ts';
import {
  gatewayEvents,
  gatewayPayments,
  orderEvents,
  orders,
  orderSettings,
  refunds,
} from '#server/db/schema.ts';
import {
  acrossBusinesses,
  ofBusiness,
  ofCustomer,
  type BusinessScope,
  type CustomerScope,
} from '#server/lib/scope.ts';

/** What paying an order decides on, its row locked until the transaction ends. */
const paidOrderColumns = {
  id: orders.id,
  businessId: orders.businessId,
  zoneId: orders.zoneId,
  customerId: orders.customerId,
  placedAt: orders.placedAt,
  status: orders.status,
  state: orders.state,
  version: orders.version,
  billAmountPaise: orders.billAmountPaise,
  paidAt: orders.paidAt,
  paidPaise: orders.paidPaise,
  refundedPaise: orders.refundedPaise,
  paymentMode: orders.paymentMode,
  gatewayOrderId: orders.gatewayOrderId,
  dueGatewayOrderId: orders.dueGatewayOrderId,
  dueGatewayPaise: orders.dueGatewayPaise,
  payBy: orders.payBy,
  number: orders.number,
};

/** The order that has the gateway's order, and its business; undefined when none has it (yet). */
export async function findOrderOfGatewayOrder(db: Executor, gatewayOrderId: string) {
  const [row] = await db
    .select({ businessId: orders.businessId, orderId: orders.id })
    .from(orders)
    .where(
      acrossBusinesses(
        'a gateway’s payment names its order by the gateway’s id',
        or(eq(orders.gatewayOrderId, gatewayOrderId), eq(orders.dueGatewayOrderId, gatewayOrderId)),
      ),
    );
  return row;
}

/** An order of the business, locked; undefined when it has none of that id. */
export async function lockOrder(tx: Executor, scope: BusinessScope, orderId: string) {
  const [row] = await tx
    .select(paidOrderColumns)
    .from(orders)
    .where(and(ofBusiness(orders, scope), eq(orders.id, orderId)))
    .for('update');
  return row;
}

/** A customer's own order, locked; undefined when it is not theirs. */
export async function lockCustomerOrder(tx: Executor, scope: CustomerScope, orderId: string) {
  const [row] = await tx
    .select(paidOrderColumns)
    .from(orders)
    .where(and(ofCustomer(orders, scope), eq(orders.id, orderId)))
    .for('update');
  return row;
}

/** Gives the order its gateway order, unless it has one already; answers the one it has. */
export async function setGatewayOrder(
  tx: Executor,
  scope: BusinessScope,
  orderId: string,
  gatewayOrderId: string,
): Promise<string | null> {
  const [row] = await tx
    .update(orders)
    .set({ gatewayOrderId: sql`coalesce(${orders.gatewayOrderId}, ${gatewayOrderId})` })
    .where(and(ofBusiness(orders, scope), eq(orders.id, orderId)))
    .returning({ gatewayOrderId: orders.gatewayOrderId });
  return row?.gatewayOrderId ?? null;
}

/**
 * Gives the order its gateway order for what is due of `amountPaise` (ADR 0074), unless it has one
 * for that amount already; answers the one it has.
 */
export async function setDueGatewayOrder(
  tx: Executor,
  scope: BusinessScope,
  orderId: string,
  gatewayOrderId: string,
  amountPaise: number,
): Promise<string | null> {
  const [row] = await tx
    .update(orders)
    .set({
      dueGatewayOrderId: sql`CASE WHEN ${orders.dueGatewayPaise} = ${amountPaise} THEN coalesce(${orders.dueGatewayOrderId}, ${gatewayOrderId}) ELSE ${gatewayOrderId} END`,
      dueGatewayPaise: amountPaise,
    })
    .where(and(ofBusiness(orders, scope), eq(orders.id, orderId)))
    .returning({ gatewayOrderId: orders.dueGatewayOrderId });
  return row?.gatewayOrderId ?? null;
}

/** The minutes the business gives to pay online, or null while it has never saved its order settings. */
export async function payWithinMinutes(db: Executor, scope: BusinessScope): Promise<number | null> {
  const [row] = await db
    .select({ minutes: orderSettings.payWithinMinutes })
    .from(orderSettings)
    .where(ofBusiness(orderSettings, scope));
  return row?.minutes ?? null;
}

/** Records that a webhook event is applied; false when it was already. */
export async function recordGatewayEvent(
  tx: Executor,
  event: { provider: string; eventId: string; businessId: string },
): Promise<boolean> {
  const rows = await tx
    .insert(gatewayEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ id: gatewayEvents.eventId });
  return rows.length > 0;
}

/** A payment the gateway took, unless it is recorded already; answers the row, or null when it was. */
export async function insertGatewayPayment(tx: Executor, payment: typeof gatewayPayments.$inferInsert) {
  const [row] = await tx.insert(gatewayPayments).values(payment).onConflictDoNothing().returning();
  return row ?? null;
}

/** Gateway refunds not yet taken by the gateway: sent after their transaction commits, and again by the sweep. */
export async function refundsToSend(db: Executor, ids?: readonly string[]) {
  return db
    .select({
      id: refunds.id,
      businessId: refunds.businessId,
      orderId: refunds.orderId,
      amountPaise: refunds.amountPaise,
      paymentRef: gatewayPayments.paymentRef,
    })
    .from(refunds)
    .innerJoin(gatewayPayments, eq(gatewayPayments.id, refunds.gatewayPaymentId))
    .where(
      and(
        acrossBusinesses('the refund sender sends every business’s refunds', sql`true`),
        eq(refunds.method, 'GATEWAY'),
        eq(refunds.state, 'PENDING'),
        isNull(refunds.gatewayRefundId),
        ids ? sql`${refunds.id} = ANY(${`{${ids.join(',')}}`}::uuid[])` : sql`true`,
      ),
    )
    .orderBy(asc(refunds.createdAt))
    .limit(100);
}

/** How long a send of a refund holds it: another sender (an instance's sweep) leaves it alone meanwhile. */
const SEND_LEASE = sql`interval '2 minutes'`;

/**
 * Claims a gateway refund for one send, unless it is taken by the gateway already or another send
 * holds it; answers how many sends it has had with this one, or null when not claimed.
 */
export async function claimRefundSend(
  db: Executor,
  scope: BusinessScope,
  refundId: string,
): Promise<number | null> {
  const [row] = await db
    .update(refunds)
    .set({ sendTries: sql`${refunds.sendTries} + 1`, sentAt: sql`now()` })
    .where(
      and(
        ofBusiness(refunds, scope),
        eq(refunds.id, refundId),
        eq(refunds.state, 'PENDING'),
        isNull(refunds.gatewayRefundId),
        sql`(${refunds.sentAt} IS NULL OR ${refunds.sentAt} < now() - ${SEND_LEASE})`,
      ),
    )
    .returning({ tries: refunds.sendTries });
  return row?.tries ?? null;
}

/** Notes the gateway's id (and state) of a refund it took. */
export async function noteGatewayRefund(
  db: Executor,
  scope: BusinessScope,
  refundId: string,
  gatewayRefundId: string,
  processed: boolean,
): Promise<void> {
  await db
    .update(refunds)
    .set({
      gatewayRefundId,
      ...(processed ? { state: 'PROCESSED' as const } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(ofBusiness(refunds, scope), eq(refunds.id, refundId), isNull(refunds.gatewayRefundId)));
}

/** The refund the gateway knows by `gatewayRefundId`, locked, with its order's lock taken first. */
export async function lockRefundOfGateway(tx: Executor, gatewayRefundId: string) {
  const [row] = await tx
    .select({
      id: refunds.id,
      businessId: refunds.businessId,
      orderId: refunds.orderId,
      state: refunds.state,
      amountPaise: refunds.amountPaise,
      gatewayPaymentId: refunds.gatewayPaymentId,
    })
    .from(refunds)
    .where(
      acrossBusinesses(
        'the gateway names a refund by its own id',
        eq(refunds.gatewayRefundId, gatewayRefundId),
      ),
    );
  if (!row) return undefined;
  await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(ofBusiness(orders, row), eq(orders.id, row.orderId)))
    .for('update');
  return row;
}

/**
 * Settles a gateway refund as the gateway says: PROCESSED, or FAILED (what it gave back returns to
 * what the order holds, when it counted there), with a timeline row. Answers whether it changed.
 */
export async function settleGatewayRefund(
  tx: Executor,
  refund: { id: string; businessId: string; orderId: string; amountPaise: number; counted: boolean },
  state: 'PROCESSED' | 'FAILED',
  note: string | null,
): Promise<boolean> {
  const [row] = await tx
    .update(refunds)
    .set({ state, updatedAt: sql`now()` })
    .where(and(ofBusiness(refunds, refund), eq(refunds.id, refund.id), eq(refunds.state, 'PENDING')))
    .returning({ id: refunds.id });
  if (!row) return false;
  if (state === 'FAILED') {
    await tx
      .update(orders)
      .set({
        ...(refund.counted ? { refundedPaise: sql`${orders.refundedPaise} - ${refund.amountPaise}` } : {}),
        version: sql`${orders.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(ofBusiness(orders, refund), eq(orders.id, refund.orderId)));
    if (note) {
      await tx.insert(orderEvents).values({
        orderId: refund.orderId,
        businessId: refund.businessId,
        note,
        kind: 'REFUND',
        actorName: 'Payment gateway',
      });
    }
  }
  return true;
}

/** Orders still awaiting their online payment past their time, oldest first, of every business. */
export async function findLapsed(db: Executor, now: Date, limit: number) {
  return db
    .select({ id: orders.id, businessId: orders.businessId, customerId: orders.customerId })
    .from(orders)
    .where(
      acrossBusinesses(
        'the payments sweep lapses every business’s unpaid orders',
        and(
          eq(orders.state, AWAITING_PAYMENT_STATE),
          eq(orders.status, OrderStatus.Placed),
          lt(orders.payBy, now),
        ),
      ),
    )
    .orderBy(asc(orders.payBy))
    .limit(limit);
}
