/**
 * Dispatch at a city's scale (B14): 2,000 executives on duty, each posting its position every
 * 10 s (200 positions a second, spread evenly), while 100 consoles watch the Dispatch map's
 * position stream. Each position carries a latitude no other carries, so its arrival on a
 * console's stream is timed from its sending. Measured over 60 s after 20 s of warming up:
 * the server's CPU, position-to-map latency (p50, p95), and its memory at the start and the end
 * of the measured minute. Targets: p95 under 1 s; memory grows by less than 50 MB.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { streamAddress } from './sse.ts';
import { cpuSeconds, percentile, round1, rssMb } from './stats.ts';

export const dispatchTargets = { positionP95Ms: 1000, memoryGrowthMb: 50 };

const executives = 2000;
const consoles = 100;
/** Consoles whose every batch is read and timed; the others count bytes (the bench shares the machine). */
const timedConsoles = 5;
const everyMs = 10_000;
const warmUpMs = 20_000;
const measuredMs = 60_000;

type Executive = { id: string; token: string; lat: number; lng: number; seq: number };

/** 2,000 executives of the demo business, on duty, each with a session: written straight to the database. */
async function makeExecutives(databaseUrl: string): Promise<Executive[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  // A connection the server drops mid-run fails the bench's next query, not the process.
  client.on('error', (error) => console.error(`database connection: ${error.message}`));
  await client.connect();
  try {
    const { rows: business } = await client.query<{ id: string; zone_id: string; hash: string }>(
      `SELECT b.id, u.zone_id, u.password_hash AS hash FROM businesses b
       JOIN users u ON u.business_id = b.id AND u.email = 'dex@example.com'
       WHERE b.slug = 'demo-fresh-mart'`,
    );
    const { id: businessId, zone_id: zoneId, hash } = business[0]!;
    const tag = randomBytes(3).toString('hex');
    const { rows: users } = await client.query<{ id: string }>(
      `INSERT INTO users (business_id, zone_id, level, name, email, phone, password_hash)
       SELECT $1, $2, 3, 'Bench Rider ' || n, 'bench.' || $4 || '.' || n || '@example.test', '+91-9000000000', $3
       FROM generate_series(1, ${executives}) AS n
       RETURNING id`,
      [businessId, zoneId, hash, tag],
    );
    const tokens = users.map(() => randomBytes(32).toString('base64url'));
    await client.query(
      `INSERT INTO sessions (token_hash, user_id, business_id, expires_at)
       SELECT decode(t.hash, 'hex'), t.user_id::uuid, $1, now() + interval '1 day'
       FROM unnest($2::text[], $3::text[]) AS t(hash, user_id)`,
      [
        businessId,
        tokens.map((token) => createHash('sha256').update(token).digest('hex')),
        users.map((u) => u.id),
      ],
    );
    await client.query(
      `INSERT INTO executive_presence (user_id, business_id, on_duty)
       SELECT unnest($2::uuid[]), $1, true`,
      [businessId, users.map((u) => u.id)],
    );
    return users.map((user, i) => ({
      id: user.id,
      token: tokens[i]!,
      lat: 12.9 + (i % 100) * 0.001,
      lng: 77.55 + Math.floor(i / 100) * 0.001,
      seq: 0,
    }));
  } finally {
    await client.end();
  }
}

