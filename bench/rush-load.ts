/**
 * One phase of the rush's load, open-loop: requests leave on a fixed schedule
 * whatever the answers, up to a cap of requests in flight per kind (one due
 * while the cap is reached is dropped and counted; one sent more than 50 ms
 * after its time is counted late).
 * - orders: `POST /api/storefront/orders` across the businesses in turn, as
 *   each business's own system places them (its secret key), each naming a
 *   new customer, with an address by the store and cash on delivery;
 * - status changes: `POST /api/orders/:id/status` as each business's owner,
 *   moving its Placed orders to Confirmed (with an executive of the order's
 *   zone) and back, with the version each answer gives. An order is changed
 *   again only once the event of its last change has arrived (or 5 s after its
 *   answer), so each event is matched to the change it came from;
 * - live streams: /api/events as the owners, in turn over the businesses, 100
 *   per client address. The first stream of each business reads its events'
 *   order ids (by a search in the text, no JSON parsing) and times each status
 *   change from its sending to the event's arrival; the others count bytes.
 * Server and PostgreSQL CPU are read from /proc before and after.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { OpenOrder, RushBusiness } from './rush-seed.ts';
import { keyedOrderHeaders, post } from './orders.ts';
import { eachMessage, openEventsResponse, streamAddress } from './sse.ts';
import { cpuSeconds, percentile, round1 } from './stats.ts';

/** Requests in flight per kind, at most: under the server's 256 connections per client address. */
const IN_FLIGHT_CAP = 200;
const LATE_MS = 50;
const REQUEST_TIMEOUT_MS = 30_000;
/** An order whose change's event has not arrived this long after the answer is changed again anyway. */
const EVENT_WAIT_MS = 5_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A bounded wait that keeps the process alive no longer than the rest of it. */
const sleepUnref = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

export type KindFigures = {
  target: number;
  scheduled: number;
  sent: number;
  ok: number;
  /** Answers by status code (2xx included), and `error` for requests that got no answer. */
  byStatus: Record<string, number>;
  dropped: number;
  late: number;
  /** Answers a second, 2xx only, over the phase. */
  rate: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
};

export type PhaseFigures = {
  seconds: number;
  orders: KindFigures;
  statusChanges: KindFigures & { noIdleOrder: number };
  commitToStream: { expected: number; received: number; p50Ms: number; p95Ms: number; maxMs: number };
  streams: { opened: number; openAtEnd: number; megabytesReceived: number };
  cpu: { serverCores: number; postgresCores: number; benchCores: number };
};

/** One JSON POST (bench/orders.ts) answering status and body, or status 0 when no answer came in time. */
const postOrNothing = (...args: Parameters<typeof post>) =>
  post(...args).catch(() => ({ status: 0, body: '' }));

/** The pids of the embedded PostgreSQL of `dataDir`: its postmaster (by its command line) and its children. */
function postgresPids(dataDir: string): { postmasters: number[]; children: number[] } {
  const postmasters: number[] = [];
  const parents = new Map<number, number>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      parents.set(pid, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmdline.includes(dataDir) && /postgres/.test(cmdline)) postmasters.push(pid);
    } catch {
      // Gone meanwhile.
    }
  }
  const children = [...parents].filter(([, parent]) => postmasters.includes(parent)).map(([pid]) => pid);
  return { postmasters, children };
}

function statTimes(pid: number): number[] {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime, stime, cutime, cstime: fields 14 to 17 of stat, 12 to 15 after the name.
    return [11, 12, 13, 14].map((i) => Number(fields[i]) / 100);
  } catch {
    return [0, 0, 0, 0];
  }
}

/**
 * CPU seconds of the embedded PostgreSQL so far: its postmaster's own and its reaped children's
 * (cutime, cstime), and each live child's own, so a backend that ends between two readings still counts.
 */
export function postgresCpuSeconds(dataDir: string): number {
  const { postmasters, children } = postgresPids(dataDir);
  let total = 0;
  for (const pid of postmasters) total += statTimes(pid).reduce((a, b) => a + b, 0);
  for (const pid of children) {
    const [user, system] = statTimes(pid);
    total += user! + system!;
  }
  return total;
}

