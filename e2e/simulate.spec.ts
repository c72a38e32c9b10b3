/**
 * `npm run simulate` against the running demo server, as the README tells a
 * newcomer to run it: no key given, so it reads the storefront key through the
 * API as the owner; it places orders through the customer-app API and moves
 * some of them along as staff. It runs with a DATA_DIR of its own, as it would
 * from another folder or machine: the server's data directory is never needed.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { demo } from './support/browser.ts';

const root = path.resolve(import.meta.dirname, '..');

type Order = { id: string; number: number; status: number };

async function ownerToken(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demo.owner.email, password: demo.owner.password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** Runs the simulator to its end (it stops by itself after `--minutes`), killed if it overruns. */
function simulate(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/simulate.ts', ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', STOREFRONT_KEY: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const overrun = setTimeout(() => child.kill('SIGKILL'), 45_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(overrun);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Another folder than the server's, with no database in it. */
const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'storedesk-simulate-'));

describe('npm run simulate', () => {
  it('places orders through the customer-app API and moves some along, reading the key as the owner', async () => {
    const baseUrl = inject('baseUrl');
    const token = await ownerToken(baseUrl);
    const run = await simulate(['--url', baseUrl, '--per-minute', '600', '--minutes', '0.1'], {
      DATA_DIR: elsewhere,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`placing 600 orders a minute at ${baseUrl}`);

    const numbers = [...run.stdout.matchAll(/^placed #(\d+) at .+ for .+$/gm)].map((m) => Number(m[1]));
    expect(numbers.length, `${run.stdout}\n${run.stderr}`).toBeGreaterThanOrEqual(10);
    const found: Order[] = [];
    for (const number of numbers) {
      for (const view of ['active', 'completed']) {
        const res = await fetch(`${baseUrl}/api/orders?view=${view}&q=%23${number}&pageSize=25`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.status).toBe(200);
        found.push(...((await res.json()) as { items: Order[] }).items.filter((o) => o.number === number));
      }
    }
    // Every order it reported placing exists, once.
    expect(found.map((o) => o.number).sort((a, b) => a - b)).toEqual([...numbers].sort((a, b) => a - b));
    // As staff it moves open orders along: after dozens of moves, some of its own have left Placed.
    expect(found.some((o) => o.status !== 0)).toBe(true);
  });

  it('stops at once, saying why, when the server refuses its storefront key', async () => {
    const run = await simulate(
      ['--url', inject('baseUrl'), '--per-minute', '600', '--minutes', '0.1', '--key', 'sk_wrong'],
      { DATA_DIR: inject('dataDir') },
    );
    expect(run.code).toBe(1);
    expect(run.stdout).not.toContain('placed #');
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        // Its first call with the key reads the business's minimum order value.
        /^GET \/api\/storefront\/business answered 401: .*This storefront key is not valid/,
      ),
    ]);
  });

  it('signed in as someone who cannot read the key, says how to give it', async () => {
    const run = await simulate(
      [
        '--url',
        inject('baseUrl'),
        '--minutes',
        '0.1',
        '--email',
        demo.admin.email,
        '--password',
        demo.admin.password,
      ],
      { DATA_DIR: elsewhere },
    );
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      'Only the owner can read the storefront key: sign in as the owner (--email, --password), ' +
        'or give the key with --key or STOREFRONT_KEY (Settings › Others shows it).',
    );
  });

  it('refuses a rate, a duration or a count of orders out of range, before it does anything', async () => {
    const baseUrl = inject('baseUrl');
    for (const args of [
      ['--per-minute', '0'],
      ['--per-minute', '601'],
      ['--minutes', 'soon'],
      ['--minutes', '1441'],
      ['--orders', '0'],
    ]) {
      const run = await simulate(['--url', baseUrl, ...args], { DATA_DIR: inject('dataDir') });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(
        '--per-minute must be more than 0 and at most 600, --minutes more than 0 and at most 1440, and --orders a whole number more than 0',
      );
    }
  });
});
