import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** helmet's headers of one set of options, worked out once. */
function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => {},
  };
  let done = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {
    done = true;
  });
  if (!done || !headers['content-security-policy'])
    throw new Error('helmet did not give its headers at start');
  return headers;
}

/**
 * helmet's security headers (CSP and the rest), worked out once at start: they are the same for
 * every response of a site, and building helmet's middleware anew for each request, as the
 * Fastify plugin does, cost more than our own hooks. The console's origin has its set, the shops'
 * origins theirs (ADR 0055).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  sets: { console: HelmetOptions; shop: HelmetOptions },
  isShop: (request: FastifyRequest) => boolean,
) {
  const consoleHeaders = headersOf(sets.console);
  const shopHeaders = headersOf(sets.shop);
  app.addHook('onRequest', (request, reply, next) => {
    void reply.headers(isShop(request) ? shopHeaders : consoleHeaders);
    next();
  });
}

/**
 * The headers that speak only to a page: its content policy, its window's isolation, its framing,
 * the legacy XSS filter, downloads and DNS prefetch. A built script or stylesheet is never a page
 * (served with its type and `nosniff`), so sending them with each one costs every screen about
 * half a kilobyte a file on a slow phone and protects nothing. Kept: `nosniff`, the resource policy, HSTS
 * and the referrer policy (a stylesheet's own fetches follow it).
 */
const pageOnlyHeaders = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * The headers of a file of a build's `assets/` folder (hashed, immutable). Scripts and stylesheets
 * drop the page-only headers; anything else (an SVG or a page could run script) keeps them all.
 * No build places a worker's script there: a worker takes its content policy from its own response.
 */
export function builtAssetHeaders(reply: FastifyReply, filePath: string) {
  void reply.header('cache-control', 'public, max-age=31536000, immutable');
  // @fastify/static names the file it sends: the build's .br or .gz beside the script, when chosen.
  if (!/\.(?:js|css)(?:\.br|\.gz)?$/.test(filePath)) return;
  for (const name of pageOnlyHeaders) void reply.removeHeader(name);
}
