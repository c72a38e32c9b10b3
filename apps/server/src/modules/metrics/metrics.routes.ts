import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import type { Database } from '#server/db/client.ts';
import type { EventHub } from '#server/realtime/hub.ts';
import { assertMayReadMetrics } from './metrics.access.ts';
import { createMetrics, UNMATCHED_ROUTE, type AppMetrics } from './metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics, for the modules that count something (ADR 0022). */
    metrics: AppMetrics;
  }
}

const plugin: FastifyPluginAsyncZod<{
  db: Database;
  /** What reports, exports and the dashboard read: `db` itself unless DATABASE_READ_URL names a standby. */
  readDb: Database;
  hub: EventHub;
  metricsToken: string | undefined;
}> = async (app, { db, readDb, hub, metricsToken }) => {
  const metrics = createMetrics({
    pools: { primary: db.$client, read: readDb === db ? null : readDb.$client },
    openStreams: () => hub.size,
    onFanOut: (listener) => hub.onFanOut(listener),
  });
  app.decorate('metrics', metrics);

  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest({
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
    });
  });

  app.get(
    '/api/metrics',
    {
      // Sessions do not apply; the route has its own rule, checked in the handler.
      config: { access: 'public' },
      schema: {
        tags: ['metrics'],
        summary: 'Metrics of this server process in the Prometheus text format',
        description:
          'Answered to a client on the server’s own machine (loopback address, and no X-Forwarded-For, ' +
          'Forwarded or X-Real-IP header: a request through a proxy is not local), or to a caller sending ' +
          '`Authorization: Bearer <METRICS_TOKEN>` when that is configured. 401: a token is configured and ' +
          'none or a wrong one was sent. 403: no token is configured and the client is not local.',
        response: {
          200: {
            description:
              'HTTP requests and their latency by method, route pattern and status; orders placed; open ' +
              'live-event streams; database pool use; Node.js process metrics (event-loop lag among them)',
            content: { 'text/plain': { schema: z.string() } },
          },
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      assertMayReadMetrics(request, metricsToken);
      const text = await metrics.registry.metrics();
      return reply.type(metrics.registry.contentType).header('cache-control', 'no-store').send(text);
    },
  );
};

/**
 * GET /api/metrics, and the hook that counts every request. It is registered
 * on the root instance, before the other routes, so that the hook sees all of
 * them and `app.metrics` reaches every module; hence its full path.
 */
export const metricsRoutes = fp(plugin, { name: 'metrics' });
