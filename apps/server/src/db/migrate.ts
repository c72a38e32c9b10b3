import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** The database's functions and triggers in their current form (ADR 0062), applied after the migrations. */
const routinesFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'routines.sql');
/** The server_settings key under which the digest of the routines last applied is kept. */
export const routinesSettingKey = 'routines';
/** Any fixed number: every instance starting at once waits on the same lock. */
const MIGRATION_LOCK = 727_310_001;

/**
 * Applies the committed SQL migrations, then the routines when they are not the ones last applied,
 * one instance at a time.
 */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client), { migrationsFolder });
      await client.query('BEGIN');
      try {
        await applyRoutines(client);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

/** The routines as this build has them: the text of routines.sql. */
export function routinesSql(): string {
  return fs.readFileSync(routinesFile, 'utf8');
}

/**
 * Replaces the database's functions and triggers with `text`'s (routines.sql), on a client inside
 * the caller's transaction, unless the routines last applied were these (or `force`): replacing a
 * trigger briefly locks its table against writes, so a start that changes nothing takes no lock.
 * Answers whether they were applied.
 */
export async function applyRoutines(
  client: pg.ClientBase,
  text = routinesSql(),
  { force = false } = {},
): Promise<boolean> {
  const digest = createHash('sha256').update(text).digest('hex');
  const { rows } = await client.query<{ value: unknown }>(
    'SELECT value FROM server_settings WHERE key = $1',
    [routinesSettingKey],
  );
  if (!force && rows[0]?.value === digest) return false;
  await client.query(text);
  await client.query(
    'INSERT INTO server_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value',
    [routinesSettingKey, JSON.stringify(digest)],
  );
  return true;
}

/** A committed migration: its file name and the time drizzle records as its level. */
export type Migration = { tag: string; when: number };

/** The committed migrations, oldest first, as drizzle's journal lists them. */
export function committedMigrations(): Migration[] {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: Migration[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/**
 * Applies the committed migrations up to `upTo` (a `when` of the journal) that
 * the database lacks, on a client inside the caller's transaction, and records
 * them as drizzle's migrator does (same table, same rows), so runMigrations
 * later carries on from there. drizzle's own migrator cannot be used inside a
 * transaction: it commits one of its own.
 */
export async function migrateWithinTransaction(
  client: pg.ClientBase,
  upTo = Number.POSITIVE_INFINITY,
): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
  await client.query('CREATE SCHEMA IF NOT EXISTS "drizzle"');
  await client.query(
    'CREATE TABLE IF NOT EXISTS "drizzle"."__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)',
  );
  const { rows } = await client.query<{ last: string | null }>(
    'SELECT max(created_at)::text AS last FROM "drizzle"."__drizzle_migrations"',
  );
  const last = rows[0]?.last === null || rows[0]?.last === undefined ? -1 : Number(rows[0].last);
  for (const migration of readMigrationFiles({ migrationsFolder })) {
    if (migration.folderMillis <= last || migration.folderMillis > upTo) continue;
    for (const statement of migration.sql) await client.query(statement);
    await client.query('INSERT INTO "drizzle"."__drizzle_migrations" (hash, created_at) VALUES ($1, $2)', [
      migration.hash,
      migration.folderMillis,
    ]);
  }
  // Always: the rows a restore brings back may name routines the schema just made does not have.
  if (upTo === Number.POSITIVE_INFINITY) await applyRoutines(client, routinesSql(), { force: true });
}
