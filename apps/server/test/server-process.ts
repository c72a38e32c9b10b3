/**
 * The real server in a process of its own, on a fresh data directory with the
 * embedded PostgreSQL (unless `env` names a DATABASE_URL) and a free port:
 * - `build`: as `npm start` runs it, the compiled server serving the built
 *   console, built first if the build is missing or stale (the browser suite,
 *   the benchmarks);
 * - `source`: src/main.ts through tsx, as `npm run dev` does, needing no build
 *   (server tests of what happens to the process itself: a crash is an exit).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { releaseAbandonedDataDir } from '#server/db/embedded-postgres.ts';
import { freePort } from '#server/lib/free-port.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const entries = {
  build: ['scripts/start.mjs', 'main'],
  source: ['--import', 'tsx', 'apps/server/src/main.ts'],
};

export type ServerProcess = {
  baseUrl: string;
  dataDir: string;
  /** The server's process id (benchmarks read its memory). */
  pid: number;
  /** What the process printed, the last 50 KB of it. */
  output: () => string;
  /** How the process ended, or null while it runs. */
  exit: () => { code: number | null; signal: NodeJS.Signals | null } | null;
  /** Kills the server at once (SIGKILL), as a crash would, and waits until it is gone. */
  kill: () => Promise<void>;
  /** Stops it as Ctrl-C does (killing it after 30 s), and removes its data directory. */
  stop: () => Promise<void>;
};

/** Starts the server and waits until /api/health answers 200 (at most 120 s). */
export async function startServerProcess(
  entry: keyof typeof entries,
  env: Record<string, string> = {},
  /**
   * The name the client reaches it by: the loopback address, or `localhost` where the address must be
   * a domain (a passkey's relying party cannot be an IP address).
   */
  hostName: '127.0.0.1' | 'localhost' = '127.0.0.1',
): Promise<ServerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storedesk-server-'));
  fs.chmodSync(dataDir, 0o755);
  const port = await freePort();
  const baseUrl = `http://${hostName}:${port}`;
  // SERVER_CPU_PROFILE_DIR=<dir> profiles every server a test or bench starts (node --cpu-prof).
  const profileDir = process.env.SERVER_CPU_PROFILE_DIR;
  const nodeArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, ...entries[entry]], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      // The address the client uses, as production sets it: links in mail point there.
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-50_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let ended: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      ended = { code, signal };
      resolve();
    }),
  );
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (ended) throw new Error(`the server exited early:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /api/health within 120 s:\n${output}`);
    }
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const kill = async () => {
    if (ended) return;
    child.kill('SIGKILL');
    await exited;
  };
  return {
    baseUrl,
    dataDir,
    pid: child.pid!,
    output: () => output,
    exit: () => ended,
    kill,
    stop: async () => {
      if (!ended) {
        child.kill('SIGINT');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000).unref())]);
        await kill();
      }
      // A server killed before it stopped its embedded database leaves the database running.
      await releaseAbandonedDataDir(dataDir, { info: () => undefined, warn: () => undefined });
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
