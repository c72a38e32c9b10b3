import { createHash, timingSafeEqual } from 'node:crypto';
import net from 'node:net';
import type { FastifyRequest } from 'fastify';
import { AppError } from '#server/lib/errors.ts';

/** What a refused scraper is told (operators read these, not users of the console). */
export const metricsMessages = {
  tokenRequired: 'Send the metrics token as Authorization: Bearer <token>',
  localOnly: 'Metrics are answered only to clients on this machine',
} as const;

/** Headers a proxy adds for the client it forwards: with one, the connecting address is not the client's. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/** 127.0.0.0/8, ::1, or 127.0.0.0/8 as an IPv4-mapped IPv6 address. */
export function isLoopback(ip: string): boolean {
  const address = ip.toLowerCase();
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (net.isIPv4(v4)) return v4.startsWith('127.');
  return address === '::1';
}

/** Compares digests, which have one length whatever was sent, so every guess takes the same time. */
function sameToken(presented: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

const tokenRequired = () =>
  new AppError('unauthenticated', metricsMessages.tokenRequired, {
    headers: { 'www-authenticate': 'Bearer realm="metrics"' },
  });

/**
 * Who may read the metrics (ADR 0022): a caller presenting METRICS_TOKEN as a
 * bearer token, from anywhere; otherwise a client on this machine that came
 * through no proxy. A token that is sent is checked, from this machine too.
 * Refusals are 401 when a token is configured (one would open the door) and
 * 403 when none is (nothing would).
 */
export function assertMayReadMetrics(request: FastifyRequest, token: string | undefined): void {
  const authorization = request.headers.authorization;
  if (token !== undefined && authorization !== undefined) {
    const presented = /^Bearer +(\S+) *$/i.exec(authorization)?.[1];
    if (presented !== undefined && sameToken(presented, token)) return;
    throw tokenRequired();
  }
  const proxied = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
  if (!proxied && isLoopback(request.ip)) return;
  throw token === undefined ? new AppError('forbidden', metricsMessages.localOnly) : tokenRequired();
}
