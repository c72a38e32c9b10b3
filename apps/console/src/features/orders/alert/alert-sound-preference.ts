import { useSyncExternalStore } from 'react';

/** Muting the new-order sound is a choice of this browser, kept across sign-ins (B1). */
const key = 'storedesk.newOrderSound';
const listeners = new Set<() => void>();
/** The choice when storage is off (private mode): it then lasts until the tab closes. */
let unstored = false;

function read(): boolean {
  try {
    return localStorage.getItem(key) === 'muted';
  } catch {
    return unstored;
  }
}

export function setNewOrderSoundMuted(muted: boolean): void {
  try {
    if (muted) localStorage.setItem(key, 'muted');
    else localStorage.removeItem(key);
  } catch {
    unstored = muted;
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === key) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useNewOrderSoundMuted(): boolean {
  return useSyncExternalStore(subscribe, read, () => false);
}
