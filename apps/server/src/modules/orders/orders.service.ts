import { randomUUID } from 'node:crypto';
import { messages } from '@storedesk/shared/messages';
import { OrderStatus } from '@storedesk/shared/orders';
import { isFinalStatus, needsExecutive, orderStateFor } from '@storedesk/shared/orders';
import { defaultMaxOpenOrdersPerExecutive, deliveryMessages } from '@storedesk/shared/delivery/rules';
import { canTakeOrders } from '@storedesk/shared/delivery/dispatch';
import type {
  OrderBulkStatusChange,
  OrderDetail,
  OrderListQuery,
  OrderListResponse,
  OrderPayment,
  OrderStatusChange,
  OrderSummary,
} from '@storedesk/shared/orders/schemas';
import { orderPaymentMessages } from '@storedesk/shared/orders/schemas';
import { awaitsUpiPayment, upiMessages } from '@storedesk/shared/payments/upi';
import type { UpiPaid } from '@storedesk/shared/payments/upi-schemas';
import type { CustomerCancel } from '@storedesk/shared/orders/cancellation-schemas';
import type { PaymentModeType } from '@storedesk/shared/settings/payment-modes';
import {
  cancelMessages,
  customerActorName,
  customerMayCancel,
  type CancelReason,
} from '@storedesk/shared/orders/cancellation';
import type { AuthContext } from '#server/lib/callers.ts';
import type { Database, Executor } from '#server/db/client.ts';
import { AppError, invalid, isStale, notFound, stale } from '#server/lib/errors.ts';
import { CHECKOUT_TOPIC, scopeOf, type BusinessScope, type CustomerScope } from '#server/lib/scope.ts';
import type { StatementPart } from '#server/lib/statement-part.ts';
import { publishEvent } from '#server/realtime/events.repository.ts';
import { orderChangeOf } from '@storedesk/shared/orders/changes';

import type { CountedOrder } from './daily-stats.repository.ts';
import { closedCounts, placedCounts } from './order-stats.ts';
import {
  AWAITING_PAYMENT_STATE,
  awaitsOnlinePayment,
  onlinePaymentMessages,
} from '@storedesk/shared/payments/online';
import { refundablePaise } from '@storedesk/shared/payments/refunds';
import {
  ratingMessages,
  ratingUntil,
  type OrderRating,
  type RatingRequest,
} from '@storedesk/shared/storefront/ratings';
import { queueGatewayRefunds } from './refunds.service.ts';
import * as repo from './orders.repository.ts';
import { giveBackStock } from '#server/modules/catalogue/stock.service.ts';
import { orderDevicesQuery } from '#server/modules/push/push.service.ts';
import { recountDailyStats } from './daily-stats.repository.ts';
import { recountSalesStats } from './sales-stats.repository.ts';

type SummaryRow = Awaited<ReturnType<typeof repo.findOrders>>['items'][number];

function toSummary(row: SummaryRow): OrderSummary {
  return {
    id: row.id,
    number: row.number,
    zoneId: row.zoneId,
    storeId: row.storeId,
    storeName: row.storeName,
    customerName: row.customerName,
    placedAt: row.placedAt.toISOString(),
    status: row.status as OrderStatus,
    state: row.state as 0 | 1,
    billAmountPaise: row.billAmountPaise,
    dexId: row.dexId,
    dexName: row.dexName,
    version: row.version,
    closedAt: row.closedAt?.toISOString() ?? null,
    slot:
      row.slotStartsAt && row.slotEndsAt
        ? { startsAt: row.slotStartsAt.toISOString(), endsAt: row.slotEndsAt.toISOString() }
        : null,
  };
}

/** An order row's rating (B19), or null until its customer rated it. */
export function ratingOf(row: {
  ratingStars: number | null;
  ratingComment: string | null;
  executiveStars: number | null;
  ratedAt: Date | null;
}): OrderRating {
  if (row.ratingStars === null || row.ratedAt === null) return null;
  return {
    stars: row.ratingStars,
    comment: row.ratingComment,
    executiveStars: row.executiveStars,
    ratedAt: row.ratedAt.toISOString(),
  };
}

