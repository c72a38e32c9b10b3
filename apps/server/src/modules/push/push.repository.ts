import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  lte,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PushNotificationListQuery, PushStatus } from '@storedesk/shared/push/schemas';
import type { Executor } from '#server/db/client.ts';
import { pushNotifications, pushSubscriptions, serverSettings } from '#server/db/schema.ts';
import { eventInsert, type EventInput } from '#server/realtime/events.repository.ts';
import {
  ofBusiness,
  ofExecutive,
  sqlOfBusiness,
  sqlOfExecutive,
  type BusinessScope,
  type ExecutiveScope,
} from '#server/lib/scope.ts';

/** A server-wide setting (server_settings), such as the VAPID key pair. */
export async function findServerSetting(db: Executor, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: serverSettings.value })
    .from(serverSettings)
    .where(eq(serverSettings.key, key));
  return row?.value;
}

/** Stores the setting unless one is there already: the first writer wins, later ones keep theirs. */
export async function insertServerSettingIfAbsent(db: Executor, key: string, value: unknown): Promise<void> {
  await db.insert(serverSettings).values({ key, value }).onConflictDoNothing({ target: serverSettings.key });
}

export type SubscriptionValues = { endpoint: string; p256dh: string; auth: string };

/**
 * Registers a subscription, or renews the keys of the business's subscription
 * with this endpoint. A signed-in customer's (`customerId`) becomes theirs; an
 * anonymous renewal leaves whose it is.
 */
export async function upsertSubscription(
  db: Executor,
  businessId: string,
  values: SubscriptionValues,
  /** Whose device: a signed-in customer's, a delivery executive's (ADR 0042), or nobody's yet. */
  owner: { customerId: string | null } | { executiveId: string },
) {
  const whose =
    'executiveId' in owner
      ? { executiveId: owner.executiveId, customerId: null }
      : owner.customerId
        ? { customerId: owner.customerId, executiveId: null }
        : {};
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ businessId, ...values, ...whose })
    .onConflictDoUpdate({
      target: [pushSubscriptions.businessId, pushSubscriptions.endpoint],
      set: { p256dh: values.p256dh, auth: values.auth, ...whose },
    })
    .returning({
      endpoint: pushSubscriptions.endpoint,
      createdAt: pushSubscriptions.createdAt,
      // xmax is 0 on a row this statement inserted, set on one it updated.
      inserted: sql<boolean>`(xmax = 0)`,
    });
  return row!;
}

export async function deleteSubscription(
  db: Executor,
  businessId: string,
  endpoint: string,
  /** Only this executive's device (the delivery app's unsubscribe). */
  executiveId?: string,
): Promise<boolean> {
  const conditions = [
    ofBusiness(pushSubscriptions, { businessId }),
    eq(pushSubscriptions.endpoint, endpoint),
  ];
  if (executiveId) conditions.push(ofExecutive(pushSubscriptions, { businessId, executiveId }));
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(...conditions))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** The business's notifications go to its customers' devices, never its delivery executives' (ADR 0042). */
const customersDevice = isNull(pushSubscriptions.executiveId);

export async function countSubscriptions(db: Executor, businessId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(and(ofBusiness(pushSubscriptions, { businessId }), customersDevice));
  return row?.n ?? 0;
}

export type SubscriptionRow = { id: string; endpoint: string; p256dh: string; auth: string };

/**
 * The next page of a send's audience: the business's subscriptions made by the
 * time the send started, in endpoint order after `after` (a keyset on the
 * unique index, so every page costs the same however far in).
 */
export async function findSubscriptionPage(
  db: Executor,
  businessId: string,
  madeBy: Date,
  after: string | null,
  limit: number,
): Promise<SubscriptionRow[]> {
  const conditions = [
    ofBusiness(pushSubscriptions, { businessId }),
    lte(pushSubscriptions.createdAt, madeBy),
    customersDevice,
  ];
  if (after !== null) conditions.push(gt(pushSubscriptions.endpoint, after));
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(and(...conditions))
    .orderBy(asc(pushSubscriptions.endpoint))
    .limit(limit);
}

