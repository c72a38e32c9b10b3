/**
 * Edges of what a stream delivers: a password change, a long absence, and a
 * transaction that commits after a later one.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { LiveEvent } from '@storedesk/shared/events/schemas';
import { publishEvent } from '../../realtime/publish.ts';
import {
  createBusiness,
  createTestApp,
  PASSWORD,
  signIn,
  type Session,
  type TestApp,
  type TestBusiness,
} from '../../../test/harness.ts';

type Message = { id: string | undefined; data: LiveEvent };

const WAIT_MS = 5000;
const STREAM_CAP_MS = 20_000;

class SseStream {
  readonly messages: Message[] = [];
  ended = false;
  private listeners = new Set<() => void>();

  constructor(
    readonly status: number,
    readonly contentType: string | null,
    private readonly controller: AbortController,
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
    if (data.length === 0) return;
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
        const seen = this.messages.map((m) => `${m.data.topic}/${m.data.recordId}`).join(', ');
        reject(new Error(`timed out waiting for ${what}; received [${seen}], ended: ${this.ended}`));
      }, timeoutMs);
      if (!attempt()) this.listeners.add(listener);
    });
  }

  waitFor(predicate: (m: Message) => boolean, what = 'a message', timeoutMs = WAIT_MS): Promise<Message> {
    return this.until(() => this.messages.find(predicate), what, timeoutMs);
  }

  waitForRecord(recordId: string) {
    return this.waitFor((m) => m.data.recordId === recordId, `record ${recordId}`);
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

async function openStream(app: FastifyInstance, headers: Record<string, string>): Promise<SseStream> {
  const { port } = app.server.address() as AddressInfo;
  const controller = new AbortController();
  const cap = setTimeout(() => controller.abort(), STREAM_CAP_MS);
  const res = await fetch(`http://127.0.0.1:${port}/api/events`, { headers, signal: controller.signal });
  const stream = new SseStream(res.status, res.headers.get('content-type'), controller);
  open.push(stream);
  if (res.status === 200 && res.body) void stream.pump(res.body, cap);
  else {
    await res.text().catch(() => undefined);
    clearTimeout(cap);
    stream.ended = true;
  }
  return stream;
}

let ctx: TestApp;
let biz: TestBusiness;
let admin: Session;
let counter = 0;
const tag = (name: string) => `${name}-${++counter}-${Date.now()}`;

beforeAll(async () => {
  ctx = await createTestApp();
  biz = await createBusiness(ctx.db);
  admin = await signIn(ctx.app, biz.admin.email);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => {
  for (const stream of open.splice(0)) stream.close();
});
afterAll(async () => {
  for (let waited = 0; ctx.hub.size > 0 && waited < 2000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  ctx.app.server.closeAllConnections();
  await ctx.close();
});

const publish = (recordId: string) =>
  publishEvent(ctx.db, { businessId: biz.id, zoneId: null, topic: 'stores', action: 'updated', recordId });

describe('what a stream must not miss or keep', () => {
  it("a password change closes the user's other streams at once, as sign-out does", async () => {
    const other = await signIn(ctx.app, biz.owner.email);
    const current = await signIn(ctx.app, biz.owner.email);
    const stream = await openStream(ctx.app, other.headers);
    expect(stream.status).toBe(200);
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/account',
      headers: current.headers,
      payload: {
        name: biz.owner.name,
        email: biz.owner.email,
        phone: '+91-9000000000',
        password: `${PASSWORD}-new`,
        version: 1,
      },
    });
    expect(res.statusCode).toBe(200);
    const after = tag('after-password-change');
    await publish(after);
    await stream.waitForEnd();
    expect(stream.has(after)).toBe(false);
  });

  it('a client that missed more than 500 events still gets every one of them on reconnect', async () => {
    const first = await openStream(ctx.app, admin.headers);
    const seen = tag('seen');
    await publish(seen);
    const last = await first.waitForRecord(seen);
    first.close();
    await first.waitForEnd();

    const prefix = tag('bulk');
    await ctx.db.execute(sql`
      INSERT INTO events (business_id, zone_id, topic, action, record_id)
      SELECT ${biz.id}::uuid, NULL, 'stores', 'updated', ${prefix} || '-' || n FROM generate_series(1, 600) AS n`);

    const again = await openStream(ctx.app, { ...admin.headers, 'last-event-id': last.id! });
    const live = tag('live');
    await publish(live);
    await again.waitForRecord(live);
    const bulk = again.messages.filter((m) => m.data.recordId?.startsWith(`${prefix}-`));
    expect(bulk).toHaveLength(600);
  });

  it('an event whose transaction commits after a later one is not lost to a client that reconnects', async () => {
    const stream = await openStream(ctx.app, admin.headers);
    const slow = tag('slow');
    const fast = tag('fast');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedSlow = new Promise<void>((resolve) => (inserted = resolve));
    const slowTx = ctx.db.transaction(async (tx) => {
      await publishEvent(tx, {
        businessId: biz.id,
        zoneId: null,
        topic: 'stores',
        action: 'updated',
        recordId: slow,
      });
      inserted();
      await held;
    });
    await insertedSlow;
    await publish(fast); // a later id, committed first
    const last = await stream.waitForRecord(fast);
    stream.close();
    await stream.waitForEnd();
    release();
    await slowTx; // the earlier id commits while the client is away

    const again = await openStream(ctx.app, { ...admin.headers, 'last-event-id': last.id! });
    const marker = tag('marker');
    await publish(marker);
    await again.waitForRecord(marker);
    expect(again.has(slow)).toBe(true);
  });
});
