import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createDatabase } from '#server/db/client.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '#server/plugins/error-handler.ts';
import { EventHub } from '#server/realtime/hub.ts';
import { createTestApp } from '#test/harness.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The real app over a database URL that may not answer, with an event hub that is never started. */
async function appOver(url: string): Promise<FastifyInstance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storedesk-health-'));
  const config = loadConfig({ DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const { pool, db } = createDatabase(url, 2);
  const hub = new EventHub(url, db, { info: () => undefined, warn: () => undefined });
  const app = await buildApp({ config, db, hub, consoleDir: path.join(dataDir, 'no-console') });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    await pool.end().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return app;
}

describe('GET /api/health', () => {
  it('answers 200 {"status":"ok"} once the database answers, without a session', async () => {
    const ctx = await createTestApp();
    cleanups.push(() => ctx.close());
    const res = await ctx.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toBe('{"status":"ok"}');
  });

  it('answers 503 with the Retry-After of every other 503 when nothing listens where the database should be', async () => {
    const app = await appOver('postgres://x:y@127.0.0.1:1/none');
    const res = await app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ status: 'unavailable' });
  });

  it('answers 503 within a few seconds when the database accepts but never answers', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          for (const socket of sockets) socket.destroy();
          silent.close(() => resolve());
        }),
    );
    const app = await appOver(`postgres://x:y@127.0.0.1:${port}/none`);
    const started = Date.now();
    const res = await app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ status: 'unavailable' });
    expect(Date.now() - started).toBeLessThan(5000);
    for (const socket of sockets) socket.destroy();
  });

  it('other endpoints of an app without a database answer 503 in the envelope with Retry-After, not a hang or a leak', async () => {
    const app = await appOver('postgres://x:y@127.0.0.1:1/none');
    const res = await app.inject({ url: '/api/account', headers: { authorization: 'Bearer some-token' } });
    expect(res.statusCode).toBe(503);
    // When to try again: a client (or a proxy) waits that long rather than hammering a lost database.
    expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(res.json()).toEqual({
      error: {
        code: 'unavailable',
        message: 'The service is unavailable right now. Please try again shortly.',
      },
    });
    expect(res.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|postgres/i);
  });
});
