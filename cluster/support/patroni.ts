/**
 * A PostgreSQL that survives losing its primary, each piece a real process on
 * 127.0.0.1 (ADR 0050): one etcd member (Debian's etcd-server) holding the
 * leader key, two Patroni nodes (Debian's patroni) each running a PostgreSQL
 * (Debian's postgresql) as primary or synchronous standby, and HAProxy
 * sending connections to whichever node's Patroni REST API says it is the
 * primary. Every wait has a time limit, and stop() ends whatever was started,
 * however far start() got.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, startHaproxy } from './processes.ts';

const INSTALL_HINT = '.ci/run installs them (apt-get install patroni etcd-server postgresql haproxy)';

/**
 * How fast a dead primary is given up (ADR 0050). Patroni requires loop_wait + 2 × retry_timeout
 * ≤ ttl. The leader key outlives its Patroni by up to `ttl` seconds: that is most of the failover.
 */
export const PATRONI_TIMING = { ttl: 10, loop_wait: 2, retry_timeout: 4 } as const;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function onPath(command: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const file = path.join(dir, command);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return file;
    } catch {
      // Not in this folder.
    }
  }
  return null;
}

/** PostgreSQL's binaries of the newest major version installed by Debian's packages, or null. */
function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((version) => fs.existsSync(path.join(root, version, 'bin', 'postgres')))
        .sort((x, y) => Number(y) - Number(x))
    : [];
  return versions[0] === undefined ? null : path.join(root, versions[0], 'bin');
}

/** The programs this topology runs; a clear failure naming what is missing, never a silent skip. */
export function clusterBinaries(): { patroni: string; etcd: string; haproxy: string; pgBin: string } {
  const found = {
    patroni: onPath('patroni'),
    etcd: onPath('etcd'),
    haproxy: onPath('haproxy'),
    pgBin: postgresBinDir(),
  };
  const missing = [
    found.patroni ? null : 'patroni (package patroni)',
    found.etcd ? null : 'etcd (package etcd-server)',
    found.haproxy ? null : 'haproxy (package haproxy)',
    found.pgBin ? null : '/usr/lib/postgresql/*/bin/postgres (package postgresql)',
  ].filter((name) => name !== null);
  if (missing.length > 0) {
    throw new Error(
      `The failover suite needs ${missing.join(', ')}, which are not installed: ${INSTALL_HINT}.`,
    );
  }
  return found as { patroni: string; etcd: string; haproxy: string; pgBin: string };
}

/** PostgreSQL refuses to run as root: as root, Patroni (and so PostgreSQL) runs as `postgres`. */
function postgresIds(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new Error(`There is no "postgres" user to run PostgreSQL as; ${INSTALL_HINT}.`);
  }
}

/** A folder of the `postgres` user's own, which that user can reach through its parents. */
function folderFor(dir: string, ids: { uid?: number; gid?: number }) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (ids.uid === undefined || ids.gid === undefined) return;
  fs.chownSync(dir, ids.uid, ids.gid);
  const probe = spawnSync('test', ['-w', dir], { uid: ids.uid, gid: ids.gid });
  if (probe.status !== 0) {
    throw new Error(
      `PostgreSQL runs as the "postgres" user, which cannot reach ${dir}: make its parent folders traversable (chmod o+x).`,
    );
  }
}

type Service = {
  child: ChildProcess;
  output: () => string;
  exited: () => boolean;
  /** SIGTERM, then SIGKILL after `graceMs`; waits (bounded) until the process is gone. */
  stop: (graceMs?: number) => Promise<void>;
};

