import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { positionPolicy } from '@storedesk/shared/delivery/rules';

const sent = vi.hoisted(() => [] as Array<{ lat: number; lng: number }>);
/** The server: each position's accuracy and when it came, and the refusals to answer the next ones with. */
const server = vi.hoisted(() => ({
  accuracies: [] as number[],
  times: [] as number[],
  refuse: [] as number[],
  /** While set, a send waits for it. */
  hold: null as Promise<void> | null,
}));
vi.mock('./api.ts', async () => {
  const { ApiError } = await import('@storedesk/web/api');
  return {
    api: vi.fn(
      async (_method: string, _path: string, body: { lat: number; lng: number; accuracy: number }) => {
        sent.push({ lat: body.lat, lng: body.lng });
        server.accuracies.push(body.accuracy);
        server.times.push(Date.now());
        if (server.hold) await server.hold;
        const status = server.refuse.shift();
        if (status !== undefined) throw new ApiError({ status, code: 'x', message: 'x' });
        return {};
      },
    ),
  };
});

const { useLocationSharing, useSharing } = await import('./location.ts');
const { session } = await import('./session.ts');

/** The phone's location service: the app's watch, and fixes (or failures) the test hands to it. */
function fakeGeolocation() {
  let watcher: ((fix: GeolocationPosition) => void) | null = null;
  let failed: ((error: GeolocationPositionError) => void) | null = null;
  const cleared = vi.fn();
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      watchPosition: (
        onFix: (fix: GeolocationPosition) => void,
        onError: (error: GeolocationPositionError) => void,
      ) => {
        watcher = onFix;
        failed = onError;
        return 7;
      },
      clearWatch: cleared,
    },
  });
  const fix = (lat: number, lng: number, accuracy = 10) =>
    act(() => watcher?.({ coords: { latitude: lat, longitude: lng, accuracy } } as GeolocationPosition));
  const fail = (code: number) =>
    act(() =>
      failed?.({
        code,
        PERMISSION_DENIED: 1,
        POSITION_UNAVAILABLE: 2,
        TIMEOUT: 3,
      } as GeolocationPositionError),
    );
  return { fix, fail, cleared, watching: () => watcher !== null };
}

/** Moves the clock on, letting what waits on it happen. */
const later = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  sent.length = 0;
  server.accuracies = [];
  server.times = [];
  server.refuse = [];
  server.hold = null;
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  localStorage.clear();
});

