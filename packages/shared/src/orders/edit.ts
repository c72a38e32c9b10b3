import { z } from 'zod';
import { formatRupees } from '../money.ts';
import { OrderStatus } from '../orders.ts';
import { versionSchema } from '../text.ts';
import { orderLinesSchema } from '../storefront/schemas.ts';
import type { OrderItemSnapshot } from './snapshots.ts';
import { orderLineKey } from './line-key.ts';

/**
 * Changing an open order's items (B18, ADR 0070): staff remove a line, change a quantity, or put
 * in another variant or item, until the order is picked up. Lines the order had keep the price
 * they were sold at; a line added is priced as the catalogue has it now; the delivery charge stays
 * as placed; the coupon's discount is worked out again by its own terms.
 */
export const orderItemsEditSchema = z.object({
  version: versionSchema,
  items: orderLinesSchema,
});
export type OrderItemsEdit = z.infer<typeof orderItemsEditSchema>;

/** Whether staff may still change an order's items: until it is picked up. */
export function itemsMayChange(order: { status: number }): boolean {
  return order.status === OrderStatus.Placed || order.status === OrderStatus.Confirmed;
}

export const orderEditMessages = {
  pickedUp: 'This order is picked up or closed: its items can no longer change',
  belowMinimum: (minimum: string) => `The order would come to less than the minimum order of ${minimum}`,
  paidMore: (paid: string) => `This order is paid: its bill can come to at most what was received (${paid})`,
  /** The timeline's word on an order paid online that now comes to more (ADR 0074). */
  dueOnline: (amount: string) => `${amount} more to pay online`,
} as const;

/** A line as the timeline names it: "Atta · 5 kg". */
const lineName = (line: OrderItemSnapshot) =>
  line.variantLabel ? `${line.itemName} · ${line.variantLabel}` : line.itemName;

/**
 * What changed between an order's lines and bill before and after an edit, as its timeline says
 * it: "Atta · 5 kg 2 → 1; Paneer removed; Milk added × 2. Bill ₹500.00 → ₹380.00".
 */
export function describeItemsEdit(
  before: { items: OrderItemSnapshot[]; billAmountPaise: number },
  after: { items: OrderItemSnapshot[]; billAmountPaise: number },
): string {
  const was = new Map(before.items.map((line) => [orderLineKey(line), line]));
  const now = new Map(after.items.map((line) => [orderLineKey(line), line]));
  const changes: string[] = [];
  for (const [key, line] of was) {
    const next = now.get(key);
    if (!next) changes.push(`${lineName(line)} removed`);
    else if (next.itemQuantity !== line.itemQuantity)
      changes.push(`${lineName(line)} ${line.itemQuantity} → ${next.itemQuantity}`);
  }
  for (const [key, line] of now) {
    if (!was.has(key)) changes.push(`${lineName(line)} added × ${line.itemQuantity}`);
  }
  const bill =
    before.billAmountPaise === after.billAmountPaise
      ? `Bill ${formatRupees(after.billAmountPaise)}`
      : `Bill ${formatRupees(before.billAmountPaise)} → ${formatRupees(after.billAmountPaise)}`;
  return `Items changed: ${changes.join('; ')}. ${bill}`;
}
