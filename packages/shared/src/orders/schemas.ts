import { z } from 'zod';
import { isCalendarDay } from '../dates.ts';
import { listQuerySchema } from '../lists.ts';
import { OrderStatus } from '../orders.ts';
import { paymentModeTypes } from '../settings/payment-modes.ts';
import { orderAddressSchema } from '../storefront/addresses.ts';
import { singleLine, versionSchema } from '../text.ts';
import { cancelMessages, cancelReasons } from './cancellation.ts';
import { staffCancelReasonSchema } from './cancellation-schemas.ts';
import { ifMissingChoices } from './if-missing.ts';
import { orderEventKinds } from './event-kinds.ts';
import { orderSlotSchema } from '../stores/slots.ts';
import { orderRatingSchema } from '../storefront/ratings.ts';

/** The five statuses of SPEC §4, as the API takes them. */
export const orderStatusSchema = z.union(
  [
    z.literal(OrderStatus.Placed),
    z.literal(OrderStatus.Confirmed),
    z.literal(OrderStatus.PickedUp),
    z.literal(OrderStatus.Delivered),
    z.literal(OrderStatus.Cancelled),
  ],
  { error: 'must be 0 (Placed), 1 (Confirmed), 2 (Picked Up), -2 (Delivered) or -1 (Cancelled)' },
);

// A real day: the database refuses 2026-02-30 or 0000-01-01 only once the CSV export has begun.
export const daySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date such as 2026-11-22')
  .refine(isCalendarDay, 'must be a date such as 2026-11-22');

/**
 * /orders (view=active: status 0, 1 or 2) and /orders/completed (view=completed:
 * delivered or cancelled, newest first, at most 100), with the filters of B2.
 * `from` and `to` are days in the business's time zone, both included; `q` is an
 * order number or part of the customer's name or phone.
 */
