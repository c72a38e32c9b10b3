/**
 * Often-run statements prepared once per connection (ADR 0095): counted on the pool, named at the
 * threshold, run by PostgreSQL as prepared statements, and bounded.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#test/harness.ts';
import { StatementNames } from './prepared-statements.ts';

describe('StatementNames', () => {
  it('names a text at its fifth run, and gives the same name after', () => {
    const names = new StatementNames();
    const text = 'SELECT $1::int';
    expect([1, 2, 3, 4].map(() => names.nameFor(text))).toEqual([undefined, undefined, undefined, undefined]);
    expect(names.nameFor(text)).toBe('auto_1');
    expect(names.nameFor(text)).toBe('auto_1');
    expect(names.nameFor('SELECT $1::text')).toBeUndefined();
    expect(names.size).toBe(1);
  });

  it('names no more than its limit, and counts no more than its tracked texts', () => {
    const names = new StatementNames(2, 3, 10);
    const named = Array.from({ length: 5 }, (_, i) => {
      names.nameFor(`SELECT ${i}, $1`);
      return names.nameFor(`SELECT ${i}, $1`);
    });
    expect(named).toEqual(['auto_1', 'auto_2', 'auto_3', undefined, undefined]);
    expect(names.size).toBe(3);

    // Ten texts counted (two already let go when named): the eleventh is never counted, so never named.
    const counting = new StatementNames(2, 100, 10);
    for (let i = 0; i < 10; i++) counting.nameFor(`SELECT ${i}, $1`);
    counting.nameFor('SELECT 10, $1');
    expect(counting.nameFor('SELECT 10, $1')).toBeUndefined();
    expect(counting.nameFor('SELECT 0, $1')).toBe('auto_1');
  });
});

describe('a pool of the server (createDatabase)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  /** The statements the connection has prepared, as PostgreSQL lists them. */
  async function preparedOn(client: { query: (text: string) => Promise<{ rows: unknown[] }> }) {
    const { rows } = await client.query(
      'SELECT name, statement FROM pg_prepared_statements WHERE NOT from_sql ORDER BY name',
    );
    return rows as Array<{ name: string; statement: string }>;
  }

  it('runs a parameterised statement as a prepared one from its fifth run, with the right answers', async () => {
    const client = await database.pool.connect();
    try {
      const text = 'SELECT $1::int * 2 AS doubled /* prepared-statements.test */';
      const answers: number[] = [];
      for (let i = 1; i <= 7; i++) answers.push((await client.query(text, [i])).rows[0].doubled);
      expect(answers).toEqual([2, 4, 6, 8, 10, 12, 14]);
      expect((await preparedOn(client)).filter((row) => row.statement === text)).toHaveLength(1);

      // Without values, on the simple protocol (several statements in one text), never prepared.
      for (let i = 0; i < 6; i++) await client.query('SELECT 1; SELECT 2 /* prepared-statements.test */');
      expect((await preparedOn(client)).map((row) => row.statement)).not.toContain(
        'SELECT 1; SELECT 2 /* prepared-statements.test */',
      );
    } finally {
      client.release();
    }
  });

  it("prepares drizzle's statements too, and a wrong value fails its own run only", async () => {
    const run = (value: string) => database.db.execute(sql`SELECT ${value}::int + 1 AS next`);
    for (let i = 0; i < 6; i++) expect((await run(String(i))).rows[0]).toEqual({ next: i + 1 });
    const refused = await run('not a number').catch((error: unknown) => error);
    expect((refused as { cause?: { code?: string } }).cause?.code).toBe('22P02');
    expect((await run('41')).rows[0]).toEqual({ next: 42 });
  });
});
