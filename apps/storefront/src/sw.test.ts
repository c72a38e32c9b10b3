import { afterEach, describe, expect, it, vi } from 'vitest';
import { shopCacheName } from '@storedesk/shared/storefront/offline';
import { settled, workerScope, type WorkerScope } from '@storedesk/web/testing/worker-scope';

const origin = 'https://fresh.example';
/** What each customer's answers are kept under: the first 12 bytes of SHA-256 of their Authorization header. */
const keptFor = {
  'Bearer token-1': 'bf4b31b48828d8bf70ed9079',
  'Bearer token-2': '9596aa7605927f5bc51bda4b',
};
const customer = {
  asha: { authorization: 'Bearer token-1' },
  ravi: { authorization: 'Bearer token-2' },
} as const;

/** The shop's worker as the browser runs it at the shop's origin, with `files` its build's. */
async function shopWorker(files: string[] = []): Promise<WorkerScope> {
  vi.resetModules();
  const worker = workerScope({ origin, scopePath: '/', files });
  vi.stubGlobal('self', worker.scope);
  await import('./sw.ts');
  return worker;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The server: each answer names the address and whose token asked. */
const server =
  (status = 200) =>
  (request: Request) =>
    new Response(`${new URL(request.url).pathname} for ${request.headers.get('authorization') ?? 'anyone'}`, {
      status,
    });

const body = async (answer: Response | undefined) =>
  answer?.type === 'error' ? 'network error' : answer?.text();

describe('the shop’s worker', () => {
  it('keeps the page and every file of the build when installed, and opens offline', async () => {
    const worker = await shopWorker(['/shop/_app/index-1.js']);
    worker.answer(server());
    await worker.dispatch('install', {});
    expect(await worker.kept(shopCacheName)).toEqual([`${origin}/`, `${origin}/shop/_app/index-1.js`]);
    worker.offline();
    expect(await body(await worker.fetch(worker.request('/orders/42', { mode: 'navigate' })))).toBe(
      '/ for anyone',
    );
    expect(await body(await worker.fetch(worker.request('/shop/_app/index-1.js')))).toBe(
      '/shop/_app/index-1.js for anyone',
    );
  });

  it('answers the shop’s own answers from the network, and the last ones offline', async () => {
    const worker = await shopWorker();
    worker.answer(server());
    const shop = [
      '/api/storefront/business',
      '/api/storefront/slides',
      '/api/storefront/stores/s1/catalogue',
    ];
    for (const path of shop) await worker.fetch(worker.request(path));
    await settled();
    worker.offline();
    for (const path of shop)
      expect(await body(await worker.fetch(worker.request(path))), path).toBe(`${path} for anyone`);
  });

  it('keeps a customer’s orders under a digest of who asked, never the token, and answers them offline', async () => {
    const worker = await shopWorker();
    worker.answer(server());
    const online = await worker.fetch(worker.request('/api/storefront/orders', customer.asha));
    expect(await body(online)).toBe('/api/storefront/orders for Bearer token-1');
    await worker.fetch(worker.request('/api/storefront/orders/o1', customer.asha));
    expect(await worker.kept(shopCacheName)).toEqual([
      `${origin}/api/storefront/orders?customer-kept-for=${keptFor['Bearer token-1']}`,
      `${origin}/api/storefront/orders/o1?customer-kept-for=${keptFor['Bearer token-1']}`,
    ]);

    worker.offline();
    const offline = await worker.fetch(worker.request('/api/storefront/orders', customer.asha));
    expect(await body(offline)).toBe('/api/storefront/orders for Bearer token-1');
  });

  it('never shows one customer’s orders to another on the same phone', async () => {
    const worker = await shopWorker();
    worker.answer(server());
    await worker.fetch(worker.request('/api/storefront/orders/o1', customer.asha));
    worker.offline();
    const other = await worker.fetch(worker.request('/api/storefront/orders/o1', customer.ravi));
    expect(await body(other)).toBe('network error');
  });

  it('lets the one before’s orders go when another customer signs in here', async () => {
    const worker = await shopWorker();
    worker.answer(server());
    await worker.fetch(worker.request('/api/storefront/orders', customer.asha));
    await worker.fetch(worker.request('/api/storefront/orders/o1', customer.asha));
    await worker.fetch(worker.request('/api/storefront/orders', customer.ravi));
    expect(await worker.kept(shopCacheName)).toEqual([
      `${origin}/api/storefront/orders?customer-kept-for=${keptFor['Bearer token-2']}`,
    ]);
  });

  it('lets every customer’s orders go on a 401, and answers the 401', async () => {
    const worker = await shopWorker();
    worker.answer(server());
    await worker.fetch(worker.request('/api/storefront/orders', customer.asha));
    worker.answer(server(401));
    const refused = await worker.fetch(worker.request('/api/storefront/orders/o2', customer.asha));
    expect(refused?.status).toBe(401);
    expect(await worker.kept(shopCacheName)).toEqual([]);
  });

  it('answers another refusal (404) as it came, keeping nothing of it and letting nothing go', async () => {
    const worker = await shopWorker();
    worker.answer(server());
    await worker.fetch(worker.request('/api/storefront/orders', customer.asha));
    worker.answer(server(404));
    expect((await worker.fetch(worker.request('/api/storefront/orders/o9', customer.asha)))?.status).toBe(
      404,
    );
    expect(await worker.kept(shopCacheName)).toEqual([
      `${origin}/api/storefront/orders?customer-kept-for=${keptFor['Bearer token-1']}`,
    ]);
  });

  it('lets the customer’s orders go when they sign out, keeping the shop’s answers, and leaves the sign-out to the browser', async () => {
    const worker = await shopWorker();
    worker.answer(server());
    await worker.fetch(worker.request('/api/storefront/business'));
    await worker.fetch(worker.request('/api/storefront/orders', customer.asha));
    await settled();
    const signOut = await worker.dispatch('fetch', {
      request: worker.request('/api/storefront/auth/sign-out', { method: 'POST', ...customer.asha }),
    });
    expect(signOut).toEqual({ response: undefined, waited: 1 });
    expect(await worker.kept(shopCacheName)).toEqual([`${origin}/api/storefront/business`]);
  });

  it('keeps nothing of an answer to the customer that arrives after they signed out', async () => {
    const worker = await shopWorker();
    worker.answer(server());
    await worker.fetch(worker.request('/api/storefront/business'));
    // Their orders page asked again, and the answer is on its way when they sign out.
    let arrive = () => {};
    const arrived = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    worker.answer(async (request) => {
      await arrived;
      return server()(request);
    });
    const late = worker.fetch(worker.request('/api/storefront/orders', customer.asha));
    await settled();
    await worker.dispatch('fetch', {
      request: worker.request('/api/storefront/auth/sign-out', { method: 'POST', ...customer.asha }),
    });
    arrive();
    // The page still gets its answer; the phone keeps none of it.
    expect(await body(await late)).toBe('/api/storefront/orders for Bearer token-1');
    await settled();
    expect(await worker.kept(shopCacheName)).toEqual([`${origin}/api/storefront/business`]);
  });

  it('keeps nothing of a request without a customer, nor of addresses, the account or the live stream', async () => {
    const worker = await shopWorker();
    worker.answer(server());
    expect(await body(await worker.fetch(worker.request('/api/storefront/orders')))).toBe(
      '/api/storefront/orders for anyone',
    );
    for (const path of ['/api/storefront/addresses', '/api/storefront/account', '/api/storefront/events'])
      expect(await worker.fetch(worker.request(path, customer.asha)), path).toBeUndefined();
    await settled();
    expect(await worker.kept(shopCacheName)).toEqual([]);
  });

  it('opens the shop’s page a notification is about, or its home', async () => {
    const worker = await shopWorker();
    const push = (message: object) => ({
      data: { json: () => message, text: () => JSON.stringify(message) },
    });
    await worker.dispatch('push', push({ body: 'Out for delivery', url: '/orders/42' }));
    await worker.dispatch('push', push({ title: 'Offer', body: '10% off' }));
    expect(worker.shown).toEqual([
      {
        title: 'Your order',
        options: { body: 'Out for delivery', data: { url: '/orders/42' }, icon: '/shop/_app/icon.svg' },
      },
      { title: 'Offer', options: { body: '10% off', data: { url: '/' }, icon: '/shop/_app/icon.svg' } },
    ]);
  });
});
