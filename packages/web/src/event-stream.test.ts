import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openEventStream } from './event-stream.ts';

/** One request of the stream, answered as the test says. */
type Connection = {
  url: string;
  headers: Record<string, string>;
  cache: RequestCache | undefined;
  /** Answers 200 with a stream the test then writes to. */
  open: () => void;
  send: (text: string | Uint8Array) => void;
  end: () => void;
  /** The connection drops mid-stream. */
  drop: () => void;
  /** Answers a page of `status` (a proxy's, say) instead of the stream. */
  answer: (status: number) => void;
  /** The request never reaches the server. */
  fail: () => void;
  aborted: () => boolean;
};

let connections: Connection[] = [];

function stubServer() {
  connections = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      let resolve!: (response: Response) => void;
      let reject!: (error: unknown) => void;
      const response = new Promise<Response>((yes, no) => {
        resolve = yes;
        reject = no;
      });
      let body: ReadableStreamDefaultController<Uint8Array> | null = null;
      const signal = init.signal!;
      signal.addEventListener('abort', () => {
        const error = new DOMException('The operation was aborted.', 'AbortError');
        reject(error);
        body?.error(error);
      });
      connections.push({
        url,
        headers: init.headers as Record<string, string>,
        cache: init.cache,
        open: () =>
          resolve(
            new Response(
              new ReadableStream<Uint8Array>({
                start: (controller) => {
                  body = controller;
                },
              }),
              { status: 200, headers: { 'content-type': 'text/event-stream' } },
            ),
          ),
        send: (text) => body!.enqueue(typeof text === 'string' ? new TextEncoder().encode(text) : text),
        end: () => body!.close(),
        drop: () => body!.error(new TypeError('network error')),
        answer: (status) => resolve(new Response(`<html>${status}</html>`, { status })),
        fail: () => reject(new TypeError('Failed to fetch')),
        aborted: () => signal.aborted,
      });
      return response;
    }),
  );
}

/** One turn of the event loop: a stream passes data on in later tasks. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

/** Lets the stream's reading run until `condition` holds. */
async function until(condition: () => boolean, what: string) {
  for (let turns = 0; turns < 200; turns++) {
    if (condition()) return;
    await turn();
  }
  throw new Error(`${what}: never so`);
}

/** How long the stream waits before its next request: the clock moves on by 100 ms until it asks. */
async function waitBeforeNext(): Promise<number> {
  const count = connections.length;
  await until(() => vi.getTimerCount() === 1, 'a wait begun');
  let waited = 0;
  while (connections.length === count) {
    if (waited >= 120_000) throw new Error('no new request in 2 minutes');
    vi.advanceTimersByTime(100);
    waited += 100;
    await turn();
  }
  return waited;
}

/** Whether the stream, left alone for `ms`, asks again: it must not after a refusal or closing. */
async function asksAgainWithin(ms: number): Promise<boolean> {
  const count = connections.length;
  for (let waited = 0; waited < ms; waited += 1_000) {
    vi.advanceTimersByTime(1_000);
    await turn();
  }
  return connections.length > count;
}

function follow(headers: () => Record<string, string> = () => ({ authorization: 'Bearer token-1' })) {
  const messages: Array<[unknown, string | undefined]> = [];
  const events: string[] = [];
  const close = openEventStream({
    url: '/api/storefront/events',
    headers,
    onMessage: (data, id) => messages.push([data, id]),
    onOpen: () => events.push('open'),
    onRefused: (status) => events.push(`refused ${status}`),
  });
  return { messages, events, close };
}

