import type { StockReason } from '@storedesk/shared/catalogue/variants';
import { Level } from '@storedesk/shared/levels';
import type { CancelReason } from '@storedesk/shared/orders/cancellation';
import type { IfMissing } from '@storedesk/shared/orders/if-missing';
import type { OrderStatus } from '@storedesk/shared/orders';
import type { RefundMethod, RefundState } from '@storedesk/shared/payments/refunds';
import type { PaymentModeType } from '@storedesk/shared/settings/payment-mode-types';
import type { StoreStatus } from '@storedesk/shared/stores/schemas';
import { cancelReasonKeys, ifMissingKeys, paymentKeys, statusKeys } from '@storedesk/web/order-codes';
import type { MessageId } from './index.ts';

/*
 * The console's words for what travels as a code (the customer app's way, ADR 0076): an order's
 * status and whether it is still open, why it was cancelled, how it is paid, what to do when an item is missing, a refund's
 * method and state, a store's status, an item's badge, why its stock changed, a person's role. The
 * code is kept; the words follow the language shown, their English the server's
 * (catalogue.test.ts).
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

/** Whether an order is still open (1) or done with, delivered or cancelled (0). */
export const orderStateText: Record<0 | 1, MessageId> = {
  1: 'order.state.open',
  0: 'order.state.closed',
};

/** A store's status (the server's English is `storeStatusLabels`). */
export const storeStatusText: Record<StoreStatus, MessageId> = {
  1: 'stores.status.open',
  0: 'stores.status.closed',
  [-1]: 'stores.status.unserviceable',
};

/** The badge customers see on an item, by its `featured` code. */
export const featuredText: Record<number, MessageId> = {
  0: 'item.featuredNone',
  1: 'item.featuredBestseller',
  2: 'item.featuredOnlyHere',
  3: 'item.featuredTopPick',
};

/** Why staff changed a variant's stock. */
export const stockReasonText: Record<StockReason, MessageId> = {
  received: 'stock.reasonReceived',
  damaged: 'stock.reasonDamaged',
  counted: 'stock.reasonCounted',
};

/** A person's role, by their level, as the audit log names the kinds of people. */
export const levelText: Record<Level, MessageId> = {
  [Level.Owner]: 'audit.kind.owner',
  [Level.Admin]: 'audit.kind.admin',
  [Level.DeliveryExecutive]: 'audit.kind.delivery-executive',
};
