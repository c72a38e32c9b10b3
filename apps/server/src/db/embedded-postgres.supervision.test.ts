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
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { EventHub } from '#server/realtime/hub.ts';
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

/** The processes whose parent is `pid` (a postmaster's backends and helpers), from /proc. */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // "pid (command) state ppid …": the command may hold spaces and parentheses.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (parent === pid) children.push(Number(entry));
  }
  return children;
}

/** The postmaster's pid and status ("starting", "ready", …) as its pid file says, or null without one. */
function postmasterState(dataDir: string): { pid: number; status: string } | null {
  try {
    const lines = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
    return { pid: Number(lines[0]), status: (lines[7] ?? '').trim() };
  } catch {
    return null;
  }
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
    'notices at once when the PostgreSQL it is starting again dies before it is ready, and tries the next',
    async () => {
      const dataDir = freshDataDir();
      const { lines, log } = recorder();
      const embedded = await startEmbeddedPostgres(dataDir, log, { restartDelaysMs: [200, 200, 200] });
      cleanups.push(() => embedded.stop());
      // The next start answers no connection for 30 s after authenticating it: the supervisor's
      // readiness check is held in flight for as long, and that start cannot become ready first.
      const conf = path.join(dataDir, 'postgres', 'postgresql.conf');
      const original = fs.readFileSync(conf, 'utf8');
      fs.appendFileSync(conf, '\npost_auth_delay = 30\n');
      const first = killPostmaster(dataDir);
      expect(
        await waitFor(
          async () =>
            lines.includes(
              'warn Embedded PostgreSQL was stopped by SIGKILL; starting it again in 200 ms (try 1 of 3)',
            ),
          (announced) => announced,
          10_000,
        ),
      ).toBe(true);
      const restarted = await waitFor(
        async () => postmasterState(dataDir),
        (state) => state !== null && state.pid !== first && state.status === 'ready',
        20_000,
      );
      fs.writeFileSync(conf, original);
      // The new postmaster dies while starting, with its backends, the supervisor's check among them.
      for (const pid of [restarted!.pid, ...childrenOf(restarted!.pid)]) process.kill(pid, 'SIGKILL');

      // Long before the 60 s a start may take: the exit ends the wait and the next try follows.
      await waitFor(
        async () => lines,
        (seen) =>
          seen.includes(
            'warn Embedded PostgreSQL was stopped by SIGKILL; starting it again in 200 ms (try 2 of 3)',
          ),
        15_000,
      );
      expect(lines.filter((line) => line.startsWith('warn Embedded PostgreSQL did not start again'))).toEqual(
        ['warn Embedded PostgreSQL did not start again: PostgreSQL did not start:'],
      );
      const again = /^info Embedded PostgreSQL is running again on 127\.0\.0\.1:\d+$/;
      await waitFor(
        async () => lines,
        (seen) => seen.some((line) => again.test(line)),
        30_000,
      );
      expect(lines.filter((line) => line.includes('starting it again'))).toHaveLength(2);
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
