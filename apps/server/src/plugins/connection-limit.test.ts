/**
 * Slow clients over real sockets: a request that dribbles in is answered 408
 * and dropped once REQUEST_TIMEOUT has passed, and one address can't hold more
 * than MAX_CONNECTIONS_PER_ADDRESS connections open meanwhile.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '#test/harness.ts';

const TIMEOUT_S = 2;
const MAX_PER_ADDRESS = 20;
let ctx: TestApp;
let port: number;
const sockets = new Set<net.Socket>();

beforeAll(async () => {
  ctx = await createTestApp({
    env: { REQUEST_TIMEOUT: String(TIMEOUT_S), MAX_CONNECTIONS_PER_ADDRESS: String(MAX_PER_ADDRESS) },
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await ctx.close();
});

type Outcome = { response: string; closedAfterMs: number };

/** A connection that sends `head` and then one byte of body every `dripMs`, until the server ends it (at most 15 s). */
function slowClient(
  head: string,
  dripMs: number,
): { socket: net.Socket; connected: Promise<void>; outcome: Promise<Outcome> } {
  const socket = net.connect(port, '127.0.0.1');
  sockets.add(socket);
  const started = Date.now();
  let response = '';
  let drip: NodeJS.Timeout | undefined;
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const outcome = new Promise<Outcome>((resolve) => {
    const cap = setTimeout(() => socket.destroy(), 15_000);
    socket.on('connect', () => {
      socket.write(head);
      drip = setInterval(() => socket.write('x'), dripMs);
    });
    socket.on('data', (chunk) => (response += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(cap);
      clearInterval(drip);
      sockets.delete(socket);
      resolve({ response, closedAfterMs: Date.now() - started });
    });
  });
  return { socket, connected, outcome };
}

const slowBody = (host: string) =>
  `POST /api/auth/sign-in HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{`;

describe('a client that sends its request slowly', () => {
  it('gets 408 and the connection closed once REQUEST_TIMEOUT has passed', async () => {
    const { outcome } = slowClient(slowBody(`127.0.0.1:${port}`), 300);
    const { response, closedAfterMs } = await outcome;
    expect(response.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
    expect(closedAfterMs).toBeGreaterThanOrEqual(TIMEOUT_S * 1000);
    expect(closedAfterMs).toBeLessThan(TIMEOUT_S * 1000 + 2500);
  });

  it('that never finishes its headers gets 408 in the same time', async () => {
    const { outcome } = slowClient('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', 300);
    const { response, closedAfterMs } = await outcome;
    expect(response.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
    expect(closedAfterMs).toBeLessThan(TIMEOUT_S * 1000 + 2500);
  });
});

describe('connections from one address', () => {
  it('past the limit are answered 429 and closed at once; the held ones end with the timeout', async () => {
    // The ports of the connections the server has taken, seen after the limit has counted each.
    const taken = new Set<number | undefined>();
    const onConnection = (socket: net.Socket) => taken.add(socket.remotePort);
    ctx.app.server.on('connection', onConnection);
    const clients = Array.from({ length: MAX_PER_ADDRESS }, () => slowClient(slowBody('x'), 500));
    await Promise.all(clients.map((client) => client.connected));
    const ports = clients.map((client) => client.socket.localPort);
    await vi.waitFor(() => expect(ports.filter((p) => !taken.has(p))).toEqual([]), {
      timeout: 5000,
      interval: 10,
    });
    ctx.app.server.off('connection', onConnection);

    const refused = await Promise.all(
      Array.from({ length: 10 }, () => slowClient(slowBody('x'), 500).outcome),
    );
    for (const { response, closedAfterMs } of refused) {
      expect(response.split('\r\n')[0]).toBe('HTTP/1.1 429 Too Many Requests');
      expect(
        response.endsWith('"message":"Too many connections from one address. Please try again shortly."}}'),
      ).toBe(true);
      expect(closedAfterMs).toBeLessThan(1000);
    }

    const held = await Promise.all(clients.map((client) => client.outcome));
    expect(held.map((h) => h.response.split('\r\n')[0])).toEqual(
      Array.from({ length: MAX_PER_ADDRESS }, () => 'HTTP/1.1 408 Request Timeout'),
    );
  });

  it('are accepted again once the held ones have gone', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });
});
