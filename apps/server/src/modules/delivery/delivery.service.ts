import type { SignInRequest } from '@storedesk/shared/auth/schemas';
import {
  cashToCollectPaise,
  deliveryCodeAttempts,
  deliveryMessages,
  executiveNextStatus,
} from '@storedesk/shared/delivery/rules';
import type {
  DeliveryOrder,
  DeliverySession,
  DeliveryStatusChange,
  Duty,
  LocationInput,
} from '@storedesk/shared/delivery/schemas';
import { canUseDeliveryApp } from '@storedesk/shared/levels';
import { messages } from '@storedesk/shared/messages';
import { OrderStatus, orderStateFor } from '@storedesk/shared/orders';
import { orderPaymentMessages } from '@storedesk/shared/orders/schemas';
import type { PaymentModeType } from '@storedesk/shared/settings/payment-modes';
import { timingSafeEqual } from 'node:crypto';
import type { AuthContext, ShopUrlOf } from '#server/lib/callers.ts';
import type { Database, Executor } from '#server/db/client.ts';
import { AppError, invalid, notFound, stale } from '#server/lib/errors.ts';
import { publishEvent } from '#server/realtime/events.repository.ts';
import type { OrderNews } from '#server/modules/push/push.service.ts';
import * as auth from '#server/modules/auth/auth.service.ts';

import * as orders from '#server/modules/orders/orders.service.ts';
import * as repo from './delivery.repository.ts';
import { clearCounts, reserveAttempt } from '#server/modules/limits/limits.service.ts';

/** The signed-in executive as the repository takes them. */
export const executiveOf = (context: AuthContext): repo.Executive => ({
  id: context.user.id,
  businessId: context.business.id,
  zoneId: context.user.zoneId,
  name: context.user.name,
});

async function sessionOf(db: Executor, context: AuthContext, shopUrlOf: ShopUrlOf): Promise<DeliverySession> {
  const duty = await repo.findDuty(db, executiveOf(context));
  return { ...auth.toMe(context, shopUrlOf), onDuty: duty?.onDuty ?? false };
}

/**
 * The delivery app's sign-in (B13, ADR 0042): the staff's rules and throttling,
 * for delivery executives only; everyone else gets the console's refusal.
 */
export async function signIn(
  db: Database,
  input: SignInRequest,
  meta: { ip: string; userAgent: string | null; previousToken: string | null },
  shopUrlOf: ShopUrlOf,
) {
  const signedIn = await auth.signIn(db, input, meta, canUseDeliveryApp);
  if ('chooseBusiness' in signedIn) return signedIn;
  return { ...(await sessionOf(db, signedIn.auth, shopUrlOf)), token: signedIn.token };
}

export const session = (db: Database, context: AuthContext, shopUrlOf: ShopUrlOf) =>
  sessionOf(db, context, shopUrlOf);

/** On or off duty; staff's Dispatch hears of it (a `dispatch` event of the executive's zone). */
export async function setDuty(db: Database, context: AuthContext, onDuty: boolean): Promise<Duty> {
  const executive = executiveOf(context);
  return db.transaction(async (tx) => {
    const duty = await repo.setDuty(tx, executive, onDuty);
    await publishEvent(tx, {
      businessId: executive.businessId,
      zoneId: executive.zoneId,
      topic: 'dispatch',
      action: onDuty ? 'on-duty' : 'off-duty',
      recordId: executive.id,
    });
    return { onDuty: duty.onDuty, since: duty.since.toISOString() };
  });
}

/** A position from the app: taken on duty only (409), at most every 5 s (429). */
export async function recordLocation(
  db: Database,
  context: AuthContext,
  input: LocationInput,
): Promise<void> {
  const { taken, onDuty } = await repo.recordPosition(db, executiveOf(context), input);
  if (taken) return;
  if (!onDuty) throw new AppError('conflict', deliveryMessages.offDuty);
  throw new AppError('rate_limited', deliveryMessages.tooSoon, { headers: { 'retry-after': '5' } });
}

function toDeliveryOrder(row: repo.ExecutiveOrderRow): DeliveryOrder {
  const paid = row.paidAt !== null;
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    version: row.version,
    placedAt: row.placedAt.toISOString(),
    store: {
      id: row.storeId,
      name: row.storeName,
      address: row.storeAddress,
      phone: row.storePhone,
      lat: row.storeLat,
      lng: row.storeLng,
    },
    customerName: row.customerName,
    customerPhone: row.customerPhone,
    deliveryAddress: row.deliveryAddress,
    items: row.items,
    itemsTotalPaise: row.itemsTotalPaise,
    discountPaise: row.discountPaise,
    charges: row.charges,
    chargesTotalPaise: row.chargesTotalPaise,
    billAmountPaise: row.billAmountPaise,
    paymentMode: row.paymentMode as PaymentModeType | null,
    paid,
    cashToCollectPaise: cashToCollectPaise({
      paymentMode: row.paymentMode,
      paid,
      billAmountPaise: row.billAmountPaise,
    }),
    note: row.note,
  };
}

