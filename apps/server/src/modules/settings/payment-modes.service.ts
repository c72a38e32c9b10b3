import {
  paymentModeMessages,
  paymentModeTypes,
  type PaymentMode,
  type PaymentModeCreate,
  type PaymentModeList,
  type PaymentModeType,
  type PaymentModeUpdate,
} from '@storedesk/shared/settings/payment-modes';
import type { AuthContext } from '#server/lib/callers.ts';
import type { Database } from '#server/db/client.ts';
import { AppError, invalid, notFound, stale } from '#server/lib/errors.ts';
import { isUniqueViolation } from '#server/lib/pg-errors.ts';
import { scopeOf } from '#server/lib/scope.ts';
import { writeVersioned } from '#server/lib/versioned.ts';

import * as repo from './payment-modes.repository.ts';
import { announceSettings } from './settings-events.ts';

function typeOf(row: repo.PaymentModeRow): PaymentModeType {
  return paymentModeTypes.find((type) => type === row.type) ?? 'COD';
}

export function toPaymentMode(row: repo.PaymentModeRow): PaymentMode {
  const type = typeOf(row);
  return {
    id: row.id,
    title: row.title,
    type,
    enabled: row.enabled,
    disableReason: row.enabled ? null : row.disableReason,
    upiInfo: type === 'UPI' ? { name: row.upiName ?? '', upiId: row.upiId ?? '' } : null,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listPaymentModes(db: Database, auth: AuthContext): Promise<PaymentModeList> {
  const rows = await repo.findPaymentModes(db, scopeOf(auth));
  return { items: rows.map(toPaymentMode), total: rows.length };
}

/**
 * Adds a mode of a type the business has none of yet (409 on `type` otherwise). ONLINE needs the
 * server's payment gateway (400 on `type` without one, ADR 0072).
 */
export async function createPaymentMode(
  db: Database,
  auth: AuthContext,
  input: PaymentModeCreate,
  online = false,
): Promise<PaymentMode> {
  if (input.type === 'ONLINE' && !online) throw invalid({ type: paymentModeMessages.onlineNeedsGateway });
  const scope = scopeOf(auth);
  try {
    return await db.transaction(async (tx) => {
      const row = await repo.insertPaymentMode(tx, scope, input.type, {
        title: input.title,
        enabled: input.enabled,
        disableReason: input.enabled ? null : (input.disableReason ?? null),
        upiName: input.upiInfo?.name ?? null,
        upiId: input.upiInfo?.upiId ?? null,
      });
      await announceSettings(tx, scope, 'payment-modes', 'created');
      return toPaymentMode(row);
    });
  } catch (error) {
    // The unique index decides, so two owners adding one type at once get one mode and one 409.
    if (isUniqueViolation(error, 'payment_modes_type_idx')) {
      const message = paymentModeMessages.typeTaken(input.type);
      throw new AppError('conflict', message, { fields: { type: message } });
    }
    throw error;
  }
}

/**
 * Changes a mode, based on the version read (D9). A reason is for a mode that
 * is disabled after the change; enabling a mode clears its reason. Only a UPI
 * mode takes UPI details.
 */
export async function updatePaymentMode(
  db: Database,
  auth: AuthContext,
  id: string,
  input: PaymentModeUpdate,
): Promise<PaymentMode> {
  const scope = scopeOf(auth);
  return db.transaction(async (tx) => {
    const row = await repo.lockPaymentMode(tx, scope, id);
    if (!row) throw notFound();
    if (row.version !== input.version) throw stale(toPaymentMode(row));

    const enabled = input.enabled ?? row.enabled;
    const fields: Record<string, string> = {};
    if (enabled && input.disableReason) fields.disableReason = paymentModeMessages.reasonWhileEnabled;
    if (input.upiInfo && typeOf(row) !== 'UPI') fields.upiInfo = paymentModeMessages.upiInfoNotUpi;
    if (Object.keys(fields).length > 0) throw invalid(fields);

    const updated = await repo.updatePaymentMode(tx, scope, id, {
      title: input.title ?? row.title,
      enabled,
      disableReason: enabled
        ? null
        : input.disableReason !== undefined
          ? input.disableReason
          : row.disableReason,
      upiName: input.upiInfo?.name ?? row.upiName,
      upiId: input.upiInfo?.upiId ?? row.upiId,
    });
    await announceSettings(tx, scope, 'payment-modes', 'updated');
    return toPaymentMode(updated);
  });
}

export async function deletePaymentMode(
  db: Database,
  auth: AuthContext,
  id: string,
  version: number,
): Promise<void> {
  const scope = scopeOf(auth);
  await db.transaction(async (tx) => {
    await writeVersioned(
      () => repo.deletePaymentMode(tx, scope, id, version),
      async () => {
        const now = await repo.findPaymentMode(tx, scope, id);
        return now && toPaymentMode(now);
      },
    );
    await announceSettings(tx, scope, 'payment-modes', 'deleted');
  });
}
