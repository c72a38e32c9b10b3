import type { OrderDetail, OrderSummary } from '@storedesk/shared/orders/schemas';
import { orderPaymentMessages } from '@storedesk/shared/orders/schemas';
import { deliveryMessages } from '@storedesk/shared/delivery/rules';
import { messages } from '@storedesk/shared/messages';
import { needsExecutive, OrderStatus, orderStateFor } from '@storedesk/shared/orders';
import type { StaffCancelReason } from '@storedesk/shared/orders/cancellation';
import {
  refundMethodFor,
  refundablePaise,
  refundMessages,
  type Refund,
  type RefundInput,
} from '@storedesk/shared/payments/refunds';
import type { ExecutiveChoice } from '@storedesk/shared/delivery/schemas';
import type { DeliveryExecutive } from '@storedesk/shared/staff/schemas';
import { adminSession, listOf, storeFixture, zoneNorth, zoneSouth } from './fixtures.ts';
import type { ApiCall, Handler } from './mock-api.ts';
import { apiError, json, sessionHandler } from './mock-api.ts';

/*
 * Orders, delivery executives and stores for the orders screens' tests, and a
 * small server that lists and changes them the way the API does.
 */

export const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000 - 5_000).toISOString();

export const indiranagar = storeFixture();
export const jayanagar = storeFixture({
  id: 'a0000000-0000-4000-8000-000000000002',
  name: 'Fresh Mart Jayanagar',
});

export const ravi: DeliveryExecutive = {
  id: 'e0000000-0000-4000-8000-000000000001',
  name: 'Ravi Kumar',
  email: 'ravi@example.test',
  level: 3,
  phone: '+91-9000000001',
  zoneId: zoneNorth.id,
  zoneName: zoneNorth.name,
  version: 1,
  updatedAt: '2026-11-01T00:00:00.000Z',
};
export const meena: DeliveryExecutive = {
  id: 'e0000000-0000-4000-8000-000000000002',
  name: 'Meena Das',
  email: 'meena@example.test',
  level: 3,
  phone: '+91-9000000002',
  zoneId: zoneNorth.id,
  zoneName: zoneNorth.name,
  version: 1,
  updatedAt: '2026-11-01T00:00:00.000Z',
};
export const suresh: DeliveryExecutive = {
  id: 'e0000000-0000-4000-8000-000000000003',
  name: 'Suresh Rao',
  email: 'suresh@example.test',
  level: 3,
  phone: '+91-9000000003',
  zoneId: zoneSouth.id,
  zoneName: zoneSouth.name,
  version: 1,
  updatedAt: '2026-11-01T00:00:00.000Z',
};
export const executives = [ravi, meena, suresh];

/** How the picker sees each executive (GET /api/dispatch/executives): all on duty and free by default. */
export type ExecutiveState = Pick<ExecutiveChoice, 'onDuty' | 'openOrders' | 'distanceKm' | 'seenAt'>;
const freeOnDuty: ExecutiveState = { onDuty: true, openOrders: 0, distanceKm: null, seenAt: null };

let nextNumber = 1001;

export function orderFixture(changes: Partial<OrderDetail> = {}): OrderDetail {
  const number = changes.number ?? nextNumber++;
  const status = changes.status ?? 0;
  return {
    id: `f0000000-0000-4000-8000-${String(number).padStart(12, '0')}`,
    number,
    zoneId: zoneNorth.id,
    storeId: indiranagar.id,
    storeName: indiranagar.name,
    customerName: 'Asha Rao',
    customerPhone: '+91-9812345678',
    placedAt: minutesAgo(12),
    status,
    state: orderStateFor(status),
    billAmountPaise: 31_100,
    dexId: null,
    dexName: null,
    version: 1,
    closedAt: orderStateFor(status) === 0 ? minutesAgo(2) : null,
    slot: null,
    items: [
      { itemId: 'i1', itemName: 'Alphonso mango', itemQuantity: 2, itemPricePaise: 12_050 },
      { itemId: 'i2', itemName: 'Paneer', itemQuantity: 1, itemPricePaise: 9_000 },
    ],
    itemsTotalPaise: 33_100,
    couponCode: 'FRESH20',
    offer: { coupon: 'FRESH20', discountPaise: 4_000 },
    charges: [{ chargeLabel: 'Delivery charges', chargeAmountPaise: 2_000 }],
    discountPaise: 4_000,
    chargesTotalPaise: 2_000,
    deliveryAddress: {
      label: 'Home',
      text: '42, 12th Main, HAL 2nd Stage, Indiranagar',
      landmark: 'Opposite the metro pillar 120',
      lat: 12.9719,
      lng: 77.6412,
    },
    paymentMode: 'UPI',
    paidAt: null,
    paidByName: null,
    note: 'Please ring the bell twice',
    ifMissing: 'CALL',
    cancelReason: null,
    paidPaise: null,
    refundedPaise: 0,
    upiReference: null,
    upiReportedAt: null,
    rating: null,
    timeline: [
      {
        id: 1,
        fromStatus: null,
        toStatus: 0,
        dexName: null,
        note: null,
        reason: null,
        kind: null,
        actorName: 'Asha Rao',
        at: minutesAgo(12),
      },
    ],
    ...changes,
  };
}

