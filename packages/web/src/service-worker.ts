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
 * Every file of the app's build (but the worker and the page), as the build wrote them into the
 * worker (packages/web/src/vite-phone-app.ts); none in development.
 */
export function builtFiles(worker: ServiceWorkerGlobalScope): readonly string[] {
  const files = (worker as unknown as { __APP_FILES__?: unknown }).__APP_FILES__;
  return Array.isArray(files) ? files.filter((file): file is string => typeof file === 'string') : [];
}

/**
 * Keeps the app opening offline: its page (`page`, with no trailing slash) and every file of its
 * build (`precache`: each screen then opens offline, not only those opened before) fetched on
 * install; the page network first after, its files (below `files`) cache first, and the requests
 * `alsoKeep` picks network first. Files of an older build are let go once a new one is in place.
 * Nothing else is cached.
 */
export function keepAppOffline(
  worker: ServiceWorkerGlobalScope,
  app: {
    cache: string;
    page: string;
    files: string;
    precache?: readonly string[];
    alsoKeep?: (url: URL) => boolean;
  },
): void {
  const { cache: cacheName, page, files } = app;
  const precache = app.precache ?? [];
  worker.addEventListener('install', (event) => {
    event.waitUntil(
      caches
        .open(cacheName)
        .then((cache) =>
          Promise.all([
            cache.add(new Request(`${page}/`, { cache: 'reload' })),
            // Hashed names: a file already kept is the same file.
            ...precache.map(async (file) => {
              if (!(await cache.match(file))) await cache.add(file);
            }),
          ]),
        )
        .then(() => worker.skipWaiting()),
    );
  });

  worker.addEventListener('activate', (event) => {
    event.waitUntil(
      (async () => {
        if (precache.length > 0) {
          const current = new Set(precache.map((file) => new URL(file, worker.location.origin).href));
          const cache = await caches.open(cacheName);
          for (const request of await cache.keys()) {
            const url = new URL(request.url);
            if (url.pathname.startsWith(files) && !current.has(url.href)) await cache.delete(request);
          }
        }
        await worker.clients.claim();
      })(),
    );
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
