/**
 * Operator tasks, run beside or instead of the server:
 *   npm run service -- status
 *   npm run service -- extend --days 30 [--business <id>]
 *   npm run service -- end [--business <id>]
 *   npm run service -- backup FILE
 *   npm run service -- restore FILE [--yes]
 * With the embedded database it uses the running server's PostgreSQL, or
 * starts one on DATA_DIR when no server is running; restore needs the server
 * stopped. Backup and restore are for the embedded database only.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig, type Config } from './config.ts';
import { backupToFile } from './db/backup.ts';
import { createDatabase } from './db/client.ts';
import {
  DataDirInUseError,
  isDataDirInUse,
  runningEmbeddedPostgresUrl,
  startEmbeddedPostgres,
} from './db/embedded-postgres.ts';
import { runMigrations } from './db/migrate.ts';
import { readBackupHeader, restoreBackup } from './db/restore.ts';
import { changeServiceEnd, listServicePeriods } from './modules/settings/business.service.ts';

const usage = `Usage:
  npm run service -- status                              list businesses and when their service ends
  npm run service -- extend --days N [--business ID]     extend service by N days from today or its end, whichever is later
  npm run service -- end [--business ID]                 end service now (the console shows the expired screen)
  npm run service -- backup FILE                         write a backup of the embedded database to FILE, while the server runs or not
  npm run service -- restore FILE [--yes]                replace all data of the embedded database with the backup in FILE
                                                         (stop the server first; --yes confirms without asking)`;

const quiet = { info: () => undefined, warn: (msg: string) => console.warn(msg) };

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

function fileSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** How long a command waits for a server's database that is starting, or starting again after a crash. */
const SERVER_START_WAIT_MS = 60_000;

async function acceptsConnections(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  // A database that dies after connecting must fail the probe, not the process.
  client.on('error', () => undefined);
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The database of the server running on DATA_DIR, or null when no server runs there. A server that
 * holds DATA_DIR while its database is not up yet (starting, or starting it again after a crash) is
 * waited for, rather than taken for a second server.
 */
async function runningServerDatabase(dataDir: string): Promise<string | null> {
  const deadline = Date.now() + SERVER_START_WAIT_MS;
  for (;;) {
    const url = runningEmbeddedPostgresUrl(dataDir);
    if (url && (await acceptsConnections(url))) return url;
    if (!url && !(await isDataDirInUse(dataDir))) return null;
    if (Date.now() >= deadline) {
      throw new Error(
        `The Storedesk server using ${dataDir} has not had its database running for a minute. ` +
          'Run the command again once the server has started, or stop the server.',
      );
    }
    await sleep(250);
  }
}

async function backup(config: Config, file: string) {
  const target = path.resolve(file);
  if (!fs.existsSync(path.dirname(target))) throw new Error(`There is no folder ${path.dirname(target)}.`);
  const running = await runningServerDatabase(config.dataDir);
  if (!running && !fs.existsSync(path.join(config.dataDir, 'postgres', 'PG_VERSION'))) {
    throw new Error(
      `There is no embedded database in ${config.dataDir} to back up: set DATA_DIR to the server's data folder.`,
    );
  }
  const started = performance.now();
  const embedded = running ? null : await startEmbeddedPostgres(config.dataDir, quiet);
  const { pool } = createDatabase(running ?? embedded!.url, 1);
  try {
    const { header, rows, bytes } = await backupToFile(pool, target);
    console.log(
      `Backed up ${header.tables.length} tables (${rows} rows, migration ${header.migration.tag ?? header.migration.when}) ` +
        `to ${target}: ${fileSize(bytes)} in ${seconds(started)}.`,
    );
    console.log(
      config.storage.driver === 'local'
        ? `Pictures are not in the backup: copy ${config.storage.dir} with it.`
        : `Pictures are not in the backup: they stay in the S3 bucket ${config.storage.bucket}.`,
    );
  } finally {
    await pool.end();
    await embedded?.stop();
  }
}

async function confirmed(question: string): Promise<boolean> {
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return (await prompt.question(question)).trim().toLowerCase() === 'yes';
  } finally {
    prompt.close();
  }
}