/** Removes subscriptions their push service said are gone (404 or 410). */
export async function deleteSubscriptionsById(
  db: Executor,
  businessId: string,
  ids: string[],
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .delete(pushSubscriptions)
    .where(and(ofBusiness(pushSubscriptions, { businessId }), inArray(pushSubscriptions.id, ids)));
}

const notificationColumns = {
  id: pushNotifications.id,
  title: pushNotifications.title,
  message: pushNotifications.message,
  sentByName: pushNotifications.sentByName,
  createdAt: pushNotifications.createdAt,
  total: pushNotifications.total,
  delivered: pushNotifications.delivered,
  failed: pushNotifications.failed,
  status: pushNotifications.status,
  finishedAt: pushNotifications.finishedAt,
};

export type NotificationRow = {
  id: string;
  title: string;
  message: string;
  sentByName: string;
  createdAt: Date;
  total: number;
  delivered: number;
  failed: number;
  status: PushStatus;
  finishedAt: Date | null;
};

/** A new send, addressed to every subscription the business has now (counted in the same statement). */
export async function insertNotification(
  db: Executor,
  values: { businessId: string; title: string; message: string; sentById: string; sentByName: string },
): Promise<NotificationRow> {
  const [row] = await db
    .insert(pushNotifications)
    .values({
      ...values,
      total: sql`(SELECT count(*)::int FROM ${pushSubscriptions} WHERE ${ofBusiness(pushSubscriptions, values)})`,
      status: 'sending',
    })
    .returning(notificationColumns);
  return row!;
}

export async function findNotifications(db: Executor, businessId: string, query: PushNotificationListQuery) {
  const where = ofBusiness(pushNotifications, { businessId });
  const [items, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select(notificationColumns)
      .from(pushNotifications)
      .where(where)
      .orderBy(desc(pushNotifications.createdAt), desc(pushNotifications.id))
      .limit(query.pageSize)
      .offset(query.page * query.pageSize),
    db.select({ total: count() }).from(pushNotifications).where(where),
  ]);
  return { items, total };
}

export type Progress = { delivered: number; failed: number };

/**
 * Writes a running send's counts, with its live event, in one statement; with
 * `status`, ends it. Only a send still 'sending' is written: false means it
 * was ended elsewhere (found abandoned), and the sender should stop.
 */
export async function recordProgress(
  db: Executor,
  businessId: string,
  id: string,
  progress: Progress,
  status?: Exclude<PushStatus, 'sending'>,
): Promise<boolean> {
  const event: EventInput = {
    businessId,
    zoneId: null,
    topic: 'push',
    action: status ? 'updated' : 'progress',
    recordId: id,
  };
  const written = sql.identifier('written');
  const { rows } = await db.execute(sql`
    WITH ${written} AS (
      UPDATE ${pushNotifications}
      SET delivered = ${progress.delivered}, failed = ${progress.failed}
          ${status ? sql`, status = ${status}, finished_at = now()` : sql``}
      WHERE ${ofBusiness(pushNotifications, { businessId })} AND ${pushNotifications.id} = ${id}
        AND ${pushNotifications.status} = 'sending'
      RETURNING id),
    announced AS (${eventInsert(event, written)})
    SELECT id FROM ${written}`);
  return rows.length > 0;
}

/**
 * Ends as 'failed' the business's sends still 'sending' that have shown no
 * sign of life for `quietSeconds`: neither started nor written progress (each
 * progress write is a live event of the send) in that time. Their process
 * stopped before finishing them. Answers how many it ended.
 */
