import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  currentPasswordSchema,
  recoveryCodesSchema,
  totpConfirmSchema,
  totpEnrolmentSchema,
  twoFactorSettingSchema,
  twoFactorSettingUpdateSchema,
  twoFactorStatusSchema,
} from '@storedesk/shared/auth/two-factor';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import type { Database } from '#server/db/client.ts';
import { authOf } from '#server/plugins/access.ts';
import * as twoFactor from '#server/modules/auth/two-factor.service.ts';

const refusals = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 409: errorEnvelopeSchema };
/** What a change that needs the current password may answer: 429 past its tries (ADR 0054). */
const passwordRefusals = { ...refusals, 429: errorEnvelopeSchema };

/** The signed-in person's two-step sign-in (B15, ADR 0044), and the owner's requirement of it. */
export const twoFactorAccountRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/account/two-factor',
    {
      schema: {
        tags: ['account'],
        summary: 'Whether two-step sign-in is on, since when, and how many recovery codes are left',
        response: { 200: twoFactorStatusSchema },
      },
    },
    async (request) => twoFactor.getStatus(db, authOf(request)),
  );

  app.post(
    '/account/two-factor/totp',
    {
      schema: {
        tags: ['account'],
        summary:
          'Start setting up an authenticator app: answers its secret, pending until a code confirms it',
        body: currentPasswordSchema,
        response: { 200: totpEnrolmentSchema, ...passwordRefusals },
      },
    },
    async (request) => twoFactor.startTotp(db, authOf(request), request.body),
  );

  app.post(
    '/account/two-factor/totp/confirm',
    {
      schema: {
        tags: ['account'],
        summary:
          "Confirm the app's code: two-step sign-in is on; answers ten recovery codes, shown this once",
        body: totpConfirmSchema,
        response: { 200: recoveryCodesSchema, ...refusals },
      },
    },
    async (request) => twoFactor.confirmTotp(db, authOf(request), request.body.code),
  );

  app.post(
    '/account/two-factor/recovery-codes',
    {
      schema: {
        tags: ['account'],
        summary: 'Ten new recovery codes in place of the old ones',
        body: currentPasswordSchema,
        response: { 200: recoveryCodesSchema, ...passwordRefusals },
      },
    },
    async (request) => twoFactor.renewRecoveryCodes(db, authOf(request), request.body),
  );

  app.delete(
    '/account/two-factor',
    {
      schema: {
        tags: ['account'],
        summary: 'Turn two-step sign-in off: removes the authenticator secret and the recovery codes',
        body: currentPasswordSchema,
        response: { 204: z.null(), ...passwordRefusals },
      },
    },
    async (request, reply) => {
      await twoFactor.turnOff(db, authOf(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/settings/two-factor',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['settings'],
        summary: 'Whether the business requires two-step sign-in of every staff member',
        response: { 200: twoFactorSettingSchema, 403: errorEnvelopeSchema },
      },
    },
    async (request) => twoFactor.getSetting(db, authOf(request)),
  );

  app.put(
    '/settings/two-factor',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['settings'],
        summary: 'Require two-step sign-in of every staff member, or stop requiring it',
        description:
          'Staff without it are asked to set it up at their next sign-in (ADR 0044). `version` (the business’s) is optional.',
        body: twoFactorSettingUpdateSchema,
        response: { 200: twoFactorSettingSchema, ...refusals },
      },
    },
    async (request) => twoFactor.updateSetting(db, authOf(request), request.body),
  );
};