/** A console's open position stream; `onBatch` gets each batch's text (timed ones) or its length. */
function openPositions(
  baseUrl: string,
  token: string,
  localAddress: string,
  onData: (chunk: string) => void,
): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${baseUrl}/api/dispatch/positions`,
      {
        agent: false,
        localAddress,
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`positions answered ${res.statusCode}`));
        res.setEncoding('utf8');
        res.on('data', onData);
        resolve(req);
      },
    );
    req.on('error', reject);
  });
}

export async function benchDispatch(baseUrl: string, databaseUrl: string, pid: number, ownerToken: string) {
  const riders = await makeExecutives(databaseUrl);
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let measuring = false;
  let received = 0;
  let bytes = 0;
  const streams: http.ClientRequest[] = [];
  for (let n = 0; n < consoles; n++) {
    let buffer = '';
    const timed = n < timedConsoles;
    streams.push(
      await openPositions(baseUrl, ownerToken, streamAddress(n), (chunk) => {
        bytes += chunk.length;
        if (!timed) return;
        const now = performance.now();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!message.startsWith('data: ')) continue;
          const { positions } = JSON.parse(message.slice(6)) as {
            positions: Array<{ id: string; lat: number }>;
          };
          for (const position of positions) {
            const sent = sentAt.get(`${position.id}:${position.lat}`);
            if (sent === undefined) continue;
            received++;
            if (measuring) latencies.push(now - sent);
          }
        }
      }),
    );
  }

  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let posted = 0;
  let refused = 0;
  const postTimes: number[] = [];
  const post = (rider: Executive) => {
    rider.seq++;
    const began = performance.now();
    const lat = Math.round((rider.lat + rider.seq * 0.0005) * 1e7) / 1e7;
    const body = JSON.stringify({ lat, lng: rider.lng, accuracy: 10 });
    sentAt.set(`${rider.id}:${lat}`, performance.now());
    const req = http.request(
      `${baseUrl}/api/delivery/location`,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${rider.token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        if (measuring) postTimes.push(performance.now() - began);
        if (res.statusCode === 204) posted++;
        else refused++;
      },
    );
    req.on('error', () => refused++);
    req.end(body);
  };

  // Each executive every 10 s, the 2,000 spread evenly over the 10 s: two every 10 ms.
  const started = performance.now();
  let next = 0;
  const tick = setInterval(() => {
    const due = Math.floor(((performance.now() - started) / everyMs) * executives);
    while (next < due) post(riders[next++ % executives]!);
  }, 10);

  await new Promise((resolve) => setTimeout(resolve, warmUpMs));
  const rssStart = rssMb(pid);
  const cpuStart = cpuSeconds(pid);
  const postedStart = posted;
  measuring = true;
  let rssPeak = rssStart;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(pid))), 1000);
  await new Promise((resolve) => setTimeout(resolve, measuredMs));
  measuring = false;
  clearInterval(sampler);
  const cpu = cpuSeconds(pid) - cpuStart;
  const rssEnd = rssMb(pid);
  const postedInWindow = posted - postedStart;
  clearInterval(tick);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  for (const stream of streams) stream.destroy();
  agent.destroy();

  const results = {
    executives,
    consoles,
    seconds: measuredMs / 1000,
    positions: {
      perSecond: Math.round(postedInWindow / (measuredMs / 1000)),
      postP50Ms: round1(percentile(postTimes, 50)),
      postP95Ms: round1(percentile(postTimes, 95)),
      refused,
      receivedByTimedConsoles: received,
    },
    serverCpuPercentOfOneCore: Math.round((cpu / (measuredMs / 1000)) * 100),
    positionToMap: {
      p50Ms: round1(percentile(latencies, 50)),
      p95Ms: round1(percentile(latencies, 95)),
      maxMs: round1(Math.max(0, ...latencies)),
      timed: latencies.length,
    },
    serverRssMb: { start: rssStart, peak: rssPeak, end: rssEnd },
    bytesToConsoles: bytes,
    targets: dispatchTargets,
    met: {
      positionP95: latencies.length > 0 && percentile(latencies, 95) < dispatchTargets.positionP95Ms,
      memory: rssEnd - rssStart < dispatchTargets.memoryGrowthMb,
    },
  };
  console.log(
    `${results.met.positionP95 ? 'PASS' : 'FAIL'} dispatch: position to map p50 ${results.positionToMap.p50Ms} ms, ` +
      `p95 ${results.positionToMap.p95Ms} ms, max ${results.positionToMap.maxMs} ms ` +
      `(${results.positions.perSecond} positions/s from ${executives} executives, each POST p95 ` +
      `${results.positions.postP95Ms} ms, ${consoles} consoles watching, ${refused} refused) ` +
      `(target p95 < ${dispatchTargets.positionP95Ms} ms)`,
  );
  console.log(
    `${results.met.memory ? 'PASS' : 'FAIL'} dispatch memory: server RSS ${rssStart} MB → ${rssEnd} MB over ` +
      `${measuredMs / 1000} s (peak ${rssPeak} MB) (target growth < ${dispatchTargets.memoryGrowthMb} MB); ` +
      `server CPU ${results.serverCpuPercentOfOneCore}% of one core`,
  );
  return results;
}
