/**
 * Opens many SSE streams on /api/events, then makes real writes (PATCH
 * /api/account) one after another and times, per stream, from the moment the
 * write was sent to the moment its event arrived on that stream.
 */
import type http from 'node:http';
import { openCountingStream, streamAddress } from './sse.ts';
import { percentile, round1 as round } from './stats.ts';

type Options = { streams: number; events: number };

export async function measureEventLatency(baseUrl: string, token: string, options: Options) {
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  let sentAt = 0;
  let received = 0;
  const latencies: number[] = [];
  const streams: http.ClientRequest[] = [];
  // Which write is being timed: a write of the account is announced twice (its `account` and
  // `staff` events), and each stream times the first of them.
  let writing = -1;
  // Streams that read only each message's id: the bench's side of 10,000 streams shares this
  // machine's two cores with the server, and parsing every message would be timed as the server's.
  const timer = () => {
    let timed = -1;
    return () => {
      if (sentAt === 0 || timed === writing) return;
      timed = writing;
      received++;
      latencies.push(performance.now() - sentAt);
    };
  };
  for (let i = 0; i < options.streams; i += 100) {
    const batch = Array.from({ length: Math.min(100, options.streams - i) }, (_, j) =>
      openCountingStream(baseUrl, token, streamAddress(i + j), () => 0, timer()),
    );
    streams.push(...(await Promise.all(batch)).map((stream) => stream.request));
  }
  await new Promise((resolve) => setTimeout(resolve, 500));

  const account = (await (await fetch(`${baseUrl}/api/account`, { headers: auth })).json()) as Record<
    string,
    unknown
  >;
  let version = account.version as number;
  for (let i = 0; i < options.events; i++) {
    writing = i;
    sentAt = performance.now();
    const res = await fetch(`${baseUrl}/api/account`, {
      method: 'PATCH',
      headers: auth,
      body: JSON.stringify({
        name: account.name,
        email: account.email,
        phone: `+91-98000${String(10000 + i)}`,
        version,
      }),
    });
    if (res.status !== 200) throw new Error(`PATCH /api/account answered ${res.status}: ${await res.text()}`);
    version = ((await res.json()) as { version: number }).version;
    // Wait until every stream has the event (bounded), so writes don't overlap.
    const deadline = performance.now() + 5000;
    while (received < (i + 1) * options.streams && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    sentAt = 0;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  for (const stream of streams) stream.destroy();
  return {
    streams: options.streams,
    writes: options.events,
    expected: options.streams * options.events,
    received,
    p50Ms: round(percentile(latencies, 50)),
    p95Ms: round(percentile(latencies, 95)),
    // Not Math.max(...latencies): 200,000 figures as arguments overflow the stack.
    maxMs: round(percentile(latencies, 100)),
  };
}
