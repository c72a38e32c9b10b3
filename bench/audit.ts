/**
 * The audit log's cost on the order bench's status changes (ADR 0047): the same
 * changes as `npm run bench -- orders` makes (bench/orders.ts: 20 clients for
 * 10 s, each moving its own open orders between Placed and Confirmed), on one
 * server and one database, run alternately with the audit log's trigger on
 * orders enabled and disabled, five times each (which goes first alternates),
 * so that the machine's other load falls on both alike. The limit of open orders per executive is lifted,
 * so that every change is made rather than refused.
 *
 *   node --import tsx bench/audit.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startServer } from '../e2e/support/server.ts';
import { runningEmbeddedPostgresUrl } from '../apps/server/src/db/embedded-postgres.ts';
import { changeStatuses, seedOrders } from './orders.ts';

const rounds = 5;
const target = 0.1;

async function signInToken(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@example.com', password: 'owner-demo-1' }),
  });
  return ((await res.json()) as { token: string }).token;
}

const server = await startServer({ LOG_LEVEL: 'warn' });
try {
  const databaseUrl = runningEmbeddedPostgresUrl(server.dataDir)!;
  const token = await signInToken(server.baseUrl);
  const { open, dexes } = await seedOrders(databaseUrl, { orders: 50_000, customers: 5_000 });
  const db = new pg.Client({ connectionString: databaseUrl });
  // A connection lost mid-run fails the query under way, which ends the bench with its reason.
  db.on('error', () => undefined);
  await db.connect();
  await db.query('UPDATE order_settings SET max_open_orders_per_executive = 100000');
  const dexOfZone = new Map(dexes.map((dex) => [dex.zone_id, dex.id]));
  const targets = open.filter((order) => dexOfZone.has(order.zone_id));
  const half = Math.floor(targets.length / 2);
  // Each setting moves orders of its own, every one from Placed at version 1 as the bench expects.
  const runs: Record<'on' | 'off', number[]> = { on: [], off: [] };
  const refused: Record<'on' | 'off', number> = { on: 0, off: 0 };
  for (let round = 0; round < rounds; round++) {
    for (const setting of round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
      await db.query(`ALTER TABLE orders ${setting === 'on' ? 'ENABLE' : 'DISABLE'} TRIGGER orders_audit`);
      const mine = setting === 'on' ? targets.slice(0, half) : targets.slice(half);
      await db.query(
        `UPDATE orders SET status = 0, version = 1, dex_id = NULL, dex_name = NULL WHERE id = ANY($1)`,
        [mine.map((order) => order.id)],
      );
      const figures = await changeStatuses(server.baseUrl, token, mine, dexOfZone);
      runs[setting].push(figures.rps);
      refused[setting] += figures.non2xx;
      console.log(
        `round ${round + 1}, audit log ${setting}: ${figures.rps} changes/s, p95 ${figures.p95Ms} ms, ${figures.non2xx} refused`,
      );
    }
  }
  const entries = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM audit_log WHERE kind = 'order'`,
  );
  await db.end();
  const mean = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) / values.length);
  const on = mean(runs.on);
  const off = mean(runs.off);
  const loss = Math.round(((off - on) / off) * 1000) / 10;
  console.log(
    `status changes without the audit log ${off}/s, with it ${on}/s: ${loss}% fewer (target ≤ ${target * 100}%)`,
  );
  console.log(`${entries.rows[0]!.n} order entries in the audit log`);
  console.log(loss <= target * 100 ? 'PASS audit log cost' : 'FAIL audit log cost');
  const out = path.join(import.meta.dirname, 'results', 'audit.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(
    out,
    `${JSON.stringify({ at: new Date().toISOString(), runs, refused, offPerSecond: off, onPerSecond: on, lossPercent: loss, auditEntries: entries.rows[0]!.n }, null, 2)}\n`,
  );
  console.log(`results in ${out}`);
} finally {
  await server.stop();
}
