import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's security headers (CSP and the rest), worked out once at start: they
 * are the same for every response, and building helmet's middleware anew for
 * each request, as the Fastify plugin does, cost more than our own hooks.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
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
  app.addHook('onRequest', (_request, reply, next) => {
    void reply.headers(headers);
    next();
  });
}
