/**
 * A small SSE reader for tests of the live stream over real HTTP. Every wait
 * has a time limit and every stream a hard cap, so a broken stream fails a
 * test instead of hanging it.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { LiveEvent } from '@storedesk/shared/events/schemas';

export type Message = { id: string | undefined; data: LiveEvent };

const WAIT_MS = 5000;
const STREAM_CAP_MS = 20_000;

export class SseStream {
  readonly messages: Message[] = [];
  /**
   * The last `id:` the stream has sent, as a browser keeps it for its reconnect's Last-Event-ID
   * (also from a block without data, as the cursor after a replay comes: ADR 0071).
   */
  lastEventId: string | undefined;
  ended = false;
  private listeners = new Set<() => void>();

  constructor(
    readonly status: number,
    readonly contentType: string | null,
    private readonly controller: AbortController,
    readonly headers: Headers = new Headers(),
  ) {}

  /** Reads blocks separated by a blank line until the server ends the stream or the cap aborts it. */
  async pump(body: ReadableStream<Uint8Array>, cap: NodeJS.Timeout) {
    const reader = body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += value;
        for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
          this.parse(buffer.slice(0, cut));
          buffer = buffer.slice(cut + 2);
        }
      }
    } catch {
      // Aborted by close() or by the cap.
    } finally {
      clearTimeout(cap);
      this.ended = true;
      this.notify();
    }
  }

  private parse(block: string) {
    let id: string | undefined;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('id: ')) id = line.slice(4);
      else if (line.startsWith('data: ')) data.push(line.slice(6));
    }
    if (id !== undefined) this.lastEventId = id;
    if (data.length === 0) {
      if (id !== undefined) this.notify();
      return;
    }
    this.messages.push({ id, data: JSON.parse(data.join('\n')) as LiveEvent });
    this.notify();
  }

  private notify() {
    for (const listener of this.listeners) listener();
  }

  private until<T>(check: () => T | undefined, what: string, timeoutMs: number): Promise<T> {
    return new Promise((resolve, reject) => {
      const attempt = () => {
        const found = check();
        if (found === undefined) return false;
        clearTimeout(timer);
        this.listeners.delete(listener);
        resolve(found);
        return true;
      };
      const listener = () => void attempt();
      const timer = setTimeout(() => {
        this.listeners.delete(listener);
        const seen = this.messages
          .slice(-20)
          .map((m) => `${m.data.topic}/${m.data.recordId}`)
          .join(', ');
        reject(
          new Error(
            `timed out waiting for ${what}; received ${this.messages.length}, the last [${seen}], ended: ${this.ended}`,
          ),
        );
      }, timeoutMs);
      if (!attempt()) this.listeners.add(listener);
    });
  }

  waitFor(predicate: (m: Message) => boolean, what = 'a message', timeoutMs = WAIT_MS): Promise<Message> {
    // Each message is looked at once, however many arrive while waiting.
    let scanned = 0;
    return this.until(
      () => {
        for (; scanned < this.messages.length; scanned++) {
          if (predicate(this.messages[scanned]!)) return this.messages[scanned];
        }
        return undefined;
      },
      what,
      timeoutMs,
    );
  }

  waitForRecord(recordId: string, timeoutMs = WAIT_MS) {
    return this.waitFor((m) => m.data.recordId === recordId, `record ${recordId}`, timeoutMs);
  }

  /** Waits until the stream's last id is no longer `than`, and answers it. */
  waitForLastEventIdOtherThan(than: string | undefined, timeoutMs = WAIT_MS): Promise<string> {
    return this.until(
      () => (this.lastEventId !== than ? this.lastEventId : undefined),
      `an id other than ${than}`,
      timeoutMs,
    );
  }

  waitForEnd(timeoutMs = WAIT_MS): Promise<true> {
    return this.until(() => (this.ended ? true : undefined), 'the end of the stream', timeoutMs);
  }

  has(recordId: string) {
    return this.messages.some((m) => m.data.recordId === recordId);
  }

  close() {
    this.controller.abort();
  }
}

const open: SseStream[] = [];

/**
 * Opens GET /api/events (or another stream's path, e.g. a customer's
 * /api/storefront/events) on a listening app, or at a base URL (another
 * process, a load balancer), for at most `capMs`.
 */
export async function openStream(
  target: FastifyInstance | string,
  headers: Record<string, string>,
  capMs = STREAM_CAP_MS,
  path = '/api/events',
): Promise<SseStream> {
  const baseUrl =
    typeof target === 'string' ? target : `http://127.0.0.1:${(target.server.address() as AddressInfo).port}`;
  const controller = new AbortController();
  const cap = setTimeout(() => controller.abort(), capMs);
  const res = await fetch(`${baseUrl}${path}`, { headers, signal: controller.signal });
  const stream = new SseStream(res.status, res.headers.get('content-type'), controller, res.headers);
  open.push(stream);
  if (res.status === 200 && res.body) void stream.pump(res.body, cap);
  else {
    await res.text().catch(() => undefined);
    clearTimeout(cap);
    stream.ended = true;
  }
  return stream;
}

/** Closes every stream a test opened. */
export function closeOpenStreams() {
  for (const stream of open.splice(0)) stream.close();
}
