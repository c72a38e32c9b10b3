import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { positionPolicy } from '@storedesk/shared/delivery/rules';

const sent = vi.hoisted(() => [] as Array<{ lat: number; lng: number }>);
vi.mock('./api.ts', () => ({
  api: vi.fn(async (_method: string, _path: string, body: { lat: number; lng: number }) => {
    sent.push({ lat: body.lat, lng: body.lng });
    return {};
  }),
}));

const { useLocationSharing } = await import('./location.ts');

/** The phone's location service: the app's watch, and fixes the test hands to it. */
function fakeGeolocation() {
  let watcher: ((fix: GeolocationPosition) => void) | null = null;
  const cleared = vi.fn();
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      watchPosition: (onFix: (fix: GeolocationPosition) => void) => {
        watcher = onFix;
        return 7;
      },
      clearWatch: cleared,
    },
  });
  const fix = (lat: number, lng: number) =>
    act(() => watcher?.({ coords: { latitude: lat, longitude: lng, accuracy: 10 } } as GeolocationPosition));
  return { fix, cleared, watching: () => watcher !== null };
}

beforeEach(() => {
  sent.length = 0;
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

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
});
