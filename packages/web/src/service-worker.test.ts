import { afterEach, describe, expect, it, vi } from 'vitest';
import { builtFiles, keepAppOffline, showNotifications } from './service-worker.ts';
import { settled, workerScope } from './testing/worker-scope.ts';

const origin = 'https://shop.example';
const cacheName = 'test-app-v1';
const build = ['/app/_app/index-aaa.js', '/app/_app/index-bbb.css'];

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A worker keeping the app at /app offline, with its files below /app/_app/ and its answers of /api/shop/. */
function appWorker(precache: readonly string[] = build) {
  const worker = workerScope({ origin, scopePath: '/app/' });
  keepAppOffline(worker.scope, {
    cache: cacheName,
    page: '/app',
    files: '/app/_app/',
    precache,
    alsoKeep: (url) => url.pathname.startsWith('/api/shop/'),
  });
  return worker;
}

const text =
  (body: string, status = 200) =>
  () =>
    new Response(body, { status });

describe('installing and activating the worker', () => {
  it('keeps the page, fetched afresh, and every file of the build, then takes over at once', async () => {
    const worker = appWorker();
    await worker.put(cacheName, build[0]!, 'kept before');
    worker.answer((request) => new Response(`fetched ${new URL(request.url).pathname}`));
    await worker.dispatch('install', {});
    expect(worker.asked.map(({ url, cache }) => [url, cache])).toEqual([
      [`${origin}/app/`, 'reload'],
      [`${origin}/app/_app/index-bbb.css`, 'default'],
    ]);
    expect(await worker.keptText(cacheName, '/app/')).toBe('fetched /app/');
    expect(await worker.keptText(cacheName, build[0]!)).toBe('kept before');
    expect(await worker.keptText(cacheName, build[1]!)).toBe('fetched /app/_app/index-bbb.css');
    expect(worker.lifecycle).toEqual(['skipWaiting']);
  });

  it('lets go of an older build’s files once active, keeping the page, this build and the answers', async () => {
    const worker = appWorker();
    for (const key of ['/app/', ...build, '/app/_app/index-old.js', '/api/shop/stores'])
      await worker.put(cacheName, key, key);
    await worker.dispatch('activate', {});
    expect(await worker.kept(cacheName)).toEqual([
      `${origin}/app/`,
      `${origin}/app/_app/index-aaa.js`,
      `${origin}/app/_app/index-bbb.css`,
      `${origin}/api/shop/stores`,
    ]);
    expect(worker.lifecycle).toEqual(['claim']);
  });

  it('lets nothing go without a build’s list of files (development)', async () => {
    const worker = appWorker([]);
    await worker.put(cacheName, '/app/_app/main.tsx', 'source');
    await worker.dispatch('activate', {});
    expect(await worker.kept(cacheName)).toEqual([`${origin}/app/_app/main.tsx`]);
  });

  it('reads the build’s files the build wrote into the worker, and none without', () => {
    const built = workerScope({ origin, scopePath: '/app/', files: [...build, 42] });
    expect(builtFiles(built.scope)).toEqual(build);
    const dev = workerScope({ origin, scopePath: '/app/' });
    expect(builtFiles(dev.scope)).toEqual([]);
  });
});

