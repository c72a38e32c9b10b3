/**
 * `npm run simulate` against a demo business whose minimum order value is
 * higher than a few items come to: every order it sends is one the server
 * takes, and what the server still refuses (here: more orders a minute than it
 * takes from one place) is told once, in the summary line, not as failures.
 * Its orders carry a secret API key it makes as the owner and revokes when it
 * stops, on Ctrl-C too, unless it is given one.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { messages } from '@storedesk/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, signIn, type TestApp, type TestDatabase } from '#test/harness.ts';
import { seedDemo } from './seed/demo.ts';
import { LocalStorage } from './storage/local-storage.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storedesk-simulate-files-'));
let database: TestDatabase;
let ctx: TestApp;
let url: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db, new LocalStorage(filesDir), { info: () => undefined });
  // ₹300: more than most baskets of a few demo items come to.
  await database.db.execute(sql`UPDATE order_settings SET minimum_order_paise = 30000`);
  ctx = await createTestApp({ database, env: { STOREFRONT_ORDERS_PER_MINUTE: '15' } });
  url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await ctx.close();
  await database.drop();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

type Run = { code: number | null; stdout: string; stderr: string };

/** Starts the simulator; `done` resolves once it has exited (killed if it overruns a minute). */
function startSimulator(args: string[]): {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  done: Promise<Run>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/simulate.ts', ...args], {
    cwd: root,
    env: { ...process.env, STOREFRONT_KEY: '', STOREDESK_API_KEY: '' },
  });
  child.stdin.end();
  const run = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (run.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (run.stderr += chunk.toString()));
  const done = new Promise<Run>((resolve, reject) => {
    const overrun = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(overrun);
      resolve({ code, ...run });
    });
  });
  return { child, stdout: () => run.stdout, done };
}

const simulate = (args: string[]) => startSimulator(args).done;

/** The demo business's secret API keys, oldest first. */
async function apiKeys() {
  const { rows } = await database.db.execute<{
    id: string;
    name: string;
    used: boolean;
    revoked: boolean;
  }>(
    sql`SELECT id, name, last_used_at IS NOT NULL AS used, revoked_at IS NOT NULL AS revoked
        FROM api_keys ORDER BY created_at, id`,
  );
  return rows;
}

describe('npm run simulate', () => {
  it(
    'sends orders the server takes, and tells what it refused in one summary line',
    { timeout: 90_000 },
    async () => {
      const keysBefore = await apiKeys();
      // 30 tries, well inside the server's minute however slowly this machine makes them.
      const run = await simulate(['--url', url, '--per-minute', '600', '--orders', '30']);
      expect(run.code, run.stderr).toBe(0);
      // Nothing looks like a failure: no line of its own for a refusal.
      expect(run.stderr).toBe('');

      const lines = run.stdout.trim().split('\n');
      const placed = lines.filter((line) => /^placed #\d+ at .+ for .+$/.test(line));
      // The server takes 15 orders a minute from one place: those are placed, every one above the minimum,
      // at stores open now (the demo has stores that close at night).
      expect(placed, lines.at(-1)).toHaveLength(15);
      const { rows } = await database.db.execute<{ below: number }>(
        sql`SELECT count(*)::int AS below FROM orders WHERE placed_at > now() - interval '5 minutes'
            AND items_total_paise < 30000`,
      );
      expect(rows[0]!.below).toBe(0);
      // Orders of the business's own system: none joins a customer's account.
      const numbers = `{${placed.map((line) => /#(\d+)/.exec(line)![1]).join(',')}}`;
      const joined = await database.db.execute<{ orders: number; customers: number }>(
        sql`SELECT count(*)::int AS orders, count(customer_id)::int AS customers FROM orders
            WHERE number = ANY(${numbers}::int[])`,
      );
      expect(joined.rows[0]).toEqual({ orders: 15, customers: 0 });
      // They carried the key it made, named Simulator, which it revoked as it stopped.
      const keys = await apiKeys();
      expect(keys.slice(0, keysBefore.length)).toEqual(keysBefore);
      expect(keys.slice(keysBefore.length)).toEqual([
        { id: expect.any(String), name: 'Simulator', used: true, revoked: true },
      ]);

      const summary = lines.at(-1)!;
      const refused =
        /^placed 15 orders, moved (\d+) along; the server refused (\d+) \(expected in a live demo\): (.+)$/.exec(
          summary,
        );
      expect(refused, summary).not.toBeNull();
      // Only the orders a minute beyond its limit: none for the minimum order value or the delivery radius.
      expect(refused![3]).toBe(`15 × 429 ${messages.tooManyStorefrontOrders}`);
      expect(refused![2]).toBe('15');
    },
  );

  it('revokes the key it made when stopped with Ctrl-C', { timeout: 90_000 }, async () => {
    const keysBefore = await apiKeys();
    const simulator = startSimulator(['--url', url, '--per-minute', '6', '--minutes', '30']);
    for (const deadline = Date.now() + 30_000; !simulator.stdout().includes('placing 6 orders a minute');) {
      if (Date.now() > deadline) throw new Error(`the simulator did not start:\n${simulator.stdout()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    simulator.child.kill('SIGINT');
    const run = await simulator.done;
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim().split('\n').at(-1)).toMatch(
      /^placed \d+ orders, moved \d+ along; the server refused /,
    );
    const made = (await apiKeys()).slice(keysBefore.length);
    expect(made.map(({ name, revoked }) => ({ name, revoked }))).toEqual([
      { name: 'Simulator', revoked: true },
    ]);
  });

  it('refuses a count of orders that is not a whole number above 0, before it signs in', async () => {
    for (const orders of ['0', '2.5', 'many']) {
      const run = await simulate(['--url', url, '--orders', orders]);
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(
        '--per-minute must be more than 0 and at most 600, --minutes more than 0 and at most 1440, and --orders a whole number more than 0\n',
      );
      expect(run.stdout).toBe('');
    }
  });

  it('places its orders with the key it is given, and leaves it as it was', { timeout: 90_000 }, async () => {
    // An instance of its own: the runs above used up the orders a minute this address may place on the other.
    const other = await createTestApp({ database, env: { STOREFRONT_ORDERS_PER_MINUTE: '15' } });
    try {
      const otherUrl = await other.app.listen({ port: 0, host: '127.0.0.1' });
      const owner = await signIn(other.app, 'owner@example.com', 'owner-demo-1');
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/settings/api-keys',
        headers: owner.headers,
        payload: { name: 'Till' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const given = res.json<{ id: string; secret: string }>();
      const keysBefore = await apiKeys();
      const run = await simulate([
        '--url',
        otherUrl,
        '--per-minute',
        '600',
        '--orders',
        '3',
        '--api-key',
        given.secret,
      ]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/^placed #\d+ at .+ for .+$/m);
      // No key made; the one given was used, and is still live.
      expect(await apiKeys()).toEqual(
        keysBefore.map((key) => (key.id === given.id ? { ...key, used: true } : key)),
      );
    } finally {
      await other.close();
    }
  });
});
