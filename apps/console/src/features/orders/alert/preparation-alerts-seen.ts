import { useSyncExternalStore } from 'react';

/*
 * The orders whose preparation alert this browser has raised (B19), kept across reloads and shared
 * by its tabs, so each order rings once per browser: `dismissed` once someone closed it here.
 */

export type SeenAlert = {
  dismissed: boolean;
  /** The end of the order's slot: some days after it, the order is forgotten. */
  until: string;
};
export type SeenAlerts = Readonly<Record<string, SeenAlert>>;

const key = 'storedesk.preparationAlerts';
/** How long after its slot an order is remembered: longer than any slot's preparation. */
const keptMs = 2 * 24 * 60 * 60_000;
const listeners = new Set<() => void>();
/** The record when storage is off (private mode): it then lasts until the tab closes. */
let unstored: SeenAlerts = {};
/** The last text read and what it says, so that an unchanged record is the same object. */
let cache: { text: string | null; seen: SeenAlerts } = { text: null, seen: {} };
const none: SeenAlerts = {};

function parse(text: string | null): SeenAlerts {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    const seen: Record<string, SeenAlert> = {};
    for (const [orderId, entry] of Object.entries(value as Record<string, unknown>)) {
      const { dismissed, until } = (entry ?? {}) as Partial<SeenAlert>;
      if (typeof dismissed === 'boolean' && typeof until === 'string') seen[orderId] = { dismissed, until };
    }
    return seen;
  } catch {
    return {};
  }
}

function read(): SeenAlerts {
  let text: string | null;
  try {
    text = localStorage.getItem(key);
  } catch {
    return unstored;
  }
  if (text !== cache.text) cache = { text, seen: parse(text) };
  return cache.seen;
}

function write(seen: SeenAlerts): void {
  const now = Date.now();
  const kept = Object.fromEntries(
    Object.entries(seen).filter(([, entry]) => new Date(entry.until).getTime() + keptMs > now),
  );
  try {
    localStorage.setItem(key, JSON.stringify(kept));
  } catch {
    unstored = kept;
  }
  for (const listener of listeners) listener();
}

/** Records these orders as alerted; answers those that were not yet, the ones to ring for. */
export function markAlerted(orders: readonly { id: string; until: string }[]): string[] {
  const seen = read();
  const fresh = orders.filter((order) => !(order.id in seen));
  if (fresh.length > 0) {
    write({
      ...seen,
      ...Object.fromEntries(fresh.map(({ id, until }) => [id, { dismissed: false, until }])),
    });
  }
  return fresh.map((order) => order.id);
}

export function dismissAlerts(orderIds: readonly string[]): void {
  const seen = read();
  const next: Record<string, SeenAlert> = { ...seen };
  for (const id of orderIds) {
    const entry = next[id];
    if (entry) next[id] = { ...entry, dismissed: true };
  }
  write(next);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The alerts this browser has raised, following the other tabs' too. */
export function useSeenAlerts(): SeenAlerts {
  return useSyncExternalStore(subscribe, read, () => none);
}
