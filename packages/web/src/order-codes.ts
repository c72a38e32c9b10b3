import type { CancelReason } from '@storedesk/shared/orders/cancellation';
import { OrderStatus } from '@storedesk/shared/orders';

/*
 * The catalogue keys of what travels as a code (ADR 0076): an order's status and why it was
 * cancelled. Each app with catalogues (the customer app, the console) has these keys, in its own
 * words: the customer reads "Order placed" where staff read "Placed".
 */

export const statusKeys = {
  [OrderStatus.Placed]: 'status.placed',
  [OrderStatus.Confirmed]: 'status.confirmed',
  [OrderStatus.PickedUp]: 'status.pickedUp',
  [OrderStatus.Delivered]: 'status.delivered',
  [OrderStatus.Cancelled]: 'status.cancelled',
} as const satisfies Record<OrderStatus, `status.${string}`>;

export const cancelReasonKeys = {
  OUT_OF_STOCK: 'cancelReason.outOfStock',
  STORE_CLOSED: 'cancelReason.storeClosed',
  NO_EXECUTIVE: 'cancelReason.noExecutive',
  ADDRESS_UNREACHABLE: 'cancelReason.addressUnreachable',
  CUSTOMER_ASKED: 'cancelReason.customerAsked',
  PAYMENT_NOT_RECEIVED: 'cancelReason.paymentNotReceived',
  ORDERED_BY_MISTAKE: 'cancelReason.orderedByMistake',
  CHANGE_ITEMS: 'cancelReason.changeItems',
  TAKING_TOO_LONG: 'cancelReason.takingTooLong',
  FOUND_ELSEWHERE: 'cancelReason.foundElsewhere',
  OTHER: 'cancelReason.other',
} as const satisfies Record<CancelReason, `cancelReason.${string}`>;
