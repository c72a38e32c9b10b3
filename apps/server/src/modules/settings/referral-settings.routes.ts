import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import {
  referralSettingsSchema,
  referralSettingsUpdateSchema,
} from '@storedesk/shared/settings/referral-settings';
import type { Database } from '#server/db/client.ts';
import { authOf } from '#server/plugins/access.ts';
import * as referralSettings from './referral-settings.service.ts';

/** Settings > Referral Settings (SPEC §5), the owner's only; an admin gets 403 from each. */
export const referralSettingsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/settings/referral',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['settings'],
        summary: 'The referral program: its reward, limits and message; amounts in paise',
        description: 'A business that has never saved it reads the defaults (disabled) with version 0.',
        response: { 200: referralSettingsSchema },
      },
    },
    async (request) => referralSettings.getReferralSettings(db, authOf(request)),
  );

  app.put(
    '/settings/referral',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['settings'],
        summary: 'Save the referral program, based on the version read',
        description:
          'While `enabled` is true every field is required; while false, fields left out keep their saved ' +
          'values. Numbers must be JSON numbers (a string such as "10" is refused). Version 0 creates the ' +
          'settings of a business that has none; 409 with the current settings when the version is stale.',
        body: referralSettingsUpdateSchema,
        response: { 200: referralSettingsSchema, 400: errorEnvelopeSchema, 409: errorEnvelopeSchema },
      },
    },
    async (request) => referralSettings.saveReferralSettings(db, authOf(request), request.body),
  );
};
