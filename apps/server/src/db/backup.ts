/**
 * Backups of the embedded database, written in-process (its package ships no
 * pg_dump): one gzip file holding a JSON header line, then every table's rows
 * in COPY text format, each table ended by a `\.` line (ADR 0023).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { z } from 'zod';
import { committedMigrations } from './migrate.ts';

export const BACKUP_FORMAT = 'storedesk-backup';
export const BACKUP_VERSION = 1;
/** Ends a table's rows: COPY's text format never writes a line that is only `\.` (a backslash is always doubled). */
export const END_OF_TABLE = '\\.\n';

const tableSchema = z.object({
  schema: z.string().min(1),
  name: z.string().min(1),
  columns: z.array(z.string().min(1)).min(1),
  rows: z.number().int().nonnegative(),
});
export type BackupTable = z.infer<typeof tableSchema>;

export const backupHeaderSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int().positive(),
  takenAt: z.iso.datetime(),
  postgres: z.string(),
  migration: z.object({ tag: z.string().nullable(), when: z.number().int(), count: z.number().int() }),
  tables: z.array(tableSchema),
  sequences: z.array(
    z.object({
      schema: z.string().min(1),
      name: z.string().min(1),
      lastValue: z.string().regex(/^-?\d+$/),
      isCalled: z.boolean(),
    }),
  ),
});
export type BackupHeader = z.infer<typeof backupHeaderSchema>;

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function qualified(relation: { schema: string; name: string }): string {
  return `${quoteIdent(relation.schema)}.${quoteIdent(relation.name)}`;
}

/** Schemas of the database's own objects: all but PostgreSQL's catalogues, TOAST and temporary schemas. */
const OWN_SCHEMAS = `n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'`;
/** Leaves out what an extension created: CREATE EXTENSION makes it again. */
const NOT_FROM_EXTENSION = `NOT EXISTS (SELECT 1 FROM pg_depend d
  WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')`;

/**
 * Every table that holds rows, from the catalogue (so tables added by later
 * migrations are included), with the columns COPY can write back: generated
 * columns are computed again on restore.
 */
export async function listTables(client: pg.ClientBase): Promise<Array<Omit<BackupTable, 'rows'>>> {
  const { rows } = await client.query<{ schema: string; name: string; columns: string[] }>(
    `SELECT n.nspname AS schema, c.relname AS name,
            array_agg(a.attname::text ORDER BY a.attnum) AS columns
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      WHERE c.relkind = 'r' AND ${OWN_SCHEMAS} AND ${NOT_FROM_EXTENSION}
      GROUP BY n.nspname, c.relname
      ORDER BY n.nspname, c.relname`,
  );
  return rows;
}

async function listSequences(client: pg.ClientBase): Promise<BackupHeader['sequences']> {
  const { rows } = await client.query<{ schema: string; name: string }>(
    `SELECT n.nspname AS schema, c.relname AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'S' AND ${OWN_SCHEMAS} AND ${NOT_FROM_EXTENSION}
      ORDER BY n.nspname, c.relname`,
  );
  const sequences: BackupHeader['sequences'] = [];
  for (const sequence of rows) {
    // Not part of the snapshot, but never lower than any value the snapshot's rows hold.
    const { rows: values } = await client.query<{ last_value: string; is_called: boolean }>(
      `SELECT last_value::text, is_called FROM ${qualified(sequence)}`,
    );
    sequences.push({ ...sequence, lastValue: values[0]!.last_value, isCalled: values[0]!.is_called });
  }
  return sequences;
}

async function migrationLevel(client: pg.ClientBase): Promise<BackupHeader['migration']> {
  const { rows } = await client.query<{ count: string; last: string | null }>(
    `SELECT count(*)::text AS count, max(created_at)::text AS last FROM "drizzle"."__drizzle_migrations"`,
  );
  const when = Number(rows[0]?.last ?? Number.NaN);
  if (!Number.isInteger(when)) {
    throw new Error('The database has no Storedesk tables yet: there is nothing to back up.');
  }
  const tag = committedMigrations().find((migration) => migration.when === when)?.tag ?? null;
  return { tag, when, count: Number(rows[0]!.count) };
}

async function hasMigrationsTable(client: pg.ClientBase): Promise<boolean> {
  const { rows } = await client.query<{ found: boolean }>(
    `SELECT to_regclass('"drizzle"."__drizzle_migrations"') IS NOT NULL AS found`,
  );
  return rows[0]!.found;
}

/** Gathers COPY's small messages (about one per row) into pieces that gzip handles in one go. */
async function* batched(source: AsyncIterable<Buffer>, size = 64 * 1024): AsyncGenerator<Buffer> {
  let pieces: Buffer[] = [];
  let length = 0;
  for await (const piece of source) {
    pieces.push(piece);
    length += piece.length;
    if (length >= size) {
      yield Buffer.concat(pieces, length);
      pieces = [];
      length = 0;
    }
  }
  if (length > 0) yield Buffer.concat(pieces, length);
}

export type BackupSummary = { header: BackupHeader; rows: number };

/**
 * Writes a backup of the database to `output`, from one REPEATABLE READ
 * snapshot: the header's row counts and every table's rows are the database
 * as it was at one instant, whatever is written meanwhile. Streams throughout.
 */
export async function writeBackup(pool: pg.Pool, output: Writable): Promise<BackupSummary> {
  const client = await pool.connect();
  let failed = false;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    if (!(await hasMigrationsTable(client))) {
      throw new Error('The database has no Storedesk tables yet: there is nothing to back up.');
    }
    const migration = await migrationLevel(client);
    const tables: BackupTable[] = [];
    for (const table of await listTables(client)) {
      const { rows } = await client.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM ${qualified(table)}`,
      );
      tables.push({ ...table, rows: Number(rows[0]!.n) });
    }
    const { rows: server } = await client.query<{ version: string; now: Date }>(
      `SELECT current_setting('server_version') AS version, transaction_timestamp() AS now`,
    );
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      takenAt: server[0]!.now.toISOString(),
      postgres: server[0]!.version,
      migration,
      tables,
      sequences: await listSequences(client),
    };
    async function* content() {
      yield Buffer.from(`${JSON.stringify(header)}\n`);
      for (const table of tables) {
        const columns = table.columns.map(quoteIdent).join(', ');
        yield* batched(client.query(copyTo(`COPY ${qualified(table)} (${columns}) TO STDOUT`)));
        yield Buffer.from(END_OF_TABLE);
      }
    }
    await pipeline(content, createGzip(), output);
    await client.query('COMMIT');
    return { header, rows: tables.reduce((sum, table) => sum + table.rows, 0) };
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    // A connection left mid-COPY cannot be reused: the pool drops it.
    client.release(failed);
  }
}

/** Writes a backup to `file`, which appears only once it is complete. */
export async function backupToFile(pool: pg.Pool, file: string): Promise<BackupSummary & { bytes: number }> {
  const partial = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.partial`);
  try {
    const summary = await writeBackup(pool, fs.createWriteStream(partial, { mode: 0o600 }));
    fs.renameSync(partial, file);
    return { ...summary, bytes: fs.statSync(file).size };
  } finally {
    fs.rmSync(partial, { force: true });
  }
}
