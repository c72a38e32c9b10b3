import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@storedesk/shared/messages';
import { ApiError } from './api.ts';
import { useData } from './use-data.ts';

afterEach(cleanup);

/** A load the test answers when it chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** Loads that answer in the order the test says, each asked for once. */
function loads<T>() {
  const asked: Array<ReturnType<typeof deferred<T>>> = [];
  const load = vi.fn(() => {
    const next = deferred<T>();
    asked.push(next);
    return next.promise;
  });
  const answer = (n: number, value: T) => act(async () => asked[n]!.resolve(value));
  const fail = (n: number, error: unknown) => act(async () => asked[n]!.reject(error));
  return { load, answer, fail, asked };
}

const offline = new ApiError({ status: 0, code: 'network', message: messages.offlineRead });

// Each test its own keys: answers are kept across screens for the page's life.
describe('loading what a screen shows', () => {
  it('is loading, then the answer', async () => {
    const { load, answer } = loads<string[]>();
    const { result } = renderHook(() => useData('stores:a', load));
    expect(result.current).toMatchObject({ data: undefined, error: null, loading: true });
    await answer(0, ['Near Mart']);
    expect(result.current).toMatchObject({ data: ['Near Mart'], error: null, loading: false });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads nothing without a key (nothing to load yet)', () => {
    const { load } = loads<string>();
    const { result } = renderHook(() => useData(null, load));
    expect(result.current).toMatchObject({ data: undefined, error: null, loading: false });
    expect(load).not.toHaveBeenCalled();
  });

  it('shows a failure as the API error it was, and anything else as an unknown error', async () => {
    const first = loads<string>();
    const { result } = renderHook(() => useData('order:b1', first.load));
    await first.fail(0, offline);
    expect(result.current).toMatchObject({ data: undefined, error: offline, loading: false });

    const second = loads<string>();
    const other = renderHook(() => useData('order:b2', second.load));
    await second.fail(0, new TypeError('x is undefined'));
    expect(other.result.current.error).toBeInstanceOf(ApiError);
    expect(other.result.current.error?.message).toBe(messages.unknownError);
  });

  it('loads again on reload, keeping the answer shown meanwhile and when the reload fails', async () => {
    const { load, answer, fail } = loads<number>();
    const { result } = renderHook(() => useData('count:c', load));
    await answer(0, 1);
    act(() => result.current.reload());
    expect(result.current).toMatchObject({ data: 1, error: null, loading: true });
    await fail(1, offline);
    expect(result.current).toMatchObject({ data: 1, error: offline, loading: false });
    act(() => result.current.reload());
    await answer(2, 2);
    expect(result.current).toMatchObject({ data: 2, error: null, loading: false });
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('shows what a write answered at once, reads anew, and never shows a read made before it', async () => {
    const { load, answer } = loads<string>();
    const { result } = renderHook(() => useData('order:w', load));
    await answer(0, 'Placed');
    // A live event asked for the order again; before that read answers, the customer cancels it.
    act(() => result.current.reload());
    act(() => result.current.set('Cancelled'));
    expect(result.current).toMatchObject({ data: 'Cancelled', error: null });
    await answer(1, 'Placed');
    expect(result.current.data).toBe('Cancelled');
    await answer(2, 'Cancelled, refunded');
    expect(result.current).toMatchObject({ data: 'Cancelled, refunded', loading: false });
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('loads the new key’s answer when the key changes, and never shows a late answer of the old key', async () => {
    const { load, answer } = loads<string>();
    const { result, rerender } = renderHook(({ key }) => useData(key, load), {
      initialProps: { key: 'store:d1' },
    });
    rerender({ key: 'store:d2' });
    expect(result.current).toMatchObject({ data: undefined, loading: true });
    await answer(1, 'Far Mart');
    await answer(0, 'Near Mart');
    expect(result.current).toMatchObject({ data: 'Far Mart', error: null, loading: false });
  });

  it('shows the answer already had at once when a screen opens again, while it asks anew', async () => {
    const first = loads<string>();
    const before = renderHook(() => useData('catalogue:e', first.load));
    await first.answer(0, 'milk, rice');
    before.unmount();

    const again = loads<string>();
    const { result } = renderHook(() => useData('catalogue:e', again.load));
    expect(result.current).toMatchObject({ data: 'milk, rice', error: null, loading: true });
    await again.answer(0, 'milk, rice, bread');
    expect(result.current).toMatchObject({ data: 'milk, rice, bread', error: null, loading: false });
  });

  it('keeps showing the answer already had when a screen opened again cannot load', async () => {
    const first = loads<string>();
    const before = renderHook(() => useData('catalogue:f', first.load));
    await first.answer(0, 'milk, rice');
    before.unmount();

    const again = loads<string>();
    const { result } = renderHook(() => useData('catalogue:f', again.load));
    await again.fail(0, offline);
    expect(result.current).toMatchObject({ data: 'milk, rice', error: offline, loading: false });
  });
});
