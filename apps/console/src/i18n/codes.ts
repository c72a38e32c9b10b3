import type { CancelReason } from '@storedesk/shared/orders/cancellation';
import type { OrderStatus } from '@storedesk/shared/orders';
import { cancelReasonKeys, statusKeys } from '@storedesk/web/order-codes';
import type { MessageId } from './index.ts';

/*
 * The console's words for what travels as a code (the customer app's way, ADR 0076): an order's
 * status, why an order was cancelled. The code is kept; the words follow the language shown.
 */

export const statusText: Record<OrderStatus, MessageId> = statusKeys;

export const cancelReasonText: Record<CancelReason, MessageId> = cancelReasonKeys;