/** A live stream of one business; `onStatusEvent` set: it reads the order id of each status event. */
async function openRushStream(
  baseUrl: string,
  token: string,
  localAddress: string,
  onStatusEvent: ((orderId: string) => void) | null,
  tally: { bytes: number; open: number },
) {
  const { request, res } = await openEventsResponse(baseUrl, token, localAddress, 15_000);
  tally.open++;
  let closed = false;
  const close = () => {
    if (!closed) tally.open--;
    closed = true;
  };
  res.on('end', close);
  res.on('close', close);
  res.on('error', close);
  // Bytes of the stream's chunks (characters, on the stream that reads its text).
  res.on('data', (chunk: Buffer | string) => (tally.bytes += chunk.length));
  if (onStatusEvent !== null) {
    const marker = '"action":"status","recordId":"';
    eachMessage(res, (message) => {
      const at = message.indexOf(marker);
      if (at >= 0) onStatusEvent(message.slice(at + marker.length, at + marker.length + 36));
    });
  }
  return request;
}

function figuresOf(
  target: number,
  seconds: number,
  k: Pick<KindFigures, 'scheduled' | 'sent' | 'ok' | 'byStatus' | 'dropped' | 'late'>,
  times: number[],
): KindFigures {
  return {
    target,
    ...k,
    rate: round1(k.ok / seconds),
    p50Ms: round1(percentile(times, 50)),
    p95Ms: round1(percentile(times, 95)),
    p99Ms: round1(percentile(times, 99)),
  };
}