function spawnService(
  command: string,
  args: string[],
  options: { uid?: number; gid?: number; env?: NodeJS.ProcessEnv; cwd?: string } = {},
): Service {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  child.on('error', (error) => collect(Buffer.from(`\n${command} could not be started: ${error.message}\n`)));
  let gone = false;
  const exit = new Promise<void>((resolve) =>
    child.once('close', () => {
      gone = true;
      resolve();
    }),
  );
  child.once('error', () => {
    gone = true;
  });
  const waitGone = (ms: number) => Promise.race([exit, pause(ms)]);
  return {
    child,
    output: () => output,
    exited: () => gone || child.exitCode !== null || child.signalCode !== null,
    stop: async (graceMs = 10_000) => {
      if (gone || child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await waitGone(graceMs);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await waitGone(5000);
      }
    },
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitFor<T>(
  what: string,
  timeoutMs: number,
  check: () => Promise<T | null | undefined> | T | null | undefined,
  details: () => string = () => '',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== null && value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs / 1000} s\n${details()}`);
    await pause(200);
  }
}

async function getJson(url: string): Promise<{ status: number; body: unknown } | null> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return { status: res.status, body: await res.json().catch(() => null) };
  } catch {
    return null;
  }
}

/** A Patroni node: its PostgreSQL's and its REST API's ports, its data folder, and what it printed. */
export class PatroniNode {
  service: Service | null = null;

  constructor(
    readonly name: string,
    readonly dir: string,
    readonly pgPort: number,
    readonly restPort: number,
  ) {}

  get dataDir() {
    return path.join(this.dir, 'data');
  }

  get restUrl() {
    return `http://127.0.0.1:${this.restPort}`;
  }

  output(): string {
    return this.service?.output() ?? '';
  }

  /** The pid of the postmaster running on this node's data folder, from its postmaster.pid; null when none runs. */
  postmasterPid(): number | null {
    try {
      const pid = Number.parseInt(
        fs.readFileSync(path.join(this.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0] ?? '',
        10,
      );
      return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : null;
    } catch {
      return null;
    }
  }

  /** kill -9 of the postmaster, as a crash would; answers the pid killed. */
  killPostmaster(): number {
    const pid = this.postmasterPid();
    if (pid === null) throw new Error(`no postmaster runs on ${this.dataDir}`);
    process.kill(pid, 'SIGKILL');
    return pid;
  }

  /** kill -9 of Patroni itself: it neither stops its PostgreSQL nor lets go of the leader key. */
  async killPatroni(): Promise<void> {
    const service = this.service;
    if (!service || service.exited()) return;
    const closed = new Promise((resolve) => service.child.once('close', resolve));
    service.child.kill('SIGKILL');
    await Promise.race([closed, pause(5000)]);
  }

  /**
   * Stops Patroni (which stops its PostgreSQL), then a PostgreSQL left running without it (Patroni
   * killed, or not stopping in time): a fast shutdown, then SIGKILL. Bounded throughout.
   */
  async stop(): Promise<void> {
    await this.service?.stop(15_000);
    const pid = this.postmasterPid();
    if (pid === null) return;
    const signal = (name: NodeJS.Signals) => {
      try {
        process.kill(pid, name);
      } catch {
        // Gone meanwhile.
      }
    };
    signal('SIGINT');
    const deadline = Date.now() + 10_000;
    while (isAlive(pid) && Date.now() < deadline) await pause(100);
    if (isAlive(pid)) signal('SIGKILL');
    const last = Date.now() + 5000;
    while (isAlive(pid) && Date.now() < last) await pause(100);
  }
}

type Member = { name: string; role: string; state: string; lag?: number | string };

/**
 * etcd, two Patroni nodes and HAProxy. `url` reaches the primary through
 * HAProxy as the database's owner, once start() has answered.
 */
export class PatroniCluster {
  readonly nodes: PatroniNode[] = [];
  /** HAProxy's PostgreSQL port, which reaches whichever node is the primary. */
  port = 0;
  /** postgres:// URL of the application's database and user, through HAProxy. */
  url = '';
  /** The same through HAProxy's port for reads: the standby, or the primary when there is none (ADR 0052). */
  readUrl = '';
  private readPort = 0;
  private root = '';
  private etcd: Service | null = null;
  private haproxy: { stop: () => Promise<void> } | null = null;
  private superuserPassword = randomBytes(12).toString('hex');

  /** Starts everything and waits (bounded) until a primary has a synchronous standby. */
  async start({ database = 'storedesk', user = 'storedesk' } = {}): Promise<void> {
    const bin = clusterBinaries();
    const ids = postgresIds();
    this.root = fs.mkdtempSync(path.join(os.tmpdir(), 'storedesk-patroni-'));
    fs.chmodSync(this.root, 0o755);

    const etcdClient = await freePort();
    const etcdPeer = await freePort();
    this.etcd = spawnService(bin.etcd, [
      '--name=storedesk',
      `--data-dir=${path.join(this.root, 'etcd')}`,
      `--listen-client-urls=http://127.0.0.1:${etcdClient}`,
      `--advertise-client-urls=http://127.0.0.1:${etcdClient}`,
      `--listen-peer-urls=http://127.0.0.1:${etcdPeer}`,
      `--initial-advertise-peer-urls=http://127.0.0.1:${etcdPeer}`,
      `--initial-cluster=storedesk=http://127.0.0.1:${etcdPeer}`,
      `--initial-cluster-token=storedesk-${randomBytes(4).toString('hex')}`,
      '--initial-cluster-state=new',
      '--log-level=warn',
    ]);
    const etcd = this.etcd;
    await waitFor(
      'etcd did not answer /health',
      20_000,
      async () => {
        if (etcd.exited()) throw new Error(`etcd exited early:\n${etcd.output()}`);
        const res = await getJson(`http://127.0.0.1:${etcdClient}/health`);
        return res?.status === 200;
      },
      etcd.output,
    );

    const passwords = {
      replication: randomBytes(12).toString('hex'),
      rewind: randomBytes(12).toString('hex'),
    };
    const scope = `storedesk-${randomBytes(4).toString('hex')}`;
    for (const name of ['node1', 'node2']) {
      const dir = path.join(this.root, name);
      folderFor(dir, ids);
      const node = new PatroniNode(name, dir, await freePort(), await freePort());
      const configFile = path.join(dir, 'patroni.yml');
      fs.writeFileSync(
        configFile,
        patroniConfig({
          scope,
          node,
          etcdPort: etcdClient,
          pgBin: bin.pgBin,
          passwords: { superuser: this.superuserPassword, ...passwords },
        }),
      );
      if (ids.uid !== undefined) fs.chownSync(configFile, ids.uid, ids.gid!);
      this.nodes.push(node);
    }
    // Both at once: one wins the initialize key and runs initdb, the other waits and copies it.
    for (const node of this.nodes) {
      node.service = spawnService(bin.patroni, [path.join(node.dir, 'patroni.yml')], {
        ...ids,
        cwd: node.dir,
        env: { ...process.env, HOME: node.dir, PGPASSFILE: path.join(node.dir, 'pgpass') },
      });
    }
    const [primary] = await this.waitForSyncStandby(120_000);

    this.port = await freePort();
    this.readPort = await freePort();
    this.haproxy = await startHaproxy(haproxyConfig(this.port, this.readPort, this.nodes), [
      this.port,
      this.readPort,
    ]);

    // The application's own user and database, as an operator would make them (the owner may
    // create the extensions the first migration needs).
    const password = randomBytes(12).toString('hex');
    const admin = new pg.Client({
      host: '127.0.0.1',
      port: primary.pgPort,
      user: 'postgres',
      password: this.superuserPassword,
      database: 'postgres',
    });
    admin.on('error', () => undefined);
    await admin.connect();
    try {
      await admin.query(`CREATE ROLE ${user} LOGIN PASSWORD '${password}'`);
      await admin.query(`CREATE DATABASE ${database} OWNER ${user}`);
    } finally {
      await admin.end();
    }
    this.url = `postgres://${user}:${password}@127.0.0.1:${this.port}/${database}`;
    this.readUrl = `postgres://${user}:${password}@127.0.0.1:${this.readPort}/${database}`;
  }

  /** The members as the Patroni REST API of `node` lists them (GET /cluster); null if it does not answer. */
  async members(node: PatroniNode): Promise<Member[] | null> {
    const res = await getJson(`${node.restUrl}/cluster`);
    if (res?.status !== 200) return null;
    return (res.body as { members?: Member[] }).members ?? null;
  }

  /** The node whose REST API answers 200 to GET /primary (what HAProxy asks), or null. */
  async primary(): Promise<PatroniNode | null> {
    for (const node of this.nodes) {
      const res = await getJson(`${node.restUrl}/primary`);
      if (res?.status === 200) return node;
    }
    return null;
  }

  /**
   * Waits until one node is the primary and the other streams to it as its synchronous standby,
   * and, with `caughtUp`, has replayed everything (not to be expected under a write load).
   */
  async waitForSyncStandby(timeoutMs: number, { caughtUp = true } = {}): Promise<[PatroniNode, PatroniNode]> {
    return waitFor(
      'the cluster did not get a primary with a synchronous standby',
      timeoutMs,
      async () => {
        for (const node of this.nodes) {
          if (node.service?.exited()) throw new Error(`Patroni ${node.name} exited:\n${node.output()}`);
        }
        const primary = await this.primary();
        if (!primary) return null;
        const members = await this.members(primary);
        const sync = members?.find(
          (member) =>
            member.role === 'sync_standby' &&
            (member.state === 'running' || member.state === 'streaming') &&
            (!caughtUp || member.lag === 0 || member.lag === '0'),
        );
        const standby = this.nodes.find((node) => node.name === sync?.name);
        return standby ? ([primary, standby] as [PatroniNode, PatroniNode]) : null;
      },
      () => this.nodes.map((node) => `--- ${node.name}\n${node.output().slice(-4000)}`).join('\n'),
    );
  }

  /** Stops HAProxy, both nodes and etcd (each bounded), and removes every folder. */
  async stop(): Promise<void> {
    await this.haproxy?.stop().catch(() => undefined);
    await Promise.all(this.nodes.map((node) => node.stop().catch(() => undefined)));
    await this.etcd?.stop(5000);
    if (this.root) fs.rmSync(this.root, { recursive: true, force: true });
  }
}

function patroniConfig(options: {
  scope: string;
  node: PatroniNode;
  etcdPort: number;
  pgBin: string;
  passwords: { superuser: string; replication: string; rewind: string };
}): string {
  const { scope, node, etcdPort, pgBin, passwords } = options;
  // JSON is YAML: no quoting of our own.
  const config = {
    scope,
    namespace: '/storedesk/',
    name: node.name,
    log: { level: 'INFO', format: '%(asctime)s %(levelname)s: %(message)s' },
    restapi: { listen: `127.0.0.1:${node.restPort}`, connect_address: `127.0.0.1:${node.restPort}` },
    etcd3: { hosts: [`127.0.0.1:${etcdPort}`], protocol: 'http' },
    bootstrap: {
      dcs: {
        ...PATRONI_TIMING,
        // Only a standby that confirmed every commit may be promoted; see ADR 0050 for strict mode.
        synchronous_mode: true,
        synchronous_mode_strict: false,
        postgresql: {
          use_pg_rewind: true,
          use_slots: true,
          parameters: {
            // A commit is answered once the standby has it on disk (never 'local' or 'off').
            synchronous_commit: 'on',
            wal_level: 'replica',
            hot_standby: 'on',
            wal_log_hints: 'on',
            max_connections: 200,
            max_wal_senders: 10,
            max_replication_slots: 10,
          },
        },
      },
      initdb: [{ encoding: 'UTF8' }, { locale: 'C' }, 'data-checksums'],
    },
    postgresql: {
      listen: `127.0.0.1:${node.pgPort}`,
      connect_address: `127.0.0.1:${node.pgPort}`,
      data_dir: node.dataDir,
      bin_dir: pgBin,
      pgpass: path.join(node.dir, 'pgpass'),
      authentication: {
        superuser: { username: 'postgres', password: passwords.superuser },
        replication: { username: 'replicator', password: passwords.replication },
        rewind: { username: 'rewinder', password: passwords.rewind },
      },
      parameters: { unix_socket_directories: node.dir },
      pg_hba: [
        'local all all scram-sha-256',
        'host replication replicator 127.0.0.1/32 scram-sha-256',
        'host all all 127.0.0.1/32 scram-sha-256',
      ],
      basebackup: [{ checkpoint: 'fast' }],
    },
    watchdog: { mode: 'off' },
    tags: { nofailover: false, noloadbalance: false, clonefrom: false, nosync: false },
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

/**
 * Connections go to the node whose Patroni answers 200 to GET /primary, checked every 500 ms;
 * when it stops answering (two checks), the sessions still open to it are cut, so that no
 * client goes on talking to a PostgreSQL that is no longer the primary. Patroni 3.0 answers 200
 * as soon as it holds the leader key, before its PostgreSQL has left recovery: the role it
 * reports must say so too, or writes meet a read-only standby (SQLSTATE 25006, a 500).
 * `readPort` (DATABASE_READ_URL, ADR 0052) goes to a node that answers GET /replica, cut when
 * it stops being one (promoted), and to the primary while no node is a replica.
 */
function haproxyConfig(port: number, readPort: number, nodes: PatroniNode[]): string {
  const servers = nodes
    .map((node) => `  server ${node.name} 127.0.0.1:${node.pgPort} check port ${node.restPort}`)
    .join('\n');
  return `
global
  maxconn 1000

defaults
  mode tcp
  timeout connect 1s
  timeout client 30m
  timeout server 30m
  timeout check 1s

listen postgres
  bind 127.0.0.1:${port}
  option httpchk
  http-check send meth GET uri /primary
  http-check expect status 200
  http-check expect rstring '"role": ?"(master|primary)"'
  default-server inter 500ms fastinter 250ms downinter 500ms fall 2 rise 1 on-marked-down shutdown-sessions
${servers}

frontend postgres-reads
  bind 127.0.0.1:${readPort}
  use_backend replicas if { nbsrv(replicas) gt 0 }
  default_backend postgres

backend replicas
  option httpchk
  http-check send meth GET uri /replica
  http-check expect status 200
  default-server inter 500ms fastinter 250ms downinter 500ms fall 2 rise 1 on-marked-down shutdown-sessions
${servers}
`;
}