/** An order with its timeline; the timeline is read unless the caller has it. */
export async function toDetail(
  db: Executor,
  row: repo.OrderRow,
  known?: repo.TimelineRow[],
): Promise<OrderDetail> {
  const timeline = known ?? (await repo.findTimeline(db, row.id));
  return {
    ...toSummary(row),
    customerPhone: row.customerPhone,
    items: row.items,
    itemsTotalPaise: row.itemsTotalPaise,
    couponCode: row.couponCode,
    offer: row.offer,
    charges: row.charges,
    discountPaise: row.discountPaise,
    chargesTotalPaise: row.chargesTotalPaise,
    deliveryAddress: row.deliveryAddress,
    paymentMode: row.paymentMode as PaymentModeType | null,
    paidAt: row.paidAt?.toISOString() ?? null,
    paidByName: row.paidByName,
    note: row.note,
    ifMissing: row.ifMissing,
    cancelReason: row.cancelReason as CancelReason | null,
    paidPaise: row.paidPaise,
    refundedPaise: row.refundedPaise,
    upiReference: row.upiReference,
    upiReportedAt: row.upiReportedAt?.toISOString() ?? null,
    rating: ratingOf(row),
    timeline: timeline.map((event) => ({
      id: event.id,
      fromStatus: event.fromStatus as OrderStatus | null,
      toStatus: event.toStatus as OrderStatus | null,
      dexName: event.dexName,
      note: event.note,
      reason: event.reason as CancelReason | null,
      kind: event.kind,
      actorName: event.actorName,
      at: event.at.toISOString(),
    })),
  };
}

/**
 * Writes a new order (D12) with the first row of its timeline (D8), the dashboard's counters and
 * the live event, in one statement, and answers it with its number. Orders of one business wait
 * for each other from this write to their commit (ADR 0024), so its transaction makes it as late
 * as it can (ADR 0066): after every check that may refuse the order and every other lock it takes.
 * `before` is another module's part of that statement (the order's stock: ADR 0067), run first.
 */
export async function createOrder(
  tx: Executor,
  order: Omit<repo.NewOrder, 'id' | 'status' | 'state'> & CountedOrder & { customerId: string | null },
  how: {
    placedBy: string;
    /** Paid online (ADR 0072): the order awaits its payment until then, unseen by staff and uncounted. */
    awaitingPaymentUntil?: Date;
  },
  before: StatementPart | null = null,
) {
  const id = randomUUID();
  const awaiting = how.awaitingPaymentUntil !== undefined;
  return repo.insertPlacedOrder(
    tx,
    {
      ...order,
      id,
      status: OrderStatus.Placed,
      state: awaiting ? AWAITING_PAYMENT_STATE : orderStateFor(OrderStatus.Placed),
      payBy: how.awaitingPaymentUntil ?? null,
    },
    {
      timeline: {
        businessId: order.businessId,
        fromStatus: null,
        toStatus: OrderStatus.Placed,
        actorName: how.placedBy,
      },
      // An order awaiting its payment is counted, and announced to staff, once paid (releasePaidOrder).
      counts: awaiting ? null : placedCounts(order.firstOfCustomer === true),
      event: {
        businessId: order.businessId,
        zoneId: order.zoneId,
        topic: awaiting ? CHECKOUT_TOPIC : 'orders',
        action: 'created',
        recordId: id,
        customerId: order.customerId,
      },
    },
    before,
  );
}

export async function listOrders(
  db: Database,
  auth: AuthContext,
  query: OrderListQuery,
): Promise<OrderListResponse> {
  const { items, total, counts } = await repo.findOrders(db, scopeOf(auth, query.zoneId), query);
  return { items: items.map(toSummary), total, counts };
}

export async function getOrder(db: Executor, auth: AuthContext, orderId: string): Promise<OrderDetail> {
  const row = await repo.findOrder(db, scopeOf(auth), orderId);
  if (!row) throw notFound();
  return toDetail(db, row);
}

