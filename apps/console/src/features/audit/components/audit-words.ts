import type { AuditKind } from '@storedesk/shared/audit/schemas';
import { isAuditField } from '@storedesk/shared/audit/fields';
import { auditFieldLabel, isMoment, isRecordId } from '@storedesk/shared/audit/values';
import type { StockReason } from '@storedesk/shared/catalogue/variants';
import type { Level } from '@storedesk/shared/levels';
import type { OrderStatus } from '@storedesk/shared/orders';
import type { RefundMethod, RefundState } from '@storedesk/shared/payments/refunds';
import type { StoreStatus } from '@storedesk/shared/stores/schemas';
import { languageNames, useFormat, useT, type Formats, type Language } from '@storedesk/web/i18n';
import { useMemo } from 'react';
import {
  cancelReasonText,
  featuredText,
  ifMissingText,
  levelText,
  orderStateText,
  paymentText,
  refundMethodText,
  refundStateText,
  statusText,
  stockReasonText,
  storeStatusText,
} from '@/i18n/codes.ts';
import type { MessageId, Translate } from '@/i18n/index.ts';

/*
 * An audit entry's changes in the language shown (B15, B19): each field by its name on the screens,
 * codes (a status, an order's open or closed state, a payment mode, a cancel reason, a stock
 * change's reason, a role, a language) by
 * the words the console uses for them elsewhere (`@/i18n/codes.ts`), yes and no, people and
 * records by their names, money in rupees and moments in the business's time zone. What staff
 * typed (a name, a note) and what has no words of its own (a coupon's type) is
 * shown as it is.
 */

const userKinds: ReadonlySet<AuditKind> = new Set(['owner', 'admin', 'delivery-executive']);

/** The key of a code's words, where the console has them; null for a value shown as it is. */
function codeKey(kind: AuditKind, field: string, value: string | number): MessageId | null {
  const of = <T extends string | number>(table: Record<T, MessageId>): MessageId | null =>
    Object.hasOwn(table, value) ? table[value as T] : null;
  if (field === 'status' && kind === 'order') return of<OrderStatus>(statusText);
  if (field === 'state' && kind === 'order') return of(orderStateText);
  if (field === 'status' && kind === 'store') return of<StoreStatus>(storeStatusText);
  if (field === 'paymentMode' || (field === 'type' && kind === 'payment-mode')) return of(paymentText);
  if (field === 'cancelReason') return of(cancelReasonText);
  if (field === 'ifMissing') return of(ifMissingText);
  if (field === 'method' && kind === 'refund') return of<RefundMethod>(refundMethodText);
  if (field === 'state' && kind === 'refund') return of<RefundState>(refundStateText);
  if (field === 'reason' && kind === 'stock') return of<StockReason>(stockReasonText);
  if (field === 'featured' && kind === 'item') return of(featuredText);
  if (field === 'level' && userKinds.has(kind)) return of<Level>(levelText);
  return null;
}

type ValueContext = {
  timeZone: string;
  /** Names of the records ids stand for, by id (GET /api/audit-log answers them). */
  names: Record<string, string>;
};

/** A recorded value as a person reads it; "—" for none. */
export function auditValueText(
  words: { t: Translate; format: Formats },
  kind: AuditKind,
  field: string,
  value: unknown,
  context: ValueContext,
): string {
  const { t, format } = words;
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return t(value ? 'audit.value.yes' : 'audit.value.no');
  if (Array.isArray(value))
    return value.length === 0
      ? '—'
      : format.list(value.map((each) => auditValueText(words, kind, field, each, context)));
  if (typeof value === 'number' || typeof value === 'string') {
    const key = codeKey(kind, field, value);
    if (key) return t(key);
    if (field === 'language' && Object.hasOwn(languageNames, value)) return languageNames[value as Language];
  }
  if (typeof value === 'number')
    return field.endsWith('Paise') && Number.isSafeInteger(value) ? format.money(value) : String(value);
  if (isRecordId(value)) return context.names[value.toLowerCase()] ?? t('audit.value.removed');
  if (isMoment(value)) return format.dateTime(value, context.timeZone);
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** A field as the screens name it, in the language shown: "dexId" is "Delivery executive". */
export function auditFieldText(t: Translate, field: string): string {
  return isAuditField(field) ? t(`audit.field.${field}`) : auditFieldLabel(field);
}

/** The audit log's words for a field and a value, in the language shown. */
export function useAuditWords() {
  const t = useT();
  const format = useFormat();
  return useMemo(
    () => ({
      field: (field: string) => auditFieldText(t, field),
      value: (kind: AuditKind, field: string, value: unknown, context: ValueContext) =>
        auditValueText({ t, format }, kind, field, value, context),
    }),
    [t, format],
  );
}
