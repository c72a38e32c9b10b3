import { isOwner } from '@storedesk/shared/levels';
import { use, useCallback, useSyncExternalStore } from 'react';
import { SignedInSessionContext, type Session } from './session.ts';

/*
 * The owner's zone filter of the top bar (D4): "All zones" or one zone, kept
 * per user in this browser so it survives a reload and applies to every screen.
 */

const changeListeners = new Set<() => void>();

function storageKey(userId: string): string {
  return `storedesk:zone:${userId}`;
}

function readZone(userId: string): string | null {
  try {
    return localStorage.getItem(storageKey(userId));
  } catch {
    return null;
  }
}

function writeZone(userId: string, zoneId: string | undefined): void {
  try {
    if (zoneId === undefined) localStorage.removeItem(storageKey(userId));
    else localStorage.setItem(storageKey(userId), zoneId);
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts until reload.
  }
  for (const listener of changeListeners) listener();
}

function subscribe(listener: () => void): () => void {
  changeListeners.add(listener);
  // Another tab of the same browser changing the zone.
  window.addEventListener('storage', listener);
  return () => {
    changeListeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export type ZoneFilter = {
  /**
   * The zone to pass as `zoneId` to zone-scoped lists (stores, orders, delivery
   * executives, dashboard) and to put in their query keys. Undefined means all
   * zones for the owner, and always for an admin, whom the server keeps to
   * their own zone.
   */
  zoneId: string | undefined;
  /** Whether the user may choose (only the owner). */
  canChoose: boolean;
  setZoneId: (zoneId: string | undefined) => void;
};

/** The zone the owner chose in this browser, or undefined for all zones (and always for an admin). */
export function chosenZoneId(session: Session | null): string | undefined {
  return session && isOwner(session.user) ? (readZone(session.user.id) ?? undefined) : undefined;
}

export function useZoneFilter(): ZoneFilter {
  const session = use(SignedInSessionContext);
  const owner = session ? isOwner(session.user) : false;
  const userId = owner && session ? session.user.id : null;
  const stored = useSyncExternalStore(subscribe, () => chosenZoneId(session) ?? null);
  const setZoneId = useCallback(
    (zoneId: string | undefined) => {
      if (userId) writeZone(userId, zoneId);
    },
    [userId],
  );
  return { zoneId: stored ?? undefined, canChoose: owner, setZoneId };
}
