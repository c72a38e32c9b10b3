/// <reference lib="webworker" />
/**
 * The customer app's service worker, served at /sw.js of each business's shop origin: it keeps the
 * app opening without a network (its page and every file of its build, the business, the stores and
 * catalogues last seen, and the signed-in customer's own orders) and shows the shop's push
 * notifications, opening the order or page a notification is about when tapped (ADR 0061). It
 * imports only what no page imports, which the build puts into it: it runs as a classic script.
 */
import { customerSignOutPath, keptOffline, shopCacheName } from '@storedesk/shared/storefront/offline';
import { builtFiles, keepAppOffline, showNotifications } from '@storedesk/web/service-worker';

declare const self: ServiceWorkerGlobalScope;

const scope = new URL(self.registration.scope);
const page = scope.pathname.replace(/\/$/, '');
const files = '/shop/_app/';

/**
 * The customer's answers are kept under a key that names who they were answered to (a digest of
 * their token, never the token), so that another customer on the phone is never shown them.
 */
async function personalKey(url: URL, authorization: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(authorization)),
  );
  const who = Array.from(digest.slice(0, 12), (byte) => byte.toString(16).padStart(2, '0')).join('');
  const key = new URL(url);
  key.searchParams.set('customer-kept-for', who);
  return key.href;
}

/** Lets go of the customer answers kept, all of them or all but those kept under `keep`. */
async function forgetPersonal(keep?: string): Promise<void> {
  const cache = await caches.open(shopCacheName);
  for (const request of await cache.keys()) {
    const url = new URL(request.url);
    if (keptOffline(url.pathname) !== 'personal') continue;
    if (
      keep &&
      url.searchParams.get('customer-kept-for') === new URL(keep).searchParams.get('customer-kept-for')
    )
      continue;
    await cache.delete(request);
  }
}

/**
 * Sign-outs seen so far: an answer asked for before the latest one is not kept, though it arrives
 * after it (a page's refresh in flight as the customer signs out).
 */
let signOuts = 0;

/** The customer's own answers: the network first (kept under them), their last copy offline. */
async function personal(request: Request, url: URL): Promise<Response> {
  const authorization = request.headers.get('authorization');
  if (!authorization) return fetch(request);
  const asked = signOuts;
  const key = await personalKey(url, authorization);
  let response: Response;
  try {
    response = await fetch(request);
  } catch {
    return (await caches.match(key)) ?? Response.error();
  }
  if (response.ok) {
    if (signOuts !== asked) return response;
    // Another customer signed in here: the one before's answers go.
    await forgetPersonal(key);
    const cache = await caches.open(shopCacheName);
    await cache.put(key, response.clone());
    // A sign-out while it was being kept: its letting go may have looked before this was there.
    if (signOuts !== asked) await cache.delete(key);
  } else if (response.status === 401) {
    await forgetPersonal();
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === 'POST' && url.pathname === customerSignOutPath) {
    signOuts += 1;
    event.waitUntil(forgetPersonal());
    return;
  }
  if (request.method === 'GET' && keptOffline(url.pathname) === 'personal') {
    event.respondWith(personal(request, url));
  }
});

keepAppOffline(self, {
  cache: shopCacheName,
  page,
  files,
  precache: builtFiles(self),
  // The shop's own answers, the same for every customer: the network first, the last one offline.
  alsoKeep: (url) => keptOffline(url.pathname) === 'shop',
});
showNotifications(self, {
  page,
  title: 'Your order',
  icon: `${files}icon.svg`,
  target: (url) => (url && url.startsWith(page) ? url : `${page}/`),
});
