import type { Language } from '@storedesk/shared/languages';
import { and, asc, count, eq, gt, isNull, sql, type AnyColumn } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { customerAddresses, customerCodes, customerSessions, customers } from '#server/db/schema.ts';
import {
  acrossBusinesses,
  ofBusiness,
  ofCustomer,
  sqlOfBusiness,
  type CustomerScope,
} from '#server/lib/scope.ts';
import { jsonObjectOf } from '#server/lib/json-columns.ts';

export async function insertCode(
  db: Executor,
  values: { id: string; businessId: string; phone: string; codeHash: Buffer; expiresAt: Date },
) {
  await db.insert(customerCodes).values(values);
}

/** The phone's codes that are neither used nor expired, newest first. */
export function findLiveCodes(db: Executor, businessId: string, phone: string) {
  return db
    .select({ id: customerCodes.id, codeHash: customerCodes.codeHash })
    .from(customerCodes)
    .where(
      and(
        ofBusiness(customerCodes, { businessId }),
        eq(customerCodes.phone, phone),
        isNull(customerCodes.usedAt),
        gt(customerCodes.expiresAt, sql`now()`),
      ),
    )
    .orderBy(sql`${customerCodes.createdAt} DESC`)
    .limit(20);
}

/** Uses the code, if nobody used it first; then voids the phone's other codes. Answers whether it was this call's. */
export async function useCode(db: Executor, businessId: string, phone: string, codeId: string) {
  const [used] = await db
    .update(customerCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        ofBusiness(customerCodes, { businessId }),
        eq(customerCodes.id, codeId),
        isNull(customerCodes.usedAt),
      ),
    )
    .returning({ id: customerCodes.id });
  if (!used) return false;
  await db
    .update(customerCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        ofBusiness(customerCodes, { businessId }),
        eq(customerCodes.phone, phone),
        isNull(customerCodes.usedAt),
      ),
    );
  return true;
}

/** Codes past their use: kept a day for the record, then deleted. */
export async function deleteOldCodes(db: Executor) {
  await db
    .delete(customerCodes)
    .where(
      acrossBusinesses(
        'housekeeping: every business’s codes are kept a day past their use',
        sql`${customerCodes.expiresAt} < now() - interval '1 day'`,
      ),
    );
}

const customerColumns = {
  id: customers.id,
  name: customers.name,
  phone: customers.phone,
  referralCode: customers.referralCode,
  referred: sql<boolean>`${customers.referredById} IS NOT NULL`,
  language: customers.language,
  whatsappUpdates: sql<boolean>`${customers.whatsappOptInAt} IS NOT NULL`,
};

/** The customer of this phone, created at their first sign-in; a name given replaces the one kept. */
export async function upsertCustomer(
  db: Executor,
  businessId: string,
  phone: string,
  name: string | undefined,
) {
  const [row] = await db
    .insert(customers)
    .values({ businessId, phone, name: name ?? '' })
    .onConflictDoUpdate({
      target: [customers.businessId, customers.phone],
      set: { name: name ? name : sql`${customers.name}` },
    })
    .returning(customerColumns);
  return row!;
}

export async function findCustomer(db: Executor, scope: CustomerScope) {
  const [row] = await db
    .select(customerColumns)
    .from(customers)
    .where(and(ofBusiness(customers, scope), eq(customers.id, scope.customerId)));
  return row ?? null;
}

/** The customer, locked until the transaction ends, with whether they have ordered and whom they gave. */
export async function lockCustomerForReferral(tx: Executor, scope: CustomerScope) {
  const [row] = await tx
    .select({
      id: customers.id,
      referredById: customers.referredById,
      hasOrders: sql<boolean>`EXISTS (SELECT 1 FROM orders o WHERE o.business_id = customers.business_id AND o.customer_id = customers.id)`,
    })
    .from(customers)
    .where(and(ofBusiness(customers, scope), eq(customers.id, scope.customerId)))
    .for('update');
  return row ?? null;
}

/** The business's customer whose referral code this is, with how many customers gave it; locked. */
export async function lockReferrer(tx: Executor, businessId: string, code: string) {
  const [row] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(ofBusiness(customers, { businessId }), eq(customers.referralCode, code)))
    .for('update');
  if (!row) return null;
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(customers)
    .where(and(ofBusiness(customers, { businessId }), eq(customers.referredById, row.id)));
  return { id: row.id, referred: count!.n };
}

export async function setReferrer(tx: Executor, scope: CustomerScope, referrerId: string) {
  await tx
    .update(customers)
    .set({ referredById: referrerId, referredAt: sql`now()` })
    .where(and(ofBusiness(customers, scope), eq(customers.id, scope.customerId)));
}

/**
 * Changes what the customer sent of their name, language and WhatsApp choice; an opt-in keeps the
 * time it was first given, a withdrawal clears it.
 */
export async function updateCustomer(
  db: Executor,
  scope: CustomerScope,
  changes: {
    name?: string | undefined;
    language?: Language | undefined;
    whatsappUpdates?: boolean | undefined;
  },
) {
  const [row] = await db
    .update(customers)
    .set({
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.language === undefined ? {} : { language: changes.language }),
      ...(changes.whatsappUpdates === undefined
        ? {}
        : {
            whatsappOptInAt: changes.whatsappUpdates
              ? sql`coalesce(${customers.whatsappOptInAt}, now())`
              : null,
          }),
    })
    .where(and(ofBusiness(customers, scope), eq(customers.id, scope.customerId)))
    .returning(customerColumns);
  return row ?? null;
}

