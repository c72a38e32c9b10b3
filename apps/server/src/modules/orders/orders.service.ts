import { messages } from '@storedesk/shared/messages';
import { OrderStatus, orderStateFor } from '@storedesk/shared/orders';
import type {
  OrderBulkStatusChange,
  OrderDetail,
  OrderListQuery,
  OrderListResponse,
  OrderStatusChange,
  OrderSummary,
} from '@storedesk/shared/orders/schemas';
import type { Database, Executor } from '../../db/client.ts';
import { AppError, invalid, notFound, stale } from '../../lib/errors.ts';
import { scopeOf, type Scope } from '../../lib/scope.ts';
import { publishEvent } from '../../realtime/publish.ts';
import type { AuthContext } from '../auth/auth.service.ts';
import { countOrderClosed } from './order-stats.ts';
import * as repo from './orders.repository.ts';

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
  };
}

async function toDetail(db: Executor, row: repo.OrderRow): Promise<OrderDetail> {
  const timeline = await repo.findTimeline(db, row.id);
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
    timeline: timeline.map((event) => ({
      id: event.id,
      fromStatus: event.fromStatus as OrderStatus | null,
      toStatus: event.toStatus as OrderStatus | null,
      dexName: event.dexName,
      note: event.note,
      actorName: event.actorName,
      at: event.at.toISOString(),
    })),
  };
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

type Change = Omit<OrderStatusChange, 'version'>;

/**
 * One order's status change under the rules of SPEC §4 and D17, on a locked row:
 * a closed order is final; Confirmed needs a delivery executive of the order's
 * zone, and so does Picked Up when none is assigned; Delivered and Cancelled
 * close the order and count on the dashboard. Every change (and a note alone)
 * goes on the timeline with who made it.
 */
async function applyChange(
  tx: Executor,
  auth: AuthContext,
  order: repo.OrderRow,
  change: Change,
): Promise<repo.OrderRow> {
  if (order.state === 0) {
    throw new AppError('conflict', messages.orderClosed, { current: await toDetail(tx, order) });
  }
  // Moving to Confirmed names the executive; Picked Up needs one if none is assigned (D17).
  const needsDex =
    (change.status === OrderStatus.Confirmed && order.status !== OrderStatus.Confirmed) ||
    (change.status === OrderStatus.PickedUp && order.dexId === null);
  let dex: { id: string; name: string } | undefined;
  if (change.dexId || needsDex) {
    if (!change.dexId) throw invalid({ dexId: messages.dexRequired });
    dex = await repo.findDex(tx, order.businessId, order.zoneId, change.dexId);
    if (!dex) throw invalid({ dexId: messages.unknownDex });
  }
  const moves = change.status !== order.status;
  if (!moves && !dex && !change.note) return order;
  const state = orderStateFor(change.status);
  // The row as the update leaves it, so the answer needs no second read.
  const after: repo.OrderRow =
    moves || dex
      ? {
          ...order,
          status: change.status,
          state,
          dexId: dex?.id ?? order.dexId,
          dexName: dex?.name ?? order.dexName,
          version: order.version + 1,
        }
      : order;
  const update = after === order ? null : { status: change.status, state, dex };
  await repo.recordOrderChange(tx, order.id, update, {
    orderId: order.id,
    businessId: order.businessId,
    fromStatus: order.status,
    toStatus: moves ? change.status : null,
    dexId: dex?.id ?? null,
    dexName: dex?.name ?? null,
    note: change.note ?? null,
    actorId: auth.user.id,
    actorName: auth.user.name,
  });
  if (state === 0) await countOrderClosed(tx, order, change.status);
  await publishEvent(tx, {
    businessId: order.businessId,
    zoneId: order.zoneId,
    topic: 'orders',
    action: 'status',
    recordId: order.id,
  });
  return after;
}

export async function changeOrderStatus(
  db: Database,
  auth: AuthContext,
  orderId: string,
  input: OrderStatusChange,
): Promise<OrderDetail> {
  return db.transaction(async (tx) => {
    const scope = scopeOf(auth);
    const order = await repo.findOrder(tx, scope, orderId, { lock: true });
    if (!order) throw notFound();
    if (order.version !== input.version) throw stale(await toDetail(tx, order));
    return toDetail(tx, await applyChange(tx, auth, order, input));
  });
}

/** B4: the same change for every order named, all or none; any order out of reach makes it 404. */
export async function changeOrdersStatus(
  db: Database,
  auth: AuthContext,
  input: OrderBulkStatusChange,
): Promise<{ items: OrderSummary[] }> {
  const orderIds = [...new Set(input.orderIds)];
  return db.transaction(async (tx) => {
    const scope: Scope = scopeOf(auth);
    const locked = await repo.findOrdersForUpdate(tx, scope, orderIds);
    if (locked.length !== orderIds.length) throw notFound();
    const byId = new Map<string, OrderSummary>();
    for (const order of locked) byId.set(order.id, toSummary(await applyChange(tx, auth, order, input)));
    return { items: orderIds.map((id) => byId.get(id)!) };
  });
}
