import type { LiveEvent } from '@storedesk/shared/events/schemas';
import type { EventTopic } from '@storedesk/shared/events/topics';
import { isEventTopic } from '@storedesk/shared/events/topics';
import { backoffMs } from '@storedesk/shared/retry';
import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import type { Connection } from './live-connections.ts';
import { connections } from './live-connections.ts';
import { sessionQueryKey } from './session.ts';

/*
 * One EventSource per tab, opened by the signed-in shell. Every query key starts
 * with the topic of the records it shows (['stores', …], ['account']), so an
 * event refreshes exactly the screens that show what changed.
 */

type Listener = (event: LiveEvent) => void;

const listeners = new Set<Listener>();

/** Topics whose changes also show in the session (greeting, business name, theme, Open App). */
const sessionTopics: ReadonlySet<EventTopic> = new Set<EventTopic>(['account', 'business']);

/** Whether this tab's live stream is up: 'reconnecting' once it has failed, until it opens again. */
export type LiveStatus = { state: 'connecting' | 'open' | 'reconnecting'; since: number };
let liveStatus: LiveStatus = { state: 'connecting', since: 0 };
const statusListeners = new Set<() => void>();

function setLiveStatus(next: LiveStatus['state']): void {
  if (liveStatus.state === next) return;
  liveStatus = { state: next, since: Date.now() };
  for (const listener of statusListeners) listener();
}

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    () => liveStatus,
  );
}

/** The waits between tries to open the stream again: 2 s, doubling up to a minute. */
const retryWaits = { firstMs: 2_000, maxMs: 60_000 };

export function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): void {
  void queryClient.invalidateQueries({ queryKey: [event.topic] });
  if (sessionTopics.has(event.topic)) void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  for (const listener of listeners) listener(event);
}

/** Keeps the tab's live stream open while the calling component is mounted. */
export function useLiveEvents(): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let failedTries = 0;
    let missedEvents = false;

    const open = () => {
      const current = new EventSource('/api/events');
      source = current;
      current.onopen = () => {
        setLiveStatus('open');
        failedTries = 0;
        if (missedEvents) {
          // A new stream does not replay what happened while there was none.
          missedEvents = false;
          void queryClient.invalidateQueries();
        }
      };
      current.onmessage = (message: MessageEvent<string>) => {
        let data: unknown;
        try {
          data = JSON.parse(message.data);
        } catch {
          return;
        }
        // The server builds every event from its typed outbox; the topic decides what to refresh.
        if (typeof data === 'object' && data !== null && 'topic' in data && isEventTopic(data.topic)) {
          applyLiveEvent(queryClient, data as LiveEvent);
        }
      };
      current.onerror = () => {
        setLiveStatus('reconnecting');
        // While CONNECTING the browser reconnects by itself and sends Last-Event-ID.
        if (current.readyState !== EventSource.CLOSED) return;
        // The server refused the stream: check the session (a 401 signs out), then retry later.
        source = null;
        missedEvents = true;
        void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        retryTimer = setTimeout(open, backoffMs(failedTries++, retryWaits));
      };
    };

    const close = () => {
      setLiveStatus('connecting');
      clearTimeout(retryTimer);
      retryTimer = undefined;
      source?.close();
      source = null;
    };

    const connection: Connection = {
      pause: close,
      resume: () => {
        if (source || retryTimer !== undefined) return;
        missedEvents = true;
        open();
      },
    };
    connections.add(connection);
    open();
    return () => {
      connections.delete(connection);
      close();
    };
  }, [queryClient]);
}

/** Calls `listener` for every live event while the calling component is mounted. */
export function useLiveEvent(listener: Listener): void {
  const onEvent = useEffectEvent(listener);
  useEffect(() => {
    const subscriber: Listener = (event) => onEvent(event);
    listeners.add(subscriber);
    return () => {
      listeners.delete(subscriber);
    };
  }, []);
}
