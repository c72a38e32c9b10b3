import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DataDirInUseError,
  isDataDirInUse,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from './embedded-postgres.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixture = path.join(serverDir, 'test/fixtures/start-embedded-postgres.ts');
const quiet = { info: () => undefined, warn: () => undefined };
const TIMEOUT = 60_000;

let dataDir: string;
let child: ChildProcess;
let childUrl: string;
let recovered: EmbeddedPostgres | undefined;
const startedPids = new Set<number>();

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntil(check: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What the holder of a data folder's lock answers a connection, read to its end. */
function lockHolderAnswer(folder: string): Promise<string> {
  // The lock's address, as embedded-postgres.ts makes it.
  const digest = createHash('sha256').update(fs.realpathSync(folder)).digest('hex').slice(0, 32);
  const address =
    process.platform === 'linux'
      ? `\0storedesk-data-dir-${digest}`
      : path.join(os.tmpdir(), `storedesk-${digest}.sock`);
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = net.connect(address);
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.once('end', () => resolve(answer));
    socket.once('error', reject);
  });
}

function postmasterPid(): number {
  return Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/** Starts the fixture in its own node process and resolves with the URL it prints. */
function startChild(): Promise<string> {
  child = spawn(process.execPath, ['--import', 'tsx', fixture, dataDir], {
    cwd: serverDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  startedPids.add(child.pid!);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(
      () => reject(new Error(`the child did not print a URL:\n${out}\n${err}`)),
      TIMEOUT,
    );
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /^URL (\S+)$/m.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the child exited with ${code}:\n${out}\n${err}`));
    });
  });
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storedesk-embedded-'));
  // As root, PostgreSQL runs as the postgres user, which must reach the folder.
  fs.chmodSync(dataDir, 0o755);
  childUrl = await startChild();
  startedPids.add(postmasterPid());
  await query(childUrl, `CREATE TABLE survivors (name text); INSERT INTO survivors VALUES ('still here')`);
}, TIMEOUT);

afterAll(async () => {
  await recovered?.stop();
  for (const pid of startedPids) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
}, TIMEOUT);

describe('embedded PostgreSQL', () => {
  it(
    'a server holding the lock outlives clients that ask whether it is held and hang up at once',
    async () => {
      // Another run's clean-up asks exactly so; the holder must not die of the reset.
      for (let round = 0; round < 300; round++) {
        expect(await isDataDirInUse(dataDir)).toBe(true);
      }
      // The holder answers connections in the order they come: one read to its end comes after it took
      // every connection before, and a second, made after that, from a later turn of its loop than the
      // resets of those connections. A holder that died of them would not give it.
      for (const turn of ['first', 'second']) {
        expect(await lockHolderAnswer(dataDir), turn).toBe(`storedesk ${child.pid}\n`);
      }
      expect(child.exitCode).toBeNull();
      expect(await query<{ name: string }>(childUrl, 'SELECT name FROM survivors')).toEqual([
        { name: 'still here' },
      ]);
    },
    TIMEOUT,
  );

  it(
    'a second start on a folder in use is refused with DataDirInUseError naming the folder',
    async () => {
      const attempt = startEmbeddedPostgres(dataDir, quiet);
      await expect(attempt).rejects.toBeInstanceOf(DataDirInUseError);
      await expect(attempt).rejects.toThrow(dataDir);
      // The running database was not disturbed.
      expect(await query<{ name: string }>(childUrl, 'SELECT name FROM survivors')).toEqual([
        { name: 'still here' },
      ]);
    },
    TIMEOUT,
  );

  it(
    'after the server is killed with -9, the next start recovers on its own and the data is kept',
    async () => {
      const orphan = postmasterPid();
      expect(isAlive(orphan)).toBe(true);
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(child.pid!, 'SIGKILL');
      await exited;
      // The postmaster outlives the server that started it.
      expect(isAlive(orphan)).toBe(true);

      recovered = await startEmbeddedPostgres(dataDir, quiet);
      expect(recovered.url).not.toBe(childUrl);
      expect(isAlive(orphan)).toBe(false);
      expect(await query<{ name: string }>(recovered.url, 'SELECT name FROM survivors')).toEqual([
        { name: 'still here' },
      ]);
      const fresh = postmasterPid();
      startedPids.add(fresh);

      await recovered.stop();
      recovered = undefined;
      await waitUntil(() => !isAlive(fresh), 30_000, 'PostgreSQL to stop');
      expect(fs.existsSync(path.join(dataDir, 'storedesk.pid'))).toBe(false);
    },
    TIMEOUT,
  );

  it(
    'after a crash, starts even when the pid the old server wrote now belongs to another node process',
    async () => {
      childUrl = await startChild();
      startedPids.add(postmasterPid());
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(child.pid!, 'SIGKILL');
      await exited;
      // What an older server left behind, naming a pid that some other node process now has.
      const stranger = spawn(process.execPath, ['-e', 'setInterval(() => undefined, 1000)'], {
        stdio: 'ignore',
      });
      startedPids.add(stranger.pid!);
      fs.writeFileSync(path.join(dataDir, 'storedesk.pid'), `${stranger.pid}\n`);

      recovered = await startEmbeddedPostgres(dataDir, quiet);
      expect(await query<{ name: string }>(recovered.url, 'SELECT name FROM survivors')).toEqual([
        { name: 'still here' },
      ]);
      expect(isAlive(stranger.pid!)).toBe(true);
      startedPids.add(postmasterPid());
      await recovered.stop();
      recovered = undefined;
      stranger.kill('SIGKILL');
    },
    TIMEOUT,
  );

  it(
    'leaves alone a live process that a stale postmaster.pid names, even one called postgres',
    async () => {
      const stranger = spawn('sleep', ['60'], { argv0: 'postgres', stdio: 'ignore' });
      startedPids.add(stranger.pid!);
      await waitUntil(() => fs.existsSync(`/proc/${stranger.pid}/cmdline`), 5_000, 'the stranger to start');
      const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
      fs.writeFileSync(pidFile, `${stranger.pid}\n${path.join(dataDir, 'postgres')}\n0\n5432\n`);

      recovered = await startEmbeddedPostgres(dataDir, quiet);
      expect(isAlive(stranger.pid!)).toBe(true);
      expect(await query<{ name: string }>(recovered.url, 'SELECT name FROM survivors')).toEqual([
        { name: 'still here' },
      ]);
      expect(postmasterPid()).not.toBe(stranger.pid);
      startedPids.add(postmasterPid());
      await recovered.stop();
      recovered = undefined;
      stranger.kill('SIGKILL');
    },
    TIMEOUT,
  );
});
