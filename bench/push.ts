/**
 * One push notification to 10,000 subscriptions: a fresh server with the
 * stand-in push service allow-listed, the subscriptions written straight to
 * the database, then one send from the owner. Prints deliveries per second
 * (from the send's own record, and as the push service saw them) and the
 * server's resident memory before, at most during, and after the send.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startServer } from '../e2e/support/server.ts';
import { runningEmbeddedPostgresUrl } from '../apps/server/src/db/embedded-postgres.ts';
import { startPushService } from '../apps/server/test/push-service.ts';
import { rssMb, round1 } from './stats.ts';

export const pushTargets = { deliveriesPerSecond: 500, memoryGrowthMb: 50 };

const subscriptions = 10_000;

type Send = {
  id: string;
  status: string;
  total: number;
  delivered: number;
  failed: number;
  createdAt: string;
  finishedAt: string | null;
};

async function api<T>(
  baseUrl: string,
  token: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${baseUrl}/api${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

export async function benchPush() {
  const standIn = await startPushService({ keep: false });
  const server = await startServer({ LOG_LEVEL: 'warn', PUSH_ENDPOINT_ALLOWLIST: standIn.origin });
  try {
    const { baseUrl, pid } = server;
    const signIn = await fetch(`${baseUrl}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@example.com', password: 'owner-demo-1' }),
    });
    const { token } = (await signIn.json()) as { token: string };

    const seeded = performance.now();
    const client = new pg.Client({ connectionString: runningEmbeddedPostgresUrl(server.dataDir)! });
    // A connection the server drops mid-run fails the bench's next query, not the process.
    client.on('error', (error) => console.error(`database connection: ${error.message}`));
    await client.connect();
    try {
      const made = Array.from({ length: subscriptions }, () => standIn.subscribe());
      const { rows } = await client.query<{ business_id: string }>(
        `SELECT business_id FROM users WHERE email = 'owner@example.com'`,
      );
      await client.query(
        `INSERT INTO push_subscriptions (business_id, endpoint, p256dh, auth)
         SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[])`,
        [
          rows[0]!.business_id,
          made.map((s) => s.endpoint),
          made.map((s) => s.keys.p256dh),
          made.map((s) => s.keys.auth),
        ],
      );
      await client.query('VACUUM ANALYZE push_subscriptions');
    } finally {
      await client.end();
    }
    const seedSeconds = round1((performance.now() - seeded) / 1000);

    // A warm-up send reaches the same audience (and is not measured); then the one measured.
    await api<Send>(baseUrl, token, 'POST', '/push-notifications', {
      title: 'Warm-up',
      message: 'Warming up',
    });
    await standIn.waitFor(subscriptions, 120_000);
    await waitForEnd(baseUrl, token, 'Warm-up');
    standIn.clear();
    await new Promise((resolve) => setTimeout(resolve, 2000));

    const before = rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(pid));
    }, 50);
    const started = performance.now();
    const accepted = await api<Send>(baseUrl, token, 'POST', '/push-notifications', {
      title: 'Fresh mangoes',
      message: 'Alphonso mangoes are in at every store. Order before noon for delivery today!',
    });
    const answeredMs = round1(performance.now() - started);
    await standIn.waitFor(subscriptions, 120_000);
    const receivedSeconds = (performance.now() - started) / 1000;
    const send = await waitForEnd(baseUrl, token, 'Fresh mangoes');
    clearInterval(sampler);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const after = rssMb(pid);

    const recordedSeconds = (Date.parse(send.finishedAt!) - Date.parse(send.createdAt)) / 1000;
    const results = {
      machine: {
        cpus: os.cpus().length,
        node: process.version,
        // Other work on the machine at the time competes with the server, the database and the stand-in.
        loadAverage1m: round1(os.loadavg()[0]!),
      },
      seed: { subscriptions, seconds: seedSeconds },
      send: {
        acceptedInMs: answeredMs,
        acceptedStatus: accepted.status,
        total: send.total,
        delivered: send.delivered,
        failed: send.failed,
        status: send.status,
        refusedByPushService: standIn.refused.length,
        seconds: round1(recordedSeconds),
        deliveriesPerSecond: Math.round(send.delivered / recordedSeconds),
        receivedPerSecond: Math.round(subscriptions / receivedSeconds),
      },
      serverRssMb: { before, peakDuring: peak, after },
      targets: pushTargets,
      met: {
        deliveriesPerSecond: send.delivered / recordedSeconds >= pushTargets.deliveriesPerSecond,
        memory: peak - before <= pushTargets.memoryGrowthMb,
        everyPushDelivered: send.delivered === subscriptions && standIn.refused.length === 0,
      },
    };
    const out = path.join(import.meta.dirname, 'results', 'push.json');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify({ at: new Date().toISOString(), ...results }, null, 2)}\n`);

    console.log(`seeded ${subscriptions} push subscriptions in ${seedSeconds} s`);
    console.log(
      `one send to ${send.total}: ${send.delivered} delivered, ${send.failed} failed, status ${send.status}, in ${results.send.seconds} s ` +
        `= ${results.send.deliveriesPerSecond} deliveries/s (${results.send.receivedPerSecond}/s as the push service saw them; target ≥ ${pushTargets.deliveriesPerSecond}/s); ` +
        `POST answered 202 in ${answeredMs} ms`,
    );
    console.log(
      `server memory (RSS) ${before} MB before, ${peak} MB at most during, ${after} MB after (target: under ${pushTargets.memoryGrowthMb} MB of growth)`,
    );
    console.log(`results in ${path.relative(process.cwd(), out)}`);
  } finally {
    await server.stop();
    await standIn.close();
  }
}

/** The send with this title, once it is no longer 'sending'. */
async function waitForEnd(baseUrl: string, token: string, title: string): Promise<Send> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { items } = await api<{ items: Array<Send & { title: string }> }>(
      baseUrl,
      token,
      'GET',
      '/push-notifications?pageSize=5',
    );
    const send = items.find((item) => item.title === title);
    if (send && send.status !== 'sending') return send;
    if (Date.now() > deadline) throw new Error(`the send "${title}" did not end within 120 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