/** A change as applied: staff's, or a customer's cancel with a reason of their own list. */
type Change = Omit<OrderStatusChange, 'version' | 'reason'> & { reason?: CancelReason };

/** The executives an order's change concerns, for their live stream: the one it has after, and one it was taken from. */
function concernedExecutives(before: string | null, after: string | undefined): string[] {
  const ids = new Set<string>();
  if (after) ids.add(after.toLowerCase());
  else if (before) ids.add(before);
  if (before && after && before !== after.toLowerCase()) ids.add(before);
  return [...ids];
}

/** Whether a change gives an open order to an executive it does not have yet (and leaves it open). */
function assignsNewExecutive(order: repo.OrderRow, change: Change): boolean {
  return (
    change.dexId !== undefined &&
    order.state === 1 &&
    !isFinalStatus(change.status) &&
    change.dexId.toLowerCase() !== order.dexId
  );
}

/**
 * B14: an executive carries at most the business's limit of open orders. Called in a bulk change's
 * transaction once its orders are written, under the lock of the executive's count it took first
 * (`lockExecutive`): the count the database keeps includes this transaction's orders (ADR 0087).
 */
async function assertWithinLimit(tx: Executor, businessId: string, dexId: string): Promise<void> {
  const { open, limit } = await repo.countOpenOrders(tx, businessId, dexId);
  const max = limit ?? defaultMaxOpenOrdersPerExecutive;
  if (!canTakeOrders(open, max, 0)) throw invalid({ dexId: deliveryMessages.executiveFull(max) });
}

/**
 * One order's status change under the rules of SPEC §4 and D17, decided on the
 * order as read with the name of the executive the change names
 * (`namedDexName`): a closed order is final; Confirmed needs a delivery
 * executive of the order's zone, and so does Picked Up when none is assigned;
 * Delivered and Cancelled close the order and count on the dashboard. Every
 * change (and a note alone) goes on the timeline with who made it, in one
 * statement with its counters and live event, written only if the order is
 * still as read (else 409 with the order as it is now). Answers the order as
 * the change leaves it and, when anything was written, its timeline.
 */
