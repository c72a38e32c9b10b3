import type { MeResponse } from '@storedesk/shared/auth/schemas';
import { businessDay, formatSlot } from '@storedesk/shared/dates';
import { messages } from '@storedesk/shared/messages';
import { inOrdersView, OrderStatus } from '@storedesk/shared/orders';
import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import { orderSlotChangeSchema } from '@storedesk/shared/orders/slot-change';
import type { Store } from '@storedesk/shared/stores/schemas';
import { slotMessages, slotsOf } from '@storedesk/shared/stores/slots';
import { adminSession, listOf, zones } from '@/testing/fixtures.ts';
import { apiError, json } from '@/testing/mock-api.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { ordersServer, summaryOf } from '@/testing/orders-test-server.ts';
import { bySlot } from '@/features/orders/api/get-slot-orders.ts';

/** The slots of Tuesday 1 December 2026 in Kolkata (UTC+05:30), and of the days after. */
export function kolkataSlot(day: string, from: string, to: string) {
  const moment = (time: string) => new Date(`${day}T${time}:00+05:30`).toISOString();
  return { startsAt: moment(from), endsAt: moment(to) };
}

/**
 * The orders API of ordersServer, with GET /api/orders answering `slotDay` and `sort=slot` the way
 * the server does (the business's days, earliest slot first, paged), the stores with their
 * slot rules, and POST /api/orders/:orderId/slot moving an order to another slot its store offers
 * now, under the server's rules.
 */
export function slotOrdersServer(
  initial: OrderDetail[],
  stores: Store[],
  session: MeResponse = adminSession,
) {
  const server = ordersServer(initial, session);
  const timeZone = session.business.timeZone;
  const list = server.handlers['GET /api/orders']!;
  const handlers: Record<string, Handler> = {
    ...server.handlers,
    'GET /api/zones': () => json(200, listOf(zones)),
    'GET /api/orders': (call) => {
      const slotDay = call.query.get('slotDay');
      if (slotDay === null) return list(call);
      const view = call.query.get('view') === 'completed' ? 'completed' : 'active';
      const storeId = call.query.get('storeId');
      const zoneId = call.query.get('zoneId');
      const page = Number(call.query.get('page') ?? 0);
      const pageSize = Number(call.query.get('pageSize') ?? 10);
      const listed = initial
        .map((order) => server.order(order.id)!)
        .filter(
          (order) =>
            order.slot !== null &&
            businessDay(order.slot.startsAt, timeZone) === slotDay &&
            inOrdersView(order.status, view) &&
            (!storeId || order.storeId === storeId) &&
            (!zoneId || order.zoneId === zoneId),
        )
        .map(summaryOf)
        .sort(bySlot);
      return json(200, { items: listed.slice(page * pageSize, (page + 1) * pageSize), total: listed.length });
    },
    'GET /api/stores': (call) => {
      const q = call.query.get('q')?.toLowerCase() ?? '';
      return json(200, listOf(stores.filter((store) => store.name.toLowerCase().includes(q))));
    },
  };
  for (const store of stores) handlers[`GET /api/stores/${store.id}`] = () => json(200, store);

  let eventId = 500;
  const sameMoment = (a: string, b: string) => new Date(a).getTime() === new Date(b).getTime();
  for (const { id } of initial) {
    handlers[`POST /api/orders/${id}/slot`] = (call) => {
      const parsed = orderSlotChangeSchema.safeParse(call.body);
      if (!parsed.success) {
        const fields = Object.fromEntries(
          parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
        );
        return apiError(400, 'invalid_input', messages.invalidInput, { fields });
      }
      const { slotId, version } = parsed.data;
      const order = server.order(id)!;
      if (version !== order.version)
        return apiError(409, 'conflict', messages.staleRecord, { current: order });
      if (order.status !== OrderStatus.Placed && order.status !== OrderStatus.Confirmed) {
        return apiError(409, 'conflict', slotMessages.pickedUp, { current: order });
      }
      const store = stores.find((each) => each.id === order.storeId);
      if (!store?.deliverySlots) {
        return apiError(409, 'conflict', slotMessages.none, { fields: { slotId: slotMessages.none } });
      }
      const slot = slotsOf(store, new Date(), timeZone).find((each) => sameMoment(each.id, slotId));
      if (!slot)
        return apiError(409, 'conflict', slotMessages.gone, { fields: { slotId: slotMessages.gone } });
      if (order.slot && sameMoment(order.slot.startsAt, slot.startsAt)) return json(200, order);
      // A cancelled order gave its place back.
      const taken = initial
        .map((each) => server.order(each.id)!)
        .filter(
          (each) =>
            each.id !== id &&
            each.storeId === store.id &&
            each.status !== OrderStatus.Cancelled &&
            each.slot !== null &&
            sameMoment(each.slot.startsAt, slot.startsAt),
        ).length;
      if (taken >= store.deliverySlots.capacity) {
        return apiError(409, 'conflict', slotMessages.full, { fields: { slotId: slotMessages.full } });
      }
      const saved: OrderDetail = {
        ...order,
        slot: { startsAt: slot.startsAt, endsAt: slot.endsAt },
        version: order.version + 1,
        timeline: [
          ...order.timeline,
          {
            id: eventId++,
            fromStatus: null,
            toStatus: null,
            dexName: null,
            note: slotMessages.moved(formatSlot(slot, timeZone)),
            reason: null,
            kind: 'SLOT',
            actorName: session.user.name,
            at: new Date().toISOString(),
          },
        ],
      };
      server.replace(id, saved);
      return json(200, saved);
    };
  }
  return { ...server, handlers };
}
