import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryOrder } from '@storedesk/shared/delivery/schemas';
import { OrderStatus } from '@storedesk/shared/orders';

/** The server as the app's API client reaches it: each call, and how it is answered. */
const server = vi.hoisted(() => ({
  calls: [] as Array<string>,
  answer: (async () => undefined) as (method: string, path: string, body: unknown) => Promise<unknown>,
}));
vi.mock('./api.ts', () => ({
  api: (method: string, path: string, body?: unknown) => {
    server.calls.push(`${method} ${path}${body === undefined ? '' : ` ${JSON.stringify(body)}`}`);
    return server.answer(method, path, body);
  },
}));

const order = (id: string, status: number, version: number) =>
  ({ id, number: Number(id.replace(/\D/g, '')), status, version }) as DeliveryOrder;

let onLine = true;
beforeEach(() => {
  onLine = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => onLine);
  server.calls = [];
  localStorage.setItem(
    'storedesk:deliver:session',
    JSON.stringify({ token: 'token-1', user: { id: 'dex-1' }, onDuty: true }),
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

/** The delivery app as a new page load finds it (what waits on the phone included). */
async function reopened() {
  vi.resetModules();
  const orders = await import('./orders.ts');
  const { ApiError } = await import('@storedesk/web/api');
  const { session } = await import('./session.ts');
  return { ...orders, ApiError, session };
}

/** The server takes every status change and answers the order moved on; the list is `list`. */
function serverTakes(list: DeliveryOrder[] = []) {
  server.answer = async (method, path, body) => {
    if (method === 'GET' && path === '/orders') return { items: list };
    const { status, version } = body as { status: number; version: number };
    return order(path.split('/')[2]!, status, version + 1);
  };
}

describe('status changes made on the phone', () => {
  it('wait on the phone while it is offline, also after the app is closed and opened again', async () => {
    onLine = false;
    const app = await reopened();
    await app.changeStatus(order('o1', OrderStatus.Confirmed, 3), OrderStatus.PickedUp);
    expect(server.calls).toEqual([]);
    const again = await reopened();
    expect(again.queue.get()).toEqual([
      expect.objectContaining({ orderId: 'o1', number: 1, status: 2, version: 3 }),
    ]);
  });

  it('are sent once the phone is back online, with the version, the code and the cash, then the list is read again', async () => {
    onLine = false;
    const app = await reopened();
    await app.changeStatus(order('o1', OrderStatus.Confirmed, 3), OrderStatus.PickedUp);
    await app.changeStatus(order('o1', OrderStatus.PickedUp, 3), OrderStatus.Delivered, {
      code: '4821',
      cashCollected: true,
    });
    onLine = true;
    serverTakes();
    const again = await reopened();
    await again.sendQueued();
    await vi.waitFor(() => expect(server.calls).toHaveLength(3));
    expect(server.calls).toEqual([
      'POST /orders/o1/status {"status":2,"version":3}',
      'POST /orders/o1/status {"status":-2,"version":4,"code":"4821","cashCollected":true}',
      'GET /orders',
    ]);
    expect(again.queue.get()).toEqual([]);
  });

  it('are sent at once when online, one made while another is on its way after it', async () => {
    serverTakes();
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const takes = server.answer;
    server.answer = async (method, path, body) => {
      if (method === 'POST' && path === '/orders/o1/status') await held;
      return takes(method, path, body);
    };
    const app = await reopened();
    const first = app.changeStatus(order('o1', OrderStatus.Confirmed, 3), OrderStatus.PickedUp);
    const second = app.changeStatus(order('o2', OrderStatus.Confirmed, 8), OrderStatus.PickedUp);
    release();
    await Promise.all([first, second]);
    expect(server.calls.filter((call) => call.startsWith('POST'))).toEqual([
      'POST /orders/o1/status {"status":2,"version":3}',
      'POST /orders/o2/status {"status":2,"version":8}',
    ]);
    expect(app.queue.get()).toEqual([]);
  });

  it('are sent when made just as a send finishes (the list being read again after it)', async () => {
    serverTakes();
    const takes = server.answer;
    const app = await reopened();
    let late: Promise<void> | undefined;
    server.answer = async (method, path, body) => {
      if (method === 'GET' && !late)
        late = app.changeStatus(order('o2', OrderStatus.Confirmed, 8), OrderStatus.PickedUp);
      return takes(method, path, body);
    };
    await app.changeStatus(order('o1', OrderStatus.Confirmed, 3), OrderStatus.PickedUp);
    await late;
    expect(server.calls.filter((call) => call.startsWith('POST'))).toEqual([
      'POST /orders/o1/status {"status":2,"version":3}',
      'POST /orders/o2/status {"status":2,"version":8}',
    ]);
    expect(app.queue.get()).toEqual([]);
  });

  it('wait for the executive to sign in again rather than be sent without a session', async () => {
    serverTakes();
    localStorage.removeItem('storedesk:deliver:session');
    const app = await reopened();
    await app.changeStatus(order('o1', OrderStatus.Confirmed, 3), OrderStatus.PickedUp);
    expect(server.calls).toEqual([]);
    expect(app.queue.get()).toHaveLength(1);
  });

  it('refused for good leave a notice on the phone until dismissed, or until the order is changed again', async () => {
    const app = await reopened();
    server.answer = async (method) => {
      if (method === 'GET') return { items: [] };
      throw new app.ApiError({ status: 404, code: 'not_found', message: 'Not found' });
    };
    await app.changeStatus(order('o1', OrderStatus.Confirmed, 3), OrderStatus.PickedUp);
    await app.changeStatus(order('o2', OrderStatus.Confirmed, 5), OrderStatus.PickedUp);
    const notices = [
      { orderId: 'o1', number: 1, kind: 'gone', message: 'This order is no longer yours' },
      { orderId: 'o2', number: 2, kind: 'gone', message: 'This order is no longer yours' },
    ];
    expect((await reopened()).notices.get()).toEqual(notices);
    expect(app.queue.get()).toEqual([]);

    app.dismissNotice('o1');
    expect(app.notices.get()).toEqual([notices[1]]);
    onLine = false;
    await app.changeStatus(order('o2', OrderStatus.Confirmed, 6), OrderStatus.PickedUp);
    expect(app.notices.get()).toEqual([]);
  });

  it('are all forgotten on signing out, with the notices', async () => {
    onLine = false;
    const app = await reopened();
    await app.changeStatus(order('o1', OrderStatus.Confirmed, 3), OrderStatus.PickedUp);
    app.notices.set([{ orderId: 'o2', number: 2, kind: 'gone', message: 'This order is no longer yours' }]);
    app.forgetOrders();
    const again = await reopened();
    expect([again.queue.get(), again.notices.get()]).toEqual([[], []]);
  });
});

describe('the executive’s list of orders', () => {
  it('takes an order delivered here off the list, and remembers it for its page', async () => {
    const list = [order('o1', OrderStatus.PickedUp, 4), order('o2', OrderStatus.Confirmed, 1)];
    serverTakes(list);
    const app = await reopened();
    const { result } = renderHook(() => app.useOrders());
    await act(() => app.refreshOrders());
    expect(result.current.items).toEqual(list);

    // The server's list still has it until it is read again.
    server.answer = async (method, path, body) => {
      if (method === 'GET') return new Promise(() => undefined);
      return order('o1', (body as { status: number }).status, 5);
    };
    await act(() => app.changeStatus(list[0]!, OrderStatus.Delivered, { code: '4821' }));
    expect(result.current.items).toEqual([list[1]]);
    expect(app.deliveredHere('o1')).toEqual(order('o1', OrderStatus.Delivered, 5));
  });

  it('reads once more, not once per call, when asked again while a read is on its way', async () => {
    let answer!: () => void;
    server.answer = () =>
      new Promise((resolve) => {
        answer = () => resolve({ items: [] });
      });
    const app = await reopened();
    const reads = [app.refreshOrders(), app.refreshOrders(), app.refreshOrders()];
    expect(server.calls).toEqual(['GET /orders']);
    answer();
    await vi.waitFor(() => expect(server.calls).toHaveLength(2));
    answer();
    await Promise.all(reads);
    expect(server.calls).toEqual(['GET /orders', 'GET /orders']);
  });
});
