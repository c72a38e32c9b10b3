import { afterEach, describe, expect, it, vi } from 'vitest';
import { settled, workerScope, type WorkerScope } from '@storedesk/web/testing/worker-scope';

const origin = 'https://storedesk.example';
const cacheName = 'storedesk-deliver-v1';

/** The delivery app's worker as the browser runs it at /deliver/sw.js, with `files` its build's. */
async function deliveryWorker(files: string[] = []): Promise<WorkerScope> {
  vi.resetModules();
  const worker = workerScope({ origin, scopePath: '/deliver/', files });
  vi.stubGlobal('self', worker.scope);
  await import('./sw.ts');
  return worker;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const server = (request: Request) => new Response(`${new URL(request.url).pathname}`);

describe('the delivery app’s worker', () => {
  it('keeps the app’s page and files, and opens any of its pages offline', async () => {
    const worker = await deliveryWorker(['/deliver/_app/index-1.js']);
    worker.answer(server);
    await worker.dispatch('install', {});
    expect(await worker.kept(cacheName)).toEqual([`${origin}/deliver/`, `${origin}/deliver/_app/index-1.js`]);
    worker.offline();
    const page = await worker.fetch(worker.request('/deliver/orders/o1', { mode: 'navigate' }));
    expect(await page?.text()).toBe('/deliver/');
  });

  it('never keeps the executive’s orders or anything else of the API', async () => {
    const worker = await deliveryWorker();
    worker.answer(server);
    for (const path of ['/api/delivery/orders', '/api/delivery/session', '/api/delivery/events'])
      expect(await worker.fetch(worker.request(path, { authorization: 'Bearer t' })), path).toBeUndefined();
    await settled();
    expect(await worker.kept(cacheName)).toEqual([]);
  });

  it('opens only a page of the app from a notification, anything else opens the list', async () => {
    const worker = await deliveryWorker();
    const urls = [
      '/deliver/orders/o1?from=push',
      `${origin}/deliver/orders/o2`,
      'https://elsewhere.example/deliver/orders/o3',
      '/console/orders',
      '/deliverance',
      undefined,
    ];
    for (const url of urls)
      await worker.dispatch('push', { data: { json: () => ({ body: 'Order #7', url }), text: () => '' } });
    expect(worker.shown.map(({ title, options }) => [title, (options.data as { url: string }).url])).toEqual([
      ['New order', '/deliver/orders/o1?from=push'],
      ['New order', '/deliver/orders/o2'],
      ['New order', '/deliver/'],
      ['New order', '/deliver/'],
      ['New order', '/deliver/'],
      ['New order', '/deliver/'],
    ]);
    expect(worker.shown[0]!.options.icon).toBe('/deliver/_app/icon.svg');
  });
});
