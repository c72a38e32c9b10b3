import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useFreshWhileShown } from './use-fresh.ts';

let visibility: DocumentVisibilityState = 'visible';
let onLine = true;

beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  onLine = true;
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => onLine);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const fire = (target: EventTarget, type: string) =>
  act(() => {
    target.dispatchEvent(new Event(type));
  });

describe('asking again while a screen is shown', () => {
  it('asks every period while the screen is in sight and the phone online', () => {
    const reload = vi.fn();
    renderHook(() => useFreshWhileShown(reload, 30_000));
    vi.advanceTimersByTime(29_999);
    expect(reload).toHaveBeenCalledTimes(0);
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(30_000);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not ask while the screen is hidden or the phone offline', () => {
    const reload = vi.fn();
    renderHook(() => useFreshWhileShown(reload, 30_000));
    visibility = 'hidden';
    vi.advanceTimersByTime(30_000);
    visibility = 'visible';
    onLine = false;
    vi.advanceTimersByTime(30_000);
    expect(reload).toHaveBeenCalledTimes(0);
  });

  it('asks at once when the screen comes back into sight, and not when it goes', () => {
    const reload = vi.fn();
    renderHook(() => useFreshWhileShown(reload, 30_000));
    visibility = 'hidden';
    fire(document, 'visibilitychange');
    expect(reload).toHaveBeenCalledTimes(0);
    visibility = 'visible';
    fire(document, 'visibilitychange');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('asks at once when the connection is back, if the screen is in sight', () => {
    const reload = vi.fn();
    renderHook(() => useFreshWhileShown(reload, 30_000));
    fire(window, 'online');
    expect(reload).toHaveBeenCalledTimes(1);
    visibility = 'hidden';
    fire(window, 'online');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('calls the newest reload it was given, and nothing once the screen is gone', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender, unmount } = renderHook(({ reload }) => useFreshWhileShown(reload, 30_000), {
      initialProps: { reload: first },
    });
    rerender({ reload: second });
    vi.advanceTimersByTime(30_000);
    expect([first.mock.calls.length, second.mock.calls.length]).toEqual([0, 1]);

    unmount();
    vi.advanceTimersByTime(60_000);
    fire(window, 'online');
    fire(document, 'visibilitychange');
    expect(second).toHaveBeenCalledTimes(1);
  });
});
