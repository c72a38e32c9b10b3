import { OrderStatus } from '@storedesk/shared/orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useTimeZone } from '@/lib/session.ts';
import { bySlot, getSlotOrders } from './get-slot-orders.ts';
import type { SlotOrders } from './live-slot-orders.ts';
import { followSlotOrders } from './live-slot-orders.ts';
import { orderKeys } from './order-keys.ts';

/** A day's board: the day (YYYY-MM-DD of the business's calendar), and the store and zone it shows. */
export type SlotBoardQuery = { slotDay: string; storeId: string | undefined; zoneId: string | undefined };

/** A cancelled order gave its place back (ADR 0077): the board leaves it out. */
const holdsPlace = (status: OrderStatus) => status !== OrderStatus.Cancelled;

/**
 * The orders holding a place in the slots of a day: the open ones and those delivered already, so
 * that a slot's count is its bookings (GET /api/orders?slotDay&sort=slot of both views).
 */
export async function getSlotBoard(query: SlotBoardQuery, signal?: AbortSignal): Promise<SlotOrders> {
  const [active, completed] = await Promise.all([
    getSlotOrders({ view: 'active', ...query }, signal),
    getSlotOrders({ view: 'completed', ...query }, signal),
  ]);
  return { items: [...active, ...completed.filter((order) => holdsPlace(order.status))].sort(bySlot) };
}

export function slotBoardQueryOptions(query: SlotBoardQuery, timeZone: string) {
  return queryOptions({
    queryKey: [...orderKeys.slotBoard, query, timeZone],
    queryFn: ({ signal }) => getSlotBoard(query, signal),
    meta: {
      followLive: followSlotOrders(
        { days: [query.slotDay], storeId: query.storeId, zoneId: query.zoneId, keeps: holdsPlace },
        timeZone,
      ),
    },
    // Another day's or store's board keeps this one on screen while it loads.
    placeholderData: keepPreviousData,
  });
}

export function useSlotBoard(query: SlotBoardQuery) {
  return useQuery(slotBoardQueryOptions(query, useTimeZone()));
}
