import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@storedesk/shared/errors';
import {
  notificationSettingsSchema,
  notificationSettingsUpdateSchema,
} from '@storedesk/shared/settings/notifications';
import type { Database } from '#server/db/client.ts';
import { authOf } from '#server/plugins/access.ts';
import * as notifications from './notification-settings.service.ts';

/** Settings › Notifications (B19, ADR 0075), the owner's only; an admin gets 403 from each. */
export const notificationSettingsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/settings/notifications',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['settings'],
        summary: 'Which changes of an order’s status text its customer, by SMS and by WhatsApp',
        description: 'A business that has never saved them reads every update off, with version 0.',
        response: { 200: notificationSettingsSchema },
      },
    },
    async (request) => notifications.getNotificationSettings(db, authOf(request)),
  );

  app.put(
    '/settings/notifications',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['settings'],
        summary: 'Save which changes of an order’s status text its customer, based on the version read',
        description:
          'Both channels whole, each with `confirmed`, `pickedUp`, `delivered` and `cancelled` as true or ' +
          'false. With an SMS update on, that change of an order texts its customer (through SMS_URL, or to ' +
          'DATA_DIR/outbox without it), within the business’s daily ceiling of texts. WhatsApp updates are ' +
          'kept but not sent yet: they wait for the customers’ opt-in. Version 0 creates the settings of a ' +
          'business that has none; 409 with the current settings when the version is stale.',
        body: notificationSettingsUpdateSchema,
        response: { 200: notificationSettingsSchema, 400: errorEnvelopeSchema, 409: errorEnvelopeSchema },
      },
    },
    async (request) => notifications.saveNotificationSettings(db, authOf(request), request.body),
  );
};
