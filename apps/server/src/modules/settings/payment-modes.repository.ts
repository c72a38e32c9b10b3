import { and, asc, eq, sql } from 'drizzle-orm';
import type { PaymentModeType } from '@storedesk/shared/settings/payment-modes';
import type { Executor } from '#server/db/client.ts';
import { paymentModes } from '#server/db/schema.ts';
import { ofBusiness, type Scope } from '#server/lib/scope.ts';

const columns = {
  id: paymentModes.id,
  title: paymentModes.title,
  type: paymentModes.type,
  enabled: paymentModes.enabled,
  disableReason: paymentModes.disableReason,
  upiName: paymentModes.upiName,
  upiId: paymentModes.upiId,
  version: paymentModes.version,
  updatedAt: paymentModes.updatedAt,
};

export type PaymentModeRow = {
  id: string;
  title: string;
  type: string;
  enabled: boolean;
  disableReason: string | null;
  upiName: string | null;
  upiId: string | null;
  version: number;
  updatedAt: Date;
};

export type PaymentModeValues = {
  title: string;
  enabled: boolean;
  disableReason: string | null;
  upiName: string | null;
  upiId: string | null;
};

export async function findPaymentModes(db: Executor, scope: Scope): Promise<PaymentModeRow[]> {
  return db
    .select(columns)
    .from(paymentModes)
    .where(ofBusiness(paymentModes, scope))
    .orderBy(
      sql`array_position(ARRAY['COD', 'UPI', 'CARD', 'ONLINE'], ${paymentModes.type})`,
      asc(paymentModes.id),
    );
}

export async function findPaymentMode(
  db: Executor,
  scope: Scope,
  id: string,
): Promise<PaymentModeRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(paymentModes)
    .where(and(ofBusiness(paymentModes, scope), eq(paymentModes.id, id)));
  return row;
}

/** The mode, locked until the transaction ends, so its checks and its update see the same row. */
export async function lockPaymentMode(
  db: Executor,
  scope: Scope,
  id: string,
): Promise<PaymentModeRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(paymentModes)
    .where(and(ofBusiness(paymentModes, scope), eq(paymentModes.id, id)))
    .for('update');
  return row;
}

export async function insertPaymentMode(
  db: Executor,
  scope: Scope,
  type: PaymentModeType,
  values: PaymentModeValues,
): Promise<PaymentModeRow> {
  const [row] = await db
    .insert(paymentModes)
    .values({ businessId: scope.businessId, type, ...values })
    .returning(columns);
  return row!;
}

/** Writes the mode's new values; the caller holds its lock and has checked its version. */
export async function updatePaymentMode(
  db: Executor,
  scope: Scope,
  id: string,
  values: PaymentModeValues,
): Promise<PaymentModeRow> {
  const [row] = await db
    .update(paymentModes)
    .set({ ...values, version: sql`${paymentModes.version} + 1`, updatedAt: sql`now()` })
    .where(and(ofBusiness(paymentModes, scope), eq(paymentModes.id, id)))
    .returning(columns);
  return row!;
}

/** Deletes the mode if it is still at `version`; undefined when it is not (gone, or changed). */
export async function deletePaymentMode(
  db: Executor,
  scope: Scope,
  id: string,
  version: number,
): Promise<{ id: string } | undefined> {
  const [row] = await db
    .delete(paymentModes)
    .where(and(ofBusiness(paymentModes, scope), eq(paymentModes.id, id), eq(paymentModes.version, version)))
    .returning({ id: paymentModes.id });
  return row;
}
