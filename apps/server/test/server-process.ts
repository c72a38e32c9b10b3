/**
 * The server as `npm run dev` runs it (src/main.ts through tsx), in a process
 * of its own, for tests of what happens to the process itself: a crash is an
 * exit here, not an error inside the test runner.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { releaseAbandonedDataDir } from '../src/db/embedded-postgres.ts';

const serverDir = path.resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type ServerProcess = {
  url: string;
  dataDir: string;
  /** What the process printed, the last 50 KB of it. */
  output: () => string;
  /** How the process ended, or null while it runs. */
  exit: () => { code: number | null; signal: NodeJS.Signals | null } | null;
  stop: () => Promise<void>;
};

/** Starts src/main.ts on a fresh DATA_DIR with `env`, and waits until /api/health answers 200 (at most 120 s). */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storedesk-process-'));
  fs.chmodSync(dataDir, 0o755);
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
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
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (ended) throw new Error(`the server exited early:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /api/health within 120 s:\n${output}`);
    }
    const ok = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    dataDir,
    output: () => output,
    exit: () => ended,
    stop: async () => {
      if (!ended) {
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 60_000).unref())]);
        if (!ended) {
          child.kill('SIGKILL');
          await exited;
        }
      }
      // A server killed before it stopped its embedded database leaves the database running.
      await releaseAbandonedDataDir(dataDir, { info: () => undefined, warn: () => undefined });
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
