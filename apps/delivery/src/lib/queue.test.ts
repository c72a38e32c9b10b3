import { describe, expect, it } from 'vitest';
import type { DeliveryOrder } from '@storedesk/shared/delivery/schemas';
import { OrderStatus } from '@storedesk/shared/orders';
import { ApiError } from '@storedesk/web/api';
import {
  enqueue,
  flushQueue,
  isPassing,
  noLongerYours,
  noticeFor,
  pendingFor,
  shownStatus,
  type QueueStore,
  type StatusChange,
} from './queue.ts';

const order = (id: string, status: number, version: number) =>
  ({ id, number: Number(id.replace(/\D/g, '')) || 1, status, version }) as DeliveryOrder;

const change = (
  id: string,
  orderId: string,
  status: StatusChange['status'],
  version: number,
): StatusChange => ({
  id,
  orderId,
  number: Number(orderId.replace(/\D/g, '')) || 1,
  status,
  version,
  queuedAt: 0,
});

/** A queue in memory, as the app keeps it in localStorage: each read is a fresh copy. */
function memoryStore(initial: StatusChange[]): QueueStore & { now: () => StatusChange[] } {
  let raw = JSON.stringify(initial);
  return {
    read: () => JSON.parse(raw) as StatusChange[],
    write: (queue) => {
      raw = JSON.stringify(queue);
    },
    now: () => JSON.parse(raw) as StatusChange[],
  };
}

const offline = () => new ApiError({ status: 0, code: 'network', message: 'offline' });

