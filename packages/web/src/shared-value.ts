import { useSyncExternalStore } from 'react';

/**
 * A value held in memory that every component reading it (`use`) sees change at once: where a
 * shell-wide state stands (the live stream, location sharing). Unlike `persisted`, nothing is kept.
 */
export type SharedValue<T> = {
  get: () => T;
  /** Sets the value; components re-render only when it is another (Object.is). */
  set: (value: T) => void;
  use: () => T;
};

export function sharedValue<T>(initial: T): SharedValue<T> {
  let current = initial;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  return {
    get: () => current,
    set: (value) => {
      if (Object.is(value, current)) return;
      current = value;
      for (const listener of listeners) listener();
    },
    use: () => useSyncExternalStore(subscribe, () => current),
  };
}
