import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { drained, writeOrDrop } from './backpressure.ts';

/** A client connection that takes what it is sent only when the test says it has read it. */
function stalledClient() {
  const pending: Array<() => void> = [];
  const out = new Writable({
    highWaterMark: 64,
    write(_chunk, _encoding, callback) {
      pending.push(() => callback());
    },
  });
  const readAll = () => {
    for (let next = pending.shift(); next; next = pending.shift()) next();
  };
  return { out, readAll };
}

describe('writeOrDrop', () => {
  it('writes while what the client has not read stays within the limit', () => {
    const { out } = stalledClient();
    expect(writeOrDrop(out, 'x'.repeat(100), 300)).toBe(true);
    expect(writeOrDrop(out, 'x'.repeat(100), 300)).toBe(true);
    expect(out.writableLength).toBe(200);
    expect(out.destroyed).toBe(false);
  });

  it('drops the connection once the client leaves more than the limit unread, and writes no more', () => {
    const { out } = stalledClient();
    expect(writeOrDrop(out, 'x'.repeat(200), 300)).toBe(true);
    expect(writeOrDrop(out, 'x'.repeat(200), 300)).toBe(false);
    expect(out.destroyed).toBe(true);
    expect(writeOrDrop(out, 'x', 300)).toBe(false);
  });

  it('keeps a client that reads as it goes, however much it is sent', () => {
    const { out, readAll } = stalledClient();
    for (let i = 0; i < 100; i++) {
      expect(writeOrDrop(out, 'x'.repeat(200), 300)).toBe(true);
      readAll();
    }
    expect(out.destroyed).toBe(false);
  });
});

describe('drained', () => {
  it('is true at once when nothing waits to be read', async () => {
    const { out } = stalledClient();
    out.write('x');
    await expect(drained(out)).resolves.toBe(true);
  });

  it('waits for the client to read, then is true', async () => {
    const { out, readAll } = stalledClient();
    out.write('x'.repeat(100));
    let settled: boolean | undefined;
    const waiting = drained(out).then((ok) => (settled = ok));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBeUndefined();
    readAll();
    await waiting;
    expect(settled).toBe(true);
    expect(out.listenerCount('drain')).toBe(0);
    expect(out.listenerCount('close')).toBe(0);
  });

  it('is false when the connection closes before the client reads', async () => {
    const { out } = stalledClient();
    out.write('x'.repeat(100));
    const waiting = drained(out);
    out.destroy();
    await expect(waiting).resolves.toBe(false);
    await expect(drained(out)).resolves.toBe(false);
  });
});
