import { limits } from '@storedesk/shared/limits';
import type { OrderListResponse, OrderSummary } from '@storedesk/shared/orders/schemas';
import { apiJson } from '@/lib/api-client.ts';

/** The orders of one view booked for the slots of a day (YYYY-MM-DD of the business's calendar). */
export type SlotOrdersQuery = {
  view: 'active' | 'completed';
  slotDay: string;
  storeId: string | undefined;
  zoneId: string | undefined;
};

/** The largest page the API gives. */
const pageSize = Math.max(...limits.pageSizes);

/**
 * GET /api/orders?slotDay&sort=slot, every page: a board shows the whole day, earliest slot first
 * (the caller's zone, or `zoneId` for the owner; the completed view holds the newest 100 closed).
 * The pages after the first are asked for together.
 */
export async function getSlotOrders(query: SlotOrdersQuery, signal?: AbortSignal): Promise<OrderSummary[]> {
  const pageOf = (page: number) =>
    apiJson<OrderListResponse>('/orders', { query: { ...query, sort: 'slot', page, pageSize }, signal });
  const first = await pageOf(0);
  const pages = Math.ceil(first.total / pageSize);
  const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, at) => pageOf(at + 1)));
  // An order that moved up a page between two reads would come twice.
  const byId = new Map<string, OrderSummary>();
  for (const order of [first, ...rest].flatMap((page) => page.items)) byId.set(order.id, order);
  return [...byId.values()];
}

/** Earliest slot first, then the order placed first, as the API sorts them. */
export function bySlot(a: OrderSummary, b: OrderSummary): number {
  return (
    (a.slot?.startsAt ?? '').localeCompare(b.slot?.startsAt ?? '') ||
    a.placedAt.localeCompare(b.placedAt) ||
    a.id.localeCompare(b.id)
  );
}
