import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';

/** A new business signs itself up (SPEC §1, §2 Onboarding wizard, D5, D14). */
export const onboardingRoutes: FastifyPluginAsyncZod<{
  db: Database;
  mailer: Mailer;
  config: Config;
}> = async () => {};