export async function failAbandonedSends(
  db: Executor,
  businessId: string,
  quietSeconds: number,
): Promise<number> {
  const ended = sql.identifier('ended');
  const quiet = sql`now() - make_interval(secs => ${quietSeconds})`;
  const p = alias(pushNotifications, 'p');
  const { rows } = await db.execute(sql`
    WITH ${ended} AS (
      UPDATE ${pushNotifications} AS p
      SET status = 'failed', finished_at = now()
      WHERE ${ofBusiness(p, { businessId })} AND p.status = 'sending' AND p.created_at < ${quiet}
        AND NOT EXISTS (
          SELECT 1 FROM events e
          WHERE e.business_id = p.business_id AND e.topic = 'push' AND e.record_id = p.id::text
            AND e.created_at >= ${quiet})
      RETURNING p.id),
    announced AS (${eventInsert({ businessId, zoneId: null, topic: 'push', action: 'updated', recordId: null }, ended)})
    SELECT id FROM ${ended}`);
  return rows.length;
}

/** A device of an order's customer: `s` a push subscription of the order's business, `o` the order. */
const customerDeviceOfOrder = sql`s.customer_id = o.customer_id`;
/** A device of the executive an order is given to, while the order is open. */
const executiveDeviceOfOrder = sql`s.executive_id = o.dex_id AND o.state = 1`;

/**
 * Whether an order's customer, and its executive while it is open, have devices to push to, as
 * one row (`customer`, `executive`): a query for the statement that writes a change of the order
 * (ADR 0088), over `order`, the order's row as that statement wrote it. The same devices as
 * `findCustomerDevicesOfOrder` and `findExecutiveDevicesOfOrder` find.
 */
export function orderDevicesQuery(scope: BusinessScope, order: SQLWrapper): SQL {
  return sql`SELECT
    EXISTS (SELECT FROM push_subscriptions s, ${order} o
      WHERE ${sqlOfBusiness('s', scope)} AND ${customerDeviceOfOrder}) AS customer,
    EXISTS (SELECT FROM push_subscriptions s, ${order} o
      WHERE ${sqlOfBusiness('s', scope)} AND ${executiveDeviceOfOrder}) AS executive`;
}

/** A device to push to: a subscription's endpoint and keys. */
type Device = { id: string; endpoint: string; p256dh: string; auth: string };

/** The devices of an order's customer (newest first, at most `limit`), each with what the order's news needs. */
export async function findCustomerDevicesOfOrder(
  db: Executor,
  scope: BusinessScope,
  orderId: string,
  limit: number,
): Promise<(Device & { number: number; status: number; store_name: string })[]> {
  const { rows } = await db.execute<Device & { number: number; status: number; store_name: string }>(sql`
    SELECT o.number, o.status, o.store_name, s.id, s.endpoint, s.p256dh, s.auth
    FROM orders o
    JOIN push_subscriptions s ON s.business_id = o.business_id AND ${customerDeviceOfOrder}
    WHERE ${sqlOfBusiness('o', scope)} AND o.id = ${orderId}
    ORDER BY s.created_at DESC
    LIMIT ${limit}`);
  return rows;
}

/** The devices of the executive an open order is given to (newest first, at most `limit`), with what its news needs. */
export async function findExecutiveDevicesOfOrder(
  db: Executor,
  scope: ExecutiveScope,
  orderId: string,
  limit: number,
): Promise<
  (Device & {
    number: number;
    store_name: string;
    payment_mode: string | null;
    paid: boolean;
    bill_amount_paise: string;
  })[]
> {
  const { rows } = await db.execute<
    Device & {
      number: number;
      store_name: string;
      payment_mode: string | null;
      paid: boolean;
      bill_amount_paise: string;
    }
  >(sql`
    SELECT o.number, o.store_name, o.payment_mode, o.paid_at IS NOT NULL AS paid, o.bill_amount_paise,
           s.id, s.endpoint, s.p256dh, s.auth
    FROM orders o
    JOIN push_subscriptions s ON s.business_id = o.business_id AND ${executiveDeviceOfOrder}
    WHERE ${sqlOfExecutive('o', scope)} AND o.id = ${orderId}
    ORDER BY s.created_at DESC
    LIMIT ${limit}`);
  return rows;
}
