import { useEffect, useRef } from 'react';
import { keptOffline, shopCacheName } from '@storedesk/shared/storefront/page';

/** Lets go of the customer's orders the service worker kept for offline (lib: sw.ts). */
async function forgetPersonal(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const cache = await caches.open(shopCacheName);
  for (const request of await cache.keys()) {
    if (keptOffline(new URL(request.url).pathname) === 'personal') await cache.delete(request);
  }
}

/**
 * What the phone keeps for offline is the signed-in customer's: when they sign out, or another
 * signs in, the orders kept of the one before go (a phone may be shared).
 */
export function useOfflineKeptFor(customerId: string | null): void {
  const before = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    const changed = before.current !== undefined && before.current !== customerId;
    before.current = customerId;
    if (customerId === null || changed) void forgetPersonal().catch(() => undefined);
  }, [customerId]);
}
