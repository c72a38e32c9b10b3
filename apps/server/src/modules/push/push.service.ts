import type {
  PushNotification,
  PushNotificationList,
  PushNotificationListQuery,
  PushNotificationRequest,
  PushSubscriptionInput,
  PushSubscriptionRecord,
} from '@storedesk/shared/push/schemas';
import { pushMessages } from '@storedesk/shared/push/schemas';
import type { AuthContext, CustomerContext } from '#server/lib/callers.ts';
import type { Database } from '#server/db/client.ts';
import { invalid, notFound } from '#server/lib/errors.ts';
import { registrationRefusal, type EndpointAllowlist } from '#server/web-push/endpoint-rule.ts';
import { publishEvent } from '#server/realtime/events.repository.ts';

import * as repo from './push.repository.ts';
import { abandonedAfterSeconds, type PushSending } from './push.sending.ts';

export function toNotification(row: repo.NotificationRow): PushNotification {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    sentByName: row.sentByName,
    createdAt: row.createdAt.toISOString(),
    total: row.total,
    delivered: row.delivered,
    failed: row.failed,
    status: row.status,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Registers a customer's PushSubscription, or renews its keys. The endpoint
 * must pass the endpoint rule, its host name resolving to public addresses
 * only (400 on `endpoint` otherwise, nothing stored).
 * Sent with a signed-in customer's token, the subscription is theirs: their
 * orders' news will go to it (ADR 0038).
 */
export async function registerSubscription(
  db: Database,
  business: { id: string },
  input: PushSubscriptionInput,
  allowlist: EndpointAllowlist,
  customer: CustomerContext | null = null,
  /** The delivery executive whose device it is, instead of a customer's (ADR 0042). */
  executiveId?: string,
): Promise<{ subscription: PushSubscriptionRecord; created: boolean }> {
  const refusal = await registrationRefusal(input.endpoint, allowlist);
  if (refusal) throw invalid({ endpoint: refusal });
  const row = await repo.upsertSubscription(
    db,
    business.id,
    { endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth },
    executiveId ? { executiveId } : { customerId: customer?.customer.id ?? null },
  );
  return {
    subscription: { endpoint: row.endpoint, createdAt: row.createdAt.toISOString() },
    created: row.inserted,
  };
}

/** Removes the business's subscription with this endpoint; 404 when it has none. */
export async function removeSubscription(
  db: Database,
  business: { id: string },
  endpoint: string,
  executiveId?: string,
) {
  if (!(await repo.deleteSubscription(db, business.id, endpoint, executiveId)))
    throw notFound(pushMessages.unknownSubscription);
}

/**
 * Records a send to every subscription the business has now and starts
 * delivering it in the background; answers the record at once, 'sending'.
 */
export async function sendNotification(
  db: Database,
  sending: PushSending,
  auth: AuthContext,
  input: PushNotificationRequest,
): Promise<PushNotification> {
  const businessId = auth.business.id;
  const row = await db.transaction(async (tx) => {
    const inserted = await repo.insertNotification(tx, {
      businessId,
      title: input.title,
      message: input.message,
      sentById: auth.user.id,
      sentByName: auth.user.name,
    });
    await publishEvent(tx, {
      businessId,
      zoneId: null,
      topic: 'push',
      action: 'created',
      recordId: inserted.id,
    });
    return inserted;
  });
  sending.start({
    id: row.id,
    businessId,
    createdAt: row.createdAt,
    payload: { title: row.title, body: row.message },
  });
  return toNotification(row);
}

/**
 * The history of sends, newest first, and how many subscriptions a send
 * would reach now. Sends whose process stopped before finishing them are
 * ended as 'failed' first, so none stays 'sending' for ever.
 */
export async function listNotifications(
  db: Database,
  auth: AuthContext,
  query: PushNotificationListQuery,
): Promise<PushNotificationList> {
  const businessId = auth.business.id;
  await repo.failAbandonedSends(db, businessId, abandonedAfterSeconds);
  const [{ items, total }, subscribers] = await Promise.all([
    repo.findNotifications(db, businessId, query),
    repo.countSubscriptions(db, businessId),
  ]);
  return { items: items.map(toNotification), total, subscribers };
}

/** Whether an order's customer and its executive have devices to push to, read by the statement that writes the order's change (ADR 0088). */
export const orderDevicesQuery = repo.orderDevicesQuery;

export type { PushDelivery } from './delivery.ts';
export type { OrderNews } from './order-news.ts';