export async function listOrders(db: Database, context: AuthContext): Promise<{ items: DeliveryOrder[] }> {
  const rows = await repo.findOpenOrders(db, executiveOf(context));
  return { items: rows.map(toDeliveryOrder) };
}

const sameCode = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Delivered needs the customer's 4 digits (ADR 0042): each try is counted per order before it is
 * judged (ADR 0054), a wrong code is 400, and past `deliveryCodeAttempts` tries within the limits'
 * window every try is 429 until it passes. A right code clears the count.
 */
async function checkDeliveryCode(db: Database, order: repo.ExecutiveOrderRow, code: string) {
  const key = `delivery-code:${order.id}`;
  await reserveAttempt(db, [{ key, max: deliveryCodeAttempts }], deliveryMessages.tooManyCodes);
  if (order.deliveryCode === null || !sameCode(order.deliveryCode, code)) {
    throw invalid({ code: deliveryMessages.wrongCode });
  }
  await clearCounts(db, [key]);
}

/**
 * An executive moves their own order forward (B13): Confirmed → Picked Up →
 * Delivered, never back, never Cancelled. Another's order is 404; an order
 * changed since `version` was read is 409 with it as it is now. Delivered
 * needs the customer's code and, for cash on delivery, the cash (recorded as
 * collected by them, the order paid). On the timeline as theirs, announced like
 * staff's changes, and the customer is told.
 */
export async function changeStatus(
  db: Database,
  context: AuthContext,
  orderId: string,
  input: DeliveryStatusChange,
  news: Pick<OrderNews, 'orderChanged'>,
): Promise<DeliveryOrder> {
  const executive = executiveOf(context);
  const order = await repo.findOrderOf(db, executive, orderId);
  if (!order) throw notFound();
  if (order.state === 0)
    throw new AppError('conflict', messages.orderClosed, { current: toDeliveryOrder(order) });
  if (order.version !== input.version) throw stale(toDeliveryOrder(order));
  if (input.status === OrderStatus.Cancelled) throw new AppError('forbidden', deliveryMessages.cannotCancel);
  if (input.status !== executiveNextStatus(order.status))
    throw new AppError('forbidden', deliveryMessages.forwardOnly);

  let cash: { paise: number; by: { id: string; name: string } } | undefined;
  if (input.status === OrderStatus.Delivered) {
    if (input.code === undefined) throw invalid({ code: deliveryMessages.codeRequired });
    const toCollect = toDeliveryOrder(order).cashToCollectPaise;
    // The cash is said in so many words: a client that leaves it out has not collected it.
    if (toCollect > 0 && input.cashCollected !== true)
      throw invalid({ cashCollected: deliveryMessages.cashNotCollected });
    await checkDeliveryCode(db, order, input.code);
    if (toCollect > 0) cash = { paise: toCollect, by: { id: executive.id, name: executive.name } };
  }
  const state = orderStateFor(input.status);
  // With cash, the order is paid by the executive: its payment row goes on the timeline with the move.
  const written = await db.transaction(async (tx) => {
    const change = await orders.recordOrderChange(tx, {
      orderId: order.id,
      version: order.version,
      update: { status: input.status, state, ...(cash ? { cash } : {}) },
      timeline: {
        businessId: order.businessId,
        fromStatus: order.status,
        toStatus: input.status,
        actorId: executive.id,
        actorName: executive.name,
      },
      counts: state === 0 ? orders.closedCounts(order, input.status) : null,
      event: {
        businessId: order.businessId,
        zoneId: order.zoneId,
        topic: 'orders',
        action: 'status',
        recordId: order.id,
        customerId: order.customerId,
        executiveIds: [executive.id],
      },
      order,
    });
    if (change && cash) {
      await repo.insertCashPayment(tx, executive, {
        orderId: order.id,
        note: orderPaymentMessages.received(order.paymentMode),
      });
    }
    return change;
  });
  if (!written) {
    // Changed (or taken from them) since it was read.
    const current = await repo.findOrderOf(db, executive, orderId);
    if (!current || current.dexId !== executive.id) throw notFound();
    throw stale(toDeliveryOrder(current));
  }
  // Pushed to the customer's devices, when they have any (the change said).
  if (written.pushTo.customer) news.orderChanged(order.businessId, order.id);
  return toDeliveryOrder({
    ...order,
    status: input.status,
    state,
    version: order.version + (cash ? 2 : 1),
    paidAt: cash && order.paidAt === null ? new Date() : order.paidAt,
  });
}