export const orderListQuerySchema = listQuerySchema.extend({
  view: z.enum(['active', 'completed']).default('active'),
  // A union of literals read from a query's text: the document lists the five.
  status: z.coerce
    .number()
    .pipe(orderStatusSchema)
    .meta({ enum: Object.values(OrderStatus) })
    .optional(),
  storeId: z.uuid().optional(),
  from: daySchema.optional(),
  to: daySchema.optional(),
  /** The orders booked for a delivery slot on this day of the business (B19): the staff's board by slot. */
  slotDay: daySchema.optional(),
  /** `slot`: by the slot's start, earliest first, orders for as soon as possible last. */
  sort: z.enum(['newest', 'oldest', 'status', '-status', 'slot']).default('newest'),
  zoneId: z.uuid().optional(),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

export const orderSummarySchema = z.object({
  id: z.string(),
  number: z.number().int(),
  zoneId: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  customerName: z.string(),
  placedAt: z.string(),
  status: orderStatusSchema,
  state: z.union([z.literal(0), z.literal(1)]),
  billAmountPaise: z.number().int(),
  dexId: z.string().nullable(),
  dexName: z.string().nullable(),
  version: z.number().int(),
  /** When it was delivered or cancelled; null while open. */
  closedAt: z.string().nullable(),
  /** The delivery slot it is booked for (B19); null: as soon as possible. */
  slot: orderSlotSchema,
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** Counts of the active view's status tabs (B2), under the same filters but the status. */
export const orderCountsSchema = z.object({
  all: z.number().int(),
  placed: z.number().int(),
  confirmed: z.number().int(),
  pickedUp: z.number().int(),
});
export type OrderCounts = z.infer<typeof orderCountsSchema>;

export const orderListResponseSchema = z.object({
  items: z.array(orderSummarySchema),
  total: z.number().int(),
  /** The active view's status tabs under the same filters but the status; the completed view has no tabs. */
  counts: orderCountsSchema.optional(),
});
export type OrderListResponse = z.infer<typeof orderListResponseSchema>;

export const orderEventSchema = z.object({
  id: z.number().int(),
  fromStatus: orderStatusSchema.nullable(),
  toStatus: orderStatusSchema.nullable(),
  dexName: z.string().nullable(),
  note: z.string().nullable(),
  /** Why it was cancelled, on the change to Cancelled (B18); null otherwise. */
  reason: z.enum(cancelReasons).nullable(),
  /** A row that names no status: a refund, the customer's UPI reference, a change of items (B18); null otherwise. */
  kind: z.enum(orderEventKinds).nullable(),
  actorName: z.string(),
  at: z.string(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const orderDetailSchema = orderSummarySchema.extend({
  customerPhone: z.string(),
  items: z.array(
    z.object({
      itemId: z.string(),
      itemName: z.string(),
      itemQuantity: z.number().int(),
      itemPricePaise: z.number().int(),
      variantId: z.string().optional(),
      variantLabel: z.string().optional(),
      mrpPaise: z.number().int().nullable().optional(),
      stepGrams: z.number().int().optional(),
    }),
  ),
  itemsTotalPaise: z.number().int(),
  couponCode: z.string().nullable(),
  offer: z.object({ coupon: z.string(), discountPaise: z.number().int() }).nullable(),
  charges: z.array(
    z.object({ chargeLabel: z.string(), chargeAmountPaise: z.number().int(), rule: z.string().optional() }),
  ),
  discountPaise: z.number().int(),
  chargesTotalPaise: z.number().int(),
  /** Where it goes, as the customer's address was when it was placed; null for an API order without one. */
  deliveryAddress: orderAddressSchema.nullable(),
  /** COD, UPI or CARD; null for an API order that named none. */
  paymentMode: z.enum(paymentModeTypes).nullable(),
  /** When staff marked the payment received, and who; null until then. */
  paidAt: z.string().nullable(),
  paidByName: z.string().nullable(),
  /** The customer's note to the store. */
  note: z.string().nullable(),
  /** What the customer asked the store to do if an item is missing (B18). */
  ifMissing: z.enum(ifMissingChoices),
  /** Why it was cancelled and by whom (B18); null unless cancelled with a reason. */
  cancelReason: z.enum(cancelReasons).nullable(),
  /** What was received when it was paid (B18); null when unpaid, or paid before this was kept (its bill then). */
  paidPaise: z.number().int().nullable(),
  /** What of its payment was given back, by refunds not failed (B18). */
  refundedPaise: z.number().int(),
  /** The UPI reference the customer gave with "I have paid", and when (B18); null until then. */
  upiReference: z.string().nullable(),
  upiReportedAt: z.string().nullable(),
  /** The customer's rating after delivery (B19); null until rated. */
  rating: orderRatingSchema,
  timeline: z.array(orderEventSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** `POST /api/orders/:orderId/payment`: the payment was received (ADR 0038). */
export const orderPaymentSchema = z.object({ version: versionSchema });
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

export const orderPaymentMessages = {
  alreadyPaid: 'This order’s payment is already marked received',
  cancelled: 'A cancelled order’s payment cannot be marked received',
  received: (mode: string | null) => (mode ? `Payment received (${mode})` : 'Payment received'),
} as const;

const statusChange = {
  status: orderStatusSchema,
  /** The delivery executive: required for Confirmed, and for Picked Up when none is assigned yet (D17). */
  dexId: z.uuid().optional(),
  /** A staff note for the timeline (B5). */
  note: singleLine(500).optional(),
  /** Why, with Cancelled only (B18). */
  reason: staffCancelReasonSchema.optional(),
};

/** A reason is said only of a cancel. */
const reasonOnlyOnCancel = (change: { status: number; reason?: string }, ctx: z.RefinementCtx) => {
  if (change.reason !== undefined && change.status !== OrderStatus.Cancelled)
    ctx.addIssue({ code: 'custom', path: ['reason'], message: cancelMessages.reasonOnlyOnCancel });
};

export const orderStatusChangeSchema = z
  .object({ ...statusChange, version: versionSchema })
  .superRefine(reasonOnlyOnCancel);
export type OrderStatusChange = z.infer<typeof orderStatusChangeSchema>;

/**
 * B4: the same change for several orders, all or none. Each order comes with the
 * version it was chosen at: if any has changed since, none is changed (D9).
 */
export const orderBulkStatusChangeSchema = z
  .object({
    ...statusChange,
    orders: z
      .array(z.object({ id: z.uuid(), version: versionSchema }))
      .min(1, 'choose at least one order')
      .max(100, 'at most 100 orders at once')
      .refine(
        (orders) => new Set(orders.map((order) => order.id)).size === orders.length,
        'name each order once',
      ),
  })
  .superRefine(reasonOnlyOnCancel);
export type OrderBulkStatusChange = z.infer<typeof orderBulkStatusChangeSchema>;
