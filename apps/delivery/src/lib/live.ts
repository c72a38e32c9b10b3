import { useEffect } from 'react';
import { openEventStream } from '@storedesk/web/event-stream';
import { apiHeaders } from './api.ts';
import { refreshOrders, sendQueued } from './orders.ts';
import { session } from './session.ts';

/**
 * Keeps the orders current while the executive is signed in: the live stream
 * (GET /api/delivery/events: an order assigned, taken away, moved or changed) reads the list
 * again, and so does each reopening of it (it may have missed something), coming back online
 * (after sending what waited) and coming back to the app.
 */
export function useLiveOrders(token: string | null) {
  useEffect(() => {
    if (!token) return;
    void sendQueued().then(refreshOrders);
    let opened = 0;
    const close = openEventStream({
      url: '/api/delivery/events',
      headers: apiHeaders,
      onMessage: () => void refreshOrders(),
      onOpen: () => {
        if (opened++ > 0) void sendQueued().then(refreshOrders);
      },
      onRefused: () => session.set(null),
    });
    const online = () => void sendQueued().then(refreshOrders);
    const visible = () => {
      if (document.visibilityState === 'visible') void refreshOrders();
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
