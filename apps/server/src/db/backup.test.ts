import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inject } from 'vitest';
import {
  createBusiness,
  createTestApp,
  createTestDatabase,
  signIn,
  type TestApp,
  type TestDatabase,
} from '#test/harness.ts';
import { dropTestDatabase } from '#test/drop-database.ts';
import { EventHub } from '#server/realtime/hub.ts';
import { publishEvent } from '#server/realtime/events.repository.ts';
import { LocalStorage } from '#server/storage/local-storage.ts';
import { demoAccounts, seedDemo } from '#server/seed/demo.ts';
import { backupToFile, writeBackup, type BackupHeader } from './backup.ts';
import { committedMigrations, migrateWithinTransaction, runMigrations } from './migrate.ts';
import { BackupReader, restoreBackup } from './restore.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storedesk-backup-test-'));
const quiet = { info: () => undefined };

type Digest = {
  tables: Record<string, { rows: number; md5: string }>;
  sequences: Record<string, string | null>;
};

/**
 * Columns a restore does not copy as they were: the transaction that wrote an event and its snapshot
 * are the restore's own once restored (restore.ts), as the original ones belong to another database.
 */
const rewrittenOnRestore: Record<string, string[]> = { 'public.events': ['tx', 'snapshot'] };

/** Every table's row count and an md5 over its rows in text form, and every sequence's value. */
async function digest(pool: pg.Pool): Promise<Digest> {
  const { rows: tables } = await pool.query<{ name: string }>(
    `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
      WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
  );
  const result: Digest = { tables: {}, sequences: {} };
  for (const { name } of tables) {
    const skipped = rewrittenOnRestore[name] ?? [];
    const { rows: columns } = await pool.query<{ name: string }>(
      `SELECT quote_ident(attname) AS name FROM pg_attribute
        WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND NOT attname = ANY($2) ORDER BY attnum`,
      [name, skipped],
    );
    const { rows } = await pool.query<{ rows: number; md5: string }>(
      `SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS md5
         FROM (SELECT ${columns.map((column) => column.name).join(', ')} FROM ${name}) t`,
    );
    result.tables[name] = rows[0]!;
  }
  const { rows: sequences } = await pool.query<{ name: string; value: string | null }>(
    `SELECT format('%I.%I', schemaname, sequencename) AS name, last_value::text AS value FROM pg_sequences`,
  );
  for (const sequence of sequences) result.sequences[sequence.name] = sequence.value;
  return result;
}

/** Every column of every table with its type, default and nullability. */
async function schemaShape(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ line: string }>(
    `SELECT concat_ws(' ', table_schema, table_name, column_name, data_type, column_default, is_nullable) AS line
       FROM information_schema.columns
      WHERE table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
  );
  return rows.map((row) => row.line);
}

/** Values COPY has to escape: tabs, line breaks, backslashes, a line that reads `\.`, quotes, NULs in bytes. */
async function addAwkwardRows(pool: pg.Pool, businessId: string, userId: string) {
  const awkward = 'Tab\there\nnew line\r\n\\.\n\\N back\\slash ₹ "double" \'single\' 🥭';
  const store = await pool.query<{ id: string }>(
    `INSERT INTO stores (business_id, zone_id, name, description, location, phone, featured,
                         latitude, longitude, geohash, open_time, close_time)
     SELECT $1, id, $2, '', '', '', 0, 12.9716, 77.5946, 'tdr1y', '08:00', '21:30'
       FROM zones WHERE business_id = $1 LIMIT 1
     RETURNING id`,
    [businessId, awkward],
  );
  await pool.query(`INSERT INTO categories (business_id, store_id, name) VALUES ($1, $2, $3)`, [
    businessId,
    store.rows[0]!.id,
    '\\.',
  ]);
  await pool.query(
    `INSERT INTO account_tokens (kind, user_id, email, token_hash, expires_at)
     VALUES ('reset-password', $1, $2, $3, now() + interval '30 minutes')`,
    [userId, awkward, Buffer.concat([Buffer.from([0, 0x5c, 0x0a, 0x2e, 0x0a, 0xff, 0x09]), randomBytes(8)])],
  );
}

/**
 * Rows in the tables the demo data leaves empty that came with secret API keys, the daily ceiling of
 * texts and referral claims (migration 0027), and an order of no customer's account (a keyed one).
 */