const last = () => connections[connections.length - 1]!;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  stubServer();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('reading a live stream', () => {
  it('asks for the stream with the app’s headers, never from a cache, and says when it is open', async () => {
    const stream = follow();
    expect(connections).toHaveLength(1);
    expect(last()).toMatchObject({
      url: '/api/storefront/events',
      headers: { accept: 'text/event-stream', authorization: 'Bearer token-1' },
      cache: 'no-store',
    });
    expect(stream.events).toEqual([]);
    last().open();
    await until(() => stream.events.length > 0, 'opened');
    expect(stream.events).toEqual(['open']);
    stream.close();
  });

  it('reads each event’s JSON and id, however the bytes arrive', async () => {
    const stream = follow();
    last().open();
    last().send('id: 7\ndata: {"recordId":"o1"}\n\nid: 8\ndata:{"recordId":"o2"}\n\n');
    await until(() => stream.messages.length === 2, 'two events');
    // One event in three pieces, one cut inside a character of three bytes.
    const bytes = new TextEncoder().encode('id: 9\ndata: {"note":"₹ 40"}\n\n');
    const rupee = bytes.indexOf(0xe2);
    last().send(bytes.slice(0, 5));
    last().send(bytes.slice(5, rupee + 1));
    for (let n = 0; n < 10; n++) await turn();
    expect(stream.messages).toHaveLength(2);
    last().send(bytes.slice(rupee + 1));
    await until(() => stream.messages.length === 3, 'the third event');
    expect(stream.messages).toEqual([
      [{ recordId: 'o1' }, '7'],
      [{ recordId: 'o2' }, '8'],
      [{ note: '₹ 40' }, '9'],
    ]);
    stream.close();
  });

  it('joins an event’s data lines, and passes over comments, other fields and what is not JSON', async () => {
    const stream = follow();
    last().open();
    last().send(': keep-alive\n\n');
    last().send('event: order\ndata: {"items":\ndata: [1, 2]}\n\n');
    last().send('data: not json\n\n');
    last().send('id: 12\n\n');
    last().send('data: {"recordId":"o3"}\n\n');
    await until(() => stream.messages.length === 2, 'two events');
    expect(stream.messages).toEqual([
      [{ items: [1, 2] }, undefined],
      [{ recordId: 'o3' }, undefined],
    ]);
    stream.close();
  });

  it('opens again a second after the stream ends, asking for what came after the last id, and says so', async () => {
    let token = 'token-1';
    const stream = follow(() => ({ authorization: `Bearer ${token}` }));
    last().open();
    last().send('id: 41\ndata: {"n":1}\n\nid: 42\n\n');
    await until(() => stream.messages.length === 1, 'an event');
    token = 'token-2';
    last().end();
    expect(await waitBeforeNext()).toBe(1_000);
    expect(last().headers).toEqual({
      accept: 'text/event-stream',
      authorization: 'Bearer token-2',
      'last-event-id': '42',
    });
    last().open();
    await until(() => stream.events.length === 2, 'opened again');
    expect(stream.events).toEqual(['open', 'open']);
    stream.close();
  });

  it('waits longer after each failure, from 1 s to at most 30 s, and 1 s again once it was open', async () => {
    const stream = follow();
    const waits: number[] = [];
    for (let n = 0; n < 7; n++) {
      if (n % 2 === 0) last().fail();
      else last().answer(502);
      waits.push(await waitBeforeNext());
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);

    last().open();
    last().drop();
    expect(await waitBeforeNext()).toBe(1_000);
    last().fail();
    expect(await waitBeforeNext()).toBe(2_000);
    expect(stream.events).toEqual(['open']);
    stream.close();
  });

  it('stops for good when the server refuses it (401, 404), and says so', async () => {
    for (const status of [401, 404]) {
      stubServer();
      const stream = follow();
      last().answer(status);
      await until(() => stream.events.length === 1, 'refused');
      expect(stream.events).toEqual([`refused ${status}`]);
      expect(await asksAgainWithin(120_000)).toBe(false);
    }
  });

  it('once closed, drops the connection, reads nothing more and does not open again', async () => {
    const stream = follow();
    last().open();
    last().send('data: {"n":1}\n\n');
    await until(() => stream.messages.length === 1, 'an event');
    stream.close();
    expect(last().aborted()).toBe(true);
    expect(await asksAgainWithin(120_000)).toBe(false);
    expect(stream.messages).toEqual([[{ n: 1 }, undefined]]);
  });

  it('closed while it waits to open again, does not open again', async () => {
    const stream = follow();
    last().fail();
    await until(() => vi.getTimerCount() === 1, 'a wait begun');
    stream.close();
    expect(await asksAgainWithin(120_000)).toBe(false);
  });
});
