import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import { listResponseSchema } from '@storedesk/shared/lists';
import {
  staffInputSchema,
  staffKinds,
  staffListQuerySchema,
  staffMemberSchema,
  staffUpdateSchema,
  type StaffKind,
} from '@storedesk/shared/staff/schemas';
import type { Database } from '#server/db/client.ts';
import { deleteQuerySchema, idParam } from '#server/lib/route-schemas.ts';
import type { Access } from '#server/plugins/access.ts';
import { authOf } from '#server/plugins/access.ts';
import * as staff from './staff.service.ts';

const params = z.object({ userId: idParam });
const errors = {
  400: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

/** Admins are the owner's to manage; delivery executives every staff member's, within their zone (D3). */
const accessOf: Record<StaffKind, Access> = { admins: 'owner', 'delivery-executives': 'staff' };
const nounOf: Record<StaffKind, { one: string; many: string }> = {
  admins: { one: 'an admin', many: 'Admins' },
  'delivery-executives': { one: 'a delivery executive', many: 'Delivery executives' },
};

export const staffRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  for (const kind of Object.keys(staffKinds) as StaffKind[]) {
    const level = staffKinds[kind];
    const config = { access: accessOf[kind] };
    const noun = nounOf[kind];
    const tags = ['staff'];

    app.get(
      `/${kind}`,
      {
        config,
        schema: {
          tags,
          summary: `${noun.many} of the caller’s zone (or the owner’s chosen zone), searchable and paged`,
          querystring: staffListQuerySchema,
          response: { 200: listResponseSchema(staffMemberSchema), 400: errorEnvelopeSchema },
        },
      },
      async (request) => staff.listStaff(db, authOf(request), level, request.query),
    );

    app.post(
      `/${kind}`,
      {
        config,
        schema: {
          tags,
          summary: `Add ${noun.one} with a password; the owner names the zone, an admin’s go to their own`,
          body: staffInputSchema,
          response: { 201: staffMemberSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await staff.createStaffMember(db, authOf(request), level, request.body)),
    );

    app.get(
      `/${kind}/:userId`,
      {
        config,
        schema: {
          tags,
          summary: `One of the ${noun.many.toLowerCase()}`,
          params,
          response: { 200: staffMemberSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema },
        },
      },
      async (request) => staff.getStaffMember(db, authOf(request), level, request.params.userId),
    );

    app.patch(
      `/${kind}/:userId`,
      {
        config,
        schema: {
          tags,
          summary: `Change ${noun.one}’s details, based on the version read; a move or a new password ends their sessions`,
          params,
          body: staffUpdateSchema,
          response: { 200: staffMemberSchema, ...errors },
        },
      },
      async (request) =>
        staff.updateStaffMember(db, authOf(request), level, request.params.userId, request.body),
    );

    app.delete(
      `/${kind}/:userId`,
      {
        config,
        schema: {
          tags,
          summary: `Delete ${noun.one} and end their sessions`,
          params,
          querystring: deleteQuerySchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await staff.deleteStaffMember(
          db,
          authOf(request),
          level,
          request.params.userId,
          request.query.version,
        );
        return reply.status(204).send(null);
      },
    );
  }
};
