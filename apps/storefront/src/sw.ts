/// <reference lib="webworker" />
/**
 * The customer app's service worker, served at /shop/<slug>/sw.js for each business: it keeps the
 * app opening without a network (its page and files, as last fetched) and shows the shop's push
 * notifications, opening the order or page a notification is about when tapped. It imports
 * nothing: it runs as a classic script.
 */
declare const self: ServiceWorkerGlobalScope;

const CACHE = 'storedesk-shop-v1';
const scope = new URL(self.registration.scope);
const page = scope.pathname.replace(/\/$/, '');

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.add(new Request(`${page}/`, { cache: 'reload' })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Pages: the network first, so the app is always current; the last copy when offline.
  if (request.mode === 'navigate' && url.pathname.startsWith(page)) {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            void caches.open(CACHE).then((cache) => cache.put(`${page}/`, copy));
          }
          return response;
        })
        .catch(async () => (await caches.match(`${page}/`)) ?? Response.error()),
    );
    return;
  }
  // What the shell shows, the same for every customer (the business, its slides): the network
  // first, the last answer when offline. Nothing personal (addresses, orders) is kept.
  if (/^\/api\/storefront\/(business|slides)$/.test(url.pathname)) {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            void caches.open(CACHE).then((cache) => cache.put(request, copy));
          }
          return response;
        })
        .catch(async () => (await caches.match(request)) ?? Response.error()),
    );
    return;
  }
  // The app's files never change at an address: the cached copy, else the network (and keep it).
  if (url.pathname.startsWith('/shop/_app/')) {
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ??
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              void caches.open(CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
  }
});

type Push = { title?: string; body?: string; url?: string };

self.addEventListener('push', (event) => {
  let data: Push = {};
  try {
    data = (event.data?.json() as Push) ?? {};
  } catch {
    data = { body: event.data?.text() ?? '' };
  }
  event.waitUntil(
    self.registration.showNotification(data.title ?? 'Your order', {
      body: data.body ?? '',
      data: { url: data.url && data.url.startsWith(page) ? data.url : `${page}/` },
      icon: '/shop/_app/icon.svg',
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | null)?.url ?? `${page}/`;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).pathname.startsWith(page));
      if (open) return open.navigate(url).then((client) => client?.focus());
      return self.clients.openWindow(url);
    }),
  );
});

export {};
