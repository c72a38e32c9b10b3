/**
 * The VAPID key pair every push is signed with (ADR 0017). One pair for the
 * whole server, so that every instance signs alike and subscriptions made
 * against one instance's public key are honoured whichever instance sends.
 */
import webpush from 'web-push';
import { z } from 'zod';
import type { Config } from '#server/config.ts';
import type { Executor } from '#server/db/client.ts';
import type { VapidKeys } from '#server/web-push/sender.ts';
import { findServerSetting, insertServerSettingIfAbsent } from './push.repository.ts';

/** The server_settings key the generated pair is kept under. */
export const vapidSettingKey = 'vapid';

const storedKeysSchema = z.object({ publicKey: z.string().min(1), privateKey: z.string().min(1) });

/**
 * The key pair: the one VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY give, else the
 * one kept in the database, made on first use. Two instances starting at once
 * may both make a pair; the insert keeps the first and both read it back, so
 * they end up with the same one.
 */
export async function loadVapidKeys(db: Executor, configured: Config['vapidKeys']): Promise<VapidKeys> {
  if (configured) return configured;
  const stored = storedKeysSchema.safeParse(await findServerSetting(db, vapidSettingKey));
  if (stored.success) return stored.data;
  const made = webpush.generateVAPIDKeys();
  await insertServerSettingIfAbsent(db, vapidSettingKey, made);
  const kept = storedKeysSchema.safeParse(await findServerSetting(db, vapidSettingKey));
  if (!kept.success) throw new Error(`server_settings '${vapidSettingKey}' does not hold a VAPID key pair`);
  return kept.data;
}
