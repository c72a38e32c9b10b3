import type { LiveEvent } from '@storedesk/shared/events/schemas';
import type { EventTopic } from '@storedesk/shared/events/topics';
import { isEventTopic } from '@storedesk/shared/events/topics';
import { backoffMs } from '@storedesk/shared/retry';
import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { sharedValue } from '@storedesk/web/shared-value';
import type { Connection } from './live-connections.ts';
import { connections } from './live-connections.ts';
import { sessionQueryKey } from './session.ts';

/*
 * One EventSource per tab, opened by the signed-in shell. Every query key starts
 * with the topic of the records it shows (['stores', …], ['account']), so an
 * event reaches exactly the screens that show what changed. A query that can
 * update itself from what an event carries says how in its options' meta
 * (`followLive`, ADR 0051); every other query of the topic is asked again.
 */

type Listener = (event: LiveEvent) => void;

/**
 * What a query does with an event of its topic: take `data` as its new data (updated in place),
 * stay as it is, be asked again at once, or be asked again at most once a second.
 */
export type LiveOutcome = { data: unknown } | 'unchanged' | 'refetch' | 'refetch-soon';

/** How a query follows its topic's events, from the event and the data it holds (ADR 0051). */
export type LiveFollower = (event: LiveEvent, data: unknown) => LiveOutcome;

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { followLive?: LiveFollower };
  }
}

const listeners = new Set<Listener>();

/** Topics whose changes also show in the session (greeting, business name, theme, Open App). */
const sessionTopics: ReadonlySet<EventTopic> = new Set<EventTopic>(['account', 'business']);

/** Whether this tab's live stream is up: 'reconnecting' once it has failed, until it opens again. */
export type LiveStatus = { state: 'connecting' | 'open' | 'reconnecting'; since: number };
const liveStatus = sharedValue<LiveStatus>({ state: 'connecting', since: 0 });

function setLiveStatus(next: LiveStatus['state']): void {
  if (liveStatus.get().state === next) return;
  liveStatus.set({ state: next, since: Date.now() });
}

export function useLiveStatus(): LiveStatus {
  return liveStatus.use();
}

/** The waits between tries to open the stream again: 2 s, doubling up to a minute. */
const retryWaits = { firstMs: 2_000, maxMs: 60_000 };

/** How often at most a query is asked again for events it cannot follow in place. */
export const REFETCH_SOON_MS = 1000;

type ClientState = {
  /** Per query (its hash): when it was last asked again by refetchSoon, and a later ask waiting. */
  refetches: Map<string, { at: number; timer?: ReturnType<typeof setTimeout> }>;
  /**
   * The latest changes this tab has taken (`record@version`), from its own answers and from
   * events: the same change again (its event after the answer, a replay) changes nothing.
   */
  applied: Set<string>;
};
const clientStates = new WeakMap<QueryClient, ClientState>();
function stateOf(queryClient: QueryClient): ClientState {
  let state = clientStates.get(queryClient);
  if (!state) clientStates.set(queryClient, (state = { refetches: new Map(), applied: new Set() }));
  return state;
}

/**
 * Asks for the query again (or, `exact: false`, every query under the key), at most once every
 * REFETCH_SOON_MS: at once when it was not asked within that time, else once at its end, however
 * many events come meanwhile.
 */
export function refetchSoon(queryClient: QueryClient, queryKey: readonly unknown[], exact = true): void {
  const { refetches } = stateOf(queryClient);
  const hash = JSON.stringify([exact, queryKey]);
  const entry = refetches.get(hash) ?? { at: -Infinity };
  refetches.set(hash, entry);
  if (entry.timer !== undefined) return;
  const ask = () => {
    entry.at = Date.now();
    entry.timer = undefined;
    void queryClient.invalidateQueries({ queryKey, exact });
  };
  const wait = entry.at + REFETCH_SOON_MS - Date.now();
  if (wait <= 0) ask();
  else entry.timer = setTimeout(ask, wait);
}

/** The key of the change an event carries, for telling one this tab applied itself. */
const changeKeyOf = (event: LiveEvent) =>
  event.change ? `${event.recordId}@${event.change.order.version}` : null;

/** How many changes taken are remembered: far more than arrive between a change and its event. */
const REMEMBERED_CHANGES = 1000;

/**
 * Brings the tab's queries up to date with an event of their topic. A change this tab made is
 * applied the same way from the server's answer (as the event that will follow carries it), so
 * the screens show it at once and the event, when it comes, is passed over.
 */
export function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): void {
  const changeKey = changeKeyOf(event);
  if (changeKey) {
    const { applied } = stateOf(queryClient);
    // Taken already, from this tab's own answer or an earlier delivery: nothing new.
    if (applied.has(changeKey)) return;
    applied.add(changeKey);
    if (applied.size > REMEMBERED_CHANGES) applied.delete(applied.values().next().value!);
  }
  for (const query of queryClient.getQueryCache().findAll({ queryKey: [event.topic] })) {
    const follow = query.meta?.followLive;
    let outcome: LiveOutcome =
      follow && query.state.data !== undefined ? follow(event, query.state.data) : 'refetch';
    if (outcome === 'unchanged') continue;
    // A read under way may have begun before the change, and its answer would undo an update:
    // the query is read again after it, at most once a second however many changes come.
    if (follow && query.state.fetchStatus === 'fetching') outcome = 'refetch-soon';
    if (outcome === 'refetch') void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
    else if (outcome === 'refetch-soon') refetchSoon(queryClient, query.queryKey);
    else queryClient.setQueryData(query.queryKey, outcome.data);
  }
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
