import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import {
  businessSettingsSchema,
  businessSettingsUpdateSchema,
  storefrontKeyRotationSchema,
} from '@storedesk/shared/settings/business';
import type { Database } from '../../db/client.ts';
import { authOf } from '../../plugins/access.ts';
import * as business from './business.service.ts';

const writeErrors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/** Settings > About and Others: the business's own record, theme, live flag, customer app and storefront key. */
export const businessSettingsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/settings/business',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['settings'],
        summary:
          "The business's own record: name, description, time zone, stores, theme, live, customer app, key",
        response: { 200: businessSettingsSchema },
      },
    },
    async (request) => business.getBusinessSettings(db, authOf(request)),
  );

  app.patch(
    '/settings/business',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['settings'],
        summary: 'Save any of the business’s editable fields, based on the version read',
        description:
          '409 with the record as `current` when the version is stale. 400 on `mainStoreId` when it is not a live ' +
          'store of the business, or when a single-store business is left without one; 400 on `timeZone` for a ' +
          'zone that is not an IANA name; 400 on `theme` for colours outside the palette.',
        body: businessSettingsUpdateSchema,
        response: { 200: businessSettingsSchema, ...writeErrors },
      },
    },
    async (request) => business.updateBusinessSettings(db, authOf(request), request.body),
  );

  app.post(
    '/settings/business/storefront-key',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['settings'],
        summary: 'Replace the storefront key; the old one is refused (401) from then on',
        body: storefrontKeyRotationSchema,
        response: { 200: businessSettingsSchema, ...writeErrors },
      },
    },
    async (request) => business.rotateStorefrontKey(db, authOf(request), request.body),
  );
};
