/**
 * Restores a backup of backup.ts into the database, replacing everything in
 * it, in one transaction: a file that turns out to be damaged half way leaves
 * the database as it was (ADR 0023).
 */
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  backupHeaderSchema,
  END_OF_TABLE,
  listTables,
  qualified,
  quoteIdent,
  type BackupHeader,
} from './backup.ts';
import { committedMigrations, migrateWithinTransaction } from './migrate.ts';

/** A file that cannot be restored; the message says why, in words for the operator. */
export class BackupFileError extends Error {}

const MAX_HEADER_BYTES = 16 * 1024 * 1024;
const END_MARK = Buffer.from(END_OF_TABLE);
const LINE_THEN_END = Buffer.from(`\n${END_OF_TABLE}`);

function zlibCode(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' && code.startsWith('Z_') ? code : undefined;
}

/** Reads a backup file: its header line, then each table's rows up to their `\.` line. */
export class BackupReader {
  private buffered: Buffer = Buffer.alloc(0);
  private ended = false;

  /** `chunks`: the file's content, unzipped, in pieces of any size. */
  constructor(
    readonly file: string,
    private readonly chunks: AsyncIterator<Buffer>,
    readonly close: () => void,
  ) {}

  static open(file: string): BackupReader {
    const gunzip = createGunzip();
    const input = fs.createReadStream(file);
    input.on('error', (error) => gunzip.destroy(error));
    input.pipe(gunzip);
    return new BackupReader(file, gunzip[Symbol.asyncIterator](), () => {
      input.destroy();
      gunzip.destroy();
    });
  }

  private async more(): Promise<boolean> {
    if (this.ended) return false;
    let next: IteratorResult<Buffer>;
    try {
      next = await this.chunks.next();
    } catch (error) {
      throw zlibCode(error) === 'Z_BUF_ERROR'
        ? new BackupFileError(
            `${this.file} is incomplete: it ends before the backup does (was it cut short while being written or copied?).`,
          )
        : zlibCode(error)
          ? new BackupFileError(`${this.file} is damaged: ${(error as Error).message}.`)
          : error;
    }
    if (next.done) {
      this.ended = true;
      return false;
    }
    this.buffered = this.buffered.length === 0 ? next.value : Buffer.concat([this.buffered, next.value]);
    return true;
  }

  async header(): Promise<BackupHeader> {
    const notBackup = new BackupFileError(`${this.file} is not a Storedesk backup.`);
    let end = -1;
    try {
      while ((end = this.buffered.indexOf(10)) < 0) {
        if (this.buffered.length > MAX_HEADER_BYTES || !(await this.more())) throw notBackup;
      }
    } catch (error) {
      if (error instanceof BackupFileError) throw notBackup;
      throw error;
    }
    const line = this.buffered.subarray(0, end).toString('utf8');
    this.buffered = this.buffered.subarray(end + 1);
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      throw notBackup;
    }
    const format = (json as { format?: unknown; version?: unknown } | null) ?? {};
    if (format.format !== BACKUP_FORMAT) throw notBackup;
    if (typeof format.version === 'number' && format.version > BACKUP_VERSION) {
      throw new BackupFileError(
        `${this.file} was written by a newer version of Storedesk (backup format ${format.version}); update Storedesk to restore it.`,
      );
    }
    const parsed = backupHeaderSchema.safeParse(json);
    if (!parsed.success) throw new BackupFileError(`${this.file} is damaged: its header is not readable.`);
    return parsed.data;
  }

  /** The rows of the next table, as they are in the file, up to (not including) its `\.` line. */
  async *table(): AsyncGenerator<Buffer> {
    // At the start the buffer begins a line; later it may begin anywhere.
    let atLineStart = true;
    for (;;) {
      if (atLineStart && this.buffered.length >= END_MARK.length) {
        if (this.buffered.subarray(0, END_MARK.length).equals(END_MARK)) {
          this.buffered = this.buffered.subarray(END_MARK.length);
          return;
        }
        atLineStart = false;
      }
      if (!atLineStart) {
        const end = this.buffered.indexOf(LINE_THEN_END);
        if (end >= 0) {
          yield this.buffered.subarray(0, end + 1);
          this.buffered = this.buffered.subarray(end + LINE_THEN_END.length);
          return;
        }
        // Keep what could be the start of an end mark split across two chunks.
        const safe = this.buffered.length - (LINE_THEN_END.length - 1);
        if (safe > 0) {
          yield this.buffered.subarray(0, safe);
          this.buffered = this.buffered.subarray(safe);
        }
      }
      if (!(await this.more())) {
        throw new BackupFileError(
          `${this.file} is incomplete: it ends before the backup does (was it cut short while being written or copied?).`,
        );
      }
    }
  }

  async end(): Promise<void> {
    if (this.buffered.length > 0 || (await this.more())) {
      throw new BackupFileError(`${this.file} is damaged: it goes on after its last table.`);
    }
  }
}

function migrationName(migration: BackupHeader['migration']): string {
  return migration.tag ?? `of ${new Date(migration.when).toISOString()}`;
}

