import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
