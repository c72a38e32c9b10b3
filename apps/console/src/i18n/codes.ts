import type { CancelReason } from '@storedesk/shared/orders/cancellation';
import type { IfMissing } from '@storedesk/shared/orders/if-missing';
import type { OrderStatus } from '@storedesk/shared/orders';
import type { RefundMethod, RefundState } from '@storedesk/shared/payments/refunds';
import type { PaymentModeType } from '@storedesk/shared/settings/payment-mode-types';
import { cancelReasonKeys, ifMissingKeys, paymentKeys, statusKeys } from '@storedesk/web/order-codes';
import type { MessageId } from './index.ts';

/*
 * The console's words for what travels as a code (the customer app's way, ADR 0076): an order's
 * status, why it was cancelled, how it is paid, what to do when an item is missing. The code is kept; the words follow the language shown.
 */

export const statusText: Record<OrderStatus, MessageId> = statusKeys;

export const cancelReasonText: Record<CancelReason, MessageId> = cancelReasonKeys;

export const paymentText: Record<PaymentModeType, MessageId> = paymentKeys;

/** The customer's own words ("Call me"), as their app offered them. */
export const ifMissingText: Record<IfMissing, MessageId> = ifMissingKeys;

/** How a refund went back, and where it stands. */
export const refundMethodText: Record<RefundMethod, MessageId> = {
  CASH: 'refund.method.cash',
  UPI: 'refund.method.upi',
  GATEWAY: 'refund.method.gateway',
};
export const refundStateText: Record<RefundState, MessageId> = {
  PENDING: 'refund.state.pending',
  PROCESSED: 'refund.state.processed',
  FAILED: 'refund.state.failed',
};
