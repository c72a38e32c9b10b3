import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { storefrontKeyHeader } from '@storedesk/shared/storefront/schemas';
import { deviceIdHeader } from '@storedesk/shared/storefront/page';

/**
 * CORS of the customer API: a customer app in a browser on any origin may
 * call it. No cookie is ever read there, only the publishable key and a
 * customer's bearer token, which a page must hold to send, so `*` gives
 * nothing away.
 */
export const cors = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'retry-after' };

/** The headers a customer app's request may carry. */
const allowedHeaders = `content-type, authorization, last-event-id, ${storefrontKeyHeader}, ${deviceIdHeader}`;

/** The CORS preflight of an endpoint of the customer API. */
export function registerPreflight(
  app: FastifyInstance,
  url: string,
  /** The methods it allows, e.g. `POST, DELETE`. */
  methods: string,
  what: string,
) {
  app.options(
    url,
    {
      config: { access: 'public', crossOrigin: true },
      schema: {
        tags: ['storefront'],
        summary: `The CORS preflight of ${what} from a browser on another origin`,
        response: {
          204: z
            .null()
            .describe(`CORS headers allowing ${methods} with \`X-Storefront-Key\` from any origin`),
        },
      },
    },
    async (_request, reply) =>
      reply
        .status(204)
        .headers({
          ...cors,
          'access-control-allow-methods': methods,
          'access-control-allow-headers': allowedHeaders,
          'access-control-max-age': '600',
        })
        .send(null),
  );
}

/** An onSend hook: every answer, refusals included, is readable by the calling page. */
export async function withCors(_request: FastifyRequest, reply: FastifyReply) {
  void reply.headers(cors);
}

/** The headers of the customer API: the business's key, and a customer's token where one is needed. */
export const storefrontHeaders = z.looseObject({
  [storefrontKeyHeader]: z.string().optional().describe('The business’s publishable storefront key'),
});
export const customerHeaders = storefrontHeaders.extend({
  authorization: z.string().optional().describe('`Bearer <token>` of the signed-in customer'),
});