async function addKeysTextsAndClaims(pool: pg.Pool, userId: string) {
  const { rows } = await pool.query<{ id: string; business_id: string }>(
    `UPDATE orders SET customer_id = NULL
      WHERE id = (SELECT id FROM orders ORDER BY id LIMIT 1)
      RETURNING id, business_id`,
  );
  const order = rows[0]!;
  await pool.query(
    `INSERT INTO api_keys (business_id, name, token_hash, last_four, created_by_id, created_by_name,
                           last_used_at, revoked_at) VALUES
       ($1, $2, $3, 'x\\.y', $4, 'Owner', now(), NULL),
       ($1, 'Revoked', $5, 'abcd', NULL, 'Gone owner', NULL, now())`,
    [
      order.business_id,
      'Till\tin the back\n\\.',
      Buffer.from([0, 0x5c, 0x0a, 0x2e, 0x0a, 0xff, 0x09]),
      userId,
      randomBytes(32),
    ],
  );
  await pool.query(
    `INSERT INTO sms_usage (business_id, day, sent) VALUES ($1, current_date, 12), ($1, current_date - 1, 500)`,
    [order.business_id],
  );
  await pool.query(
    `INSERT INTO referral_claims (business_id, signal, value_hash, order_id) VALUES ($1, 'device', $2, $3)`,
    [order.business_id, Buffer.from([0x5c, 0x2e, 0x0a, 0x00, 0x09]), order.id],
  );
}

let source: TestApp;
let sourceDigest: Digest;
let header: BackupHeader;
let backupFile: string;
let backupSeconds: number;

beforeAll(async () => {
  source = await createTestApp();
  await seedDemo(source.db, new LocalStorage(path.join(dir, 'files')), quiet);
  const biz = await createBusiness(source.db);
  await signIn(source.app, biz.owner.email);
  await addAwkwardRows(source.database.pool, biz.id, biz.owner.id);
  await addKeysTextsAndClaims(source.database.pool, biz.owner.id);
  backupFile = path.join(dir, 'demo.backup.gz');
  const started = performance.now();
  ({ header } = await backupToFile(source.database.pool, backupFile));
  backupSeconds = (performance.now() - started) / 1000;
  sourceDigest = await digest(source.database.pool);
});