async function applyChange(
  db: Executor,
  actor: { id: string | null; name: string },
  order: repo.OrderRow,
  change: Change,
  /** The change gives the order to a new executive, who must have room for it (B14): the business's limit, and the executive it leaves. */
  room?: { max: number; leaves: string | null },
): Promise<{
  order: repo.OrderRow;
  timeline?: repo.TimelineRow[];
  moved: boolean;
  /** Who has devices to push the change to (nobody when nothing was written). */
  pushTo?: repo.OrderChangeWritten['pushTo'];
}> {
  if (order.state === 0) {
    throw new AppError('conflict', messages.orderClosed, { current: await toDetail(db, order) });
  }
  // Moving to Confirmed names the executive; Picked Up needs one if none is assigned (D17).
  const needsDex = needsExecutive(order, change.status);
  let dex: { id: string; name: string } | undefined;
  if (change.dexId || needsDex) {
    if (!change.dexId) throw invalid({ dexId: messages.dexRequired });
    if (order.namedDexName === null) throw invalid({ dexId: messages.unknownDex });
    dex = { id: change.dexId, name: order.namedDexName };
  }
  const moves = change.status !== order.status;
  if (!moves && !dex && !change.note) return { order, moved: false };
  // An order awaiting its online payment is only ever cancelled (by its customer, or as it lapses):
  // it stays unseen by staff and uncounted (ADR 0072).
  const awaiting = order.state === AWAITING_PAYMENT_STATE;
  const state = awaiting ? AWAITING_PAYMENT_STATE : orderStateFor(change.status);
  const closes = state === 0 ? closedCounts(order, change.status) : null;
  // A reason comes with a cancel only (the schemas refuse it with any other status).
  const reason = moves && change.status === OrderStatus.Cancelled ? (change.reason ?? null) : null;
  const written = await recordOrderChange(db, {
    orderId: order.id,
    version: order.version,
    update: { status: change.status, state, dex, ...(reason ? { cancelReason: reason } : {}) },
    timeline: {
      businessId: order.businessId,
      fromStatus: order.status,
      toStatus: moves ? change.status : null,
      dexId: dex?.id ?? null,
      dexName: dex?.name ?? null,
      note: change.note ?? null,
      reason,
      actorId: actor.id,
      actorName: actor.name,
    },
    counts: closes,
    fromState: awaiting ? AWAITING_PAYMENT_STATE : 1,
    ...(room ? { room } : {}),
    event: {
      businessId: order.businessId,
      zoneId: order.zoneId,
      topic: awaiting ? CHECKOUT_TOPIC : 'orders',
      action: 'status',
      recordId: order.id,
      customerId: order.customerId,
      executiveIds: concernedExecutives(order.dexId, dex?.id),
    },
    order,
  });
  if (!written) {
    // Changed since it was read: the caller decided on an order that is no longer current.
    const current = await repo.findOrder(db, { businessId: order.businessId, zoneId: null }, order.id);
    // Unchanged: what failed was the executive, full (B14), or deleted or moved since the order was read.
    if (dex && current?.version === order.version) {
      if (room) {
        const { open } = await repo.countOpenOrders(db, order.businessId, dex.id);
        if (!canTakeOrders(open, room.max))
          throw invalid({ dexId: deliveryMessages.executiveFull(room.max) });
      }
      throw invalid({ dexId: messages.unknownDex });
    }
    throw stale(current ? await toDetail(db, current) : null);
  }
  const { timeline, pushTo } = written;
  // The row as the update leaves it, so the answer needs no second read.
  const after: repo.OrderRow = {
    ...order,
    status: change.status,
    state,
    dexId: dex?.id ?? order.dexId,
    dexName: dex?.name ?? order.dexName,
    cancelReason: reason ?? order.cancelReason,
    version: order.version + 1,
    // Closed now: the write's time, which its new timeline row carries too.
    closedAt: state === 0 ? (timeline.at(-1)?.at ?? new Date()) : null,
  };
  return { order: after, timeline, moved: moves, pushTo };
}

/**
 * Cancelling gives the orders' counted units back (B17), before anything else of the change is
 * written: an order being placed takes its stock and then the day's counters, so a cancel that
 * wrote its counters first and then waited for the stock could deadlock with it. One statement a
 * store, the stores in id order, each variant's units summed (a loose line's steps in grams). A
 * change that is then refused rolls this back with it.
 */
async function giveBackCancelled(tx: Executor, orders: repo.OrderRow[], status: number): Promise<void> {
  await giveBackUnits(tx, unitsToGiveBack(orders, status));
}

/** Gives `unitsToGiveBack`'s units back: one statement a store, the stores in id order. */
async function giveBackUnits(tx: Executor, byStore: ReturnType<typeof unitsToGiveBack>): Promise<void> {
  for (const storeId of [...byStore.keys()].sort()) {
    const { businessId, units } = byStore.get(storeId)!;
    await giveBackStock(
      tx,
      { businessId, storeId },
      [...units].map(([variantId, quantity]) => ({ variantId, quantity })),
    );
  }
}

/** The counted units a change to `status` gives back, by store: none unless it cancels open orders with counted lines. */
function unitsToGiveBack(orders: repo.OrderRow[], status: number) {
  const byStore = new Map<string, { businessId: string; units: Map<string, number> }>();
  if (status !== OrderStatus.Cancelled) return byStore;
  for (const order of orders) {
    if (order.state === 0 || order.status === status) continue;
    for (const line of order.items) {
      if (!line.variantId) continue;
      const store = byStore.get(order.storeId) ?? { businessId: order.businessId, units: new Map() };
      byStore.set(order.storeId, store);
      const units = line.itemQuantity * (line.stepGrams ?? 1);
      store.units.set(line.variantId, (store.units.get(line.variantId) ?? 0) + units);
    }
  }
  return byStore;
}