describe('sharing the executive’s location', () => {
  it('sends a fix that came too soon once the wait is over, the newest of those that came meanwhile', async () => {
    const phone = fakeGeolocation();
    renderHook(() => useLocationSharing(true, 'token'));
    await phone.fix(12.9361, 77.6259);
    expect(sent).toEqual([{ lat: 12.9361, lng: 77.6259 }]);

    // 1.3 km on within 3 s, then a little further: neither goes yet.
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    await phone.fix(12.9478, 77.6259);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    await phone.fix(12.9481, 77.6259);
    expect(sent).toHaveLength(1);

    // The phone then stands still: the newest fix goes once 10 s have passed since the first.
    await act(() => vi.advanceTimersByTimeAsync(positionPolicy.minIntervalMs - 5_000));
    expect(sent).toEqual([
      { lat: 12.9361, lng: 77.6259 },
      { lat: 12.9481, lng: 77.6259 },
    ]);
  });

  it('stops watching off duty, and sends nothing held from before', async () => {
    const phone = fakeGeolocation();
    const { rerender } = renderHook(({ onDuty }) => useLocationSharing(onDuty, 'token'), {
      initialProps: { onDuty: true },
    });
    await phone.fix(12.9361, 77.6259);
    await phone.fix(12.9478, 77.6259);
    rerender({ onDuty: false });
    expect(phone.cleared).toHaveBeenCalledWith(7);
    await act(() => vi.advanceTimersByTimeAsync(positionPolicy.minIntervalMs * 2));
    expect(sent).toEqual([{ lat: 12.9361, lng: 77.6259 }]);
  });

  it('says where sharing stands: off off duty or signed out, starting, on, denied or unavailable', async () => {
    const phone = fakeGeolocation();
    const shown = renderHook(() => useSharing());
    const { result, rerender } = renderHook(({ onDuty, token }) => useLocationSharing(onDuty, token), {
      initialProps: { onDuty: false, token: 'token' as string | null },
    });
    expect([result.current, phone.watching()]).toEqual(['off', false]);
    rerender({ onDuty: true, token: null });
    expect([result.current, phone.watching()]).toEqual(['off', false]);

    rerender({ onDuty: true, token: 'token' });
    expect([result.current, shown.result.current]).toEqual(['starting', 'starting']);
    await phone.fix(12.9361, 77.6259);
    expect([result.current, shown.result.current]).toEqual(['on', 'on']);
    await phone.fail(1);
    expect([result.current, shown.result.current]).toEqual(['denied', 'denied']);
    await phone.fail(3);
    expect(result.current).toBe('unavailable');
    rerender({ onDuty: false, token: 'token' });
    expect([result.current, shown.result.current]).toEqual(['off', 'off']);
  });

  it('says sharing is unavailable on a phone that cannot tell where it is', async () => {
    delete (navigator as { geolocation?: unknown }).geolocation;
    expect('geolocation' in navigator).toBe(false);
    const { result } = renderHook(() => useLocationSharing(true, 'token'));
    expect(result.current).toBe('starting');
    await later(0);
    expect(result.current).toBe('unavailable');
  });

  it('sends nothing for a move under 50 m, and sends one of 50 m or more once 10 s have passed', async () => {
    const phone = fakeGeolocation();
    renderHook(() => useLocationSharing(true, 'token'));
    await phone.fix(12.9361, 77.6259);
    await later(positionPolicy.minIntervalMs);
    // About 33 m north: not worth sending.
    await phone.fix(12.9364, 77.6259);
    await later(positionPolicy.minIntervalMs);
    expect(sent).toHaveLength(1);
    // About 67 m north of the first.
    await phone.fix(12.9367, 77.6259);
    expect(sent).toEqual([
      { lat: 12.9361, lng: 77.6259 },
      { lat: 12.9367, lng: 77.6259 },
    ]);
  });

  it('sends the accuracy in metres, within 0 to 100 km', async () => {
    const phone = fakeGeolocation();
    renderHook(() => useLocationSharing(true, 'token'));
    await phone.fix(12.9361, 77.6259, 12.5);
    await later(positionPolicy.minIntervalMs);
    await phone.fix(12.9461, 77.6259, 250_000);
    await later(positionPolicy.minIntervalMs);
    await phone.fix(12.9561, 77.6259, -3);
    expect(server.accuracies).toEqual([12.5, 100_000, 0]);
  });

  it('after a send that failed, sends the same place again once the usual wait is over', async () => {
    const phone = fakeGeolocation();
    renderHook(() => useLocationSharing(true, 'token'));
    server.refuse = [0];
    const start = Date.now();
    await phone.fix(12.9361, 77.6259);
    await later(3_000);
    await phone.fix(12.9361, 77.6259);
    await later(positionPolicy.minIntervalMs);
    expect(sent).toEqual([
      { lat: 12.9361, lng: 77.6259 },
      { lat: 12.9361, lng: 77.6259 },
    ]);
    expect(server.times).toEqual([start, start + positionPolicy.minIntervalMs]);
  });

  it('counts a position the server had just had from elsewhere (429) as sent', async () => {
    const phone = fakeGeolocation();
    renderHook(() => useLocationSharing(true, 'token'));
    server.refuse = [429];
    await phone.fix(12.9361, 77.6259);
    await later(3_000);
    await phone.fix(12.9361, 77.6259);
    await later(positionPolicy.minIntervalMs * 2);
    expect(sent).toEqual([{ lat: 12.9361, lng: 77.6259 }]);
  });

  it('goes off duty here when the server has the executive off duty (409)', async () => {
    session.set({ token: 'token', onDuty: true } as never);
    const phone = fakeGeolocation();
    renderHook(() => useLocationSharing(true, 'token'));
    server.refuse = [409];
    await phone.fix(12.9361, 77.6259);
    expect(session.get()).toEqual({ token: 'token', onDuty: false });
  });

  it('holds a fix that comes while a send is on its way, and sends it once that one is answered', async () => {
    const phone = fakeGeolocation();
    renderHook(() => useLocationSharing(true, 'token'));
    let answer!: () => void;
    server.hold = new Promise((resolve) => {
      answer = resolve;
    });
    await phone.fix(12.9361, 77.6259);
    await later(11_000);
    await phone.fix(12.9478, 77.6259);
    expect(sent).toHaveLength(1);
    server.hold = null;
    answer();
    await later(1_000);
    expect(sent).toEqual([
      { lat: 12.9361, lng: 77.6259 },
      { lat: 12.9478, lng: 77.6259 },
    ]);
    expect(server.times[1]! - server.times[0]!).toBe(12_000);
  });

  it('stops watching when the executive signs out', async () => {
    const phone = fakeGeolocation();
    const { rerender } = renderHook(({ token }) => useLocationSharing(true, token), {
      initialProps: { token: 'token' as string | null },
    });
    rerender({ token: null });
    expect(phone.cleared).toHaveBeenCalledWith(7);
  });
});
