import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { persisted } from './persisted.ts';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('a value kept in localStorage', () => {
  it('is the initial value until set, then the value set, kept as JSON under its key', () => {
    const cart = persisted<{ items: number } | null>('test:cart', null);
    expect(cart.get()).toBeNull();
    cart.set({ items: 2 });
    expect(cart.get()).toEqual({ items: 2 });
    expect(localStorage.getItem('test:cart')).toBe('{"items":2}');
  });

  it('reads what an earlier page load kept', () => {
    localStorage.setItem('test:place', '{"label":"Home","lat":12.9,"lng":77.6}');
    expect(persisted('test:place', null).get()).toEqual({ label: 'Home', lat: 12.9, lng: 77.6 });
  });

  it('is the initial value when what is kept is not JSON', () => {
    localStorage.setItem('test:place', '{"label":');
    expect(persisted('test:place', 'nowhere').get()).toBe('nowhere');
  });

  it('answers the same object while what is kept is unchanged, and a new one once it changes', () => {
    const draft = persisted('test:draft', { note: '' });
    localStorage.setItem('test:draft', '{"note":"ring twice"}');
    const first = draft.get();
    expect(draft.get()).toBe(first);
    localStorage.setItem('test:draft', '{"note":"leave at the door"}');
    expect(draft.get()).toEqual({ note: 'leave at the door' });
  });

  it('keeps the value in memory when storage is off (a private window)', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('off', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('off', 'SecurityError');
    });
    const session = persisted<string | null>('test:session', null);
    expect(session.get()).toBeNull();
    session.set('token-1');
    expect(session.get()).toBe('token-1');
  });

  it('answers the value last set when storage is full, not the older one still kept', () => {
    const note = persisted('test:note', '');
    note.set('first');
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    note.set('second');
    expect(note.get()).toBe('second');
  });

  it('re-renders every component reading it when set, and when another tab changes it', async () => {
    const count = persisted('test:count', 0);
    const Shown = ({ name }: { name: string }) => (
      <p>
        {name}: {count.use()}
      </p>
    );
    render(
      <>
        <Shown name="badge" />
        <Shown name="total" />
      </>,
    );
    expect(screen.getAllByRole('paragraph').map((p) => p.textContent)).toEqual(['badge: 0', 'total: 0']);

    act(() => count.set(3));
    expect(screen.getAllByRole('paragraph').map((p) => p.textContent)).toEqual(['badge: 3', 'total: 3']);

    // Another tab writes the same storage and the browser tells this one.
    localStorage.setItem('test:count', '5');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'test:count' }));
    });
    expect(screen.getAllByRole('paragraph').map((p) => p.textContent)).toEqual(['badge: 5', 'total: 5']);
  });
});