/**
 * One order's change (D9): decided on the order as read, written only if it is
 * still at that version, so two staff changing one order cannot both win.
 */
export async function changeOrderStatus(
  db: Database,
  auth: AuthContext,
  orderId: string,
  input: OrderStatusChange,
  /** Told, once the change is written, if it moved the order's status and the customer has devices to hear of it on. */
  moved?: (orderId: string) => void,
  /** Told, once the change is written, if it gave the order to an executive with devices to hear of it on. */
  assigned?: (orderId: string, dexId: string) => void,
): Promise<OrderDetail> {
  const order = await repo.findOrder(db, scopeOf(auth), orderId, input.dexId);
  if (!order) throw notFound();
  if (order.version !== input.version) throw stale(await toDetail(db, order));
  const assigns = assignsNewExecutive(order, input) && order.namedDexName !== null;
  // Assigning checks the executive's room in the change's own statement (ADR 0087).
  const room = assigns
    ? { max: order.executiveLimit ?? defaultMaxOpenOrdersPerExecutive, leaves: order.dexId }
    : undefined;
  // Cancelling gives counted stock back, with the change or not at all; without any, the change is one statement.
  const units = unitsToGiveBack([order], input.status);
  const change =
    units.size > 0
      ? await db.transaction(async (tx) => {
          await giveBackUnits(tx, units);
          return applyChange(tx, auth.user, order, input, room);
        })
      : await applyChange(db, auth.user, order, input, room);
  // Pushed to those who have devices to push to (the change said), after it is written.
  if (change.moved && change.pushTo?.customer) moved?.(order.id);
  if (assigns && change.pushTo?.executive) assigned?.(order.id, change.order.dexId!);
  return toDetail(db, change.order, change.timeline);
}

/**
 * B4: the same change for every order named, all or none, under the rules of a
 * single change. Any order out of reach makes it 404; any order no longer at the
 * version it was chosen at makes it 409, with every order named as it is now.
 */
export async function changeOrdersStatus(
  db: Database,
  auth: AuthContext,
  input: OrderBulkStatusChange,
  /** Told, once the changes are committed, of the orders whose status they moved, whose customer has devices. */
  moved?: (orderId: string) => void,
  /** Told, once the changes are committed, of the orders they gave to an executive, if the executive has devices. */
  assigned?: (orderId: string, dexId: string) => void,
): Promise<{ items: OrderSummary[] }> {
  const movedIds: string[] = [];
  const assignedIds: string[] = [];
  // Ids as the database gives them back: it reads a uuid in either case, so the ones sent are matched in lower case.
  const chosenAt = new Map(input.orders.map((order) => [order.id.toLowerCase(), order.version]));
  const changed = await db.transaction(async (tx) => {
    const locked = await repo.findOrdersForUpdate(tx, scopeOf(auth), [...chosenAt.keys()], input.dexId);
    if (locked.length !== chosenAt.size) throw notFound();
    const byId = new Map(locked.map((order) => [order.id, order]));
    const inOrderAsked = <T>(value: (order: repo.OrderRow) => T) =>
      input.orders.map(({ id }) => value(byId.get(id.toLowerCase())!));
    if (locked.some((order) => order.version !== chosenAt.get(order.id))) {
      throw stale({ items: inOrderAsked(toSummary) });
    }
    // Every order's own rules first (a wrong zone's executive is the answer to give), then the limit,
    // counted with this change's orders written, under the executive's lock.
    const assigning = locked.filter(
      (order) => assignsNewExecutive(order, input) && order.namedDexName !== null,
    );
    if (assigning.length > 0) await repo.lockExecutive(tx, auth.business.id, input.dexId!);
    await giveBackCancelled(tx, locked, input.status);
    for (const order of locked) {
      const change = await applyChange(tx, auth.user, order, input);
      byId.set(order.id, change.order);
      if (change.moved && change.pushTo?.customer) movedIds.push(order.id);
      if (assigning.includes(order) && change.pushTo?.executive) assignedIds.push(order.id);
    }
    if (assigning.length > 0) await assertWithinLimit(tx, auth.business.id, input.dexId!);
    return { items: inOrderAsked(toSummary) };
  });
  for (const id of movedIds) moved?.(id);
  for (const id of assignedIds) assigned?.(id, input.dexId!.toLowerCase());
  return changed;
}

