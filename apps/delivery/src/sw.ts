/// <reference lib="webworker" />
/**
 * The delivery app's service worker, served at /deliver/sw.js: it keeps the app opening without a
 * network (its page and files, as last fetched; never the executive's orders, which are personal)
 * and shows the notifications of new orders, opening the order a notification is about when tapped.
 * It imports nothing: it runs as a classic script.
 */
declare const self: ServiceWorkerGlobalScope;

const CACHE = 'storedesk-deliver-v1';
const page = '/deliver';
const files = '/deliver/_app/';

const keep = (request: Request | string, response: Response) => {
  if (!response.ok) return;
  const copy = response.clone();
  void caches.open(CACHE).then((cache) => cache.put(request, copy));
};

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
          keep(`${page}/`, response);
          return response;
        })
        .catch(async () => (await caches.match(`${page}/`)) ?? Response.error()),
    );
    return;
  }
  // The app's files never change at an address: the cached copy, else the network (and keep it).
  if (url.pathname.startsWith(files)) {
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ??
          fetch(request).then((response) => {
            keep(request, response);
            return response;
          }),
      ),
    );
  }
});

type Push = { title?: string; body?: string; url?: string };

/** Only a page of this app opens from a notification; anything else opens the list. */
function pageOf(url: string | undefined): string {
  if (!url) return `${page}/`;
  try {
    const target = new URL(url, self.location.origin);
    if (target.origin === self.location.origin && target.pathname.startsWith(`${page}/`))
      return `${target.pathname}${target.search}`;
  } catch {
    // Not an address.
  }
  return `${page}/`;
}

self.addEventListener('push', (event) => {
  let data: Push = {};
  try {
    data = (event.data?.json() as Push) ?? {};
  } catch {
    data = { body: event.data?.text() ?? '' };
  }
  event.waitUntil(
    self.registration.showNotification(data.title ?? 'New order', {
      body: data.body ?? '',
      data: { url: pageOf(data.url) },
      icon: `${files}icon.svg`,
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
