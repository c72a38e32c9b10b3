import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '#server/plugins/error-handler.ts';
import { databaseAnswers } from './health.service.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Whether the server and its database answer',
        description: `503 with \`Retry-After: ${DATABASE_RETRY_AFTER_SECONDS}\`, as every answer while the database does not.`,
        response: {
          200: z.object({ status: z.literal('ok') }),
          503: z.object({ status: z.literal('unavailable') }),
        },
      },
    },
    async (_request, reply) => {
      const ok = await Promise.race([
        databaseAnswers(db).then(
          () => true,
          () => false,
        ),
        new Promise<boolean>((resolve) => setTimeout(resolve, 2000, false).unref()),
      ]);
      if (ok) return { status: 'ok' as const };
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ status: 'unavailable' as const });
    },
  );
};