/**
 * The order as a write in `tx` just left it, as its page shows it, announced live (an `updated`
 * event) to staff of its zone and to its customer, and with `toExecutive` to its executive too.
 */
export async function announceUpdated(
  tx: Executor,
  order: OrderRow,
  toExecutive = false,
): Promise<OrderDetail> {
  const after = await toDetail(
    tx,
    (await repo.findOrder(tx, { businessId: order.businessId, zoneId: null }, order.id))!,
  );
  await publishEvent(tx, {
    businessId: order.businessId,
    zoneId: order.zoneId,
    topic: 'orders',
    action: 'updated',
    recordId: order.id,
    customerId: order.customerId,
    ...(toExecutive && order.dexId ? { executiveIds: [order.dexId] } : {}),
    data: orderChangeOf(after),
  });
  return after;
}

/** An order's row as the caller may see it, for another module's change to decide on (B18); 404 otherwise. */
export async function orderRowOf(db: Executor, auth: AuthContext, orderId: string): Promise<OrderRow> {
  const row = await repo.findOrder(db, scopeOf(auth), orderId);
  if (!row) throw notFound();
  return row;
}
export type OrderRow = repo.OrderRow;

/**
 * Writes an order's new lines and bill (B18: its items changed, decided on `order` as read) with
 * the timeline row that says so, only at the version it was read at (else 409 with the order as
 * it is now), and announces it live to staff, its executive and its customer. Answers the order.
 */
export async function writeOrderItems(
  tx: Executor,
  auth: AuthContext,
  order: OrderRow,
  bill: Parameters<typeof repo.rewriteOrderItems>[3],
  note: string,
): Promise<OrderDetail> {
  const written = await repo.rewriteOrderItems(tx, { businessId: order.businessId }, order, bill, {
    note,
    actorId: auth.user.id,
    actorName: auth.user.name,
  });
  if (!written) {
    const now = await repo.findOrder(tx, scopeOf(auth), order.id);
    throw stale(now ? await toDetail(tx, now) : null);
  }
  // The executive collects the new bill of a cash order.
  return announceUpdated(tx, order, true);
}

/**
 * Moves an open order to a delivery slot (B19), decided on `order` as read, only at the version it
 * was read at (else 409 with the order as it is now), and announces it live to staff, its executive
 * and its customer. A full slot throws the database's SD410 for the caller to word.
 */
export async function writeOrderSlot(
  tx: Executor,
  auth: AuthContext,
  order: OrderRow,
  slot: { startsAt: string; endsAt: string },
  note: string,
): Promise<OrderDetail> {
  const written = await repo.moveOrderSlot(tx, scopeOf(auth), order, slot, {
    note,
    actorId: auth.user.id,
    actorName: auth.user.name,
  });
  if (!written) {
    const now = await repo.findOrder(tx, scopeOf(auth), order.id);
    throw stale(now ? await toDetail(tx, now) : null);
  }
  return announceUpdated(tx, order);
}

/** Tries of a customer's cancel that met an order changed meanwhile but still cancellable (a staff note). */
const CANCEL_TRIES = 3;

/**
 * The customer cancels their own order (B18) until the store confirms it: with their reason, on the
 * timeline as theirs, its stock given back and the change announced as staff's are. Another
 * customer's order, or one placed by the business's own system, is 404; a confirmed order 409 with
 * `cancelMessages.confirmedAlready`, a closed one 409 with `messages.orderClosed`. Of the cancel
 * and the store's confirm at the same moment exactly one is written: both are decided on one
 * version of the order, and its update writes only at that version. An order that changed but can
 * still be cancelled (a note) is read again and the cancel decided anew.
 */
