import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import {
  paymentModeInputSchema,
  paymentModeListSchema,
  paymentModeSchema,
  paymentModeUpdateSchema,
} from '@storedesk/shared/settings/payment-modes';
import type { Database } from '#server/db/client.ts';
import { deleteQuerySchema, idParam } from '#server/lib/route-schemas.ts';
import { authOf } from '#server/plugins/access.ts';
import * as paymentModes from './payment-modes.service.ts';

const params = z.object({ id: idParam });
const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/** Settings > Payment Modes (SPEC §4, §5), the owner's only; an admin gets 403 from each. */
export const paymentModesRoutes: FastifyPluginAsyncZod<{ db: Database; online: boolean }> = async (
  app,
  { db, online },
) => {
  app.get(
    '/settings/payment-modes',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['settings'],
        summary: 'The payment modes of the business (at most one of each type): COD, UPI, CARD',
        response: { 200: paymentModeListSchema },
      },
    },
    async (request) => paymentModes.listPaymentModes(db, authOf(request)),
  );

  app.post(
    '/settings/payment-modes',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['settings'],
        summary: 'Add a payment mode of a type the business has none of yet',
        description:
          '409 with the reason on `type` when the business already has a mode of that type. ' +
          'A UPI mode needs `upiInfo` (receiver name, UPI address as name@handle); other types take none. ' +
          'A `disableReason` is refused on an enabled mode.',
        body: paymentModeInputSchema,
        response: { 201: paymentModeSchema, 400: errorEnvelopeSchema, 409: errorEnvelopeSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await paymentModes.createPaymentMode(db, authOf(request), request.body, online)),
  );

  app.patch(
    '/settings/payment-modes/:id',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['settings'],
        summary: 'Change a payment mode, based on the version read',
        description:
          'Any of title, enabled, disableReason and (UPI only) upiInfo. A reason is refused (400) when the mode ' +
          'is enabled after the change; enabling a mode clears its reason. The type cannot change.',
        params,
        body: paymentModeUpdateSchema,
        response: { 200: paymentModeSchema, ...errors },
      },
    },
    async (request) => paymentModes.updatePaymentMode(db, authOf(request), request.params.id, request.body),
  );

  app.delete(
    '/settings/payment-modes/:id',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['settings'],
        summary: 'Remove a payment mode, based on the version read',
        params,
        querystring: deleteQuerySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await paymentModes.deletePaymentMode(db, authOf(request), request.params.id, request.query.version);
      return reply.status(204).send(null);
    },
  );
};