async function restore(config: Config, file: string, yes: boolean) {
  const source = path.resolve(file);
  if (!fs.statSync(source, { throwIfNoEntry: false })?.isFile()) {
    throw new Error(`There is no file ${source}.`);
  }
  const header = await readBackupHeader(source);
  let embedded;
  try {
    embedded = await startEmbeddedPostgres(config.dataDir, quiet);
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      throw new Error(`${error.message}\nA restore replaces all data: stop the server first, then restore.`);
    }
    throw error;
  }
  const { pool } = createDatabase(embedded.url, 1);
  try {
    const rows = header.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `${source}: a backup taken at ${header.takenAt}, ${header.tables.length} tables, ${rows} rows, migration ${header.migration.tag ?? header.migration.when}.`,
    );
    console.log(`Restoring it replaces all data in ${config.dataDir}.`);
    if (!yes) {
      if (!process.stdin.isTTY) {
        throw new Error('Nothing was changed: run the command again with --yes to restore.');
      }
      if (!(await confirmed('Type yes to restore: '))) throw new Error('Nothing was changed.');
    }
    const started = performance.now();
    const summary = await restoreBackup(pool, source);
    console.log(
      `Restored ${summary.header.tables.length} tables (${summary.rows} rows) in ${seconds(started)}; ` +
        'the database is at the newest migration. Start the server again.',
    );
  } finally {
    await pool.end();
    await embedded.stop();
  }
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { days: { type: 'string' }, business: { type: 'string' }, yes: { type: 'boolean' } },
  });
  const [command, file] = positionals;
  const withFile = command === 'backup' || command === 'restore';
  if (
    !command ||
    !['status', 'extend', 'end', 'backup', 'restore'].includes(command) ||
    (withFile && positionals.length !== 2)
  ) {
    console.error(usage);
    process.exit(2);
  }
  const days = Number(values.days);
  if (command === 'extend' && !(Number.isInteger(days) && days > 0 && days <= 3650)) {
    console.error('--days must be a whole number of days from 1 to 3650');
    process.exit(2);
  }

  const config = loadConfig();
  if (withFile) {
    if (config.databaseUrl) {
      console.error(
        `${command} is for the embedded database, and DATABASE_URL is set: back up and restore your PostgreSQL ` +
          "with its own tools (pg_dump, then pg_restore or psql) or with your database provider's backups.",
      );
      process.exit(1);
    }
    if (command === 'backup') await backup(config, file!);
    else await restore(config, file!, values.yes === true);
    return;
  }
  const running = config.databaseUrl ? null : await runningServerDatabase(config.dataDir);
  const embedded = config.databaseUrl || running ? null : await startEmbeddedPostgres(config.dataDir, quiet);
  const { pool, db } = createDatabase(config.databaseUrl ?? running ?? embedded!.url, 2);
  try {
    await runMigrations(pool);
    const all = await listServicePeriods(db);
    const chosen = values.business ? all.filter((b) => b.id === values.business) : all;
    if (values.business && chosen.length === 0) throw new Error(`No business with id ${values.business}`);
    for (const business of chosen) {
      const ends =
        command === 'status'
          ? business.serviceEndsAt
          : await changeServiceEnd(
              db,
              business.id,
              command === 'end' ? { end: true } : { extendByDays: days },
            );
      const state =
        ends === null
          ? 'no end date'
          : ends <= new Date()
            ? `ended ${ends.toISOString()}`
            : `ends ${ends.toISOString()}`;
      console.log(`${business.id}  ${business.name}: service ${state}`);
    }
    if (chosen.length === 0) console.log('No businesses yet.');
  } finally {
    await pool.end();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