export async function cancelByCustomer(
  db: Database,
  scope: CustomerScope,
  orderId: string,
  input: CustomerCancel,
): Promise<{ gatewayRefunds: string[] }> {
  for (let tries = 1; ; tries++) {
    const order = await repo.findOrderOfCustomer(db, scope, orderId);
    if (!order) throw notFound();
    if (order.state === 0) throw new AppError('conflict', messages.orderClosed);
    if (!customerMayCancel(order)) throw new AppError('conflict', cancelMessages.confirmedAlready);
    const change: Change = {
      status: OrderStatus.Cancelled,
      reason: input.reason,
      ...(input.note ? { note: input.note } : {}),
    };
    const actor = { id: null, name: customerActorName(order.customerName) };
    try {
      return await db.transaction(async (tx) => {
        await giveBackCancelled(tx, [order], change.status);
        // Refused as stale when it changed since it was read: the stock given back is undone with it.
        await applyChange(tx, actor, order, change);
        // Paid online: given back at once, in full, through the gateway (ADR 0072), from each payment.
        const left = refundablePaise({ paid: order.paidAt !== null, ...order });
        if (order.paymentMode !== 'ONLINE' || left === 0) return { gatewayRefunds: [] };
        return {
          gatewayRefunds: await queueGatewayRefunds(tx, order, left, actor, cancelMessages.refundedOnCancel),
        };
      });
    } catch (error) {
      if (isStale(error) && tries < CANCEL_TRIES) continue;
      throw error;
    }
  }
}

/**
 * An order paid online that was not paid within its time lapses (ADR 0072): cancelled, "payment not
 * received", its stock back, its customer told; staff never saw it. Answers whether it lapsed
 * (false: paid, cancelled or changed meanwhile).
 */
export async function lapseUnpaidOrder(
  db: Database,
  scope: CustomerScope,
  orderId: string,
): Promise<boolean> {
  const order = await repo.findOrderOfCustomer(db, scope, orderId);
  if (!order || !awaitsOnlinePayment(order)) return false;
  try {
    await db.transaction(async (tx) => {
      await giveBackCancelled(tx, [order], OrderStatus.Cancelled);
      await applyChange(tx, { id: null, name: 'Online payment' }, order, {
        status: OrderStatus.Cancelled,
        reason: 'PAYMENT_NOT_RECEIVED',
        note: onlinePaymentMessages.lapsed,
      });
    });
  } catch (error) {
    if (isStale(error)) return false;
    throw error;
  }
  return true;
}

/**
 * The customer rates their delivered order (B19, ADR 0078): 1 to 5 stars and a comment, and the
 * executive who delivered it if they like (ADR 0084), changed as often as they like for
 * `ratingWithinDays` after delivery; staff see it on the order and its timeline, live. Another's
 * order is 404; one not delivered, or delivered longer ago, 409; the executive's stars for an order
 * no executive delivered, 400.
 */
export async function rateOrder(
  db: Database,
  scope: CustomerScope,
  orderId: string,
  input: RatingRequest,
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await repo.findOrderOfCustomer(tx, scope, orderId, true);
    if (!order) throw notFound();
    if (order.status !== OrderStatus.Delivered) throw new AppError('conflict', ratingMessages.notDelivered);
    if (!ratingUntil(order, new Date())) throw new AppError('conflict', ratingMessages.tooLate);
    // The executive's stars are for the executive who delivered it (ADR 0084).
    if (input.executiveStars !== null && order.dexId === null) {
      throw invalid({ executiveStars: ratingMessages.noExecutive });
    }
    await repo.recordRating(
      tx,
      scope,
      order,
      input,
      customerActorName(order.customerName),
      ratingMessages.recorded(input.stars, input.comment, input.executiveStars),
    );
    await announceUpdated(tx, order);
  });
}

/**
 * "I have paid" (B18): the order's customer gives the UPI reference of their payment, which staff
 * see beside "Mark payment received"; the order is not paid until they press it. Another's order
 * is 404; an order not paid by UPI, paid already or cancelled is 409. Given again, the newer
 * reference replaces the older, on the timeline too. Announced live, as staff changes are.
 */
