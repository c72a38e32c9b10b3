import {
  defaultNotificationSettings,
  type NotificationSettings,
  type NotificationSettingsUpdate,
} from '@storedesk/shared/settings/notifications';
import type { Database } from '#server/db/client.ts';
import type { AuthContext } from '#server/lib/callers.ts';
import { scopeOf } from '#server/lib/scope.ts';
import { writeVersioned } from '#server/lib/versioned.ts';
import * as repo from './notification-settings.repository.ts';
import { announceSettings } from './settings-events.ts';

function toSettings(row: repo.NotificationRow | undefined): NotificationSettings {
  if (!row) return defaultNotificationSettings;
  return {
    sms: {
      confirmed: row.smsConfirmed,
      pickedUp: row.smsPickedUp,
      delivered: row.smsDelivered,
      cancelled: row.smsCancelled,
    },
    whatsapp: {
      confirmed: row.whatsappConfirmed,
      pickedUp: row.whatsappPickedUp,
      delivered: row.whatsappDelivered,
      cancelled: row.whatsappCancelled,
    },
    refunded: { sms: row.smsRefunded, whatsapp: row.whatsappRefunded },
    itemsChanged: { sms: row.smsItemsChanged, whatsapp: row.whatsappItemsChanged },
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The saved choices, or the defaults (nothing sent, version 0) of a business that has never saved them. */
export async function getNotificationSettings(
  db: Database,
  auth: AuthContext,
): Promise<NotificationSettings> {
  return toSettings(await repo.findNotificationSettings(db, scopeOf(auth)));
}

/** Saves both channels' choices from the version read (D9): version 0 creates them; 409 when stale. */
export async function saveNotificationSettings(
  db: Database,
  auth: AuthContext,
  { version, ...choices }: NotificationSettingsUpdate,
): Promise<NotificationSettings> {
  const scope = scopeOf(auth);
  const values = repo.rowValues(choices);
  return db.transaction(async (tx) => {
    const row = await writeVersioned(
      () =>
        version === 0
          ? repo.insertNotificationSettings(tx, scope, values)
          : repo.updateNotificationSettings(tx, scope, version, values),
      async () => toSettings(await repo.findNotificationSettings(tx, scope)),
    );
    await announceSettings(tx, scope, 'notifications', 'updated');
    return toSettings(row);
  });
}