describe('the queue of status changes', () => {
  it('shows a waiting change as the order’s status until it is sent', () => {
    const queue = enqueue([], change('a', 'o1', OrderStatus.PickedUp, 3));
    expect(pendingFor(queue, 'o1')?.status).toBe(OrderStatus.PickedUp);
    expect(shownStatus(order('o1', OrderStatus.Confirmed, 3), queue)).toBe(OrderStatus.PickedUp);
    expect(shownStatus(order('o2', OrderStatus.Confirmed, 1), queue)).toBe(OrderStatus.Confirmed);
  });

  it('keeps everything, in order, while the phone is offline', async () => {
    const store = memoryStore([change('a', 'o1', OrderStatus.PickedUp, 3), change('b', 'o2', 2, 7)]);
    const sent: string[] = [];
    const result = await flushQueue(store, async (c) => {
      sent.push(c.id);
      throw offline();
    });
    expect(sent).toEqual(['a']);
    expect(result).toEqual({ answered: [], notices: [], waiting: 2 });
    expect(store.now().map((c) => c.id)).toEqual(['a', 'b']);
  });

  it('sends a change made offline with its original version once back online', async () => {
    const store = memoryStore([change('a', 'o1', OrderStatus.PickedUp, 3)]);
    const bodies: Array<{ status: number; version: number }> = [];
    const result = await flushQueue(store, async (c) => {
      bodies.push({ status: c.status, version: c.version });
      return order('o1', c.status, c.version + 1);
    });
    expect(bodies).toEqual([{ status: OrderStatus.PickedUp, version: 3 }]);
    expect(result.answered).toEqual([order('o1', OrderStatus.PickedUp, 4)]);
    expect(store.now()).toEqual([]);
  });

  it('sends Delivered made after a waiting Picked Up with the version the server gave Picked Up', async () => {
    const store = memoryStore(
      enqueue(
        enqueue([], change('a', 'o1', OrderStatus.PickedUp, 3)),
        change('b', 'o1', OrderStatus.Delivered, 3),
      ),
    );
    const bodies: Array<[number, number]> = [];
    await flushQueue(store, async (c) => {
      bodies.push([c.status, c.version]);
      return order('o1', c.status, c.version + 5);
    });
    expect(bodies).toEqual([
      [OrderStatus.PickedUp, 3],
      [OrderStatus.Delivered, 8],
    ]);
  });

  it('remembers that version when the connection drops between the two', async () => {
    const store = memoryStore([
      change('a', 'o1', OrderStatus.PickedUp, 3),
      change('b', 'o1', OrderStatus.Delivered, 3),
    ]);
    let calls = 0;
    await flushQueue(store, async (c) => {
      if (calls++ > 0) throw offline();
      return order('o1', c.status, 4);
    });
    expect(store.now()).toEqual([{ ...change('b', 'o1', OrderStatus.Delivered, 3), version: 4 }]);
  });

  it('shows a conflict (409) on the order, drops the changes built on it, and goes on with the others', async () => {
    const current = order('o1', OrderStatus.Confirmed, 9);
    const store = memoryStore([
      change('a', 'o1', OrderStatus.PickedUp, 3),
      change('b', 'o1', OrderStatus.Delivered, 3),
      change('c', 'o2', OrderStatus.PickedUp, 1),
    ]);
    const sent: string[] = [];
    const result = await flushQueue(store, async (c) => {
      sent.push(c.id);
      if (c.orderId === 'o1')
        throw new ApiError({ status: 409, code: 'conflict', message: 'stale', current });
      return order('o2', OrderStatus.PickedUp, 2);
    });
    expect(sent).toEqual(['a', 'c']);
    expect(result.notices).toEqual([
      {
        orderId: 'o1',
        number: 1,
        kind: 'conflict',
        message: 'Changed meanwhile: now Confirmed',
        status: OrderStatus.Confirmed,
      },
    ]);
    // The order as it is now comes back too, so the screen shows it and the next move uses its version.
    expect(result.answered).toEqual([current, order('o2', OrderStatus.PickedUp, 2)]);
    expect(store.now()).toEqual([]);
  });

  it('counts a 409 whose order already has the change as sent (its first answer was lost)', async () => {
    const store = memoryStore([change('a', 'o1', OrderStatus.PickedUp, 3)]);
    const now = order('o1', OrderStatus.PickedUp, 4);
    const result = await flushQueue(store, async () => {
      throw new ApiError({ status: 409, code: 'conflict', message: 'stale', current: now });
    });
    expect(result).toEqual({ answered: [now], notices: [], waiting: 0 });
  });

  it('says an order taken away (404) is no longer theirs, and a wrong code (400) on the code', async () => {
    const store = memoryStore([
      change('a', 'o1', OrderStatus.PickedUp, 3),
      { ...change('b', 'o2', OrderStatus.Delivered, 5), code: '0000' },
    ]);
    const result = await flushQueue(store, async (c) => {
      if (c.orderId === 'o1') throw new ApiError({ status: 404, code: 'not_found', message: 'Not found' });
      throw new ApiError({
        status: 400,
        code: 'invalid',
        message: 'Invalid',
        fields: { code: 'That is not this order’s delivery code' },
      });
    });
    expect(result.notices).toEqual([
      { orderId: 'o1', number: 1, kind: 'gone', message: noLongerYours },
      {
        orderId: 'o2',
        number: 2,
        kind: 'refused',
        message: 'That is not this order’s delivery code',
        field: 'code',
      },
    ]);
    expect(store.now()).toEqual([]);
  });

  it('keeps a change through a server failure (5xx) or a session to sign in again to (401)', async () => {
    for (const status of [401, 502, 503]) {
      const store = memoryStore([change('a', 'o1', OrderStatus.PickedUp, 3)]);
      const result = await flushQueue(store, async () => {
        throw new ApiError({ status, code: 'x', message: 'x' });
      });
      expect(result.waiting, String(status)).toBe(1);
      expect(store.now(), String(status)).toHaveLength(1);
    }
  });

  it('keeps a change queued while another is being sent', async () => {
    const store = memoryStore([change('a', 'o1', OrderStatus.PickedUp, 3)]);
    const sent: string[] = [];
    await flushQueue(store, async (c) => {
      sent.push(c.id);
      if (c.id === 'a') store.write(enqueue(store.read(), change('b', 'o2', OrderStatus.PickedUp, 1)));
      return order(c.orderId, c.status, c.version + 1);
    });
    expect(sent).toEqual(['a', 'b']);
    expect(store.now()).toEqual([]);
  });

  it('shows the last of an order’s waiting changes', () => {
    const queue = [change('a', 'o1', OrderStatus.PickedUp, 3), change('b', 'o1', OrderStatus.Delivered, 3)];
    expect(shownStatus(order('o1', OrderStatus.Confirmed, 3), queue)).toBe(OrderStatus.Delivered);
    expect(pendingFor(queue, 'o1')?.id).toBe('b');
  });

  it('sends oldest first across orders, each later change of an order on the version its last one was answered with', async () => {
    const store = memoryStore([
      change('a', 'o1', OrderStatus.PickedUp, 3),
      change('b', 'o2', OrderStatus.PickedUp, 1),
      change('c', 'o1', OrderStatus.Delivered, 3),
      change('d', 'o2', OrderStatus.Delivered, 1),
    ]);
    const bodies: Array<[string, number]> = [];
    const result = await flushQueue(store, async (c) => {
      bodies.push([c.id, c.version]);
      return order(c.orderId, c.status, c.orderId === 'o1' ? c.version + 10 : c.version + 20);
    });
    expect(bodies).toEqual([
      ['a', 3],
      ['b', 1],
      ['c', 13],
      ['d', 21],
    ]);
    expect(result).toEqual({
      answered: [
        order('o1', OrderStatus.PickedUp, 13),
        order('o2', OrderStatus.PickedUp, 21),
        order('o1', OrderStatus.Delivered, 23),
        order('o2', OrderStatus.Delivered, 41),
      ],
      notices: [],
      waiting: 0,
    });
  });

  it('tries again from the change it stopped at, once the connection is back', async () => {
    const store = memoryStore([
      change('a', 'o1', OrderStatus.PickedUp, 3),
      change('b', 'o2', OrderStatus.PickedUp, 1),
    ]);
    await flushQueue(store, async (c) => {
      if (c.id === 'b') throw offline();
      return order(c.orderId, c.status, c.version + 1);
    });
    expect(store.now().map((c) => c.id)).toEqual(['b']);
    const sent: string[] = [];
    const result = await flushQueue(store, async (c) => {
      sent.push(c.id);
      return order(c.orderId, c.status, c.version + 1);
    });
    expect(sent).toEqual(['b']);
    expect(result.waiting).toBe(0);
    expect(store.now()).toEqual([]);
  });

  it('keeps a change through anything thrown that is not the server’s answer, and a timeout (408)', async () => {
    for (const failure of [
      new TypeError('Failed to fetch'),
      new ApiError({ status: 408, code: 'x', message: 'x' }),
    ]) {
      const store = memoryStore([change('a', 'o1', OrderStatus.PickedUp, 3)]);
      const result = await flushQueue(store, async () => {
        throw failure;
      });
      expect(result, failure.message).toEqual({ answered: [], notices: [], waiting: 1 });
    }
  });

  it('drops a change the server refused for good (400, 403, 422, 429), with the server’s words', async () => {
    for (const status of [400, 403, 422, 429]) {
      const store = memoryStore([
        change('a', 'o1', OrderStatus.PickedUp, 3),
        change('b', 'o1', OrderStatus.Delivered, 3),
      ]);
      const sent: string[] = [];
      const result = await flushQueue(store, async (c) => {
        sent.push(c.id);
        throw new ApiError({ status, code: 'x', message: `Refused with ${status}` });
      });
      expect(sent, String(status)).toEqual(['a']);
      expect(result, String(status)).toEqual({
        answered: [],
        notices: [{ orderId: 'o1', number: 1, kind: 'refused', message: `Refused with ${status}` }],
        waiting: 0,
      });
      expect(store.now(), String(status)).toEqual([]);
    }
  });

  it('tells which refusals pass by themselves', () => {
    const passing = [0, 401, 408, 500, 502, 503, 504];
    const lasting = [400, 402, 403, 404, 409, 413, 422, 429];
    const refusal = (status: number) => new ApiError({ status, code: 'x', message: 'x' });
    expect(passing.map((status) => isPassing(refusal(status)))).toEqual(passing.map(() => true));
    expect(lasting.map((status) => isPassing(refusal(status)))).toEqual(lasting.map(() => false));
  });

  it('says what an order became when it changed meanwhile, as far as the server said', () => {
    const waiting = change('a', 'o1', OrderStatus.PickedUp, 3);
    const conflict = (current: unknown) =>
      new ApiError({ status: 409, code: 'conflict', message: 'stale', current });
    expect(noticeFor(waiting, conflict({ status: OrderStatus.Cancelled })).message).toBe(
      'Changed meanwhile: now Cancelled',
    );
    expect(noticeFor(waiting, conflict({ status: 7 })).message).toBe('Changed meanwhile: now status 7');
    expect(noticeFor(waiting, conflict(undefined)).message).toBe('Changed meanwhile: now changed');
    // The app names the status in its language from the code, when the server gave one.
    expect(noticeFor(waiting, conflict({ status: OrderStatus.Cancelled })).status).toBe(
      OrderStatus.Cancelled,
    );
    expect(noticeFor(waiting, conflict(undefined)).status).toBeUndefined();
  });
});
