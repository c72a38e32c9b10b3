/**
 * A lunch rush through the customer app's API: 20 clients each pricing a cart
 * (`POST /storefront/quote`) and placing it (`POST /storefront/orders`, with an
 * address and cash on delivery) as fast as the server answers, for 10 s, while
 * the console's live stream is open as the owner's. Each order's `created` event
 * is timed from the moment its order was sent to its arrival on that stream.
 * Targets: at least 200 orders/s, new-order event p95 under 1 s.
 */
import { openStream } from './sse.ts';
import { placeOrders } from './orders.ts';
import { percentile, round1 } from './stats.ts';

export const rushTargets = { ordersPerSecond: 200, newOrderEventP95Ms: 1000 };

export async function benchRush(baseUrl: string, databaseUrl: string, token: string) {
  const sentAt = new Map<string, number>();
  const arrivedAt = new Map<string, number>();
  const stream = await openStream(baseUrl, token, (event) => {
    const { topic, action, recordId } = event as unknown as {
      topic: string;
      action: string;
      recordId: string;
    };
    if (topic === 'orders' && action === 'created') arrivedAt.set(recordId, performance.now());
  });
  const quoteTimes: number[] = [];
  const placing = await placeOrders(baseUrl, databaseUrl, {
    rush: { quoteTimes, onPlaced: (orderId, at) => sentAt.set(orderId, at) },
  });
  // The last orders' events: a second is the target, so wait twice that at most.
  for (let waited = 0; arrivedAt.size < sentAt.size && waited < 2000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  stream.destroy();
  const latencies = [...sentAt].flatMap(([id, sent]) => {
    const arrived = arrivedAt.get(id);
    return arrived === undefined ? [] : [arrived - sent];
  });
  const results = {
    clients: 20,
    seconds: 10,
    orders: { ...placing, placed: sentAt.size },
    quotes: {
      count: quoteTimes.length,
      p50Ms: round1(percentile(quoteTimes, 50)),
      p95Ms: round1(percentile(quoteTimes, 95)),
    },
    newOrderEvent: {
      received: latencies.length,
      expected: sentAt.size,
      p50Ms: round1(percentile(latencies, 50)),
      p95Ms: round1(percentile(latencies, 95)),
      maxMs: round1(Math.max(0, ...latencies)),
    },
    targets: rushTargets,
    met: {
      ordersPerSecond: placing.rps >= rushTargets.ordersPerSecond,
      newOrderEventP95:
        latencies.length === sentAt.size && percentile(latencies, 95) < rushTargets.newOrderEventP95Ms,
    },
  };
  console.log(
    `${results.met.ordersPerSecond ? 'PASS' : 'FAIL'} rush: ${placing.rps} orders/s placed, each after a quote ` +
      `(order p95 ${placing.p95Ms} ms, quote p95 ${results.quotes.p95Ms} ms; 20 clients, ${placing.non2xx} refused) ` +
      `(target ≥ ${rushTargets.ordersPerSecond}/s)`,
  );
  console.log(
    `${results.met.newOrderEventP95 ? 'PASS' : 'FAIL'} new-order event on the console's stream: p50 ` +
      `${results.newOrderEvent.p50Ms} ms, p95 ${results.newOrderEvent.p95Ms} ms, max ${results.newOrderEvent.maxMs} ms ` +
      `from the order's sending, ${latencies.length}/${sentAt.size} received (target p95 < ${rushTargets.newOrderEventP95Ms} ms)`,
  );
  return results;
}
