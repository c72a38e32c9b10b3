import { OrderStatus } from '../orders.ts';

/*
 * Kept apart from cancellation-schemas.ts (zod): the customer app's order page reads these, and
 * zod stays out of its chunk.
 */

/**
 * Why an order was cancelled (B18, ADR 0068). Staff choose from one list, customers from
 * another; each is kept on the order and its timeline as a code, shown by its label, so a
 * report can count them and another language can name them.
 */
export const staffCancelReasons = [
  'OUT_OF_STOCK',
  'STORE_CLOSED',
  'NO_EXECUTIVE',
  'ADDRESS_UNREACHABLE',
  'CUSTOMER_ASKED',
  'PAYMENT_NOT_RECEIVED',
  'OTHER',
] as const;
export const customerCancelReasons = [
  'ORDERED_BY_MISTAKE',
  'CHANGE_ITEMS',
  'TAKING_TOO_LONG',
  'FOUND_ELSEWHERE',
  'OTHER',
] as const;
export const cancelReasons = [...new Set([...staffCancelReasons, ...customerCancelReasons])] as [
  CancelReason,
  ...CancelReason[],
];
export type StaffCancelReason = (typeof staffCancelReasons)[number];
export type CustomerCancelReason = (typeof customerCancelReasons)[number];
export type CancelReason = StaffCancelReason | CustomerCancelReason;

export const cancelReasonLabels: Record<CancelReason, string> = {
  OUT_OF_STOCK: 'Items out of stock',
  STORE_CLOSED: 'Store closed or too busy',
  NO_EXECUTIVE: 'No delivery executive free',
  ADDRESS_UNREACHABLE: 'Address not reachable',
  CUSTOMER_ASKED: 'Customer asked to cancel',
  PAYMENT_NOT_RECEIVED: 'Payment not received',
  ORDERED_BY_MISTAKE: 'Ordered by mistake',
  CHANGE_ITEMS: 'Want to change items',
  TAKING_TOO_LONG: 'Taking too long',
  FOUND_ELSEWHERE: 'Found it elsewhere',
  OTHER: 'Other',
};

/** How the order's timeline names a customer who changed it (their cancel). */
export const customerActorName = (name: string) => `${name} (customer)`;

/** A customer cancels only until the store confirms (B18). */
export function customerMayCancel(order: { status: number }): boolean {
  return order.status === OrderStatus.Placed;
}

export const cancelMessages = {
  reasonOnlyOnCancel: 'A reason goes only with Cancelled',
  confirmedAlready: 'The store has confirmed this order: call the store to cancel it',
  refundedOnCancel: 'Cancelled by the customer: refunded in full through the gateway',
} as const;
