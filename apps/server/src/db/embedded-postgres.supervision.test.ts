/**
 * The embedded PostgreSQL dying underneath a running server (kill -9 of the
 * postmaster): the server answers 503 meanwhile, starts it again on its own
 * with each try logged, and says when it has to give up so the process can exit.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { EventHub } from '../realtime/hub.ts';
import { createDatabase } from './client.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres.ts';
import { runMigrations } from './migrate.ts';

const TIMEOUT = 90_000;
const dirs: string[] = [];
const cleanups: Array<() => Promise<unknown>> = [];

function recorder() {
  const lines: string[] = [];
  return {
    lines,
    log: {
      info: (msg: string) => lines.push(`info ${msg}`),
      warn: (msg: string) => lines.push(`warn ${msg}`),
      error: (msg: string) => lines.push(`error ${msg}`),
    },
  };
}

function freshDataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storedesk-supervised-'));
  fs.chmodSync(dir, 0o755);
  dirs.push(dir);
  return dir;
}

function killPostmaster(dataDir: string): number {
  const pid = Number(
    fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  process.kill(pid, 'SIGKILL');
  return pid;
}

/** Polls until `check` holds, at most `timeoutMs`. */
async function waitFor<T>(probe: () => Promise<T>, check: (value: T) => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function startApp(embedded: EmbeddedPostgres, dataDir: string): Promise<FastifyInstance> {
  const { pool, db } = createDatabase(embedded.url, 5);
  await runMigrations(pool);
  const silent = { info: () => undefined, warn: () => undefined };
  const hub = new EventHub(embedded.url, db, silent);
  await hub.start();
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: embedded.url, LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, db, hub, consoleDir: path.join(dataDir, 'no-console') });
  cleanups.push(async () => {
    await app.close();
    await hub.stop();
    await pool.end();
  });
  return app;
}

const health = (app: FastifyInstance) => app.inject({ url: '/api/health' }).then((res) => res.statusCode);

afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!().catch(() => undefined);
}, TIMEOUT);

afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('when the embedded PostgreSQL dies', () => {
  it(
    'answers 503 meanwhile, starts it again with each try logged, and serves again',
    async () => {
      const dataDir = freshDataDir();
      const { lines, log } = recorder();
      const embedded = await startEmbeddedPostgres(dataDir, log, { restartDelaysMs: [1500, 1000, 1000] });
      cleanups.push(() => embedded.stop());
      const app = await startApp(embedded, dataDir);
      const signIn = () =>
        app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { email: 'nobody@example.com', password: 'not-the-password' },
        });
      expect(await health(app)).toBe(200);
      expect((await signIn()).statusCode).toBe(401);

      killPostmaster(dataDir);
      expect(
        await waitFor(
          () => health(app),
          (status) => status === 503,
          10_000,
        ),
      ).toBe(503);
      const refused = await signIn();
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json()).toEqual({
        error: {
          code: 'unavailable',
          message: 'The service is unavailable right now. Please try again shortly.',
        },
      });

      expect(
        await waitFor(
          () => health(app),
          (status) => status === 200,
          30_000,
        ),
      ).toBe(200);
      expect((await signIn()).statusCode).toBe(401);
      expect(lines).toContainEqual(
        expect.stringMatching(
          /^warn Embedded PostgreSQL was stopped by SIGKILL; starting it again in 1500 ms \(try 1 of 3\)$/,
        ),
      );
      // Logged just after the database answers again, so perhaps a moment after the health check saw it.
      const again = /^info Embedded PostgreSQL is running again on 127\.0\.0\.1:\d+$/;
      await waitFor(
        async () => lines,
        (seen) => seen.some((line) => again.test(line)),
        5_000,
      );
    },
    TIMEOUT,
  );

  it(
    'gives up after its tries when it cannot start again, and says so',
    async () => {
      const dataDir = freshDataDir();
      const { lines, log } = recorder();
      let gaveUp: Error | undefined;
      const embedded = await startEmbeddedPostgres(dataDir, log, {
        restartDelaysMs: [200, 200, 200],
        onGiveUp: (error) => (gaveUp = error),
      });
      cleanups.push(() => embedded.stop());
      killPostmaster(dataDir);
      // A data directory PostgreSQL can no longer start on.
      fs.rmSync(path.join(dataDir, 'postgres', 'global', 'pg_control'));

      await waitFor(
        async () => gaveUp,
        (error) => error !== undefined,
        60_000,
      );
      expect(gaveUp!.message).toMatch(/^PostgreSQL did not start/);
      expect(lines.filter((line) => line.includes('starting it again'))).toHaveLength(3);
      expect(
        lines.filter((line) => line.startsWith('warn Embedded PostgreSQL did not start again')),
      ).toHaveLength(3);
      expect(lines.at(-1)).toBe('error Embedded PostgreSQL could not be started again after 3 tries');
    },
    TIMEOUT,
  );
});
