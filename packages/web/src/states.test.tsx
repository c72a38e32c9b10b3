import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@storedesk/shared/messages';
import { ApiError } from './api.ts';
import { ErrorPanel, FormAlert, Spinner } from './states.tsx';

let onLine = true;
beforeEach(() => {
  vi.useFakeTimers();
  onLine = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => onLine);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const unreached = () => new ApiError({ status: 0, code: 'network', message: messages.offlineRead });
const refused = (status: number) => new ApiError({ status, code: 'x', message: 'The store is closed' });

describe('a failure to load', () => {
  it('says what failed, and tries again when asked', () => {
    const retry = vi.fn();
    render(<ErrorPanel error={refused(409)} onRetry={retry} />);
    expect(screen.getByRole('alert').textContent).toBe('The store is closedTry again');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('offers no Try again without a way to try', () => {
    render(<ErrorPanel error={refused(400)} />);
    expect(screen.getByRole('alert').textContent).toBe('The store is closed');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('tries again by itself a read that never reached the server, after 2 s, then a wait that doubles to 30 s', () => {
    const retry = vi.fn();
    const { rerender } = render(<ErrorPanel error={unreached()} onRetry={retry} />);
    const waits: number[] = [];
    for (let n = 0; n < 6; n++) {
      let waited = 0;
      while (retry.mock.calls.length === n && waited < 60_000) {
        act(() => vi.advanceTimersByTime(500));
        waited += 500;
      }
      waits.push(waited);
      // The try failed again: the screen shows the new failure.
      rerender(<ErrorPanel error={unreached()} onRetry={retry} />);
    }
    expect(waits).toEqual([2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });

  it('waits 2 s after the failure even when the screen shows it again meanwhile with another callback', () => {
    const retry = vi.fn();
    let showAgain: () => void = () => undefined;
    function Screen({ error }: { error: ApiError }) {
      const [, setTick] = useState(0);
      showAgain = () => setTick((n) => n + 1);
      return <ErrorPanel error={error} onRetry={() => retry()} />;
    }
    render(<Screen error={unreached()} />);
    act(() => vi.advanceTimersByTime(1_000));
    act(() => showAgain());
    act(() => vi.advanceTimersByTime(999));
    expect(retry).toHaveBeenCalledTimes(0);
    act(() => vi.advanceTimersByTime(1));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('while the phone says it is offline, waits for the connection and then tries at once', () => {
    onLine = false;
    const retry = vi.fn();
    render(<ErrorPanel error={unreached()} onRetry={retry} />);
    act(() => vi.advanceTimersByTime(120_000));
    expect(retry).toHaveBeenCalledTimes(0);
    onLine = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('does not try again by itself what the server refused', () => {
    const retry = vi.fn();
    render(<ErrorPanel error={refused(503)} onRetry={retry} />);
    act(() => vi.advanceTimersByTime(120_000));
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(retry).toHaveBeenCalledTimes(0);
  });

  it('tries nothing once the panel is gone', () => {
    const retry = vi.fn();
    const { unmount } = render(<ErrorPanel error={unreached()} onRetry={retry} />);
    unmount();
    act(() => vi.advanceTimersByTime(120_000));
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(retry).toHaveBeenCalledTimes(0);
  });
});

describe('loading and a form’s own error', () => {
  it('shows a spinner with what it waits for', () => {
    render(<Spinner label="Loading the store…" />);
    expect(screen.getByRole('status').textContent).toBe('Loading the store…');
  });

  it('announces a form’s error, and nothing without one', () => {
    const { rerender, container } = render(<FormAlert message={null} />);
    expect(container.innerHTML).toBe('');
    rerender(<FormAlert message="That code has expired" />);
    expect(screen.getByRole('alert').textContent).toBe('That code has expired');
    expect(screen.getByRole('alert').className).toBe('field-error');
  });
});
