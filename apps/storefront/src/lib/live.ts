import { useEffect, useEffectEvent } from 'react';
import type { CustomerEvent } from '@storedesk/shared/events/schemas';
import { openEventStream } from '@storedesk/web/event-stream';
import { apiHeaders } from './api.ts';
import { session } from './state.ts';

/**
 * One live stream for the signed-in customer (GET /api/storefront/events), shared by every screen
 * that follows their orders: each is told of each event, and when the stream (re)opens, so that
 * it asks again for what may have changed while it was away.
 */
type Listener = { onEvent: (event: CustomerEvent) => void; onOpen: () => void };
const listeners = new Set<Listener>();
let close: (() => void) | null = null;
let token: string | null = null;

function follow(nextToken: string | null) {
  if (nextToken === token && (close !== null || nextToken === null)) return;
  close?.();
  close = null;
  token = nextToken;
  if (!nextToken || listeners.size === 0) return;
  close = openEventStream({
    url: '/api/storefront/events',
    headers: apiHeaders,
    onMessage: (data) => {
      for (const listener of listeners) listener.onEvent(data as CustomerEvent);
    },
    onOpen: () => {
      for (const listener of listeners) listener.onOpen();
    },
    onRefused: () => session.set(null),
  });
}

/** Calls `onChange` when one of the customer's orders changes (all of them without `orderId`). */
export function useOrderNews(onChange: () => void, orderId?: string) {
  const signedIn = session.use();
  const changed = useEffectEvent(onChange);
  useEffect(() => {
    let opened = 0;
    const listener: Listener = {
      onEvent: (event) => {
        if (!orderId || event.recordId === orderId) changed();
      },
      // The first opening finds the screen just loaded; a reopening may have missed something.
      onOpen: () => {
        if (opened++ > 0) changed();
      },
    };
    listeners.add(listener);
    follow(signedIn?.token ?? null);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) follow(null);
    };
  }, [signedIn?.token, orderId]);
}
