/**
 * What a busy business puts on a server, as its clients do it over HTTP:
 * orders from its own system (with a secret API key, ADR 0056) and staff
 * status changes in parallel, a live stream that
 * reconnects with Last-Event-ID as a browser does, and a CSV export read by a
 * client that stops reading. Each records what the server acknowledged and
 * every answer that was neither a success nor the 503 of a lost database.
 */
import http from 'node:http';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The one answer a request may get while the database is gone: 503, the envelope, Retry-After. */
const unavailableBody = JSON.stringify({
  error: { code: 'unavailable', message: 'The service is unavailable right now. Please try again shortly.' },
});

export type Menu = {
  storeId: string;
  /** What the orders take turns at: variants the store does not count (B17), so no order runs out of stock. */
  lines: Array<{ itemId: string; variantId: string }>;
  /** Where the orders go: an address the store delivers to. */
  deliveryAddress: { label: string; text: string; lat: number; lng: number };
};

/** What an order of the business's own system carries: its storefront key and one of its secret keys. */
export type OrderKeys = { storefrontKey: string; apiKey: string };

export class WriteLoad {
  /** Orders the server answered 201 for. */
  readonly orders: string[] = [];
  /** Orders whose cancellation the server answered 200 for. */
  readonly cancelled: string[] = [];
  /** 503 answers with the envelope and Retry-After, by kind. */
  readonly unavailable = { order: 0, status: 0 };
  /** Anything else: no answer at all, or an answer of another status or shape. */
  readonly unexpected: string[] = [];
  private readonly toCancel: string[] = [];
  private running = true;
  private readonly workers: Promise<void>[] = [];

  constructor(
    private readonly url: string,
    private readonly staffToken: string,
    private readonly keys: OrderKeys,
    private readonly menu: Menu,
  ) {}

  start({ orderWorkers = 6, statusWorkers = 2 } = {}) {
    for (let i = 0; i < orderWorkers; i++) this.workers.push(this.placeOrders(i));
    for (let i = 0; i < statusWorkers; i++) this.workers.push(this.cancelOrders());
  }

  async stop() {
    this.running = false;
    await Promise.all(this.workers);
  }

  /** Whether an answer is the 503 of a lost database; anything else is recorded as unexpected. */
  private async judge(
    kind: 'order' | 'status',
    res: Response | Error,
    expected: number,
  ): Promise<string | null> {
    if (res instanceof Error) {
      this.unexpected.push(`${kind}: no answer (${res.message})`);
      return null;
    }
    const body = await res.text();
    if (res.status === expected) return body;
    if (res.status === 503 && body === unavailableBody && res.headers.get('retry-after') === '5') {
      this.unavailable[kind]++;
      await pause(100);
      return null;
    }
    this.unexpected.push(
      `${kind}: ${res.status} ${res.headers.get('retry-after') ?? ''} ${body.slice(0, 300)}`,
    );
    return null;
  }

