import { z } from 'zod';
import { listQuerySchema } from '../lists.ts';
import { daySchema } from '../orders/schemas.ts';

/** What the audit log records (B15, ADR 0047): a closed list, which the console's filter offers. */
export const auditActions = [
  'create',
  'edit',
  'delete',
  'restore',
  'status',
  'settings',
  'key-rotation',
  'password-change',
  'sign-in',
  'sign-in-failed',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditActionLabels: Record<AuditAction, string> = {
  create: 'Created',
  edit: 'Edited',
  delete: 'Deleted',
  restore: 'Restored',
  status: 'Status changed',
  settings: 'Settings changed',
  'key-rotation': 'Storefront key rotated',
  'password-change': 'Password changed',
  'sign-in': 'Signed in',
  'sign-in-failed': 'Sign-in failed',
};

/** The kinds of record the log names. */
export const auditKinds = [
  'store',
  'category',
  'item',
  'item-variant',
  'stock',
  'slide',
  'zone',
  'coupon',
  'owner',
  'admin',
  'delivery-executive',
  'business',
  'order-settings',
  'referral-settings',
  'notification-settings',
  'payment-mode',
  'helpline',
  'order',
  'customer',
  'cash-settlement',
  'refund',
  'payout',
  'session',
  'passkey',
  'api-key',
] as const;
export type AuditKind = (typeof auditKinds)[number];

export const auditKindLabels: Record<AuditKind, string> = {
  store: 'Store',
  category: 'Category',
  item: 'Item',
  'item-variant': 'Item variant',
  stock: 'Stock',
  slide: 'Slide',
  zone: 'Zone',
  coupon: 'Coupon',
  owner: 'Owner',
  admin: 'Admin',
  'delivery-executive': 'Delivery executive',
  business: 'Business settings',
  'order-settings': 'Order settings',
  'referral-settings': 'Referral settings',
  'notification-settings': 'Notification settings',
  'payment-mode': 'Payment mode',
  helpline: 'Helpline',
  order: 'Order',
  customer: 'Customer',
  'cash-settlement': 'Cash settlement',
  refund: 'Refund',
  payout: 'Payout',
  session: 'Sign-in',
  passkey: 'Passkey',
  'api-key': 'Secret API key',
};

/** How long an entry is kept; the housekeeping purges older ones. */
export const auditRetentionDays = 365;

/**
 * GET /api/audit-log: newest first, filtered by who (a staff member's id), the kind of record and
 * a period of days (`from` and `to` in the business's time zone, both included).
 */
export const auditLogQuerySchema = listQuerySchema
  .omit({ q: true })
  .extend({
    actorId: z.uuid().optional(),
    kind: z.enum(auditKinds).optional(),
    from: daySchema.optional(),
    to: daySchema.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    message: 'must be on or after from',
  });
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export const auditChangeSchema = z.object({ from: z.unknown(), to: z.unknown() });

export const auditActorSchema = z.object({
  /** Null for a failed sign-in, which nobody proved to be: `name` is then the e-mail tried. */
  id: z.string().nullable(),
  name: z.string(),
  ip: z.string().nullable(),
});
export type AuditActor = z.infer<typeof auditActorSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: auditActorSchema,
  action: z.enum(auditActions),
  kind: z.enum(auditKinds),
  recordId: z.string().nullable(),
  /** Each changed field (as the API names it) with its value before and after. */
  changes: z.record(z.string(), auditChangeSchema),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogResponseSchema = z.object({
  items: z.array(auditEntrySchema),
  total: z.number().int(),
  /** The names of the people and records the page's changes name by id (a removed one's too). */
  names: z.record(z.string(), z.string()),
});
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;

/** The people the log names, for the console's filter: staff, past and present, by their last name in it. */
export const auditActorsResponseSchema = z.object({
  items: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type AuditActorsResponse = z.infer<typeof auditActorsResponseSchema>;
