/*
 * What the customer app's service worker keeps for offline (ADR 0061). Only the worker imports
 * this module: a module the app imports too would become a chunk the worker imports, and a worker
 * that imports runs no more (it is a classic script).
 */

/** The cache the customer app's service worker keeps the app and its last answers in. */
export const shopCacheName = 'storedesk-shop-v1';

/** The customer API's sign-out: the worker lets the customer's kept answers go when it passes. */
export const customerSignOutPath = '/api/storefront/auth/sign-out';

/**
 * Which answers of the customer API the service worker keeps for the app to show offline: the
 * shop's own (the business, its slides, the stores near a place and their catalogues), and the
 * signed-in customer's orders, which are theirs alone (`personal`: kept under the customer they
 * were answered to, and let go when that customer signs out or another signs in). Null for
 * everything else (addresses, the account, the live stream).
 */
export function keptOffline(pathname: string): 'shop' | 'personal' | null {
  if (/^\/api\/storefront\/(business|slides|stores|stores\/[\w-]+\/catalogue)$/.test(pathname)) return 'shop';
  if (/^\/api\/storefront\/orders(\/[\w-]+)?$/.test(pathname)) return 'personal';
  return null;
}
