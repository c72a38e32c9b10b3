import type { CancelReason } from '@storedesk/shared/orders/cancellation';
import { OrderStatus } from '@storedesk/shared/orders';
import type { MessageId } from './index.ts';

/*
 * The console's words for what travels as a code (the customer app's way, ADR 0076): an order's
 * status, why an order was cancelled. The code is kept; the words follow the language shown.
 */

export const statusText: Record<OrderStatus, MessageId> = {
  [OrderStatus.Placed]: 'orderStatus.placed',
  [OrderStatus.Confirmed]: 'orderStatus.confirmed',
  [OrderStatus.PickedUp]: 'orderStatus.pickedUp',
  [OrderStatus.Delivered]: 'orderStatus.delivered',
  [OrderStatus.Cancelled]: 'orderStatus.cancelled',
};

export const cancelReasonText: Record<CancelReason, MessageId> = {
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
};