export async function runPhase(input: {
  baseUrl: string;
  serverPid: number;
  dataDir: string;
  businesses: RushBusiness[];
  open: OpenOrder[];
  streams: number;
  seconds: number;
  ordersPerSecond: number;
  changesPerSecond: number;
  /** Phones of new customers start here (a phase's customers are new to every phase). */
  phoneBase: number;
}): Promise<PhaseFigures> {
  const { baseUrl, businesses, seconds } = input;
  const byId = new Map(businesses.map((b) => [b.id, b]));
  const requests: http.ClientRequest[] = [];
  const orderAgent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT_CAP });
  const changeAgent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT_CAP });
  const tally = { bytes: 0, open: 0 };

  // Status changes: orders waiting for their event, by id, with the time their change was sent.
  type Target = OpenOrder & { status: number; answeredAt: number; eventSeen: boolean; sentAt: number };
  const targets = new Map<string, Target>();
  const idle: Target[] = [];
  // Idle orders interleaved across the businesses, so consecutive changes go to different businesses.
  {
    const perBusiness = new Map<string, Target[]>();
    for (const order of input.open) {
      if (!byId.get(order.businessId)?.dexOfZone.has(order.zoneId)) continue;
      const target = { ...order, status: 0, answeredAt: 0, eventSeen: false, sentAt: 0 };
      targets.set(order.id, target);
      const list = perBusiness.get(order.businessId) ?? [];
      list.push(target);
      perBusiness.set(order.businessId, list);
    }
    const lists = [...perBusiness.values()];
    for (let i = 0; lists.some((list) => i < list.length); i++) {
      for (const list of lists) if (i < list.length) idle.push(list[i]!);
    }
  }
  const waiting = new Map<string, Target>();
  const eventTimes: number[] = [];
  let eventsExpected = 0;
  let measuring = false;
  const onStatusEvent = (orderId: string) => {
    const target = waiting.get(orderId);
    if (!target) return;
    if (measuring) eventTimes.push(performance.now() - target.sentAt);
    target.eventSeen = true;
    waiting.delete(orderId);
    if (target.answeredAt > 0) idle.push(target);
  };

  try {
    // Streams: in turn over the businesses, the first of each business timing its events.
    const timed = new Set<string>();
    for (let i = 0; i < input.streams; i += 100) {
      const batch = Array.from({ length: Math.min(100, input.streams - i) }, (_, j) => {
        const n = i + j;
        const business = businesses[n % businesses.length]!;
        const timing = !timed.has(business.id);
        timed.add(business.id);
        return openRushStream(
          baseUrl,
          business.token,
          streamAddress(n),
          timing ? onStatusEvent : null,
          tally,
        );
      });
      const opened = await Promise.allSettled(batch);
      for (const result of opened) if (result.status === 'fulfilled') requests.push(result.value);
      const failed = opened.find((result) => result.status === 'rejected');
      if (failed) throw (failed as PromiseRejectedResult).reason;
    }
    await sleep(1000);

    const orders = {
      scheduled: 0,
      sent: 0,
      ok: 0,
      byStatus: {} as Record<string, number>,
      dropped: 0,
      late: 0,
    };
    const changes = { ...orders, byStatus: {} as Record<string, number>, noIdleOrder: 0 };
    const orderTimes: number[] = [];
    const changeTimes: number[] = [];
    let ordersInFlight = 0;
    let changesInFlight = 0;
    const inFlight = new Set<Promise<void>>();
    const track = (promise: Promise<void>) => {
      inFlight.add(promise);
      void promise.finally(() => inFlight.delete(promise));
    };
    const count = (byStatus: Record<string, number>, status: number) => {
      const key = status === 0 ? 'error' : String(status);
      byStatus[key] = (byStatus[key] ?? 0) + 1;
    };

    const placeOrder = (n: number) => {
      const business = businesses[n % businesses.length]!;
      const phone = String(8_000_000_000 + input.phoneBase + n);
      ordersInFlight++;
      orders.sent++;
      const sent = performance.now();
      track(
        postOrNothing(
          orderAgent,
          `${baseUrl}/api/storefront/orders`,
          keyedOrderHeaders(business.key, business.apiKey),
          {
            customer: { name: `Rush Customer ${input.phoneBase + n}`, phone },
            storeId: business.storeId,
            items: business.itemIds.map((itemId) => ({ itemId, quantity: 5 })),
            deliveryAddress: { label: 'Home', text: `${n}, Rush Road`, lat: business.lat, lng: business.lng },
            paymentMode: 'COD',
          },
          '127.0.3.1',
          REQUEST_TIMEOUT_MS,
        ).then((res) => {
          ordersInFlight--;
          if (res.status !== 0) orderTimes.push(performance.now() - sent);
          count(orders.byStatus, res.status);
          if (res.status === 201) orders.ok++;
        }),
      );
    };

    const changeStatus = (target: Target) => {
      const business = byId.get(target.businessId)!;
      const confirm = target.status === 0;
      changesInFlight++;
      changes.sent++;
      target.answeredAt = 0;
      target.eventSeen = false;
      target.sentAt = performance.now();
      waiting.set(target.id, target);
      track(
        postOrNothing(
          changeAgent,
          `${baseUrl}/api/orders/${target.id}/status`,
          { authorization: `Bearer ${business.token}` },
          {
            status: confirm ? 1 : 0,
            ...(confirm ? { dexId: business.dexOfZone.get(target.zoneId) } : {}),
            version: target.version,
          },
          '127.0.4.1',
          REQUEST_TIMEOUT_MS,
        ).then((res) => {
          changesInFlight--;
          if (res.status !== 0) changeTimes.push(performance.now() - target.sentAt);
          count(changes.byStatus, res.status);
          target.answeredAt = performance.now();
          // The order as it is now: the answer, or a refusal's `error.current` (a stale version).
          type Seen = { status?: number; version?: number };
          let answer: Seen & { error?: { current?: Seen } } = {};
          try {
            answer = JSON.parse(res.body) as typeof answer;
          } catch {
            // No body to read.
          }
          const now = answer.version !== undefined ? answer : answer.error?.current;
          if (now?.version !== undefined) target.version = Number(now.version);
          if (now?.status !== undefined) target.status = Number(now.status);
          if (res.status === 200) {
            changes.ok++;
            eventsExpected++;
            if (target.eventSeen) idle.push(target);
          } else {
            // No event comes of a refused change.
            waiting.delete(target.id);
            idle.push(target);
          }
        }),
      );
    };

    // Orders whose event has not come within EVENT_WAIT_MS of their answer are changed again anyway.
    const sweep = setInterval(() => {
      const now = performance.now();
      for (const target of waiting.values()) {
        if (target.answeredAt > 0 && now - target.answeredAt > EVENT_WAIT_MS) {
          waiting.delete(target.id);
          idle.push(target);
        }
      }
    }, 250);

    const serverCpu = cpuSeconds(input.serverPid);
    const postgresCpu = postgresCpuSeconds(input.dataDir);
    const benchCpu = process.cpuUsage();
    measuring = true;
    const started = performance.now();
    const end = started + seconds * 1000;
    // Exactly the phase's number of each kind, so its rate is the target when every one succeeds.
    const ordersTotal = Math.round(seconds * input.ordersPerSecond);
    const changesTotal = Math.round(seconds * input.changesPerSecond);
    try {
      for (
        let now = performance.now();
        now < end || orders.scheduled < ordersTotal || changes.scheduled < changesTotal;
        now = performance.now()
      ) {
        const elapsed = now - started;
        const ordersDue = Math.min(ordersTotal, Math.floor((elapsed * input.ordersPerSecond) / 1000));
        while (orders.scheduled < ordersDue) {
          const n = orders.scheduled++;
          if (now - (started + (n * 1000) / input.ordersPerSecond) > LATE_MS) orders.late++;
          if (ordersInFlight >= IN_FLIGHT_CAP) orders.dropped++;
          else placeOrder(n);
        }
        const changesDue = Math.min(changesTotal, Math.floor((elapsed * input.changesPerSecond) / 1000));
        while (changes.scheduled < changesDue) {
          const n = changes.scheduled++;
          if (now - (started + (n * 1000) / input.changesPerSecond) > LATE_MS) changes.late++;
          if (changesInFlight >= IN_FLIGHT_CAP) changes.dropped++;
          else {
            const target = idle.shift();
            if (target) changeStatus(target);
            else changes.noIdleOrder++;
          }
        }
        await sleep(5);
      }
      // The last answers (bounded by the requests' own timeout) and their events (bounded too).
      await Promise.race([Promise.allSettled([...inFlight]), sleepUnref(REQUEST_TIMEOUT_MS + 1000)]);
      for (let waited = 0; waiting.size > 0 && waited < 3000; waited += 50) await sleep(50);
      measuring = false;
      const elapsed = (performance.now() - started) / 1000;
      const benchUsage = process.cpuUsage(benchCpu);
      const cpu = {
        serverCores: round1((cpuSeconds(input.serverPid) - serverCpu) / elapsed),
        postgresCores: round1((postgresCpuSeconds(input.dataDir) - postgresCpu) / elapsed),
        benchCores: round1((benchUsage.user + benchUsage.system) / 1e6 / elapsed),
      };
      return {
        seconds: round1(elapsed),
        orders: figuresOf(input.ordersPerSecond, seconds, orders, orderTimes),
        statusChanges: {
          ...figuresOf(input.changesPerSecond, seconds, changes, changeTimes),
          noIdleOrder: changes.noIdleOrder,
        },
        commitToStream: {
          expected: eventsExpected,
          received: eventTimes.length,
          p50Ms: round1(percentile(eventTimes, 50)),
          p95Ms: round1(percentile(eventTimes, 95)),
          maxMs: round1(eventTimes.reduce((a, b) => Math.max(a, b), 0)),
        },
        streams: {
          opened: requests.length,
          openAtEnd: tally.open,
          megabytesReceived: round1(tally.bytes / 1_048_576),
        },
        cpu,
      };
    } finally {
      clearInterval(sweep);
    }
  } finally {
    for (const request of requests) request.destroy();
    orderAgent.destroy();
    changeAgent.destroy();
  }
}