export async function insertSession(
  db: Executor,
  values: { tokenHash: Buffer; customerId: string; businessId: string; expiresAt: Date },
) {
  await db.insert(customerSessions).values(values);
}

/** What `sessionColumn` reads: a live session and its customer (as `customerColumns` name them), as JSON. */
export type SessionJson = {
  sessionId: string;
  lastSeenAt: string;
  customer: Awaited<ReturnType<typeof findCustomer>> & {};
};

/**
 * The live session of a customer's token within the business `businessId` names, with its
 * customer, as JSON, or null (always, for no token): a column of the statement that reads the
 * business by its storefront key (ADR 0088). The customer is `customerColumns`, the same as
 * every other read of a customer gives.
 */
export function sessionColumn(businessId: AnyColumn, tokenHash: Buffer | null, idleSince: Date) {
  if (tokenHash === null) return sql<SessionJson | null>`NULL::json`;
  return sql<SessionJson | null>`(SELECT json_build_object('sessionId', s.id, 'lastSeenAt', s.last_seen_at,
      'customer', ${jsonObjectOf(customerColumns)})
    FROM customer_sessions s JOIN customers ON customers.id = s.customer_id
    WHERE s.token_hash = ${tokenHash} AND ${sqlOfBusiness('s', { businessId })}
      AND s.expires_at > now() AND s.last_seen_at > ${idleSince})`;
}

/**
 * Of `ids`, the customer sessions still live, in one statement that marks those not marked for
 * a minute as used now: the sessions of open live streams (ADR 0051), of every business the
 * server streams to.
 */
export async function touchLiveSessions(db: Executor, ids: string[], idleSince: Date): Promise<string[]> {
  const named = acrossBusinesses(
    'the sessions of the open streams of every business, named by their ids, are checked together',
    sql`id = ANY(${`{${ids.join(',')}}`}::uuid[])`,
  );
  const { rows } = await db.execute<{ id: string }>(sql`
    WITH live AS (
      SELECT id FROM customer_sessions
      WHERE ${named} AND expires_at > now() AND last_seen_at > ${idleSince}),
    touched AS (
      UPDATE customer_sessions SET last_seen_at = now() FROM live
      WHERE customer_sessions.id = live.id AND customer_sessions.last_seen_at < now() - interval '1 minute')
    SELECT id FROM live`);
  return rows.map((row) => row.id);
}

export async function touchSession(db: Executor, scope: CustomerScope, sessionId: string) {
  await db
    .update(customerSessions)
    .set({ lastSeenAt: sql`now()` })
    .where(and(ofCustomer(customerSessions, scope), eq(customerSessions.id, sessionId)));
}

export async function deleteSession(db: Executor, businessId: string, sessionId: string) {
  await db
    .delete(customerSessions)
    .where(and(ofBusiness(customerSessions, { businessId }), eq(customerSessions.id, sessionId)));
}

export async function deleteExpiredSessions(db: Executor, idleSince: Date) {
  await db
    .delete(customerSessions)
    .where(
      acrossBusinesses(
        'housekeeping: every business’s customer sessions end after the same time',
        sql`${customerSessions.expiresAt} < now() OR ${customerSessions.lastSeenAt} < ${idleSince}`,
      ),
    );
}

/* ---- Saved addresses: only ever the customer's own ---- */

const addressColumns = {
  id: customerAddresses.id,
  label: customerAddresses.label,
  text: customerAddresses.text,
  landmark: customerAddresses.landmark,
  lat: customerAddresses.latitude,
  lng: customerAddresses.longitude,
  createdAt: customerAddresses.createdAt,
};

function ownAddresses(scope: CustomerScope) {
  return and(ofCustomer(customerAddresses, scope), isNull(customerAddresses.deletedAt));
}

export function findAddresses(db: Executor, scope: CustomerScope) {
  return db
    .select(addressColumns)
    .from(customerAddresses)
    .where(ownAddresses(scope))
    .orderBy(asc(customerAddresses.createdAt), asc(customerAddresses.id));
}

export async function findAddress(db: Executor, scope: CustomerScope, addressId: string) {
  const [row] = await db
    .select(addressColumns)
    .from(customerAddresses)
    .where(and(ownAddresses(scope), eq(customerAddresses.id, addressId)));
  return row ?? null;
}

export async function countAddresses(db: Executor, scope: CustomerScope) {
  const [row] = await db.select({ n: count() }).from(customerAddresses).where(ownAddresses(scope));
  return row?.n ?? 0;
}

export async function insertAddress(
  db: Executor,
  scope: CustomerScope,
  values: { label: string; text: string; landmark: string; latitude: number; longitude: number },
) {
  const [row] = await db
    .insert(customerAddresses)
    .values({ businessId: scope.businessId, customerId: scope.customerId, ...values })
    .returning(addressColumns);
  return row!;
}

export async function deleteAddress(db: Executor, scope: CustomerScope, addressId: string) {
  const [row] = await db
    .update(customerAddresses)
    .set({ deletedAt: sql`now()` })
    .where(and(ownAddresses(scope), eq(customerAddresses.id, addressId)))
    .returning({ id: customerAddresses.id });
  return row !== undefined;
}

/** Locks the customer's row, so their addresses are counted and added one at a time. */
export async function lockCustomerRow(db: Executor, scope: CustomerScope) {
  await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(ofBusiness(customers, scope), eq(customers.id, scope.customerId)))
    .for('update');
}