afterAll(async () => {
  await source.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A database with data of its own, to restore over. */
async function targetWithData(): Promise<TestDatabase> {
  const target = await createTestDatabase();
  await createBusiness(target.db);
  return target;
}

function rewrite(file: string, change: (header: BackupHeader) => void): string {
  const text = gunzipSync(fs.readFileSync(backupFile)).toString('utf8');
  const end = text.indexOf('\n');
  const edited = JSON.parse(text.slice(0, end)) as BackupHeader;
  change(edited);
  const out = path.join(dir, file);
  fs.writeFileSync(out, gzipSync(`${JSON.stringify(edited)}${text.slice(end)}`));
  return out;
}

describe('backup and restore', () => {
  it('restores every row of every table and every sequence into another database', async () => {
    const target = await targetWithData();
    try {
      const started = performance.now();
      const restored = await restoreBackup(target.pool, backupFile);
      const restoreSeconds = (performance.now() - started) / 1000;
      console.log(
        `demo database: ${restored.rows} rows in ${header.tables.length} tables; ` +
          `backup ${backupSeconds.toFixed(2)} s, ${(fs.statSync(backupFile).size / 1024).toFixed(0)} KiB; ` +
          `restore ${restoreSeconds.toFixed(2)} s`,
      );

      expect(await digest(target.pool)).toEqual(sourceDigest);
      // The backup found every table by itself, drizzle's record of migrations included.
      expect(header.tables.map((t) => `${t.schema}.${t.name}`).sort()).toEqual(
        Object.keys(sourceDigest.tables)
          .map((name) => name.replaceAll('"', ''))
          .sort(),
      );
      expect(header.tables.find((t) => t.name === '__drizzle_migrations')?.rows).toBe(
        committedMigrations().length,
      );
      expect(header.migration.tag).toBe(committedMigrations().at(-1)!.tag);
      expect(restored.rows).toBeGreaterThan(1000);

      const app = await createTestApp({ database: target });
      try {
        const res = await app.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: demoAccounts.owner,
        });
        expect(res.statusCode).toBe(200);
      } finally {
        await app.close();
      }
    } finally {
      await target.drop();
    }
  });

  // Read four times in pieces of a few bytes, the demo's whole backup is millions of pieces: up to a
  // minute on a busy machine, so this test has longer than the others.
  it('reads every table back the same whatever pieces the file arrives in', async () => {
    const content = gunzipSync(fs.readFileSync(backupFile));
    async function tablesOf(pieceSize: () => number): Promise<string[]> {
      async function* pieces() {
        for (let at = 0; at < content.length;) {
          const size = pieceSize();
          yield content.subarray(at, at + size);
          at += size;
        }
      }
      const reader = new BackupReader('demo', pieces(), () => undefined);
      const { tables } = await reader.header();
      const read: string[] = [];
      for (const _table of tables) {
        const parts: Buffer[] = [];
        for await (const part of reader.table()) parts.push(part);
        read.push(Buffer.concat(parts).toString('utf8'));
      }
      await reader.end();
      return read;
    }
    const whole = await tablesOf(() => content.length);
    const lines = whole.map((rows) => (rows.match(/\n/g) ?? []).length);
    expect(lines).toEqual(header.tables.map((t) => t.rows));
    // The tables of migration 0027 are read with rows in them, as the others are: the one key every
    // business is made with, and the rows added above.
    const readOf = (name: string) => lines[header.tables.findIndex((t) => t.name === name)];
    expect({
      apiKeys: readOf('api_keys'),
      smsUsage: readOf('sms_usage'),
      referralClaims: readOf('referral_claims'),
    }).toEqual({ apiKeys: 3, smsUsage: 2, referralClaims: 1 });
    // Every split of the end-of-table line, and of the rows, across two pieces.
    for (const size of [1, 2, 3, 5]) expect(await tablesOf(() => size)).toEqual(whole);
    expect(await tablesOf(() => 1 + Math.floor(Math.random() * 40))).toEqual(whole);
  }, 180_000);

  it('refuses a file that is not a backup, or is from a newer Storedesk, leaving the data as it was', async () => {
    const target = await targetWithData();
    try {
      const before = await digest(target.pool);
      const cases: Array<[name: string, content: Buffer, message: RegExp]> = [
        ['random.bin', randomBytes(5000), /random\.bin is not a Storedesk backup\.$/],
        ['empty.gz', Buffer.alloc(0), /empty\.gz is not a Storedesk backup\.$/],
        ['text.gz', gzipSync('{"format":"something else"}\nrows\n'), /text\.gz is not a Storedesk backup\.$/],
        [
          'dump.sql',
          Buffer.from('-- PostgreSQL database dump\nCREATE TABLE x ();\n'),
          /is not a Storedesk backup/,
        ],
      ];
      for (const [name, content, message] of cases) {
        fs.writeFileSync(path.join(dir, name), content);
        await expect(restoreBackup(target.pool, path.join(dir, name))).rejects.toThrow(message);
      }
      const newer = rewrite(
        'newer.backup.gz',
        (h) => (h.migration = { tag: null, when: 4102444800000, count: 99 }),
      );
      await expect(restoreBackup(target.pool, newer)).rejects.toThrow(
        /comes from a newer version of Storedesk .*Update Storedesk, then restore it\./,
      );
      const newerFormat = rewrite('format.backup.gz', (h) => (h.version = 2));
      await expect(restoreBackup(target.pool, newerFormat)).rejects.toThrow(
        /was written by a newer version of Storedesk \(backup format 2\)/,
      );
      expect(await digest(target.pool)).toEqual(before);
    } finally {
      await target.drop();
    }
  });

  it('refuses a backup cut short or with rows missing part way through, leaving the data as it was', async () => {
    const target = await targetWithData();
    try {
      const before = await digest(target.pool);
      const whole = fs.readFileSync(backupFile);
      const cut = path.join(dir, 'cut.backup.gz');
      fs.writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));
      await expect(restoreBackup(target.pool, cut)).rejects.toThrow(
        /cut\.backup\.gz is incomplete: it ends before the backup does/,
      );
      expect(await digest(target.pool)).toEqual(before);

      // The header promises more orders than the file holds: found once those rows are copied.
      const short = rewrite('short.backup.gz', (h) => {
        h.tables.find((t) => t.name === 'orders')!.rows += 1;
      });
      await expect(restoreBackup(target.pool, short)).rejects.toThrow(
        /short\.backup\.gz is damaged: it holds \d+ rows of "public"\."orders" where its header says \d+\./,
      );
      expect(await digest(target.pool)).toEqual(before);
    } finally {
      await target.drop();
    }
  });

  it('restores a backup of an older migration level and applies the newer migrations to it', async () => {
    const levels = committedMigrations();
    // The level before 0013, whose data change (existing accounts count as verified) is checked below.
    const older = levels[levels.findIndex((level) => level.tag === '0013_mail-links') - 1]!;
    const adminUrl = inject('pgAdminUrl');
    const name = `storedesk_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const old = new pg.Pool({ connectionString: url.toString(), max: 2 });
    // Its connections may still be closing when the database is dropped.
    old.on('error', () => undefined);
    const target = await targetWithData();
    try {
      const client = await old.connect();
      await client.query('BEGIN');
      await migrateWithinTransaction(client, older.when);
      await client.query('COMMIT');
      client.release();
      await old.query(
        `WITH b AS (
           INSERT INTO businesses (name, theme, storefront_key) VALUES ('Old Mart', '{}', 'pk_old') RETURNING id)
         INSERT INTO users (business_id, level, name, email, phone, password_hash, created_at)
         SELECT id, 1, 'Old Owner', 'old@example.test', '+91-9000000000', 'x', '2024-01-02T03:04:05Z' FROM b`,
      );
      const file = path.join(dir, 'older.backup.gz');
      const { header: olderHeader } = await backupToFile(old, file);
      expect(olderHeader.migration.tag).toBe(older.tag);
      const newestShape = await schemaShape(target.pool);

      await restoreBackup(target.pool, file);

      const { rows } = await target.pool.query(
        `SELECT b.name AS business, u.email, u.email_verified_at = u.created_at AS verified
           FROM users u JOIN businesses b ON b.id = u.business_id`,
      );
      // A newer migration's own data change (existing accounts count as verified) ran on the restored rows.
      expect(rows).toEqual([{ business: 'Old Mart', email: 'old@example.test', verified: true }]);
      expect(await schemaShape(target.pool)).toEqual(newestShape);
      const restored = await digest(target.pool);
      expect(restored.tables['drizzle.__drizzle_migrations']!.rows).toBe(levels.length);
      await runMigrations(target.pool);
      expect(await digest(target.pool)).toEqual(restored);
    } finally {
      await old.end();
      await dropTestDatabase(admin, name);
      await admin.end();
      await target.drop();
    }
  });

  it('restored events are not replayed again as late ones, however the old database numbered its transactions', async () => {
    const from = await createTestDatabase();
    const target = await targetWithData();
    try {
      const biz = await createBusiness(from.db);
      const event = (recordId: string) => ({
        businessId: biz.id,
        zoneId: null,
        topic: 'stores',
        action: 'updated',
        recordId,
      });
      for (const recordId of ['before-a', 'before-b', 'before-c'])
        await publishEvent(from.db, event(recordId));
      // Transactions numbered far ahead of the target's, as in an older, busier database.
      await from.pool.query(
        `WITH ahead AS (SELECT (pg_current_xact_id()::text::bigint + 1000000)::text AS xid)
         UPDATE events SET tx = ahead.xid::xid8, snapshot = (ahead.xid || ':' || ahead.xid || ':')::pg_snapshot
           FROM ahead`,
      );
      const file = path.join(dir, 'ahead.backup.gz');
      await backupToFile(from.pool, file);
      await restoreBackup(target.pool, file);
      await publishEvent(target.db, event('after'));

      const hub = new EventHub(target.url, target.db, { info: () => undefined, warn: () => undefined });
      const replay = async (afterRecord: string) => {
        const { rows } = await target.pool.query<{ id: string }>(
          `SELECT id::text FROM events WHERE business_id = $1 AND record_id = $2`,
          [biz.id, afterRecord],
        );
        const sent: Array<string | null> = [];
        for await (const page of hub.replay(biz.id, { lastId: Number(rows[0]!.id), seenTx: [] })) {
          sent.push(...page.map((row) => row.record_id));
        }
        return sent;
      };
      // A stream that saw the event written after the restore has missed nothing.
      expect(await replay('after')).toEqual([]);
      // One that saw only the first restored event missed the other two and that one, each once.
      expect(await replay('before-a')).toEqual(['before-b', 'before-c', 'after']);
    } finally {
      await from.drop();
      await target.drop();
    }
  });

  it('backs up one snapshot: what is written while a backup runs is not in it', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const chunks: Buffer[] = [];
    // Takes the first piece of the file, then holds the backup back until released.
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        held();
        void released.then(() => done());
      },
    });
    const pool = source.database.pool;
    const before = await digest(pool);
    const backup = writeBackup(pool, sink);
    try {
      await holding;
      // The first piece can be gzip's header alone, written before the first COPY starts: wait
      // until the backup's transaction is copying (held there by the sink).
      const copying = await vi.waitFor(
        async () => {
          const { rows } = await pool.query<{ query: string }>(
            `SELECT query FROM pg_stat_activity
              WHERE datname = current_database() AND xact_start IS NOT NULL AND query LIKE 'COPY %'`,
          );
          expect(rows).toHaveLength(1);
          return rows;
        },
        { timeout: 10_000, interval: 50 },
      );
      // The backup's transaction is open and has not yet reached the tables the writes below touch.
      expect(copying[0]!.query < 'COPY "public"."users"').toBe(true);
      const biz = await createBusiness(source.db);
      await addAwkwardRows(pool, biz.id, biz.owner.id);
      await pool.query(`UPDATE businesses SET name = name || ' (renamed)'`);
      await pool.query(`SELECT nextval('events_id_seq')`);
      expect(await digest(pool)).not.toEqual(before);
    } finally {
      release();
      await backup;
    }
    const file = path.join(dir, 'snapshot.backup.gz');
    fs.writeFileSync(file, Buffer.concat(chunks));
    const target = await createTestDatabase();
    try {
      await restoreBackup(target.pool, file);
      expect(await digest(target.pool)).toEqual(before);
    } finally {
      await target.drop();
    }
  });
});
