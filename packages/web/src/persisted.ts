import { useSyncExternalStore } from 'react';

/**
 * A value kept in localStorage under `key`, that every component reading it sees change at once,
 * and other tabs too. Each app names its keys (the customer app per business, as a phone may hold
 * several shops).
 */
export type Persisted<T> = {
  get: () => T;
  set: (value: T) => void;
  use: () => T;
};

export function persisted<T>(key: string, initial: T): Persisted<T> {
  const listeners = new Set<() => void>();
  let cached: { raw: string | null; value: T } | null = null;
  const read = (): string | null => {
    try {
      return localStorage.getItem(key);
    } catch {
      // Storage off (private mode): nothing is kept.
      return null;
    }
  };
  const get = (): T => {
    const raw = read();
    if (cached && cached.raw === raw) return cached.value;
    let value = initial;
    try {
      if (raw !== null) value = JSON.parse(raw) as T;
    } catch {
      // A damaged value is the initial one.
    }
    cached = { raw, value };
    return value;
  };
  const set = (value: T) => {
    try {
      localStorage.setItem(key, JSON.stringify(value));
    } catch {
      // Storage off or full: the value lives in memory, over whatever storage still holds.
      cached = { raw: read(), value };
    }
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === key) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  };
  return { get, set, use: () => useSyncExternalStore(subscribe, get, get) };
}
