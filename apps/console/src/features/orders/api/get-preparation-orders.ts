import { addDays } from '@storedesk/shared/delivery/dispatch';
import { inOrdersView } from '@storedesk/shared/orders';
import type { OrderStatus } from '@storedesk/shared/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTimeZone } from '@/lib/session.ts';
import { bySlot, getSlotOrders } from './get-slot-orders.ts';
import type { SlotOrders } from './live-slot-orders.ts';
import { followSlotOrders } from './live-slot-orders.ts';
import { orderKeys } from './order-keys.ts';

const open = (status: OrderStatus) => inOrdersView(status, 'active');

/**
 * The open orders booked for today's and tomorrow's slots, of every zone the user sees: the
 * preparation alert's. A slot's preparation starts at most a day (the longest cut-off) before it,
 * so every moment of today is one of these orders'.
 */
export async function getPreparationOrders(today: string, signal?: AbortSignal): Promise<SlotOrders> {
  const days = [today, addDays(today, 1)];
  const lists = await Promise.all(
    days.map((slotDay) =>
      getSlotOrders({ view: 'active', slotDay, storeId: undefined, zoneId: undefined }, signal),
    ),
  );
  return { items: lists.flat().sort(bySlot) };
}

export function preparationOrdersQueryOptions(today: string, timeZone: string) {
  return queryOptions({
    queryKey: [...orderKeys.preparation, today, timeZone],
    queryFn: ({ signal }) => getPreparationOrders(today, signal),
    meta: {
      followLive: followSlotOrders(
        { days: [today, addDays(today, 1)], storeId: undefined, zoneId: undefined, keeps: open },
        timeZone,
      ),
    },
  });
}

export function usePreparationOrders(today: string) {
  return useQuery(preparationOrdersQueryOptions(today, useTimeZone()));
}
