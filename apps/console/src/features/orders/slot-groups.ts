import type { OrderSummary } from '@storedesk/shared/orders/schemas';
import { fallbackCutoffMinutes } from '@storedesk/shared/stores/preparation';
import type { SlotStore } from '@/features/orders/api/get-slot-stores.ts';

type BookedOrder = OrderSummary & { slot: NonNullable<OrderSummary['slot']> };

/** One store's orders in a slot: its bookings, out of its capacity when the store still has a rule. */
export type StoreSlot = {
  storeId: string;
  storeName: string;
  orders: BookedOrder[];
  /** Null: the store no longer delivers in slots, or is not one the user sees now. */
  capacity: number | null;
  cutoffMinutes: number;
};

/** A slot of the board (its start and end), with each store's orders in it. */
export type SlotGroup = { key: string; slot: BookedOrder['slot']; stores: StoreSlot[] };

/**
 * A day's booked orders by slot, earliest first, and in each slot by store (by name), each
 * store's in the order they came. Two stores' slots that start together but end apart (rules of
 * other lengths) are two slots.
 */
export function groupBySlot(orders: readonly OrderSummary[], stores: readonly SlotStore[]): SlotGroup[] {
  const storesById = new Map(stores.map((store) => [store.id, store]));
  const groups = new Map<string, SlotGroup>();
  for (const order of orders) {
    if (!order.slot) continue;
    const key = `${order.slot.startsAt}/${order.slot.endsAt}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { key, slot: order.slot, stores: [] }));
    let storeSlot = group.stores.find((each) => each.storeId === order.storeId);
    if (!storeSlot) {
      const rule = storesById.get(order.storeId)?.deliverySlots ?? null;
      storeSlot = {
        storeId: order.storeId,
        storeName: order.storeName,
        orders: [],
        capacity: rule?.capacity ?? null,
        cutoffMinutes: rule?.cutoffMinutes ?? fallbackCutoffMinutes,
      };
      group.stores.push(storeSlot);
    }
    storeSlot.orders.push({ ...order, slot: order.slot });
  }
  return [...groups.values()]
    .sort(
      (a, b) => a.slot.startsAt.localeCompare(b.slot.startsAt) || a.slot.endsAt.localeCompare(b.slot.endsAt),
    )
    .map((group) => ({
      ...group,
      stores: group.stores.sort((a, b) => a.storeName.localeCompare(b.storeName)),
    }));
}
