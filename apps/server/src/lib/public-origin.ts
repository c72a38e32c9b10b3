import type { FastifyRequest } from 'fastify';

/** The origin (and any path PUBLIC_URL has) that links in messages and absolute URLs start with. */
export type OriginOf = (request: FastifyRequest) => string;

const loopback = new Set(['127.0.0.1', '::1', 'localhost']);
const everyInterface = new Set(['0.0.0.0', '::']);

/** Whether HOST takes connections from this machine only. */
export const isLoopback = (host: string) => loopback.has(host);

/**
 * The address a local install is reached at: what the server listens on, with
 * localhost for a loopback or every-interface address (as the start line prints it).
 */
export function listeningOrigin(host: string, port: number): string {
  const name =
    loopback.has(host) || everyInterface.has(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** The last value of a header a proxy may have appended to (`a, b`). */
function lastEntry(value: string | string[] | undefined): string | undefined {
  const joined = Array.isArray(value) ? value.join(',') : value;
  return joined?.split(',').at(-1)?.trim().toLowerCase() || undefined;
}

/**
 * Where links point (ADR 0032). Nothing the client sends decides it, so a
 * reset link cannot be aimed at another site with a forged Host header:
 * - PUBLIC_URL, when set;
 * - else, for a request relayed by a proxy TRUST_PROXY trusts, the host of its
 *   X-Forwarded-Host (with the scheme of its X-Forwarded-Proto) when that host
 *   is one of PUBLIC_HOSTS;
 * - else the address the server listens on.
 * Host and Forwarded are never read.
 */
export function publicOriginOf(
  settings: { publicUrl: string | undefined; publicHosts: string[]; host: string; port: number },
  isTrustedProxy: (address: string) => boolean,
): OriginOf {
  if (settings.publicUrl) {
    const fixed = settings.publicUrl.replace(/\/+$/, '');
    return () => fixed;
  }
  const fallback = listeningOrigin(settings.host, settings.port);
  const allowed = new Set(settings.publicHosts);
  if (allowed.size === 0) return () => fallback;
  return (request) => {
    const peer = request.socket?.remoteAddress;
    if (peer === undefined || !isTrustedProxy(peer)) return fallback;
    const host = lastEntry(request.headers['x-forwarded-host']);
    if (host === undefined || !allowed.has(host)) return fallback;
    const scheme = lastEntry(request.headers['x-forwarded-proto']) === 'https' ? 'https' : 'http';
    return `${scheme}://${host}`;
  };
}
