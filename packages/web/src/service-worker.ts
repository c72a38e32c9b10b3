/// <reference lib="webworker" />
/**
 * What the phone apps' service workers (apps/storefront/src/sw.ts, apps/delivery/src/sw.ts) share:
 * the app opening without a network (its page and files, as last fetched) and the notifications,
 * opening the page a notification is about when tapped. Only the workers import this, and it imports
 * nothing, so each worker still builds into one classic script.
 */

/** What the server pushes; every field may be missing. */
export type PushMessage = { title?: string; body?: string; url?: string };

/** Keeps a good response in the cache under `key`, without waiting for it. */
function keep(cacheName: string, key: Request | string, response: Response): void {
  if (!response.ok) return;
  const copy = response.clone();
  void caches.open(cacheName).then((cache) => cache.put(key, copy));
}

/** The network first, so it is always current (a good answer kept under `key`); the last copy when offline. */
function networkFirst(cacheName: string, request: Request, key: Request | string): Promise<Response> {
  return fetch(request)
    .then((response) => {
      keep(cacheName, key, response);
      return response;
    })
    .catch(async () => (await caches.match(key)) ?? Response.error());
}

/** The cached copy, else the network (and keep it): for files that never change at an address. */
function cacheFirst(cacheName: string, request: Request): Promise<Response> {
  return caches.match(request).then(
    (hit) =>
      hit ??
      fetch(request).then((response) => {
        keep(cacheName, request, response);
        return response;
      }),
  );
}

/**
 * Keeps the app opening offline: its page (`page`, with no trailing slash) fetched on install and
 * network first after, its files (below `files`) cache first, and the requests `alsoKeep` picks
 * network first. Nothing else is cached.
 */
export function keepAppOffline(
  worker: ServiceWorkerGlobalScope,
  app: { cache: string; page: string; files: string; alsoKeep?: (url: URL) => boolean },
): void {
  const { cache: cacheName, page, files } = app;
  worker.addEventListener('install', (event) => {
    event.waitUntil(
      caches
        .open(cacheName)
        .then((cache) => cache.add(new Request(`${page}/`, { cache: 'reload' })))
        .then(() => worker.skipWaiting()),
    );
  });

  worker.addEventListener('activate', (event) => {
    event.waitUntil(worker.clients.claim());
  });

  worker.addEventListener('fetch', (event) => {
    const request = event.request;
    if (request.method !== 'GET') return;
    const url = new URL(request.url);
    if (url.origin !== worker.location.origin) return;
    // Pages: the network first, so the app is always current; the last copy when offline.
    if (request.mode === 'navigate' && url.pathname.startsWith(page)) {
      event.respondWith(networkFirst(cacheName, request, `${page}/`));
      return;
    }
    if (app.alsoKeep?.(url)) {
      event.respondWith(networkFirst(cacheName, request, request));
      return;
    }
    // The app's files never change at an address: the cached copy, else the network (and keep it).
    if (url.pathname.startsWith(files)) event.respondWith(cacheFirst(cacheName, request));
  });
}

/**
 * Shows the pushed notifications (`title` when the push has none) and, when one is tapped, opens
 * the page it is about in a window of the app (`page`), or a new one. `target` says which page a
 * pushed address opens.
 */
export function showNotifications(
  worker: ServiceWorkerGlobalScope,
  app: { page: string; title: string; icon: string; target: (url: string | undefined) => string },
): void {
  const { page } = app;
  worker.addEventListener('push', (event) => {
    let data: PushMessage = {};
    try {
      data = (event.data?.json() as PushMessage) ?? {};
    } catch {
      data = { body: event.data?.text() ?? '' };
    }
    event.waitUntil(
      worker.registration.showNotification(data.title ?? app.title, {
        body: data.body ?? '',
        data: { url: app.target(data.url) },
        icon: app.icon,
      }),
    );
  });

  worker.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const url = (event.notification.data as { url?: string } | null)?.url ?? `${page}/`;
    event.waitUntil(
      worker.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
        const open = windows.find((client) => new URL(client.url).pathname.startsWith(page));
        if (open) return open.navigate(url).then((client) => client?.focus());
        return worker.clients.openWindow(url);
      }),
    );
  });
}