export function summaryOf(order: OrderDetail): OrderSummary {
  const {
    customerPhone: _phone,
    items: _items,
    itemsTotalPaise: _itemsTotal,
    couponCode: _couponCode,
    offer: _offer,
    charges: _charges,
    discountPaise: _discount,
    chargesTotalPaise: _chargesTotal,
    deliveryAddress: _address,
    paymentMode: _paymentMode,
    paidAt: _paidAt,
    paidByName: _paidByName,
    note: _note,
    ifMissing: _ifMissing,
    cancelReason: _cancelReason,
    paidPaise: _paidPaise,
    refundedPaise: _refundedPaise,
    upiReference: _upiReference,
    upiReportedAt: _upiReportedAt,
    rating: _rating,
    timeline: _timeline,
    ...summary
  } = order;
  return summary;
}

type Change = {
  status: OrderStatus;
  dexId?: string;
  note?: string;
  reason?: StaffCancelReason;
  version?: number;
};

/**
 * The orders API over `initial`: lists with the tab counts, detail, single and
 * bulk status changes (with the dex, version and closed-order rules), the
 * delivery executives of a zone and the stores of the store filter.
 */
export function ordersServer(
  initial: OrderDetail[],
  session = adminSession,
  dispatch: { states?: Record<string, ExecutiveState>; limit?: number } = {},
) {
  let orders = [...initial];
  const stateOf = (dexId: string) => dispatch.states?.[dexId] ?? freeOnDuty;
  const limit = dispatch.limit ?? 5;
  let eventId = 100;

  const apply = (order: OrderDetail, change: Change): OrderDetail => {
    const dex = change.dexId ? executives.find((each) => each.id === change.dexId) : undefined;
    const moves = change.status !== order.status;
    const reason = moves && change.status === OrderStatus.Cancelled ? (change.reason ?? null) : null;
    return {
      ...order,
      cancelReason: reason ?? order.cancelReason,
      status: change.status,
      state: orderStateFor(change.status),
      dexId: dex?.id ?? order.dexId,
      dexName: dex?.name ?? order.dexName,
      version: order.version + 1,
      timeline: [
        ...order.timeline,
        {
          id: eventId++,
          fromStatus: order.status,
          toStatus: moves ? change.status : null,
          dexName: dex?.name ?? null,
          note: change.note ?? null,
          reason,
          kind: null,
          actorName: session.user.name,
          at: new Date().toISOString(),
        },
      ],
    };
  };

  const refusal = (order: OrderDetail, change: Change) => {
    if (order.state === 0) {
      return apiError(409, 'conflict', 'This order is closed: a delivered or cancelled order cannot change', {
        current: order,
      });
    }
    // The server's own rule, from the shared package: the fake must refuse what the server refuses.
    if (needsExecutive(order, change.status) && !change.dexId) {
      return apiError(400, 'invalid_input', 'Some fields need attention', {
        fields: { dexId: 'Choose a delivery executive' },
      });
    }
    if (change.dexId && change.dexId !== order.dexId && stateOf(change.dexId).openOrders >= limit) {
      return apiError(400, 'invalid_input', 'Some fields need attention', {
        fields: { dexId: deliveryMessages.executiveFull(limit) },
      });
    }
    return null;
  };

  const handlers: Record<string, Handler> = {
    'GET /api/auth/session': sessionHandler(session),
    'GET /api/orders': (call) => {
      const view = call.query.get('view') ?? 'active';
      const status = call.query.get('status');
      const storeId = call.query.get('storeId');
      const q = call.query.get('q')?.toLowerCase() ?? '';
      const page = Number(call.query.get('page') ?? 0);
      const pageSize = Number(call.query.get('pageSize') ?? 10);
      const base = orders.filter(
        (order) =>
          (!storeId || order.storeId === storeId) &&
          (!q || order.customerName.toLowerCase().includes(q) || String(order.number) === q.replace('#', '')),
      );
      const active = base.filter((order) => order.state === 1);
      const listed = (view === 'active' ? active : base.filter((order) => order.state === 0)).filter(
        (order) => status === null || order.status === Number(status),
      );
      return json(200, {
        items: listed.slice(page * pageSize, (page + 1) * pageSize).map(summaryOf),
        total: listed.length,
        // The completed view has no tabs, so no counts.
        ...(view === 'active'
          ? {
              counts: {
                all: active.length,
                placed: active.filter((order) => order.status === 0).length,
                confirmed: active.filter((order) => order.status === 1).length,
                pickedUp: active.filter((order) => order.status === 2).length,
              },
            }
          : {}),
      });
    },
    'POST /api/orders/status': (call: ApiCall) => {
      const { orders: named, ...change } = call.body as Change & {
        orders: { id: string; version: number }[];
      };
      const orderIds = named.map((order) => order.id);
      const chosen = orders.filter((order) => orderIds.includes(order.id));
      if (chosen.length !== named.length) return apiError(404, 'not_found', messages.notFound);
      if (named.some(({ id, version }) => chosen.find((order) => order.id === id)?.version !== version)) {
        return apiError(409, 'conflict', messages.staleRecord, { current: { items: chosen.map(summaryOf) } });
      }
      for (const order of chosen) {
        const refused = refusal(order, change);
        if (refused) return refused;
      }
      orders = orders.map((order) => (orderIds.includes(order.id) ? apply(order, change) : order));
      return json(200, { items: orders.filter((order) => orderIds.includes(order.id)).map(summaryOf) });
    },
    // On duty first, then nearest first (unknown last), as the server orders them.
    'GET /api/dispatch/executives': (call) => {
      const store = [indiranagar, jayanagar].find((each) => each.id === call.query.get('storeId'));
      if (!store) return apiError(404, 'not_found', messages.notFound);
      const items = executives
        .filter((dex) => dex.zoneId === store.zoneId)
        .map((dex): ExecutiveChoice => ({ id: dex.id, name: dex.name, ...stateOf(dex.id) }))
        .sort(
          (a, b) =>
            Number(b.onDuty) - Number(a.onDuty) || (a.distanceKm ?? Infinity) - (b.distanceKm ?? Infinity),
        );
      return json(200, { items, maxOpenOrdersPerExecutive: limit });
    },
    'GET /api/stores': (call) => {
      const q = call.query.get('q')?.toLowerCase() ?? '';
      return json(
        200,
        listOf([indiranagar, jayanagar].filter((store) => store.name.toLowerCase().includes(q))),
      );
    },
    [`GET /api/stores/${indiranagar.id}`]: () => json(200, indiranagar),
    [`GET /api/stores/${jayanagar.id}`]: () => json(200, jayanagar),
  };

  for (const { id } of initial) {
    const find = () => orders.find((order) => order.id === id);
    handlers[`GET /api/orders/${id}`] = () => json(200, find());
    handlers[`POST /api/orders/${id}/status`] = (call) => {
      const order = find()!;
      const change = call.body as Change;
      if (change.version !== order.version) {
        return apiError(409, 'conflict', messages.staleRecord, { current: order });
      }
      const refused = refusal(order, change);
      if (refused) return refused;
      const saved = apply(order, change);
      orders = orders.map((each) => (each.id === id ? saved : each));
      return json(200, saved);
    };
    handlers[`POST /api/orders/${id}/payment`] = (call) => {
      const order = find()!;
      if ((call.body as { version: number }).version !== order.version) {
        return apiError(409, 'conflict', messages.staleRecord, { current: order });
      }
      if (order.paidAt) return apiError(409, 'conflict', orderPaymentMessages.alreadyPaid);
      const saved: OrderDetail = {
        ...order,
        paidAt: new Date().toISOString(),
        paidPaise: order.billAmountPaise,
        paidByName: session.user.name,
        version: order.version + 1,
      };
      orders = orders.map((each) => (each.id === id ? saved : each));
      return json(200, saved);
    };
    // Refunds (B18) under the server's rules of the shared package: paid orders, at most what is left.
    let refunds: Refund[] = [];
    handlers[`GET /api/orders/${id}/refunds`] = () => json(200, { items: refunds });
    handlers[`POST /api/orders/${id}/refunds`] = (call) => {
      const order = find()!;
      const input = call.body as RefundInput;
      if (input.version !== order.version) {
        return apiError(409, 'conflict', messages.staleRecord, { current: order });
      }
      if (!order.paidAt) return apiError(409, 'conflict', refundMessages.notPaid);
      const left = refundablePaise({ paid: true, ...order });
      if (input.amountPaise > left) {
        return apiError(400, 'invalid_input', messages.invalidInput, {
          fields: { amountPaise: refundMessages.tooMuch(left) },
        });
      }
      const refund: Refund = {
        id: `refund-${refunds.length + 1}`,
        amountPaise: input.amountPaise,
        method: refundMethodFor(order.paymentMode),
        state: 'PROCESSED',
        reference: input.reference ?? null,
        note: input.note ?? null,
        creditNote: null,
        createdByName: session.user.name,
        createdAt: new Date().toISOString(),
      };
      refunds = [...refunds, refund];
      const saved: OrderDetail = {
        ...order,
        refundedPaise: order.refundedPaise + input.amountPaise,
        version: order.version + 1,
      };
      orders = orders.map((each) => (each.id === id ? saved : each));
      return json(201, { order: saved, refund });
    };
  }

  return {
    handlers,
    /** What the server holds now. */
    order: (id: string) => orders.find((order) => order.id === id),
    /** A change made by someone else. */
    replace: (id: string, changes: Partial<OrderDetail>) => {
      orders = orders.map((order) => (order.id === id ? { ...order, ...changes } : order));
    },
  };
}
