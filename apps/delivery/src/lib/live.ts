import { useEffect } from 'react';
import { openEventStream } from '@storedesk/web/event-stream';
import { apiHeaders } from './api.ts';
import { refreshOrders, sendQueued } from './orders.ts';
import { session } from './session.ts';

const changeListeners = new Set<() => void>();

/**
 * Calls `listener` each time the app hears that the executive's orders may have changed (a live
 * event, the stream opened again, back online, back in sight): a screen that reads something of
 * its own from them (the earnings) reads it again. Returns what stops it.
 */
export function onOrdersChanged(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => {
    changeListeners.delete(listener);
  };
}

/** Reads the list again, and tells the screens that read something of their own. */
function heard(): Promise<void> {
  for (const listener of changeListeners) listener();
  return refreshOrders();
}

/**
 * Keeps the orders current while the executive is signed in: the live stream
 * (GET /api/delivery/events: an order assigned, taken away, moved or changed) reads the list
 * again, and so does each reopening of it (it may have missed something), coming back online
 * (after sending what waited) and coming back to the app; each of those but the first read also
 * tells the screens listening with `onOrdersChanged`.
 */
export function useLiveOrders(token: string | null) {
  useEffect(() => {
    if (!token) return;
    void sendQueued().then(refreshOrders);
    let opened = 0;
    const close = openEventStream({
      url: '/api/delivery/events',
      headers: apiHeaders,
      onMessage: () => void heard(),
      onOpen: () => {
        if (opened++ > 0) void sendQueued().then(heard);
      },
      onRefused: () => session.set(null),
    });
    const online = () => void sendQueued().then(heard);
    const visible = () => {
      if (document.visibilityState === 'visible') void heard();
    };
    window.addEventListener('online', online);
    window.addEventListener('focus', visible);
    document.addEventListener('visibilitychange', visible);
    return () => {
      close();
      window.removeEventListener('online', online);
      window.removeEventListener('focus', visible);
      document.removeEventListener('visibilitychange', visible);
    };
  }, [token]);
}
