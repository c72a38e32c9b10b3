import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import { orderSettingsSchema, orderSettingsUpdateSchema } from '@storedesk/shared/settings/order-settings';
import type { Database } from '#server/db/client.ts';
import { authOf } from '#server/plugins/access.ts';
import * as orderSettings from './order-settings.service.ts';

/**
 * Settings > Order Settings (SPEC §5, D12): the owner's to change (an admin's PUT is 403). Every
 * staff member reads them: the order's screen follows "print the kitchen ticket on confirming"
 * (B15), and the customer app publishes the rest anyway.
 */
export const orderSettingsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/settings/order',
    {
      schema: {
        tags: ['settings'],
        summary: 'Delivery charges and minimum order value, in paise, and the dispatch and printing settings',
        description:
          'A business that has never saved them reads the defaults (charges off, 0, 0) with version 0.',
        response: { 200: orderSettingsSchema },
      },
    },
    async (request) => orderSettings.getOrderSettings(db, authOf(request)),
  );

  app.put(
    '/settings/order',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['settings'],
        summary: 'Save the order settings, based on the version read; the next storefront order follows them',
        description:
          'Amounts are whole paise from 0 to 1,000,000,000. Version 0 creates the settings of a business that ' +
          'has none; 409 with the current settings when the version is stale.',
        body: orderSettingsUpdateSchema,
        response: { 200: orderSettingsSchema, 400: errorEnvelopeSchema, 409: errorEnvelopeSchema },
      },
    },
    async (request) => orderSettings.saveOrderSettings(db, authOf(request), request.body),
  );
};
