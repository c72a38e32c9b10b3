import type { MeResponse } from '@storedesk/shared/auth/schemas';
import { businessDay } from '@storedesk/shared/dates';
import { inOrdersView } from '@storedesk/shared/orders';
import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import type { Store } from '@storedesk/shared/stores/schemas';
import { adminSession, listOf, zones } from '@/testing/fixtures.ts';
import { json } from '@/testing/mock-api.ts';
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
 * the server does (the business's days, earliest slot first, paged), and the stores with their
 * slot rules.
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
  return { ...server, handlers };
}
