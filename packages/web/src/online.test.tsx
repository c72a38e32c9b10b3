import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useOnline } from './online.ts';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Connection() {
  return <p>{useOnline() ? 'Online' : 'Offline'}</p>;
}

describe('whether the phone is online', () => {
  it('follows what the phone says, as it says it', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<Connection />);
    expect(screen.getByRole('paragraph').textContent).toBe('Online');

    onLine.mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByRole('paragraph').textContent).toBe('Offline');

    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByRole('paragraph').textContent).toBe('Online');
  });
});
