/**
 * `npm run simulate` against a demo business whose minimum order value is
 * higher than a few items come to: every order it sends is one the server
 * takes, and what the server still refuses (here: more orders a minute than it
 * takes from one place) is told once, in the summary line, not as failures.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { messages } from '@storedesk/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../test/harness.ts';
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

function simulate(args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/simulate.ts', ...args], {
      cwd: root,
      env: { ...process.env, STOREFRONT_KEY: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const overrun = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(overrun);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('npm run simulate', () => {
  it(
    'sends orders the server takes, and tells what it refused in one summary line',
    { timeout: 90_000 },
    async () => {
      const run = await simulate(['--url', url, '--per-minute', '300', '--minutes', '0.1']);
      expect(run.code, run.stderr).toBe(0);
      // Nothing looks like a failure: no line of its own for a refusal.
      expect(run.stderr).toBe('');

      const lines = run.stdout.trim().split('\n');
      const placed = lines.filter((line) => /^placed #\d+ at .+ for .+$/.test(line));
      // The server takes 15 orders a minute from one place: those are placed, every one above the minimum.
      expect(placed).toHaveLength(15);
      const { rows } = await database.db.execute<{ below: number }>(
        sql`SELECT count(*)::int AS below FROM orders WHERE placed_at > now() - interval '5 minutes'
            AND items_total_paise < 30000`,
      );
      expect(rows[0]!.below).toBe(0);

      const summary = lines.at(-1)!;
      const refused =
        /^placed 15 orders, moved (\d+) along; the server refused (\d+) \(expected in a live demo\): (.+)$/.exec(
          summary,
        );
      expect(refused, summary).not.toBeNull();
      // Only the orders a minute beyond its limit: none for the minimum order value or the delivery radius.
      expect(refused![3]).toBe(`${refused![2]} × 429 ${messages.tooManyStorefrontOrders}`);
      expect(Number(refused![2])).toBeGreaterThan(0);
    },
  );
});
