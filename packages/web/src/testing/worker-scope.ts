/// <reference lib="webworker" />
/**
 * For tests of the phone apps' service workers: a worker's scope, its caches and the network, in
 * memory. A worker registers its listeners on `scope`; the test sends it events and reads what it
 * answered, what it kept and what it asked the network for.
 */
import { vi } from 'vitest';

type Listener = (event: unknown) => void;

/** A cache in memory, keyed by absolute address (query included, as the browser's). */
class MemoryCache {
  readonly entries = new Map<string, Response>();
  constructor(private readonly absolute: (key: RequestInfo | URL) => string) {}

  async match(key: RequestInfo | URL): Promise<Response | undefined> {
    return this.entries.get(this.absolute(key))?.clone();
  }
  async put(key: RequestInfo | URL, response: Response): Promise<void> {
    this.entries.set(this.absolute(key), response.clone());
  }
  async add(key: RequestInfo | URL): Promise<void> {
    const response = await fetch(key);
    if (!response.ok) throw new TypeError(`cache.add: ${response.status}`);
    await this.put(key, response);
  }
  async keys(): Promise<Request[]> {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
  async delete(key: RequestInfo | URL): Promise<boolean> {
    return this.entries.delete(this.absolute(key));
  }
}

export type WorkerScope = ReturnType<typeof workerScope>;

/**
 * A service worker's scope at `origin`, registered for `scopePath`; `caches`, `fetch` and
 * `Request` (whose relative addresses are the worker's) are made the globals a worker sees.
 * `network` answers each request; throwing is being offline.
 */
export function workerScope(options: { origin: string; scopePath: string; files?: unknown }) {
  const { origin } = options;
  const absolute = (key: RequestInfo | URL): string =>
    typeof key === 'string' ? new URL(key, origin).href : key instanceof URL ? key.href : key.url;

  // A worker's relative addresses are its own origin's.
  const NodeRequest = globalThis.Request;
  class WorkerRequest extends NodeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, origin).href : input, init);
    }
  }
  vi.stubGlobal('Request', WorkerRequest);

  const stores = new Map<string, MemoryCache>();
  const cacheStorage = {
    open: async (name: string) => {
      if (!stores.has(name)) stores.set(name, new MemoryCache(absolute));
      return stores.get(name)!;
    },
    match: async (key: RequestInfo | URL) => {
      for (const cache of stores.values()) {
        const hit = await cache.match(key);
        if (hit) return hit;
      }
      return undefined;
    },
  };
  vi.stubGlobal('caches', cacheStorage);

  /** Every request that went to the network: its address, and the token it carried. */
  const asked: Array<{ url: string; authorization: string | null; cache: RequestCache }> = [];
  let network: (request: Request) => Response | Promise<Response> = () => {
    throw new TypeError('Failed to fetch');
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const request = input instanceof NodeRequest ? input : new WorkerRequest(absolute(input));
      asked.push({
        url: request.url,
        authorization: request.headers.get('authorization'),
        cache: request.cache,
      });
      return network(request);
    }),
  );

  const listeners = new Map<string, Listener[]>();
  const shown: Array<{ title: string; options: NotificationOptions }> = [];
  const windows: Array<{ url: string; navigatedTo: string[]; focused: number }> = [];
  const opened: string[] = [];
  const lifecycle: string[] = [];

  const scope = {
    __APP_FILES__: options.files,
    location: new URL(`${origin}/sw.js`),
    registration: {
      scope: new URL(options.scopePath, origin).href,
      showNotification: async (title: string, notification: NotificationOptions) => {
        shown.push({ title, options: notification });
      },
    },
    addEventListener: (type: string, listener: Listener) => {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    },
    skipWaiting: async () => {
      lifecycle.push('skipWaiting');
    },
    clients: {
      claim: async () => {
        lifecycle.push('claim');
      },
      matchAll: async () =>
        windows.map((client) => ({
          url: client.url,
          navigate: async (url: string) => {
            client.navigatedTo.push(url);
            return { focus: async () => void client.focused++ };
          },
        })),
      openWindow: async (url: string) => {
        opened.push(url);
        return null;
      },
    },
  };

  /** Sends the worker an event; answers what it waited on, once settled. */
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    const waits: Array<Promise<unknown>> = [];
    let response: Promise<Response> | undefined;
    const full = {
      ...event,
      waitUntil: (promise: Promise<unknown>) => waits.push(promise),
      respondWith: (answer: Promise<Response>) => {
        response = answer;
      },
    };
    for (const listener of listeners.get(type) ?? []) listener(full);
    await Promise.all(waits);
    return { response, waited: waits.length };
  };

  /** A request of a page of the app (`navigate`) or of anything else, as the browser sends it. */
  const request = (
    path: string,
    init: { method?: string; mode?: 'navigate'; authorization?: string } = {},
  ): Request => {
    const made = new WorkerRequest(new URL(path, origin).href, {
      method: init.method ?? 'GET',
      ...(init.authorization ? { headers: { authorization: init.authorization } } : {}),
    });
    if (init.mode) Object.defineProperty(made, 'mode', { value: init.mode });
    return made;
  };

  return {
    scope: scope as unknown as ServiceWorkerGlobalScope & { __APP_FILES__?: unknown },
    /** How the network answers from now on (throwing: offline). */
    answer: (next: (request: Request) => Response | Promise<Response>) => {
      network = next;
    },
    offline: () => {
      network = () => {
        throw new TypeError('Failed to fetch');
      };
    },
    asked,
    request,
    /** What the app's fetch listener made of a request: nothing (the browser's own), or an answer. */
    fetch: async (req: Request) => {
      const { response } = await dispatch('fetch', { request: req });
      return response === undefined ? undefined : await response;
    },
    dispatch,
    /** The addresses a cache holds now, in the order kept. */
    kept: async (name: string) => [...(await cacheStorage.open(name)).entries.keys()],
    /** The text kept for an address. */
    keptText: async (name: string, key: string) => (await (await cacheStorage.open(name)).match(key))?.text(),
    put: async (name: string, key: string, body: string) =>
      (await cacheStorage.open(name)).put(key, new Response(body)),
    shown,
    windows,
    opened,
    lifecycle,
  };
}

/** Lets what a worker does without being waited on (keeping a copy) happen. */
export async function settled(): Promise<void> {
  for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
}
