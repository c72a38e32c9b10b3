import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '#server/db/client.ts';
import { businessSettingsRoutes } from './business.routes.ts';
import { helplinesRoutes } from './helplines.routes.ts';
import { notificationSettingsRoutes } from './notification-settings.routes.ts';
import { orderSettingsRoutes } from './order-settings.routes.ts';
import { paymentModesRoutes } from './payment-modes.routes.ts';
import { referralSettingsRoutes } from './referral-settings.routes.ts';

/** /settings of SPEC §2, owner only: one plugin per tab's records, each saved on its own with its version (D9). */
export const settingsRoutes: FastifyPluginAsyncZod<{ db: Database; online: boolean }> = async (
  app,
  { db, online },
) => {
  await app.register(businessSettingsRoutes, { db });
  await app.register(paymentModesRoutes, { db, online });
  await app.register(helplinesRoutes, { db });
  await app.register(orderSettingsRoutes, { db });
  await app.register(referralSettingsRoutes, { db });
  await app.register(notificationSettingsRoutes, { db });
};
