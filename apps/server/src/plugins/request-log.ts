import type { FastifyInstance } from 'fastify';

/**
 * One line per request, once it is answered, at debug. At the default level (info) the log keeps
 * what a person reads it for: the start-up lines, the links of mails and texts written to the
 * outbox, warnings and errors (a failed request is still logged as an error). LOG_LEVEL=debug adds
 * the requests. Fastify's own two lines per request are turned off where the app is made.
 */
export function logRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.debug(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request answered',
    );
  });
}
