import type { IfMissing } from '@storedesk/shared/orders/if-missing';
import type { CancelReason } from '@storedesk/shared/orders/cancellation';
import { OrderStatus } from '@storedesk/shared/orders';
import { paymentModeTypeLabels, type PaymentModeType } from '@storedesk/shared/settings/payment-mode-types';
import type { MessageId } from './index.ts';

/*
 * The app's words for what travels as a code (ADR 0076): an order's status, a payment mode, what to
 * do when an item is missing, why an order was cancelled. The code is kept; the words follow the
 * language shown.
 */

export const statusText: Record<OrderStatus, MessageId> = {
  [OrderStatus.Placed]: 'status.placed',
  [OrderStatus.Confirmed]: 'status.confirmed',
  [OrderStatus.PickedUp]: 'status.pickedUp',
  [OrderStatus.Delivered]: 'status.delivered',
  [OrderStatus.Cancelled]: 'status.cancelled',
};

export const paymentText: Record<PaymentModeType, MessageId> = {
  COD: 'payment.cod',
  UPI: 'payment.upi',
  CARD: 'payment.card',
  ONLINE: 'payment.online',
};

/**
 * A payment mode as the business titled it; a title the business left as its type's own name
 * ("Cash on delivery") is that name in the language shown.
 */
export function paymentTitle(mode: { type: string; title: string }, t: (id: MessageId) => string): string {
  const type = mode.type as PaymentModeType;
  return paymentText[type] && mode.title === paymentModeTypeLabels[type] ? t(paymentText[type]) : mode.title;
}

export const ifMissingText: Record<IfMissing, MessageId> = {
  CALL: 'ifMissing.call',
  SUBSTITUTE: 'ifMissing.substitute',
  REMOVE: 'ifMissing.remove',
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

/** The labels the app offers a new address; saved as they are, shown in the language of the moment. */
export const addressLabelChoices = ['Home', 'Work', 'Other'] as const;

const addressLabels: Record<(typeof addressLabelChoices)[number], MessageId> = {
  Home: 'address.home',
  Work: 'address.work',
  Other: 'address.other',
};

/** An address's label in the language shown: one the app offered in its words, the customer's own as written. */
export function addressLabel(label: string, t: (id: MessageId) => string): string {
  const id = addressLabels[label as keyof typeof addressLabels] as MessageId | undefined;
  return id ? t(id) : label;
}

/** An order status's name in the language shown, or "Status 7" for one unknown here. */
export function statusName(status: number, t: (id: MessageId, values?: Record<string, string>) => string) {
  const id = statusText[status as OrderStatus] as MessageId | undefined;
  return id ? t(id) : t('status.other', { status: String(status) });
}
