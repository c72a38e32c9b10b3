/**
 * The database's functions and triggers live in routines.sql (ADR 0062): after the migrations,
 * the database has exactly the ones it defines, as it defines them, and a start applies them only
 * when they changed.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#test/harness.ts';
import { applyRoutines, routinesSettingKey, routinesSql } from './migrate.ts';

// A database as the migrations leave it: cloned from the suite's template, which runMigrations made.
let database: TestDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = database.pool;
});
afterAll(() => database.drop());

/** Every function and trigger of the public schema (but an extension's), each with its definition as PostgreSQL gives it. */
async function definitions(db: pg.ClientBase | pg.Pool): Promise<Map<string, string>> {
  const { rows } = await db.query<{ name: string; definition: string }>(`
    SELECT 'function ' || p.proname AS name, pg_get_functiondef(p.oid) AS definition
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = 'public'
      -- An extension's own (pg_stat_statements') are not ours.
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
    UNION ALL
    SELECT 'trigger ' || t.tgname, pg_get_triggerdef(t.oid)
    FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND NOT t.tgisinternal`);
  return new Map(rows.map((row) => [row.name, row.definition]));
}

/** What routines.sql names: each function and trigger it creates or replaces. */
function namedInRoutines(text: string): string[] {
  return [...text.matchAll(/CREATE OR REPLACE (FUNCTION|TRIGGER) "([a-z_]+)"/g)].map(
    ([, kind, routine]) => `${kind!.toLowerCase()} ${routine}`,
  );
}

describe('routines.sql', () => {
  it('defines every function and trigger the database has after the migrations, and no other', async () => {
    const named = namedInRoutines(routinesSql());
    expect(new Set(named).size).toBe(named.length);
    expect([...(await definitions(pool)).keys()].sort()).toEqual([...named].sort());
    // 21 functions and 49 triggers today; the list is routines.sql's own.
    expect(named.filter((entry) => entry.startsWith('function ')).length).toBe(21);
    expect(named.filter((entry) => entry.startsWith('trigger ')).length).toBe(49);
  });

  it('is what the database runs: applying it again changes no definition', async () => {
    const before = await definitions(pool);
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      expect(await applyRoutines(client, routinesSql(), { force: true })).toBe(true);
      expect(await definitions(client)).toEqual(before);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
  });

  it('is applied at a start only when it differs from the routines last applied', async () => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      // As the migrations left it: these routines are the ones applied.
      expect(await applyRoutines(client)).toBe(false);
      // An edited file replaces what it names, and is then the one applied.
      const edited = routinesSql().replace(
        /CREATE OR REPLACE FUNCTION "new_referral_code"\(\) RETURNS text LANGUAGE sql VOLATILE AS \$\$[\s\S]*?\$\$;/,
        () =>
          `CREATE OR REPLACE FUNCTION "new_referral_code"() RETURNS text LANGUAGE sql VOLATILE AS $$ SELECT 'EDITED' $$;`,
      );
      expect(edited).not.toBe(routinesSql());
      expect(await applyRoutines(client, edited)).toBe(true);
      const { rows } = await client.query<{ code: string }>('SELECT new_referral_code() AS code');
      expect(rows[0]!.code).toBe('EDITED');
      expect(await applyRoutines(client, edited)).toBe(false);
      const { rows: kept } = await client.query<{ value: unknown }>(
        'SELECT value FROM server_settings WHERE key = $1',
        [routinesSettingKey],
      );
      expect(typeof kept[0]!.value).toBe('string');
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
  });
});
