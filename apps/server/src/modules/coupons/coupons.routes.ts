import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  couponCloseSchema,
  couponInputSchema,
  couponListQuerySchema,
  couponSchema,
} from '@storedesk/shared/coupons/schemas';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import { listResponseSchema } from '@storedesk/shared/lists';
import type { Database } from '#server/db/client.ts';
import { authOf } from '#server/plugins/access.ts';
import * as coupons from './coupons.service.ts';

/** A code in the path is letters and digits; anything else names no coupon (404). */
const params = z.object({ code: z.string().regex(/^[A-Za-z0-9]{1,50}$/) });

/** Coupons (D16) are the owner's to manage (SPEC §6); an admin gets 403 from every one of these. */
export const couponsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/coupons',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['coupons'],
        summary: 'The open coupons of the business, newest first; q finds a code or a name',
        description:
          '`expired` is true once the coupon’s last valid day (`expiresAt`) is before today in the ' +
          'business’s time zone. Closed coupons are not listed.',
        querystring: couponListQuerySchema,
        response: { 200: listResponseSchema(couponSchema), 400: errorEnvelopeSchema },
      },
    },
    async (request) => coupons.listCoupons(db, authOf(request), request.query),
  );

  app.post(
    '/coupons',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['coupons'],
        summary: 'Add an open coupon',
        description:
          'Every field of SPEC §5 is required. 400 with `fields` for each field at fault, including ' +
          'stores or customers that are not the business’s (`storeIds`, `customerIds`) and an expiry ' +
          'before today. 409 on `code` when the business has the code already, in any case.',
        body: couponInputSchema,
        response: { 201: couponSchema, 400: errorEnvelopeSchema, 409: errorEnvelopeSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await coupons.createCoupon(db, authOf(request), request.body)),
  );

  app.patch(
    '/coupons/:code',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['coupons'],
        summary: 'Close a coupon: `{usageType: "CLOSE", version}`',
        description:
          'The code matches ignoring case. The customer app refuses a closed coupon from then on. ' +
          '404 when the business has no such coupon; 409 with the coupon as `current` when the version ' +
          'is stale or the coupon is already closed (closing is final).',
        params,
        body: couponCloseSchema,
        response: {
          200: couponSchema,
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
        },
      },
    },
    async (request) => coupons.closeCoupon(db, authOf(request), request.params.code, request.body),
  );
};
