import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness } from '#test/harness.ts';
import { createDatabase } from './db/client.ts';
import { releaseAbandonedDataDir, startEmbeddedPostgres } from './db/embedded-postgres.ts';
import { runMigrations } from './db/migrate.ts';
import { readBackupHeader } from './db/restore.ts';

const run = promisify(execFile);
const quiet = { info: () => undefined, warn: () => undefined };
const fixture = path.join(import.meta.dirname, '../test/fixtures/start-embedded-postgres.ts');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storedesk-cli-backup-'));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storedesk-cli-data-'));
let server: ChildProcess | undefined;
let serverUrl: string;

const { DATABASE_URL: _unused, ...environment } = process.env;
const service = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  run(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'cli.ts'), ...args], {
    env: { ...environment, DATA_DIR: dataDir, ...env },
  });

/** A stand-in for a running server: it holds DATA_DIR and runs its embedded PostgreSQL. */
function startServer(...args: string[]): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture, dataDir, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  server = child;
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /^URL (\S+)$/m.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the stand-in server exited with ${code}`)));
  });
}

async function stopServer() {
  const child = server;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function businessNames(url: string): Promise<string[]> {
  const { pool } = createDatabase(url, 1);
  try {
    const { rows } = await pool.query<{ name: string }>('SELECT name FROM businesses ORDER BY name');
    return rows.map((row) => row.name);
  } finally {
    await pool.end();
  }
}

beforeAll(async () => {
  serverUrl = await startServer();
  const { pool, db } = createDatabase(serverUrl, 2);
  await runMigrations(pool);
  await createBusiness(db, { name: 'Kept Mart' });
  await pool.end();
});

afterAll(async () => {
  await stopServer();
  await releaseAbandonedDataDir(dataDir, quiet);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('npm run service -- backup and restore', () => {
  it('backs up a running server, refuses to restore under it, then restores once it is stopped', async () => {
    const file = path.join(dir, 'first.backup.gz');
    const backup = await service(['backup', file]);
    expect(backup.stdout).toMatch(
      /^Backed up \d+ tables \(\d+ rows, migration \d{4}_[\w-]+\) to .*first\.backup\.gz: /,
    );
    expect((await readBackupHeader(file)).tables.find((t) => t.name === 'businesses')?.rows).toBe(1);

    const { pool, db } = createDatabase(serverUrl, 2);
    await createBusiness(db, { name: 'Later Mart' });
    await pool.end();

    await expect(service(['restore', file, '--yes'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('stop the server first'),
    });

    await stopServer();
    await expect(service(['restore', file])).rejects.toMatchObject({
      code: 1,
      stdout: expect.stringContaining('replaces all data'),
      stderr: expect.stringContaining('Nothing was changed: run the command again with --yes'),
    });
    const restored = await service(['restore', file, '--yes']);
    expect(restored.stdout).toContain('Restored');

    // Nothing running now: the command starts the embedded database itself.
    const second = path.join(dir, 'second.backup.gz');
    await service(['backup', second]);
    const counts = (header: Awaited<ReturnType<typeof readBackupHeader>>) =>
      header.tables.map((t) => `${t.schema}.${t.name} ${t.rows}`);
    expect(counts(await readBackupHeader(second))).toEqual(counts(await readBackupHeader(file)));

    const embedded = await startEmbeddedPostgres(dataDir, quiet);
    try {
      expect(await businessNames(embedded.url)).toEqual(['Kept Mart']);
    } finally {
      await embedded.stop();
    }
  }, 90_000);

  it('waits for a server whose database is starting again after a crash, then backs it up', async () => {
    // The stand-in starts its PostgreSQL again 4 s after it dies: the command starts within that time.
    serverUrl = await startServer('4000');
    try {
      const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
      process.kill(Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]), 'SIGKILL');
      const file = path.join(dir, 'during-restart.backup.gz');
      const backup = await service(['backup', file]);
      expect(backup.stdout).toMatch(/^Backed up \d+ tables/);
      expect((await readBackupHeader(file)).tables.find((t) => t.name === 'businesses')?.rows).toBe(1);
      const status = await service(['status']);
      expect(status.stdout).toContain('Kept Mart');
    } finally {
      await stopServer();
    }
  }, 90_000);

  it('points to pg_dump and the provider’s backups when DATABASE_URL is set', async () => {
    for (const command of ['backup', 'restore']) {
      await expect(
        service([command, path.join(dir, 'any.backup.gz')], {
          DATABASE_URL: 'postgres://someone@db.example.test/storedesk',
        }),
      ).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringMatching(/DATABASE_URL is set: .*pg_dump.*database provider's backups/),
      });
    }
  });
});
