import type { IfMissing } from '@storedesk/shared/orders/if-missing';
import type { CancelReason } from '@storedesk/shared/orders/cancellation';
import type { OrderStatus } from '@storedesk/shared/orders';
import { cancelReasonKeys, ifMissingKeys, paymentKeys, statusKeys } from '@storedesk/web/order-codes';
import { paymentModeTypeLabels, type PaymentModeType } from '@storedesk/shared/settings/payment-mode-types';
import type { MessageId } from './index.ts';

/*
 * The app's words for what travels as a code (ADR 0076): an order's status, a payment mode, what to
 * do when an item is missing, why an order was cancelled. The code is kept; the words follow the
 * language shown.
 */

export const statusText: Record<OrderStatus, MessageId> = statusKeys;

export const paymentText: Record<PaymentModeType, MessageId> = paymentKeys;

/**
 * A payment mode as the business titled it; a title the business left as its type's own name
 * ("Cash on delivery") is that name in the language shown.
 */
export function paymentTitle(mode: { type: string; title: string }, t: (id: MessageId) => string): string {
  const type = mode.type as PaymentModeType;
  return paymentText[type] && mode.title === paymentModeTypeLabels[type] ? t(paymentText[type]) : mode.title;
}

export const ifMissingText: Record<IfMissing, MessageId> = ifMissingKeys;

export const cancelReasonText: Record<CancelReason, MessageId> = cancelReasonKeys;

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