  private async placeOrders(worker: number) {
    let n = 0;
    while (this.running) {
      n++;
      const res = await fetch(`${this.url}/api/storefront/orders`, {
        method: 'POST',
        headers: {
          'x-storefront-key': this.keys.storefrontKey,
          authorization: `Bearer ${this.keys.apiKey}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          customer: {
            name: `Load ${worker}-${n}`,
            phone: `98${String(worker).padStart(2, '0')}${String(n % 1e6).padStart(6, '0')}`,
          },
          storeId: this.menu.storeId,
          items: [{ ...this.menu.lines[n % this.menu.lines.length]!, quantity: 20 + (n % 3) }],
          deliveryAddress: this.menu.deliveryAddress,
          paymentMode: 'COD',
        }),
      }).catch((error: Error) => error);
      const body = await this.judge('order', res, 201);
      if (body === null) continue;
      const { id } = JSON.parse(body) as { id: string };
      this.orders.push(id);
      if (n % 3 === 0) this.toCancel.push(id);
    }
  }

  private async cancelOrders() {
    const auth = { authorization: `Bearer ${this.staffToken}` };
    while (this.running) {
      const id = this.toCancel.shift();
      if (id === undefined) {
        await pause(20);
        continue;
      }
      // A change whose answer was lost may or may not have landed: it is not tried again, only
      // acknowledged changes are counted.
      const read = await fetch(`${this.url}/api/orders/${id}`, { headers: auth }).catch(
        (error: Error) => error,
      );
      const order = await this.judge('status', read, 200);
      if (order === null) continue;
      const { version } = JSON.parse(order) as { version: number };
      const res = await fetch(`${this.url}/api/orders/${id}/status`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ status: -1, version, note: 'Cancelled under load' }),
      }).catch((error: Error) => error);
      if ((await this.judge('status', res, 200)) !== null) this.cancelled.push(id);
    }
  }
}

/** A live-event stream that reconnects with Last-Event-ID, as the console's does, and remembers new orders. */
export class LiveStream {
  /** Record ids of the `orders` `created` events received. */
  readonly createdOrders = new Set<string>();
  /** Connections after the first. */
  reconnects = 0;
  /** Each try at a connection: when, with which Last-Event-ID, and what came of it (for a failure's message). */
  readonly connections: Array<{ at: string; lastEventId: string; outcome: string }> = [];
  /**
   * Whether a connection has been answered 200: the server subscribes a stream before it answers,
   * so every event committed from then on is the stream's to deliver. Events before it are not (a
   * stream without Last-Event-ID starts from when it opens).
   */
  opened = false;
  private lastId = '';
  private stopped = false;
  private readonly abort = new AbortController();
  private readonly done: Promise<void>;

  constructor(
    private readonly url: string,
    private readonly token: string,
  ) {
    this.done = this.run();
  }

  async stop() {
    this.stopped = true;
    this.abort.abort();
    await this.done;
  }

  private async run() {
    for (let first = true; !this.stopped; first = false) {
      if (!first) {
        this.reconnects++;
        await pause(300);
      }
      const attempt = { at: new Date().toISOString(), lastEventId: this.lastId, outcome: 'no answer' };
      if (this.connections.length >= 200) this.connections.shift();
      this.connections.push(attempt);
      try {
        const res = await fetch(`${this.url}/api/events`, {
          headers: {
            authorization: `Bearer ${this.token}`,
            ...(this.lastId ? { 'last-event-id': this.lastId } : {}),
          },
          signal: this.abort.signal,
        });
        attempt.outcome = String(res.status);
        if (res.status !== 200 || !res.body) {
          await res.text();
          continue;
        }
        this.opened = true;
        let buffer = '';
        const decoder = new TextDecoder();
        for await (const chunk of res.body) {
          buffer += decoder.decode(chunk as Uint8Array, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            this.receive(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
          }
        }
        attempt.outcome += `, ended at ${new Date().toISOString()} after ${this.lastId}`;
      } catch (error) {
        // The connection was cut (or stopped): reconnect, unless stopped.
        attempt.outcome += `, cut at ${new Date().toISOString()} after ${this.lastId} (${(error as Error).message})`;
      }
    }
  }

  private receive(message: string) {
    let id = '';
    let data = '';
    for (const line of message.split('\n')) {
      if (line.startsWith('id: ')) id = line.slice(4);
      else if (line.startsWith('data: ')) data = line.slice(6);
    }
    if (id) this.lastId = id;
    if (!data) return;
    const event = JSON.parse(data) as { topic: string; action: string; recordId: string | null };
    if (event.topic === 'orders' && event.action === 'created' && event.recordId) {
      this.createdOrders.add(event.recordId);
    }
  }
}

export type SlowDownload = {
  /** The answer's status, once its head and first bytes have arrived. */
  status: number;
  /** Reads the rest; answers whether the body arrived whole, and how many bytes came. */
  finish: () => Promise<{ complete: boolean; bytes: number }>;
};

/** A GET whose client reads the head and the first bytes, then stops reading until `finish`. */
export function slowDownload(url: string, token: string): Promise<SlowDownload> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { authorization: `Bearer ${token}` } }, (res) => {
      let bytes = 0;
      const closed = new Promise<{ complete: boolean; bytes: number }>((done) => {
        res.on('error', () => undefined);
        res.on('close', () => done({ complete: res.complete, bytes }));
      });
      res.once('data', (chunk: Buffer) => {
        bytes += chunk.length;
        res.pause();
        resolve({
          status: res.statusCode ?? 0,
          finish: () => {
            res.on('data', (more: Buffer) => (bytes += more.length));
            res.resume();
            return closed;
          },
        });
      });
    });
    request.on('error', reject);
  });
}