/** Refuses a backup whose migration level this code does not know (a newer version's, or another line's). */
function assertKnownLevel(file: string, header: BackupHeader) {
  const known = committedMigrations();
  const newest = known.at(-1)!;
  if (header.migration.when > newest.when) {
    throw new BackupFileError(
      `${file} comes from a newer version of Storedesk (its database is at migration ${migrationName(header.migration)}; ` +
        `this version knows migrations up to ${newest.tag}). Update Storedesk, then restore it.`,
    );
  }
  if (!known.some((migration) => migration.when === header.migration.when)) {
    throw new BackupFileError(
      `${file} is at migration ${migrationName(header.migration)}, which this version of Storedesk does not know.`,
    );
  }
}

/** The header of a backup file, checked: it is a backup and this version can restore it. */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  const reader = BackupReader.open(file);
  try {
    const header = await reader.header();
    assertKnownLevel(file, header);
    return header;
  } finally {
    reader.close();
  }
}

/** The tables the migrations made must be the ones the backup holds, column for column. */
function assertSameTables(file: string, header: BackupHeader, made: Awaited<ReturnType<typeof listTables>>) {
  const shape = (table: { schema: string; name: string; columns: string[] }) =>
    `${qualified(table)} (${table.columns.join(', ')})`;
  const expected = new Set(made.map(shape));
  const inFile = new Set(header.tables.map(shape));
  const missing = [...expected].filter((table) => !inFile.has(table));
  const extra = [...inFile].filter((table) => !expected.has(table));
  if (missing.length > 0 || extra.length > 0) {
    throw new BackupFileError(
      `${file} does not match the tables of migration ${migrationName(header.migration)}: ` +
        [...extra.map((t) => `${t} is not one of them`), ...missing.map((t) => `${t} is missing`)].join('; '),
    );
  }
}

export type RestoreSummary = { header: BackupHeader; rows: number };

/**
 * Replaces everything in the database with the backup in `file`: drops every
 * schema, applies the committed migrations up to the backup's level, copies
 * the rows back (triggers and foreign keys off, so the order of tables does
 * not matter), sets the sequences, then applies the newer migrations; the
 * restored events then count as written by the restore (see below). One
 * transaction: on any failure the database is left as it was.
 */
export async function restoreBackup(pool: pg.Pool, file: string): Promise<RestoreSummary> {
  const reader = BackupReader.open(file);
  let client: pg.PoolClient | undefined;
  let broken = false;
  try {
    const header = await reader.header();
    assertKnownLevel(file, header);
    client = await pool.connect();
    await client.query('BEGIN');
    const { rows: schemas } = await client.query<{ name: string }>(
      `SELECT nspname AS name FROM pg_namespace n
        WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'`,
    );
    for (const schema of schemas) await client.query(`DROP SCHEMA ${quoteIdent(schema.name)} CASCADE`);
    await client.query('CREATE SCHEMA public');
    await migrateWithinTransaction(client, header.migration.when);
    assertSameTables(file, header, await listTables(client));
    if (header.tables.length > 0) await client.query(`TRUNCATE ${header.tables.map(qualified).join(', ')}`);

    await client.query('SET LOCAL session_replication_role = replica');
    for (const table of header.tables) {
      const columns = table.columns.map(quoteIdent).join(', ');
      const copy = client.query(copyFrom(`COPY ${qualified(table)} (${columns}) FROM STDIN`));
      try {
        await pipeline(reader.table(), copy);
      } catch (error) {
        broken = true;
        if (error instanceof BackupFileError) throw error;
        throw new BackupFileError(
          `${file} is damaged: the rows of ${qualified(table)} cannot be read back (${(error as Error).message}).`,
        );
      }
      if (copy.rowCount !== table.rows) {
        throw new BackupFileError(
          `${file} is damaged: it holds ${copy.rowCount} rows of ${qualified(table)} where its header says ${table.rows}.`,
        );
      }
    }
    await reader.end();
    for (const sequence of header.sequences) {
      await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [
        qualified(sequence),
        sequence.lastValue,
        sequence.isCalled,
      ]);
    }
    await client.query('SET LOCAL session_replication_role = origin');
    await migrateWithinTransaction(client);
    // An event row names the transaction that wrote it and what that transaction could see, for the
    // replay of events that committed late (ADR 0004). Restored ones name transactions of the
    // database they came from, which may be numbered far ahead of this one's, so that every later
    // event would find them "not yet committed" and replay them again. Here they were all written
    // before anything that follows: by this transaction, as far as the replay can tell.
    await client.query(`UPDATE events SET tx = pg_current_xact_id(), snapshot = pg_current_snapshot()`);
    await client.query('COMMIT');
    return { header, rows: header.tables.reduce((sum, table) => sum + table.rows, 0) };
  } catch (error) {
    if (client && !broken) await client.query('ROLLBACK').catch(() => (broken = true));
    throw error;
  } finally {
    // A connection whose COPY was cut off mid-stream is dropped; its transaction ends with it.
    client?.release(broken);
    reader.close();
  }
}
