import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventStreamOptions } from '@storedesk/web/event-stream';

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

afterEach(() => {
  cleanup();
  streams.length = 0;
  localStorage.clear();
});

/** The customer app afresh, signed in as `token` (or not). */
async function load(token: string | null) {
  vi.resetModules();
  const { useOrderNews } = await import('./live.ts');
  const { session } = await import('./state.ts');
  const signIn = (next: string | null) =>
    act(() => session.set(next ? ({ token: next, customer: { id: 'c1' } } as never) : null));
  signIn(token);
  return { useOrderNews, session, signIn };
}

const open = () => streams.filter((stream) => !stream.closed);
const event = (recordId: string) => ({ table: 'orders', recordId });

describe('the customer’s live order news', () => {
  it('opens no stream for a customer not signed in', async () => {
    const app = await load(null);
    renderHook(() => app.useOrderNews(vi.fn()));
    expect(streams).toEqual([]);
  });

  it('opens one stream for every screen following orders, with the customer’s token', async () => {
    const app = await load('token-1');
    renderHook(() => app.useOrderNews(vi.fn()));
    renderHook(() => app.useOrderNews(vi.fn(), 'o1'));
    expect(streams).toHaveLength(1);
    expect(streams[0]!.options.url).toBe('/api/storefront/events');
    expect(streams[0]!.options.headers().authorization).toBe('Bearer token-1');
  });

  it('tells a screen of its order’s events, and a list of every order’s', async () => {
    const app = await load('token-1');
    const list = vi.fn();
    const order = vi.fn();
    const other = vi.fn();
    renderHook(() => app.useOrderNews(list));
    renderHook(() => app.useOrderNews(order, 'o1'));
    renderHook(() => app.useOrderNews(other, 'o2'));
    act(() => streams[0]!.options.onMessage(event('o1'), '5'));
    expect([list.mock.calls.length, order.mock.calls.length, other.mock.calls.length]).toEqual([1, 1, 0]);
  });

  it('tells every screen when the stream opens again (it may have missed something), not when it first opens', async () => {
    const app = await load('token-1');
    const list = vi.fn();
    const order = vi.fn();
    renderHook(() => app.useOrderNews(list));
    renderHook(() => app.useOrderNews(order, 'o1'));
    act(() => streams[0]!.options.onOpen!());
    expect([list.mock.calls.length, order.mock.calls.length]).toEqual([0, 0]);
    act(() => streams[0]!.options.onOpen!());
    expect([list.mock.calls.length, order.mock.calls.length]).toEqual([1, 1]);
  });

  it('calls the screen’s newest callback', async () => {
    const app = await load('token-1');
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = renderHook(({ onChange }) => app.useOrderNews(onChange), {
      initialProps: { onChange: first },
    });
    rerender({ onChange: second });
    act(() => streams[0]!.options.onMessage(event('o1'), undefined));
    expect([first.mock.calls.length, second.mock.calls.length]).toEqual([0, 1]);
    expect(streams).toHaveLength(1);
  });

  it('closes the stream once no screen follows orders, and opens a new one for the next', async () => {
    const app = await load('token-1');
    const list = renderHook(() => app.useOrderNews(vi.fn()));
    const order = renderHook(() => app.useOrderNews(vi.fn(), 'o1'));
    list.unmount();
    expect(open()).toHaveLength(1);
    order.unmount();
    expect(open()).toHaveLength(0);
    renderHook(() => app.useOrderNews(vi.fn(), 'o2'));
    expect([streams.length, open().length]).toEqual([2, 1]);
  });

  it('closes the stream on signing out, and opens one with the new token on signing in', async () => {
    const app = await load('token-1');
    renderHook(() => app.useOrderNews(vi.fn()));
    app.signIn(null);
    expect(open()).toHaveLength(0);
    app.signIn('token-2');
    expect(open()).toHaveLength(1);
    expect(open()[0]!.options.headers().authorization).toBe('Bearer token-2');
  });

  it('signs the customer out when the server refuses the stream', async () => {
    const app = await load('token-1');
    renderHook(() => app.useOrderNews(vi.fn()));
    act(() => streams[0]!.options.onRefused!(401));
    expect(app.session.get()).toBeNull();
    expect(open()).toHaveLength(0);
  });
});
