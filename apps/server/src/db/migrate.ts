import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any fixed number: every instance starting at once waits on the same lock. */
const MIGRATION_LOCK = 727_310_001;

/** Applies the committed SQL migrations, one instance at a time. */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
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
}
