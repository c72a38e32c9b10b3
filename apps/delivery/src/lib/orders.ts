import { useSyncExternalStore } from 'react';
import type { DeliveryOrder } from '@storedesk/shared/delivery/schemas';
import { OrderStatus } from '@storedesk/shared/orders';
import { asApiError, type ApiError } from '@storedesk/web/api';
import { persisted } from '@storedesk/web/persisted';
import { api } from './api.ts';
import { enqueue, flushQueue, type Notice, type StatusChange } from './queue.ts';
import { session } from './session.ts';

/*
 * The executive's open orders, read once for every screen (the list and an order's page show the
 * same), read again on any live event, on coming back online and on focus; with the changes
 * waiting to be sent and what became of those the server refused.
 */

type OrdersState = { items: DeliveryOrder[] | null; error: ApiError | null; loading: boolean };

let state: OrdersState = { items: null, error: null, loading: false };
const listeners = new Set<() => void>();
const setState = (change: Partial<OrdersState>) => {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useOrders(): OrdersState {
  return useSyncExternalStore(subscribe, () => state);
}

/** Changes made on this phone and not yet taken by the server (kept across reloads). */
export const queue = persisted<StatusChange[]>('storedesk:deliver:queue', []);
/** Refusals of queued changes, kept until the executive has seen and dismissed them. */
export const notices = persisted<Notice[]>('storedesk:deliver:notices', []);
/** Orders this phone has delivered since it opened the app: their page says so, not "not found". */
const delivered = new Map<string, DeliveryOrder>();
export const deliveredHere = (orderId: string) => delivered.get(orderId);

let reading: Promise<void> | null = null;
let readAgain = false;

/** Reads the list again; a call while a read is on its way reads once more after it. */
export function refreshOrders(): Promise<void> {
  if (!session.get()) return Promise.resolve();
  if (reading) {
    readAgain = true;
    return reading;
  }
  setState({ loading: true });
  reading = (async () => {
    do {
      readAgain = false;
      try {
        const { items } = await api<{ items: DeliveryOrder[] }>('GET', '/orders');
        setState({ items, error: null });
      } catch (failure) {
        setState({ error: asApiError(failure) });
      }
    } while (readAgain && session.get());
    setState({ loading: false });
    reading = null;
  })();
  return reading;
}

/** An order as the server last answered it, in the list (a delivered one leaves it). */
function takeAnswer(order: DeliveryOrder) {
  if (order.status === OrderStatus.Delivered) delivered.set(order.id, order);
  if (!state.items) return;
  const open = order.status !== OrderStatus.Delivered && order.status !== OrderStatus.Cancelled;
  const items = state.items.flatMap((item) => (item.id !== order.id ? [item] : open ? [order] : []));
  setState({ items });
}

let sending: Promise<void> | null = null;

/** Sends what waits, unless a send is on its way already (that one carries on to the end). */
export function sendQueued(): Promise<void> {
  if (sending) return sending;
  if (!session.get() || queue.get().length === 0) return Promise.resolve();
  sending = (async () => {
    try {
      const { answered, notices: refused } = await flushQueue(
        { read: queue.get, write: queue.set },
        (change) =>
          api<DeliveryOrder>('POST', `/orders/${change.orderId}/status`, {
            status: change.status,
            version: change.version,
            ...(change.code === undefined ? {} : { code: change.code }),
            ...(change.cashCollected === undefined ? {} : { cashCollected: change.cashCollected }),
          }),
      );
      for (const order of answered) takeAnswer(order);
      if (refused.length > 0) {
        const others = notices.get().filter((n) => !refused.some((r) => r.orderId === n.orderId));
        notices.set([...others, ...refused]);
      }
      if (answered.length > 0 || refused.length > 0) void refreshOrders();
    } finally {
      sending = null;
    }
  })();
  return sending;
}

/** Queues a status change and sends it at once when the phone is online. */
export function changeStatus(
  order: DeliveryOrder,
  status: StatusChange['status'],
  extra: { code?: string; cashCollected?: boolean } = {},
): Promise<void> {
  dismissNotice(order.id);
  queue.set(
    enqueue(queue.get(), {
      id: `${order.id}:${Date.now()}:${Math.random().toString(36).slice(2, 8)}`,
      orderId: order.id,
      number: order.number,
      status,
      version: order.version,
      ...extra,
      queuedAt: Date.now(),
    }),
  );
  if (navigator.onLine === false) return Promise.resolve();
  // A send on its way finishes the whole queue, this change included.
  return sending ? sending.then(() => sendQueued()) : sendQueued();
}

export function dismissNotice(orderId: string) {
  const now = notices.get();
  if (now.some((notice) => notice.orderId === orderId))
    notices.set(now.filter((notice) => notice.orderId !== orderId));
}

/** Forgets everything of the executive on this phone (signing out). */
export function forgetOrders() {
  queue.set([]);
  notices.set([]);
  delivered.clear();
  setState({ items: null, error: null, loading: false });
}