describe('answering the app’s requests', () => {
  it('answers a page from the network, keeping it, and the last page kept when offline', async () => {
    const worker = appWorker();
    worker.answer(text('page v2'));
    const online = await worker.fetch(worker.request('/app/orders/5', { mode: 'navigate' }));
    expect(await online?.text()).toBe('page v2');
    await settled();
    expect(await worker.keptText(cacheName, '/app/')).toBe('page v2');

    worker.offline();
    const offline = await worker.fetch(worker.request('/app/cart', { mode: 'navigate' }));
    expect(await offline?.text()).toBe('page v2');
  });

  it('answers a failed page as it came, keeping the last good one; offline with none kept, a network error', async () => {
    const worker = appWorker();
    await worker.put(cacheName, '/app/', 'page v1');
    worker.answer(text('Bad gateway', 502));
    const failed = await worker.fetch(worker.request('/app/', { mode: 'navigate' }));
    expect(failed?.status).toBe(502);
    await settled();
    expect(await worker.keptText(cacheName, '/app/')).toBe('page v1');

    const fresh = appWorker();
    const offline = await fresh.fetch(fresh.request('/app/', { mode: 'navigate' }));
    expect(offline?.type).toBe('error');
  });

  it('answers the app’s files from what is kept, and fetches and keeps one not kept yet', async () => {
    const worker = appWorker();
    await worker.put(cacheName, build[0]!, 'kept script');
    worker.answer(text('fetched style'));
    expect(await (await worker.fetch(worker.request(build[0]!)))?.text()).toBe('kept script');
    expect(worker.asked).toEqual([]);

    expect(await (await worker.fetch(worker.request(build[1]!)))?.text()).toBe('fetched style');
    await settled();
    expect(await worker.keptText(cacheName, build[1]!)).toBe('fetched style');
  });

  it('does not keep a file the server did not have', async () => {
    const worker = appWorker();
    worker.answer(text('Not found', 404));
    expect((await worker.fetch(worker.request('/app/_app/gone.js')))?.status).toBe(404);
    await settled();
    expect(await worker.kept(cacheName)).toEqual([]);
  });

  it('answers the requests the app also keeps from the network, each kept under itself, and offline the last copy', async () => {
    const worker = appWorker();
    worker.answer((request) => new Response(`stores near ${new URL(request.url).search}`));
    await worker.fetch(worker.request('/api/shop/stores?lat=1'));
    await worker.fetch(worker.request('/api/shop/stores?lat=2'));
    await settled();
    worker.offline();
    expect(await (await worker.fetch(worker.request('/api/shop/stores?lat=1')))?.text()).toBe(
      'stores near ?lat=1',
    );
    expect((await worker.fetch(worker.request('/api/shop/stores?lat=3')))?.type).toBe('error');
  });

  it('leaves everything else to the browser: writes, other origins, other addresses, other apps’ pages', async () => {
    const worker = appWorker();
    worker.answer(text('answer'));
    const others = [
      worker.request('/app/_app/index-aaa.js', { method: 'POST' }),
      worker.request('https://cdn.example/app/_app/index-aaa.js'),
      worker.request('https://api.example/api/shop/stores'),
      worker.request('/api/orders'),
      worker.request('/console/', { mode: 'navigate' }),
    ];
    for (const request of others) expect(await worker.fetch(request), request.url).toBeUndefined();
    await settled();
    expect(await worker.kept(cacheName)).toEqual([]);
  });
});

describe('notifications', () => {
  function notifying() {
    const worker = workerScope({ origin, scopePath: '/app/' });
    showNotifications(worker.scope, {
      page: '/app',
      title: 'Your order',
      icon: '/app/_app/icon.svg',
      target: (url) => (url?.startsWith('/app/') ? url : '/app/'),
    });
    return worker;
  }
  const push = (data: unknown) => ({
    data:
      data === undefined
        ? null
        : {
            json: () => (typeof data === 'string' ? JSON.parse(data) : data),
            text: () => (typeof data === 'string' ? data : JSON.stringify(data)),
          },
  });

  it('shows what was pushed, with the page it is about', async () => {
    const worker = notifying();
    await worker.dispatch('push', push({ title: 'Order #42', body: 'On its way', url: '/app/orders/42' }));
    expect(worker.shown).toEqual([
      {
        title: 'Order #42',
        options: { body: 'On its way', data: { url: '/app/orders/42' }, icon: '/app/_app/icon.svg' },
      },
    ]);
  });

  it('shows the app’s own title when the push has none, and plain text as the body', async () => {
    const worker = notifying();
    await worker.dispatch('push', push('Your order was delivered'));
    await worker.dispatch('push', push(undefined));
    expect(worker.shown).toEqual([
      {
        title: 'Your order',
        options: { body: 'Your order was delivered', data: { url: '/app/' }, icon: '/app/_app/icon.svg' },
      },
      { title: 'Your order', options: { body: '', data: { url: '/app/' }, icon: '/app/_app/icon.svg' } },
    ]);
  });

  it('opens the page a tapped notification is about in the app’s open window, or in a new one', async () => {
    const worker = notifying();
    const notification = (url?: string) => {
      const closed = { count: 0 };
      return { closed, notification: { data: url ? { url } : null, close: () => closed.count++ } };
    };

    const first = notification('/app/orders/42');
    await worker.dispatch('notificationclick', first);
    expect(worker.opened).toEqual(['/app/orders/42']);
    expect(first.closed.count).toBe(1);

    worker.windows.push(
      { url: `${origin}/other/`, navigatedTo: [], focused: 0 },
      { url: `${origin}/app/cart`, navigatedTo: [], focused: 0 },
    );
    await worker.dispatch('notificationclick', notification());
    expect(worker.windows).toEqual([
      { url: `${origin}/other/`, navigatedTo: [], focused: 0 },
      { url: `${origin}/app/cart`, navigatedTo: ['/app/'], focused: 1 },
    ]);
    expect(worker.opened).toEqual(['/app/orders/42']);
  });
});
