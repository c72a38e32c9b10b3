import { and, eq, sql } from 'drizzle-orm';
import type { NotificationSettingsUpdate } from '@storedesk/shared/settings/notifications';
import type { Executor } from '#server/db/client.ts';
import { notificationSettings as table } from '#server/db/schema.ts';
import { ofBusiness, type Scope } from '#server/lib/scope.ts';

const columns = {
  smsConfirmed: table.smsConfirmed,
  smsPickedUp: table.smsPickedUp,
  smsDelivered: table.smsDelivered,
  smsCancelled: table.smsCancelled,
  whatsappConfirmed: table.whatsappConfirmed,
  whatsappPickedUp: table.whatsappPickedUp,
  whatsappDelivered: table.whatsappDelivered,
  whatsappCancelled: table.whatsappCancelled,
  smsRefunded: table.smsRefunded,
  smsItemsChanged: table.smsItemsChanged,
  whatsappRefunded: table.whatsappRefunded,
  whatsappItemsChanged: table.whatsappItemsChanged,
  version: table.version,
  updatedAt: table.updatedAt,
};
export type NotificationRow = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] };

/**
 * The choices as the table keeps them, one column per channel and update; a later update left out
 * is left out, so an update keeps it and an insert takes its default (off).
 */
export function rowValues({
  sms,
  whatsapp,
  refunded,
  itemsChanged,
}: Omit<NotificationSettingsUpdate, 'version'>) {
  return {
    smsConfirmed: sms.confirmed,
    smsPickedUp: sms.pickedUp,
    smsDelivered: sms.delivered,
    smsCancelled: sms.cancelled,
    whatsappConfirmed: whatsapp.confirmed,
    whatsappPickedUp: whatsapp.pickedUp,
    whatsappDelivered: whatsapp.delivered,
    whatsappCancelled: whatsapp.cancelled,
    ...(refunded === undefined ? {} : { smsRefunded: refunded.sms, whatsappRefunded: refunded.whatsapp }),
    ...(itemsChanged === undefined
      ? {}
      : { smsItemsChanged: itemsChanged.sms, whatsappItemsChanged: itemsChanged.whatsapp }),
  };
}

/** The business's saved choices; undefined while it has never saved them. */
export async function findNotificationSettings(
  db: Executor,
  scope: Scope,
): Promise<NotificationRow | undefined> {
  const [row] = await db.select(columns).from(table).where(ofBusiness(table, scope));
  return row;
}

/** The first save (version 1); undefined when the business has a row already. */
export async function insertNotificationSettings(
  db: Executor,
  scope: Scope,
  values: ReturnType<typeof rowValues>,
): Promise<NotificationRow | undefined> {
  const [row] = await db
    .insert(table)
    .values({ businessId: scope.businessId, ...values })
    .onConflictDoNothing({ target: table.businessId })
    .returning(columns);
  return row;
}

/** Writes the choices if they are still at `version`; undefined when they are not. */
export async function updateNotificationSettings(
  db: Executor,
  scope: Scope,
  version: number,
  values: ReturnType<typeof rowValues>,
): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(table)
    .set({ ...values, version: sql`${table.version} + 1`, updatedAt: sql`now()` })
    .where(and(ofBusiness(table, scope), eq(table.version, version)))
    .returning(columns);
  return row;
}
