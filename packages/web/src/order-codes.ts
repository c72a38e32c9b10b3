import type { CancelReason } from '@storedesk/shared/orders/cancellation';
import type { IfMissing } from '@storedesk/shared/orders/if-missing';
import { OrderStatus } from '@storedesk/shared/orders';
import type { PaymentModeType } from '@storedesk/shared/settings/payment-mode-types';

/*
 * The catalogue keys of what travels as a code (ADR 0076): an order's status, why it was cancelled,
 * how it is paid and what to do when an item is missing. Each app with catalogues (the customer app, the console) has these keys, in its own
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

export const paymentKeys = {
  COD: 'payment.cod',
  UPI: 'payment.upi',
  CARD: 'payment.card',
  ONLINE: 'payment.online',
} as const satisfies Record<PaymentModeType, `payment.${string}`>;

export const ifMissingKeys = {
  CALL: 'ifMissing.call',
  SUBSTITUTE: 'ifMissing.substitute',
  REMOVE: 'ifMissing.remove',
} as const satisfies Record<IfMissing, `ifMissing.${string}`>;
