import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventStreamOptions } from '@storedesk/web/event-stream';

/** What the app did, in order: sending the waiting changes, reading the list. */
const log = vi.hoisted(() => [] as string[]);
vi.mock('./orders.ts', () => ({
  sendQueued: async () => {
    log.push('send');
  },
  refreshOrders: async () => {
    log.push('read');
  },
}));
/** The streams the app opened: what it asked for, and whether it closed them. */
const streams = vi.hoisted(() => [] as Array<{ options: EventStreamOptions; closed: boolean }>);
vi.mock('@storedesk/web/event-stream', () => ({
  openEventStream: (options: EventStreamOptions) => {
    const stream = { options, closed: false };
    streams.push(stream);
    return () => {
      stream.closed = true;
    };
  },
}));

const { onOrdersChanged, useLiveOrders } = await import('./live.ts');
const { session } = await import('./session.ts');

let visibility: DocumentVisibilityState = 'visible';
beforeEach(() => {
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  log.length = 0;
  streams.length = 0;
  localStorage.clear();
});

/** Lets the app's chained calls (send, then read) run. */
const settle = () => act(async () => undefined);
const fire = async (target: EventTarget, type: string) => {
  log.length = 0;
  target.dispatchEvent(new Event(type));
  await settle();
};

describe('keeping the executive’s orders current', () => {
  it('does nothing while signed out', async () => {
    renderHook(() => useLiveOrders(null));
    await fire(window, 'online');
    expect([log, streams]).toEqual([[], []]);
  });

  it('sends what waits and then reads the list at once, and follows the executive’s stream', async () => {
    session.set({ token: 'token-1' } as never);
    renderHook(() => useLiveOrders('token-1'));
    await settle();
    expect(log).toEqual(['send', 'read']);
    expect(streams).toHaveLength(1);
    expect(streams[0]!.options.url).toBe('/api/delivery/events');
    expect(streams[0]!.options.headers()).toEqual({ authorization: 'Bearer token-1' });
  });

  it('reads the list on every event of the stream', async () => {
    renderHook(() => useLiveOrders('token-1'));
    await settle();
    log.length = 0;
    streams[0]!.options.onMessage({ table: 'orders', recordId: 'o1' }, '3');
    await settle();
    expect(log).toEqual(['read']);
  });

  it('sends and reads again when the stream opens again, not when it first opens', async () => {
    renderHook(() => useLiveOrders('token-1'));
    await settle();
    log.length = 0;
    streams[0]!.options.onOpen!();
    await settle();
    expect(log).toEqual([]);
    streams[0]!.options.onOpen!();
    await settle();
    expect(log).toEqual(['send', 'read']);
  });

  it('sends and reads again when the phone is back online', async () => {
    renderHook(() => useLiveOrders('token-1'));
    await settle();
    await fire(window, 'online');
    expect(log).toEqual(['send', 'read']);
  });

  it('reads again when the app comes back into sight, not when it goes', async () => {
    renderHook(() => useLiveOrders('token-1'));
    await settle();
    visibility = 'hidden';
    await fire(document, 'visibilitychange');
    expect(log).toEqual([]);
    visibility = 'visible';
    await fire(document, 'visibilitychange');
    expect(log).toEqual(['read']);
    await fire(window, 'focus');
    expect(log).toEqual(['read']);
  });

  it('stops on signing out: the stream closes and coming online does nothing', async () => {
    const { rerender } = renderHook(({ token }) => useLiveOrders(token), {
      initialProps: { token: 'token-1' as string | null },
    });
    await settle();
    rerender({ token: null });
    expect(streams[0]!.closed).toBe(true);
    await fire(window, 'online');
    await fire(document, 'visibilitychange');
    expect(log).toEqual([]);
  });

  it('follows a new stream for a new token', async () => {
    const { rerender } = renderHook(({ token }) => useLiveOrders(token), {
      initialProps: { token: 'token-1' },
    });
    session.set({ token: 'token-2' } as never);
    rerender({ token: 'token-2' });
    expect(streams.map((stream) => stream.closed)).toEqual([true, false]);
    expect(streams[1]!.options.headers()).toEqual({ authorization: 'Bearer token-2' });
  });

  it('tells the screens that listen of each change it hears, not of the first read, until they stop', async () => {
    const heard: string[] = [];
    const stop = onOrdersChanged(() => heard.push('changed'));
    renderHook(() => useLiveOrders('token-1'));
    await settle();
    expect(heard).toEqual([]);
    streams[0]!.options.onMessage({ table: 'orders', recordId: 'o1' }, '3');
    streams[0]!.options.onOpen!();
    streams[0]!.options.onOpen!();
    await fire(window, 'online');
    await fire(document, 'visibilitychange');
    // The stream's first opening is the first read's, not a change.
    expect(heard).toEqual(['changed', 'changed', 'changed', 'changed']);
    stop();
    await fire(window, 'online');
    expect(heard).toHaveLength(4);
  });

  it('signs the executive out when the server refuses the stream', async () => {
    session.set({ token: 'token-1' } as never);
    renderHook(() => useLiveOrders('token-1'));
    streams[0]!.options.onRefused!(401);
    expect(session.get()).toBeNull();
  });
});