export async function reportUpiPayment(
  db: Database,
  scope: CustomerScope,
  orderId: string,
  input: UpiPaid,
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await repo.findOrderOfCustomer(tx, scope, orderId, true);
    if (!order) throw notFound();
    if (!awaitsUpiPayment({ ...order, paid: order.paidAt !== null })) {
      // Which part of the rule the order fails.
      const why =
        order.paymentMode !== 'UPI'
          ? upiMessages.notUpi
          : order.paidAt
            ? orderPaymentMessages.alreadyPaid
            : upiMessages.cancelled;
      throw new AppError('conflict', why);
    }
    await repo.recordUpiReference(
      tx,
      scope,
      order,
      input.reference,
      customerActorName(order.customerName),
      upiMessages.reported(input.reference),
    );
    await announceUpdated(tx, order);
  });
}

/**
 * Staff mark an order's payment received (ADR 0038): who and when, on the
 * timeline, announced live. 409 when it changed since it was read (with the
 * order as it is now), is already paid, or was cancelled.
 */
export async function markOrderPaid(
  db: Database,
  auth: AuthContext,
  orderId: string,
  input: OrderPayment,
): Promise<OrderDetail> {
  const scope = scopeOf(auth);
  return db.transaction(async (tx) => {
    const order = await repo.findOrder(tx, scope, orderId);
    if (!order) throw notFound();
    if (order.version !== input.version) throw stale(await toDetail(tx, order));
    if (order.paidAt) throw new AppError('conflict', orderPaymentMessages.alreadyPaid);
    if (order.status === OrderStatus.Cancelled)
      throw new AppError('conflict', orderPaymentMessages.cancelled);
    const written = await repo.markPaid(
      tx,
      scope,
      order,
      { id: auth.user.id, name: auth.user.name },
      orderPaymentMessages.received(order.paymentMode),
    );
    if (!written) throw stale(await toDetail(tx, (await repo.findOrder(tx, scope, orderId))!));
    return announceUpdated(tx, order);
  });
}

/** A customer's orders, newest first, a page of them, as the orders list shows them (the customer's page). */
export async function listOrdersOfCustomer(
  db: Executor,
  scope: BusinessScope,
  customerId: string,
  page: { page: number; pageSize: number },
): Promise<{ items: OrderSummary[]; total: number }> {
  const { items, total } = await repo.findOrdersOfCustomer(db, scope, customerId, page);
  return { items: items.map(toSummary), total };
}

/**
 * Counts the business's dashboard days and sales rollup again from its orders, by its time zone
 * as the caller's transaction now has it (a change of time zone, ADR 0016).
 */
export async function recountDays(tx: Executor, businessId: string): Promise<void> {
  await recountDailyStats(tx, { businessId });
  await recountSalesStats(tx, { businessId });
}

/**
 * The write of a status change with its timeline row, its counters and its event, for the
 * delivery app's moves (ADR 0042): the same statement staff's changes run.
 */
export function recordOrderChange(db: Executor, change: Omit<repo.OrderChange, 'devices'>) {
  return repo.recordOrderChange(db, {
    ...change,
    devices: (written) => orderDevicesQuery(change.order, written),
  });
}

export { closedCounts } from './order-stats.ts';

/** An order paid online reaches the store (ADR 0072): see repo.releasePaidOrder. */
export const releasePaidOrder = repo.releasePaidOrder;
/** What an item change added to an order paid online is paid (ADR 0074): see repo.payDueOnline. */
export const payDueOnline = repo.payDueOnline;

/** Tells staff and the customer, live, that an order staff see changed (a refund of it moved on). */
export async function announceOrderChanged(
  tx: Executor,
  scope: BusinessScope,
  orderId: string,
): Promise<void> {
  const order = await repo.findOrder(tx, { businessId: scope.businessId, zoneId: null }, orderId);
  if (order) await announceUpdated(tx, order);
}
