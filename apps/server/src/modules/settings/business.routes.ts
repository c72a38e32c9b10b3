import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import {
  businessSettingsSchema,
  businessSettingsUpdateSchema,
  smsUsageSchema,
  storefrontKeyRotationSchema,
} from '@storedesk/shared/settings/business';
import type { Database } from '#server/db/client.ts';
import { authOf } from '#server/plugins/access.ts';
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
    async (request) => business.getBusinessSettings(db, authOf(request), app.shops),
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
          'zone that is not an IANA name; 400 on `theme` for colours outside the palette; 400 on `shopDomain` for ' +
          'a name that is not a domain or is one of this server’s own (the console’s, or one SHOP_URL gives a ' +
          'shop), and 409 on it when another business uses it. A new `shopDomain` is served by this instance at ' +
          'once and by every other within 10 seconds.',
        body: businessSettingsUpdateSchema,
        response: { 200: businessSettingsSchema, ...writeErrors },
      },
    },
    async (request) => business.updateBusinessSettings(db, authOf(request), request.body, app.shops),
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
    async (request) => business.rotateStorefrontKey(db, authOf(request), request.body, app.shops),
  );

  app.get(
    '/settings/sms-usage',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['settings'],
        summary: 'The texts the business has sent today, on its own clock, and its daily ceiling',
        description:
          'Every text (sign-in codes among them) is counted before it is sent; once `sent` reaches `limit`, ' +
          'asking for a text answers 429 until midnight in the business’s time zone.',
        response: { 200: smsUsageSchema },
      },
    },
    async (request) => business.smsUsage(db, authOf(request)),
  );
};
